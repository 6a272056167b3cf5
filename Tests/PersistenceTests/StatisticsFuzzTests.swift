import Foundation
import TestSupport
import XCTest

@testable import Persistence

/// Thousands of mangled statistics files: reading never crashes, stays fast, reports a bounded
/// number of problems, and what it reads writes back to a file that reads the same, cleanly.
final class StatisticsFuzzTests: XCTestCase {
    /// Bytes worth inserting: separators, escapes, digits, signs, line ends, invalid UTF-8.
    static let tokens: [[UInt8]] =
        [
            " ", "\t", "\n", "\r", "%", "%2", "%20", "%FF", "#", ".", "-", "+", "0", "9", "e", "won", "lost", "x",
            "cardtable statistics ", "2", "\u{0}", "\u{7F}", "é", "\u{1F0A1}",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0x80]]

    static var validFile: [UInt8] {
        var file = StatisticsFile()
        var random = SplitMix64(seed: 7)
        for n in 0..<30 {
            file.record(
                GameResult(
                    gameID: "game-\(n)\(n % 7 == 0 ? " spaced %" : "")",
                    variant: random.pick(["klondike", "freecell"]),
                    title: n % 5 == 0 ? " Forty Thieves " : "Klondike", won: random.chance(50),
                    moves: random.below(300),
                    seconds: Double(random.below(100_000)) / 1000, endedAt: 1_763_700_000 + Int64(n)))
        }
        return Array(file.text.utf8)
    }

    func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        switch random.below(5) {
        case 0 where !bytes.isEmpty:  // flip a bit or replace a byte
            let at = random.below(bytes.count)
            if random.chance(50) {
                bytes[at] ^= UInt8(1) << UInt8(random.below(8))
            } else {
                bytes[at] = UInt8(truncatingIfNeeded: random.next())
            }
        case 1, 2:  // insert a token
            bytes.insert(contentsOf: random.pick(Self.tokens), at: random.below(bytes.count + 1))
        case 3 where !bytes.isEmpty:  // delete a few bytes
            let at = random.below(bytes.count)
            bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(8)))
        default:  // truncate
            bytes.removeLast(random.below(bytes.count + 1))
        }
    }

    func testMutatedFiles() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x57A7_5EED
        let caseCount = environment["FUZZ_CASES"].flatMap { Int($0) } ?? 3000
        var random = SplitMix64(seed: seed)
        let valid = Self.validFile
        let clock = ContinuousClock()
        var slowest = Duration.zero
        var counts = (clean: 0, withProblems: 0, refused: 0)
        for n in 0..<caseCount {
            var bytes = valid
            for _ in 0..<(1 + random.below(8)) { mutate(&bytes, &random) }
            var parsed: StatisticsFile?
            let elapsed = clock.measure {
                parsed = try? StatisticsFile.parse(bytes, path: "statistics")
            }
            slowest = max(slowest, elapsed)
            guard let file = parsed else {
                // Only a newer version's header is refused.
                XCTAssertThrowsError(try StatisticsFile.parse(bytes, path: "statistics")) { error in
                    XCTAssertTrue("\(error)".contains("is from a newer cardtable"), "case \(n): \(error)")
                }
                counts.refused += 1
                continue
            }
            if file.problems.isEmpty { counts.clean += 1 } else { counts.withProblems += 1 }
            XCTAssertLessThanOrEqual(file.problems.count, StatisticsFile.problemLimit + 1, "case \(n)")
            XCTAssertEqual(Set(file.results.map(\.gameID)).count, file.results.count, "case \(n): a game twice")
            // What was read writes a clean file; numbers may be clamped once, then it is stable.
            let once = try StatisticsFile.parse(Array(file.text.utf8), path: "statistics")
            XCTAssertEqual(once.problems, [], "case \(n)")
            XCTAssertEqual(once.results.map(\.gameID), file.results.map(\.gameID), "case \(n)")
            XCTAssertEqual(try StatisticsFile.parse(Array(once.text.utf8), path: "statistics"), once, "case \(n)")
        }
        XCTAssertGreaterThan(counts.clean, 0)
        XCTAssertGreaterThan(counts.withProblems, caseCount / 2)
        XCTAssertLessThan(slowest, .seconds(1), "each small file is read at once")
    }

    /// Recording over mangled files: a file with problems is moved aside, never deleted; the
    /// new one is clean.
    func testRecordingOverMutatedFiles() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let store = StatisticsStore(folder: folder)
        var random = SplitMix64(seed: 0xBAD_F11E)
        let valid = Self.validFile
        var movedAside = 0
        for n in 0..<60 {
            var bytes = valid
            for _ in 0..<(1 + random.below(4)) { mutate(&bytes, &random) }
            try AtomicFile.write(bytes, to: store.path)
            guard let recorded = try? store.record(gameResult("new-\(n)")) else {
                XCTAssertEqual(try AtomicFile.read(store.path), bytes, "case \(n): a refused file is left as it is")
                continue
            }
            if let aside = recorded.movedAside {
                movedAside += 1
                XCTAssertEqual(try AtomicFile.read(aside), bytes, "case \(n)")
            }
            XCTAssertEqual(try store.load()?.problems, [], "case \(n)")
        }
        XCTAssertGreaterThan(movedAside, 20)
        XCTAssertEqual(try TemporaryFolder.entries(folder).filter { $0.hasPrefix("statistics.bad") }.count, movedAside)
    }

    /// Large files of garbage: read in bounded time, with a bounded list of problems.
    func testLargeGarbageIsReadInBoundedTime() throws {
        var random = SplitMix64(seed: 99)
        var garbage = [UInt8](repeating: 0, count: 4 << 20)
        for index in garbage.indices { garbage[index] = UInt8(truncatingIfNeeded: random.next()) }
        let lines = Array(String(repeating: "1 won k 1 1\n", count: 300_000).utf8)
        let clock = ContinuousClock()
        for bytes in [garbage, lines] {
            var file: StatisticsFile?
            let elapsed = clock.measure { file = try? StatisticsFile.parse(bytes, path: "statistics") }
            XCTAssertEqual(file?.problems.count, StatisticsFile.problemLimit + 1)
            XCTAssertLessThan(elapsed, .seconds(20))
        }
    }
}
