import Foundation
import TestSupport
import XCTest

@testable import Layouts

#if canImport(Glibc)
    import Glibc
#endif

/// What a layout file may be and hold (cardtable-layout(5), LIMITS): each limit is checked at its
/// edge, one under and one over, with the message that names it and where.
final class LimitsTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func messages(_ path: String) -> [String] {
        LayoutLoader.load(path: path).diagnostics.map(\.description)
    }

    // MARK: Names

    /// A name and a title are written with every game's result in the statistics (a 1 MB title
    /// filled them in a few dozen games, after which nothing was recorded) and shown on one line.
    func testANameOrATitleOverTheLimitIsRefused() throws {
        let limit = LayoutLoader.maxNameCharacters
        func layout(name: String, title: String) -> String {
            "name = \"\(name)\"\ntitle = \"\(title)\"\nmap = \"T\"\n[slots.T]\nkind = \"tableau\"\n"
        }
        let atLimit = try write(
            Array(layout(name: String(repeating: "n", count: limit), title: String(repeating: "é", count: limit)).utf8),
            "at.toml")
        XCTAssertEqual(messages(atLimit), [])
        let over = try write(
            Array(
                layout(name: String(repeating: "n", count: limit + 1), title: String(repeating: "t", count: 1 << 19))
                    .utf8),
            "over.toml")
        XCTAssertEqual(
            messages(over),
            [
                "\(over):1:8: error: name is 101 characters, longer than the 100 a name may be",
                "\(over):2:9: error: title is 524288 characters, longer than the 100 a title may be",
            ])
    }

    /// Characters are counted as Unicode scalars: one letter with 3,000 accents is a single
    /// Swift character, and 6 KB in a statistics line that is read back only up to 4 KB.
    func testATitleOfOneLetterAndThousandsOfAccentsIsRefused() throws {
        let accents = String(repeating: "\\u0301", count: 3_000)
        let path = try write(
            Array("name = \"accents\"\ntitle = \"e\(accents)\"\nmap = \"T\"\n[slots.T]\nkind = \"tableau\"\n".utf8),
            "accents.toml")
        XCTAssertEqual(
            messages(path), ["\(path):2:9: error: title is 3001 characters, longer than the 100 a title may be"])
    }

    /// A name and a title are written on a line of their own in every save: a line feed or a
    /// carriage return in either ended it early and the save did not read back (it was moved
    /// aside as .bad at the next start); escapes and C1 controls are refused with them.
    func testANameOrATitleWithAControlCharacterIsRefused() throws {
        for (escape, code) in [
            ("\\n", "\\x0a"), ("\\r", "\\x0d"), ("\\t", "\\x09"), ("\\u001B", "\\x1b"), ("\\u009B", "\\u{9B}"),
            ("\\u202E", "\\u{202E}"),
        ] {
            let path = try write(
                Array(
                    "name = \"a\(escape)b\"\ntitle = \"T\(escape)\"\nmap = \"T\"\n[slots.T]\nkind = \"tableau\"\n".utf8),
                "control.toml")
            XCTAssertEqual(
                messages(path),
                [
                    "\(path):1:8: error: name holds the control character \(code)",
                    "\(path):2:9: error: title holds the control character \(code)",
                ], escape)
        }
    }

    // MARK: The file

    func testAFileOverTheSizeLimitIsRefusedNamingBothSizes() throws {
        let limit = LayoutLoader.maxFileBytes
        let valid = "map = \"T\"\n[slots.T]\nkind = \"tableau\"\n#"
        let atLimit = try write(
            Array((valid + String(repeating: "x", count: limit - valid.utf8.count)).utf8), "at.toml")
        XCTAssertNotNil(LayoutLoader.load(path: atLimit).layout, "a file of exactly the limit is read")
        let over = try write(Array(String(repeating: "#", count: limit + 1).utf8), "over.toml")
        XCTAssertEqual(
            messages(over),
            [
                "\(over): error: the file is 1048577 bytes, larger than the 1048576 bytes (1 MB) a layout file may be"
            ])
    }

    func testAHugeFileIsRefusedWithoutReadingIt() throws {
        // A sparse file of 4 GB: reading it would take seconds and gigabytes.
        let path = folder + "/huge.toml"
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        XCTAssertEqual(ftruncate(descriptor, 4 << 30), 0)
        close(descriptor)
        let use = ResourceMeter.measure {
            XCTAssertEqual(
                messages(path),
                [
                    "\(path): error: the file is 4294967296 bytes, larger than the 1048576 bytes (1 MB) "
                        + "a layout file may be"
                ])
        }
        XCTAssertLessThan(use.seconds, 0.5)
        if let peak = use.peakBytes { XCTAssertLessThan(peak, 8 << 20) }
    }

    func testWhatIsNotARegularFileIsRefusedWithoutBlocking() throws {
        let fifo = folder + "/fifo.toml"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let loop = folder + "/loop.toml"
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        try FileManager.default.createDirectory(atPath: folder + "/dir.toml", withIntermediateDirectories: false)
        // A FIFO with no writer would block a plain open for ever.
        XCTAssertEqual(messages(fifo), ["\(fifo): error: not a regular file (a FIFO)"])
        XCTAssertEqual(messages("/dev/null"), ["/dev/null: error: not a regular file (a character device)"])
        XCTAssertEqual(messages(loop), ["\(loop): error: too many levels of symbolic links"])
        XCTAssertEqual(messages(folder + "/dir.toml"), ["\(folder)/dir.toml: error: is a directory, not a layout file"])
        XCTAssertEqual(messages(folder + "/none.toml"), ["\(folder)/none.toml: error: no such file"])
        // Named as a path or found in the layouts folder, the same words.
        let environment = ["XDG_CONFIG_HOME": folder]
        XCTAssertEqual(
            LayoutResolver.resolve(loop, environment: environment).diagnostics.map(\.description),
            ["\(loop): error: too many levels of symbolic links"])
        let layouts = folder + "/cardtable/layouts"
        try FileManager.default.createDirectory(atPath: layouts, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(layouts + "/piped.toml", 0o600), 0)
        XCTAssertEqual(
            LayoutResolver.resolve("piped", environment: environment).diagnostics.map(\.description),
            ["\(layouts)/piped.toml: error: not a regular file (a FIFO)"])
    }

    func testScriptsAreReadAsSafely() throws {
        XCTAssertEqual(mkfifo(folder + "/fifo.lua", 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop.lua", withDestinationPath: "loop.lua")
        func message(_ name: String) -> String {
            guard case .failure(let failure) = LayoutLoader.scriptBesideLayout(name, folder + "/s.toml") else {
                return "read"
            }
            return failure.message
        }
        XCTAssertEqual(message("fifo.lua"), "\(folder)/fifo.lua: not a regular file (a FIFO)")
        XCTAssertEqual(message("loop.lua"), "\(folder)/loop.lua: too many levels of symbolic links")
        XCTAssertEqual(message("/dev/zero"), "/dev/zero: not a regular file (a character device)")
    }

    // MARK: Encodings

    func testEncodingProblemsAreSaidWithLineAndColumn() {
        func problem(_ bytes: [UInt8]) -> String {
            switch TextDecoding.decode(bytes) {
            case .success: return "decoded"
            case .failure(let problem): return "\(problem.position.line):\(problem.position.column): \(problem.message)"
            }
        }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = Array("a = 1\nb = 2\n".utf8)
        XCTAssertEqual(problem(bom + text), "decoded")
        XCTAssertEqual(
            problem(bom + bom + text), "1:1: a byte order mark (U+FEFF) may only start the file, not be written here")
        XCTAssertEqual(
            problem(Array("a = 1\nbé = ".utf8) + bom + Array("2\n".utf8)),
            "2:6: a byte order mark (U+FEFF) may only start the file, not be written here")
        XCTAssertEqual(
            problem(Array("a = 1\nb = é".utf8) + [0, 0x0A]), "2:6: the file contains a NUL character (U+0000)")
        XCTAssertEqual(problem(Array("a = 1\nb = \"".utf8) + [0xC3, 0x28]), "2:6: the file is not valid UTF-8")
        XCTAssertEqual(
            problem([0xFF, 0xFE] + [0x61, 0, 0x3D, 0]),
            "1:1: the file is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8: save it as UTF-8")
        XCTAssertEqual(
            problem([0xFE, 0xFF] + [0, 0x61, 0, 0x3D]),
            "1:1: the file is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8: save it as UTF-8")
        XCTAssertEqual(
            problem([0xFF, 0xFE, 0, 0, 0x61, 0, 0, 0]),
            "1:1: the file is UTF-32 (it starts with a UTF-32 byte order mark), not UTF-8: save it as UTF-8")
        XCTAssertEqual(
            problem([0x61, 0, 0x20, 0, 0x3D, 0]),
            "1:1: the file is UTF-16 (every other byte is a NUL), not UTF-8: save it as UTF-8")
    }

    func testALayoutWithTwoByteOrderMarksIsRefusedWithItsPlace() throws {
        let path = try write([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("map = \"T\"\n".utf8), "boms.toml")
        XCTAssertEqual(
            messages(path),
            ["\(path):1:1: error: a byte order mark (U+FEFF) may only start the file, not be written here"])
        // Text handed to the loader directly is held to the same rule.
        XCTAssertEqual(
            descriptions("\u{FEFF}map = \"T\"\n[slots.T]\nkind = \"cell\u{FEFF}\"\n"),
            ["bad.toml:3:13: error: a byte order mark (U+FEFF) may only start the file, not be written here"])
        XCTAssertEqual(descriptions("\u{FEFF}map = \"T\"\n[slots.T]\nkind = \"cell\"\n"), [])
    }

    // MARK: What the file holds

    func testKeysAndValuesAreCountedBeforeParsing() {
        let limit = TOMLLimits.maxItems
        // `x = [e, …]`: the key, the array and its elements; at the limit it is only an unknown key.
        let at = "x = [" + Array(repeating: "1", count: limit - 2).joined(separator: ",") + "]\n"
        XCTAssertFalse(descriptions(at).contains { $0.contains("keys and values") })
        let over = "x = [" + Array(repeating: "1", count: limit - 1).joined(separator: ",") + "]\n"
        XCTAssertEqual(
            descriptions(over),
            [
                "bad.toml:1:\(5 + 2 * (limit - 2) + 1): error: the file holds more than 20000 keys and values, the most "
                    + "it may hold (each key, value, array element and table counts one)"
            ])
        // Table headers count too.
        let headers = String(repeating: "[[slot]]\n", count: limit + 1)
        XCTAssertEqual(descriptions(headers).first?.hasPrefix("bad.toml:\(limit + 1):3: error: the file holds"), true)
    }

    func testNestingIsBounded() {
        let depth = TOMLLimits.maxDepth
        func array(_ n: Int) -> String {
            "x = " + String(repeating: "[", count: n) + String(repeating: "]", count: n) + "\n"
        }
        func table(_ n: Int) -> String {
            "x = " + String(repeating: "{a=", count: n) + "1" + String(repeating: "}", count: n) + "\n"
        }
        let message = "error: arrays and inline tables nested more than 16 deep, the most they may be"
        XCTAssertFalse(descriptions(array(depth)).contains { $0.contains("nested") })
        XCTAssertEqual(descriptions(array(depth + 1)), ["bad.toml:1:\(5 + depth): " + message])
        XCTAssertFalse(descriptions(table(depth)).contains { $0.contains("nested") })
        XCTAssertEqual(descriptions(table(depth + 1)), ["bad.toml:1:\(5 + 3 * depth): " + message])
        XCTAssertEqual(descriptions("x = " + String(repeating: "[{a=", count: 100_000)).count, 1)
    }

    func testKeysAreBoundedWithTheirTableNames() {
        let limit = TOMLLimits.maxKeyPathLength
        let message =
            "error: a key longer than 256 characters, the most it may be (counted with its table's name, as in slots.T.fan)"
        let key = String(repeating: "k", count: limit)
        XCTAssertFalse(descriptions("\(key) = 1\n").contains { $0.contains("longer") })
        XCTAssertEqual(descriptions("\(key)k = 1\n"), ["bad.toml:1:1: " + message])
        // With its table's name: `[slots]` and the key make 6 + 250 + 1 characters.
        let inTable = "[slots]\n" + String(repeating: "k", count: limit - 5) + " = 1\n"
        XCTAssertEqual(descriptions(inTable), ["bad.toml:2:1: " + message])
        // Dotted: a megabyte of `a.` stops at the part that goes over.
        XCTAssertEqual(descriptions(String(repeating: "a.", count: 500_000)), ["bad.toml:1:257: " + message])
        XCTAssertEqual(descriptions("[" + String(repeating: "a.", count: 200) + "b]\n"), ["bad.toml:1:258: " + message])
    }

    func testSlotsAreCountedWhileReading() {
        let limit = LayoutLoader.maxSlots
        func map(_ count: Int) -> String {
            "map = \"\"\"\n" + String(repeating: "T", count: count) + "\n" + String(repeating: ".", count: 10_000)
                + "\n\"\"\"\n[slots.T]\nkind = \"tableau\"\nfan = \"down\"\noverlap = true\n"
        }
        XCTAssertEqual(load(map(limit)).layout?.slots.count, limit)
        XCTAssertEqual(
            descriptions(map(100_000)),
            ["bad.toml:2:\(limit + 1): error: the map has more than 500 slots, the most a table may have"])
        let slot = { (n: Int) in "[[slot]]\nid = \"s\(n)\"\nat = [\(n % 25), \(n / 25)]\n" }
        XCTAssertEqual(load((0..<limit).map(slot).joined()).layout?.slots.count, limit)
        XCTAssertEqual(
            descriptions((0...limit).map(slot).joined()),
            ["bad.toml:\(3 * limit + 1):3: error: more than 500 [[slot]] entries, the most a table may have"])
        let groups = (0...limit).map { "[slots.\"\(Character(Unicode.Scalar(0x4E00 + $0)!))\"]\n" }.joined()
        XCTAssertEqual(
            descriptions("map = \"T\"\n" + groups),
            ["bad.toml:\(limit + 2):8: error: more than 500 [slots.X] groups, the most a table may have"])
    }

    func testDiagnosticsAreCapped() {
        let text = "map = \"T\"\n[slots.T]\nkind = \"cell\"\n" + (0..<200).map { "colour\($0) = 1\n" }.joined()
        let shown = descriptions(text)
        XCTAssertEqual(shown.count, LayoutDiagnostic.maxPerFile + 1)
        XCTAssertEqual(shown.first?.hasPrefix("bad.toml:4:1: error: unknown key 'colour0' in [slots.T]"), true)
        XCTAssertEqual(shown.last, "bad.toml: error: … and 150 more: 150 errors")
        // Warnings only: the count is a warning, and the layout loads.
        let overlaps =
            "map = \"T\"\n[slots.T]\nkind = \"cell\"\n"
            + (0..<60).map {
                "[[slot]]\nid = \"s\($0)\"\nat = [0, 0]\n"
            }.joined()
        let result = load(overlaps)
        XCTAssertNotNil(result.layout)
        XCTAssertEqual(result.diagnostics.last?.severity, .warning)
    }

    /// The index grows with the file's keys and values, never with their product: one entry per
    /// path at most, each no longer than the key limit and its array indices.
    func testTheSourceIndexStaysSmall() {
        let limit = TOMLLimits.maxItems
        let texts = [
            "x = [" + Array(repeating: "[1, 2]", count: limit / 4).joined(separator: ",") + "]\n",
            (0..<limit / 3).map { "[[slot]]\nid = \"\($0)\"\n" }.joined(),
            (0..<limit / 2 - 1).map { "[t\($0)]\n" }.joined(),
        ]
        for text in texts {
            let index = SourceIndex.scan(Array(text.unicodeScalars))
            XCTAssertNil(index.exceeded)
            XCTAssertLessThanOrEqual(index.items, limit)
            let paths = Set(index.keys.keys).union(index.values.keys)
            XCTAssertLessThanOrEqual(paths.count, index.items)
            XCTAssertLessThanOrEqual(
                paths.map(\.utf8.count).max() ?? 0, TOMLLimits.maxKeyPathLength + 8 * TOMLLimits.maxDepth)
        }
    }
}
