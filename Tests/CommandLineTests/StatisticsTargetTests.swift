import Foundation
import TestSupport
import XCTest

@testable import cardtable

#if canImport(Glibc)
    import Glibc
#endif

/// `--stats FILE`: a target that cannot take the figures is refused before the game, by name and
/// why, without blocking; a write that fails at the end is said, never lost.
final class StatisticsTargetTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func refusal(_ path: String) -> String? {
        do {
            try StatisticsTarget.prepare(path)
            return nil
        } catch {
            return error.description
        }
    }

    func testBadTargetsAreRefusedBeforeTheGame() throws {
        XCTAssertEqual(mkfifo(folder + "/fifo", 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder + "/loop")
        let unwritable = folder + "/read-only"
        try "x".write(toFile: unwritable, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(unwritable, 0o400), 0)
        let cases: [(String, String)] = [
            (folder + "/no/such/folder/stats.txt", "no such folder: \(folder)/no/such/folder"),
            (folder, "is a directory"),
            (folder + "/fifo", "not a regular file (a FIFO)"),
            ("/dev/full", "not a regular file (a character device)"),
            ("/dev/null", "not a regular file (a character device)"),
            (folder + "/loop", "too many levels of symbolic links"),
        ]
        for (path, reason) in cases {
            XCTAssertEqual(refusal(path), "--stats: cannot write the figures to \(path): \(reason)", path)
        }
        // A file that cannot be written: root writes through a mode of 0400, so a file of the
        // kernel's stands in (refused with EACCES, or EROFS where /proc/sys is mounted read-only).
        let kernel = "/proc/sys/kernel/ostype"
        let path = getuid() == 0 ? kernel : unwritable
        XCTAssertTrue(
            refusal(path)?.hasPrefix("--stats: cannot write the figures to \(path): ") == true,
            "\(refusal(path) ?? "nil")")
        XCTAssertNil(refusal(folder + "/stats.txt"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/stats.txt"), "made before the game")
    }

    func testTheFiguresAreWrittenWhole() throws {
        var statistics = PlayStatistics()
        statistics.wakeups = 12
        let path = folder + "/stats.txt"
        try "an older, longer file than the figures that replace it\n".write(
            toFile: path, atomically: false, encoding: .utf8)
        try statistics.write(to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), statistics.text)
        XCTAssertTrue(statistics.text.contains("wakeups: 12\n"))
    }

    func testAFailedWriteIsSaid() throws {
        // A file size limit stands in for a full disk: the write fails (EFBIG) part way.
        let path = folder + "/stats.txt"
        try StatisticsTarget.prepare(path)
        var previous = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &previous)
        var small = previous
        small.rlim_cur = 16
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small), 0)
        defer {
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &previous)
            signal(SIGXFSZ, oldHandler)
        }
        XCTAssertThrowsError(try PlayStatistics().write(to: path)) { error in
            XCTAssertEqual("\(error)", "--stats: cannot write the figures to \(path): File too large")
        }
    }

    func testATargetSwappedForAFIFODuringTheGameDoesNotBlock() throws {
        let path = folder + "/stats.txt"
        try StatisticsTarget.prepare(path)
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertThrowsError(try PlayStatistics().write(to: path)) { error in
            XCTAssertEqual("\(error)", "--stats: cannot write the figures to \(path): not a regular file (a FIFO)")
        }
    }
}
