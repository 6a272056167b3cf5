import Foundation
import TestSupport
import XCTest

@testable import Layouts

/// Thousands of mangled shipped layouts: the loader never crashes, never loses an error, and every
/// diagnostic is well formed.
final class FuzzTests: XCTestCase {
    static let tokens: [String] = [
        "=", "[", "]", "[[", "]]", "\"", "'", "\"\"\"", "'''", "{", "}", ",", ".", "#", "\n", "\\", "\t", " ",
        "kind", "fan", "fan-visible", "capacity", "map", "slots", "slot", "name", "label", "offset", "grid", "at", "id",
        "-1", "0", "3", "2.5", "1e400", "nan", "-inf", "true", "1979-05-27", "99999999999999999999",
        "[slots.Z]", "[[slot]]", "[slots.T]", "Z", "T", "é", "\u{1F0A1}", "\u{0}", "\u{1}",
        "fan = \"down\"\n", "fan = 3\n", "fan-visible = 0\n", "capacity = -3\n", "offset = [-1, 0.5]\n",
        "overlap = true\n", "grid = [0.5, 0.5]\n", "id = \"x\"\nat = [1, 1]\n", "kind = \"tabelau\"\n", "colour = 1\n",
        "map = \"\"\"\nZ Z\n\"\"\"\n", "\"\"\"\n", "slots.Q = { kind = \"cell\" }\n",
        "}", "\u{85}", "\u{2028}", "\u{A0}", "\r", "\u{B}", "\u{C}", "_", "0x", "0b", "0o", "+", "e", "T", "Z",
        "1979-05-27 ", "07:32:00", "1979-05-27T07:32:00Z", "-0.0e-1", "[1,", "{a=", "\\u", "\\U0010FFFF",
    ]

    func mutate(_ bytes: inout [UInt8], _ rng: inout SplitMix64) {
        switch rng.below(6) {
        case 0 where !bytes.isEmpty:  // flip a bit or replace a byte
            let at = rng.below(bytes.count)
            if rng.below(2) == 0 {
                bytes[at] ^= UInt8(1) << UInt8(rng.below(8))
            } else {
                bytes[at] = UInt8(truncatingIfNeeded: rng.next())
            }
        case 1, 2:  // delete or duplicate a line
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            guard !lines.isEmpty else { return }
            let at = rng.below(lines.count)
            if rng.below(2) == 0 {
                lines.remove(at: at)
            } else {
                lines.insert(lines[at], at: rng.below(lines.count + 1))
            }
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        case 3, 4:  // insert a token
            let token = Array(Self.tokens[rng.below(Self.tokens.count)].utf8)
            bytes.insert(contentsOf: token, at: rng.below(bytes.count + 1))
        default:  // truncate
            bytes.removeLast(rng.below(bytes.count + 1))
        }
    }

    func testMutatedShippedLayouts() throws {
        // FUZZ_SEED and FUZZ_CASES run a longer or different campaign by hand; FUZZ_DUMP writes each case
        // to /tmp/fuzz-case.toml before loading it, so a crash leaves the culprit behind.
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_CA2D
        let caseCount = environment["FUZZ_CASES"].flatMap { Int($0) } ?? 3600
        let dump = environment["FUZZ_DUMP"] != nil
        var rng = SplitMix64(seed: seed)
        let sources = try ShippedLayouts.names.map { try XCTUnwrap(ShippedLayouts.source(named: $0)) }
        var stats = (cases: 0, loaded: 0, failed: 0, warnings: 0)
        for n in 0..<caseCount {
            let which = n % sources.count
            var bytes = Array(sources[which].utf8)
            for _ in 0..<(1 + rng.below(4)) {
                mutate(&bytes, &rng)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let file = "fuzz/\(ShippedLayouts.names[which]).toml"
            if dump { try? text.write(toFile: "/tmp/fuzz-case.toml", atomically: false, encoding: .utf8) }
            let result = LayoutLoader.load(text: text, file: file)
            stats.cases += 1
            let lineCount = text.unicodeScalars.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            if result.layout == nil {
                stats.failed += 1
                XCTAssertTrue(
                    result.diagnostics.contains { $0.severity == .error }, "case \(n): no layout and no error\n\(text)")
            } else {
                stats.loaded += 1
                XCTAssertFalse(result.hasErrors, "case \(n)")
                // A loaded layout can be placed.
                let layout = result.layout!
                _ = Placement.place(layout, width: 1 + rng.below(250), height: 1 + rng.below(80))
            }
            stats.warnings += result.warnings.count
            XCTAssertEqual(result.hasErrors, result.layout == nil, "case \(n)")
            for diagnostic in result.diagnostics {
                let description = diagnostic.description
                XCTAssertFalse(diagnostic.message.isEmpty, "case \(n)")
                XCTAssertTrue(description.hasPrefix(file + ":"), "case \(n): \(description)")
                if let position = diagnostic.position {
                    XCTAssertTrue(
                        (1...lineCount).contains(position.line), "case \(n): \(description) beyond \(lineCount) lines")
                    XCTAssertGreaterThanOrEqual(position.column, 1, "case \(n): \(description)")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(stats.cases, min(3000, caseCount))
        // The mutations should exercise both sides.
        XCTAssertGreaterThan(stats.loaded, caseCount / 12)
        XCTAssertGreaterThan(stats.failed, caseCount / 4)
        print(
            "fuzz: \(stats.cases) cases, \(stats.loaded) loaded, \(stats.failed) rejected, \(stats.warnings) warnings")
    }

    /// Short random strings of TOML-ish tokens, not derived from a layout.
    /// GARBAGE_SEED and GARBAGE_CASES run a longer campaign by hand.
    func testRandomTokenSoup() {
        let environment = ProcessInfo.processInfo.environment
        var rng = SplitMix64(seed: environment["GARBAGE_SEED"].flatMap { UInt64($0) } ?? 1)
        let count = environment["GARBAGE_CASES"].flatMap { Int($0) } ?? 2000
        let tokens =
            Self.tokens + [
                "a", "b", "=", " ", "\n", "[", "]", "[[", "]]", "{", "}", ",", ".", "\"", "'", "1", "2", "-", ":", "T",
            ]
        for n in 0..<count {
            var text = ""
            for _ in 0..<(1 + rng.below(25)) {
                text += tokens[rng.below(tokens.count)]
            }
            let result = LayoutLoader.load(text: text, file: "soup.toml")
            XCTAssertEqual(result.layout == nil, result.hasErrors, "case \(n)")
            XCTAssertTrue(result.diagnostics.allSatisfy { $0.description.hasPrefix("soup.toml:") }, "case \(n)")
        }
    }
}
