import Foundation
import TestSupport
import XCTest

@testable import Layouts

/// The top-level `script` key: a Lua file found beside the layout, or a clear error naming
/// where the key is written.
final class LayoutScriptTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func layout(script: String) -> String {
        "name = \"s\"\nscript = \(script)\nmap = \"T\"\n[slots.T]\nkind = \"tableau\"\n"
    }

    /// The diagnostics of the layout written as `s.toml` in the test's folder.
    func messages(script: String) throws -> [String] {
        let path = folder + "/s.toml"
        try layout(script: script).write(toFile: path, atomically: true, encoding: .utf8)
        return LayoutLoader.load(path: path).diagnostics.map(\.description)
    }

    func testAScriptBesideTheLayoutIsRead() throws {
        try "function is_won() return true end\n".write(toFile: folder + "/s.lua", atomically: true, encoding: .utf8)
        let path = folder + "/s.toml"
        try layout(script: "\"s.lua\"").write(toFile: path, atomically: true, encoding: .utf8)
        let result = LayoutLoader.load(path: path)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.layout?.script?.file, folder + "/s.lua")
        XCTAssertEqual(result.layout?.script?.name, "s.lua")
        XCTAssertEqual(result.layout?.script?.source, "function is_won() return true end\n")
    }

    func testBadScriptKeysSayWhatIsWrong() throws {
        let at = folder + "/s.toml:2:10: error: "
        try FileManager.default.createDirectory(atPath: folder + "/dir.lua", withIntermediateDirectories: true)
        try Data([0x66, 0x0A, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: folder + "/bad.lua"))
        try Data(count: LayoutLoader.maxScriptBytes + 1).write(to: URL(fileURLWithPath: folder + "/big.lua"))
        let cases: [(String, String)] = [
            ("\"\"", at + "script must name a Lua file, such as \"pyramid.lua\""),
            ("\"rules.py\"", at + "script must name a Lua file ending in .lua, found \"rules.py\""),
            (
                "\"gone.lua\"",
                at + "no script \(folder)/gone.lua (a script's name is read beside the layout file)"
            ),
            ("\"dir.lua\"", at + "\(folder)/dir.lua is a directory, not a script"),
            ("\"bad.lua\"", at + "\(folder)/bad.lua:2:1: the file is not valid UTF-8"),
            (
                "\"big.lua\"",
                at + "\(folder)/big.lua: the file is 1048577 bytes, larger than the 1048576 bytes (1 MB) "
                    + "a script may be"
            ),
        ]
        for (value, message) in cases {
            XCTAssertEqual(try messages(script: value), [message], value)
        }
        let notAString = try messages(script: "3")
        XCTAssertEqual(notAString.count, 1)
        XCTAssertTrue(notAString.first?.hasPrefix(folder + "/s.toml:2:") == true, "\(notAString)")
        XCTAssertTrue(notAString.first?.contains("script") == true, "\(notAString)")
    }
}
