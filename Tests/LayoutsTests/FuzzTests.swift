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
        // to fuzz-case.toml in a folder of the run's own (its path printed) before loading it, so a
        // crash leaves the culprit behind. A name chosen in /tmp was written through whatever another
        // user had put there first: their link to a file of the player's had it written over.
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_CA2D
        let caseCount = environment["FUZZ_CASES"].flatMap { Int($0) } ?? 3600
        let dump = try environment["FUZZ_DUMP"].map { _ in try TemporaryFolder.make() + "/fuzz-case.toml" }
        if let dump { print("FUZZ_DUMP: each case is written to \(dump)") }
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
            if let dump { try? text.write(toFile: dump, atomically: false, encoding: .utf8) }
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
    // MARK: Within the size limit, within budget

    /// The budget of one input under the size limit: what the loader promises in a release build
    /// (cardtable-layout(5), LIMITS), with room for the debug build the tests run in.
    #if DEBUG
        static let secondsPerInput = 2.0
    #else
        static let secondsPerInput = 0.1
    #endif
    static let bytesPerInput = 50 << 20

    /// Hostile files of every size up to the limit, shaped to cost the most: huge arrays, deep
    /// nesting, long and dotted keys, many headers, slots and groups, long strings, raw bytes.
    /// Each is decoded and loaded within a time and memory budget (the peak resident memory of the
    /// process, reset before each input), and its diagnostics stay capped and short.
    /// LIMITS_SEED and LIMITS_CASES run a longer campaign by hand.
    func testHostileFilesWithinTheSizeLimitStayWithinBudget() throws {
        let environment = ProcessInfo.processInfo.environment
        var rng = SplitMix64(seed: environment["LIMITS_SEED"].flatMap { UInt64($0) } ?? 0x11_4175)
        let caseCount = environment["LIMITS_CASES"].flatMap { Int($0) } ?? 36
        var worst = (seconds: 0.0, bytes: 0, shape: "")
        for n in 0..<caseCount {
            let shape = Self.hostileShapes[n % Self.hostileShapes.count]
            // Sizes spread evenly on a log scale, from 64 bytes to the limit.
            let size = min(LayoutLoader.maxFileBytes, Int(64 * pow(Double(1 << 14), Double(rng.below(1001)) / 1000)))
            var bytes = shape.make(&rng, size)
            if bytes.count > LayoutLoader.maxFileBytes { bytes.removeLast(bytes.count - LayoutLoader.maxFileBytes) }
            var result: LayoutLoadResult?
            let use = ResourceMeter.measure {
                if case .success(let text) = TextDecoding.decode(bytes) {
                    result = LayoutLoader.load(text: text, file: "hostile.toml")
                }
            }
            let what = "case \(n): \(shape.name), \(bytes.count) bytes"
            XCTAssertLessThan(use.seconds, Self.secondsPerInput, what)
            if let peak = use.peakBytes {
                XCTAssertLessThan(peak, Self.bytesPerInput, what)
            }
            if use.seconds > worst.seconds { worst = (use.seconds, use.peakBytes ?? 0, shape.name) }
            guard let result else { continue }
            XCTAssertEqual(result.hasErrors, result.layout == nil, what)
            XCTAssertLessThanOrEqual(result.diagnostics.count, LayoutDiagnostic.maxPerFile + 1, what)
            for diagnostic in result.diagnostics {
                XCTAssertLessThan(diagnostic.description.utf8.count, 2000, what)
            }
        }
        XCTAssertTrue(ResourceMeter.canResetPeak || ProcessInfo.processInfo.environment["LIMITS_NO_PEAK"] != nil)
        print(
            "limits fuzz: \(caseCount) cases; slowest \(worst.shape): \(Int(worst.seconds * 1000)) ms, "
                + "\(worst.bytes >> 20) MB above the start")
    }

    struct HostileShape: Sendable {
        var name: String
        var make: @Sendable (inout SplitMix64, Int) -> [UInt8]
    }

    /// `prefix`, `piece(n)` for n = 0, 1, … until the text is about `size` bytes, and `suffix`.
    static func repeated(_ size: Int, _ prefix: String = "", _ suffix: String = "", _ piece: (Int) -> String)
        -> [UInt8]
    {
        var bytes = Array(prefix.utf8)
        var n = 0
        while bytes.count < size - suffix.utf8.count {
            bytes += piece(n).utf8
            n += 1
        }
        return bytes + Array(suffix.utf8)
    }

    static let hostileShapes: [HostileShape] = [
        HostileShape(name: "one huge array") { rng, size in
            let values = ["1", "2.5", "\"ab\"", "true", "1979-05-27", "[]", "{}", "-0x1F", "1e300"]
            let value = values[rng.below(values.count)]
            return repeated(size, "x = [", "]\n") { _ in value + "," }
        },
        HostileShape(name: "nesting") { rng, size in
            let depth = 1 + rng.below(24)
            let inline = rng.below(2) == 0
            let open = String(repeating: inline ? "{a=" : "[", count: depth)
            let close = String(repeating: inline ? "}" : "]", count: depth)
            return repeated(size) { n in "x\(n) = " + open + (inline ? "1" : "") + close + "\n" }
        },
        HostileShape(name: "many keys, some long") { rng, size in
            let length = 1 + rng.below(300)
            return repeated(size) { n in String(repeating: "k", count: length) + "\(n) = \(n)\n" }
        },
        HostileShape(name: "dotted keys and headers") { rng, size in
            let parts = 1 + rng.below(200)
            let header = rng.below(2) == 0
            let key = Array(repeating: "a", count: parts).joined(separator: ".")
            return repeated(size) { n in header ? "[\(key).t\(n)]\n" : "\(key).k\(n) = 1\n" }
        },
        HostileShape(name: "[[slot]] entries") { rng, size in
            let full = rng.below(2) == 0
            return repeated(size) { n in
                full
                    ? "[[slot]]\nid = \"s\(n)\"\nat = [\(n % 40), \(n / 40)]\nkind = \"tableau\"\nfan = \"down\"\n"
                    : "[[slot]]\n"
            }
        },
        HostileShape(name: "[slots.X] groups") { _, size in
            repeated(size, "map = \"A\"\n") { n in
                "[slots.\"\(Character(Unicode.Scalar(0x4E00 + n % 20_000)!))\"]\nkinf = 1\nfann = \"dwon\"\n"
            }
        },
        HostileShape(name: "a map of many slots") { rng, size in
            let cells = ["T", ".", " ", "\n", "A", "é", "\u{1F0A1}"]
            var text = "map = \"\"\"\n"
            while text.utf8.count < size - 40 { text += cells[rng.below(cells.count)] }
            return Array((text + "\"\"\"\n[slots.T]\nkind = \"tableau\"\n").utf8)
        },
        HostileShape(name: "long strings") { rng, size in
            let quote = ["\"", "'", "\"\"\"", "'''"][rng.below(4)]
            let fill = ["x", "\\u00e9", "\n", "é"][rng.below(4)]
            let body = String(repeating: fill, count: max(0, size / max(1, fill.utf8.count) - 20))
            return Array("title = \(quote)\(body)\(quote)\n".utf8)
        },
        HostileShape(name: "token soup") { rng, size in
            repeated(size) { _ in tokens[rng.below(tokens.count)] }
        },
        HostileShape(name: "raw bytes") { rng, size in
            (0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        },
        HostileShape(name: "blank lines and comments") { rng, size in
            let piece = ["\n", " ", "\t", "# comment\n", "\r\n"][rng.below(5)]
            return repeated(size) { _ in piece }
        },
        HostileShape(name: "many errors") { _, size in
            repeated(size, "map = \"T\"\n[slots.T]\nkind = \"tableau\"\n") { n in
                "[[slot]]\nid = \(n)\nat = \"x\"\nkind = \"tabelau\"\nfan = 3\ncapacity = -1\ncolour = 1\n"
            }
        },
    ]
}
