import Foundation
import TestSupport
import XCTest

/// `cardtable check` finds what `copy` wrote, and checks a script with the layout that runs it:
/// the README's own recipe (`copy pyramid my-pyramid`, then `check my-pyramid.lua`) and a shipped
/// script checked by its path.
final class CheckCommandTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func testTheReadmesRecipeChecksTheCopiedScriptWithItsLayout() throws {
        let copied = try runCardtable(["copy", "pyramid", "my-pyramid"], in: folder)
        XCTAssertEqual(copied.status, 0, copied.errors)
        let run = try runCardtable(["check", "my-pyramid.lua"], in: folder)
        XCTAssertEqual(run.status, 0, run.errors)
        let layouts = folder + "/config/cardtable/layouts/"
        XCTAssertTrue(
            run.output.hasPrefix(layouts + "my-pyramid.lua: ok, "), "found in the layouts folder: \(run.output)")
        XCTAssertTrue(
            run.output.hasSuffix("with its layout \(layouts)my-pyramid.toml\n"), "checked as it runs: \(run.output)")
        XCTAssertEqual(run.errors, "")
        let byName = try runCardtable(["check", "my-pyramid"], in: folder)
        XCTAssertEqual(byName.status, 0, byName.errors)
        XCTAssertTrue(byName.output.hasPrefix("my-pyramid: ok, "), byName.output)
    }

    /// The settings file named by its path (the README: "a layout, a script or the settings
    /// file, checked") is checked as settings: it was checked as a layout, "missing map" and
    /// "unknown key 'mouse'".
    func testTheSettingsFileNamedByItsPathIsCheckedAsSettings() throws {
        let config = folder + "/config/cardtable"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "mouse = \"click\"\n[theme]\nascii = true\n".write(
            toFile: config + "/config.toml", atomically: false, encoding: .utf8)
        for named in [config + "/config.toml", "config/cardtable/config.toml"] {
            let run = try runCardtable(["check", named], in: folder)
            XCTAssertEqual(run.status, 0, run.errors)
            XCTAssertEqual(run.errors, "")
            XCTAssertEqual(run.output, "\(named): ok\n")
        }
        try "mouse = \"sideways\"\n".write(toFile: config + "/config.toml", atomically: false, encoding: .utf8)
        let bad = try runCardtable(["check", "config/cardtable/config.toml"], in: folder)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.errors.hasPrefix("config/cardtable/config.toml:1:9: error: unknown mouse"), bad.errors)
        // Another file of that name is a layout still.
        try "mouse = \"click\"\n".write(toFile: folder + "/config.toml", atomically: false, encoding: .utf8)
        let layout = try runCardtable(["check", "config.toml"], in: folder)
        XCTAssertTrue(layout.errors.contains("missing map"), layout.errors)
    }

    /// A game won as dealt has nothing to play, whatever its win says: check warns.
    func testAGameWonAsDealtIsAWarning() throws {
        try """
        name = "dealt-up"
        map = "S F F F F T"
        [game]
        [slots.S]
        kind = "stock"
        [slots.F]
        kind = "foundation"
        deal-up = 13
        [slots.T]
        kind = "tableau"

        """.write(toFile: folder + "/dealt-up.toml", atomically: false, encoding: .utf8)
        let run = try runCardtable(["check", "dealt-up.toml"], in: folder)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(
            run.errors,
            "dealt-up.toml: warning: the game is won as dealt (deal 1), before the first move: the deal leaves "
                + "nothing to play\n")
        XCTAssertEqual(run.output, "dealt-up.toml: ok, 6 slots, 1 warning(s)\n")
        let shipped = try runCardtable(["check", "klondike", "golf", "pileon", "cover", "fortunes"], in: folder)
        XCTAssertEqual(shipped.errors, "", "no shipped game is won as dealt")
    }

    func testAShippedScriptIsCheckedWithTheLayoutBesideItThatNamesIt() throws {
        let shipped = repositoryRoot()
        for (script, layout) in [("pyramid.lua", "pyramid.toml"), ("klondike.lua", "klondike-lua.toml")] {
            let path = shipped + "/layouts/" + script
            let run = try runCardtable(["check", path], in: folder)
            XCTAssertEqual(run.status, 0, "\(script): \(run.errors)")
            XCTAssertTrue(
                run.output.hasSuffix("with its layout \(shipped)/layouts/\(layout)\n"), "\(script): \(run.output)")
        }
    }

    func testAScriptWithNoLayoutBesideItIsCheckedOnItsOwn() throws {
        try "function is_won() return false end\n".write(
            toFile: folder + "/alone.lua", atomically: false, encoding: .utf8)
        let run = try runCardtable(["check", "alone.lua"], in: folder)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, "alone.lua: ok, 1 hook: is_won, on its own against klondike's table\n")
    }

    func testANameFoundNowhereSaysWhereItLooked() throws {
        let run = try runCardtable(["check", "nowhere.lua"], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.hasPrefix("nowhere.lua: error: "), run.errors)
    }

    /// The repository's root, from this file's path.
    private func repositoryRoot() -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }
}
