import Layouts
import Scripting
import Solitaire
import TestSupport
import XCTest

@testable import Persistence

/// Saves that a stricter rule made since, or a layout that does not load for now, kept from
/// resuming: nothing the player did is lost. A free-text option's value written before the
/// player's was held to 200 bytes resumes under it; a save of a game whose layout is there
/// but does not load (its title holding a bidirectional control, refused since, or a layout
/// half edited) is left where it is, said, and offered again once the layout loads.
final class KeptSaveTests: XCTestCase {
    var folder = ""
    var folders: XDGDirectories {
        XDGDirectories(state: folder + "/state", data: folder + "/data", config: folder + "/config")
    }
    var saves: String { folder + "/state/saves" }

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make()
        try FileManager.default.createDirectory(atPath: saves, withIntermediateDirectories: true)
    }
    override func tearDown() { TemporaryFolder.remove(folder) }

    /// Klondike's layout under a script with an option of any text.
    func mottoLayout() throws -> TableLayout {
        let klondike = try XCTUnwrap(ShippedLayouts.source(named: "klondike"))
        let text = klondike.replacingOccurrences(of: "name = \"klondike\"", with: "name = \"motto\"")
            .replacingOccurrences(of: "\n[game]", with: "\nscript = \"motto.lua\"\n[game]")
        let source = """
            options = { { name = "motto", text = "A motto", default = "win" } }
            """
        let loaded = LayoutLoader.load(text: text, file: "motto.toml") { name, _ in
            .success(LayoutScript(name: name, file: name, source: source))
        }
        XCTAssertEqual(loaded.diagnostics.filter { $0.severity == .error }.map(\.description), [])
        let layout = try XCTUnwrap(loaded.layout)
        XCTAssertNotNil(layout.script)
        return layout
    }

    func testASaveWhoseFreeTextOptionIsLongerThanThePlayerMayTypeNowResumes() throws {
        let layout = try mottoLayout()
        var game = PlayedGames.play(layout, deal: 3, moves: 8)
        game.options = ["motto": String(repeating: "é", count: 2500)]
        XCTAssertGreaterThan(game.options["motto"]!.utf8.count, ScriptOption.longestField)
        let path = saves + "/motto-\(game.id).save"
        try AtomicFile.write(game.encoded(), to: path)
        let keeper = FileGameKeeper(folders: folders) { $0 == "motto" ? layout : nil }
        let resumed = try XCTUnwrap(
            keeper.resume(variant: "motto", layout: layout), "resumed, not moved aside: \(keeper.takeProblems())")
        XCTAssertEqual(resumed.saved.options, game.options)
        XCTAssertEqual(resumed.resumed.history.count, game.history.count)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(
            (rulesOf(layout, options: game.options) as? ScriptedRules)?.engine?.optionValues["motto"],
            game.options["motto"])
    }

    func testASaveOfAGameThatDoesNotLoadNowIsKeptSaidOnceAndOfferedOnceItLoads() throws {
        let klondike = PlayedGames.klondike()
        var game = PlayedGames.play(klondike, deal: 3, moves: 8)
        game.variant = "mine"
        game.layout = "mine"
        let path = saves + "/mine-\(game.id).save"
        try AtomicFile.write(game.encoded(), to: path)
        var loads = false
        let error = LayoutDiagnostic(
            file: "/home/ann/.config/cardtable/layouts/mine.toml", position: SourcePosition(line: 8, column: 9),
            keyPath: "title", severity: .error, message: "title holds the control character \\u{202E}")
        let keeper = FileGameKeeper(folders: folders) { name in
            name == "mine" && loads
                ? LayoutLoadResult(layout: klondike, diagnostics: [])
                : LayoutLoadResult(layout: nil, diagnostics: name == "mine" ? [error] : [])
        }
        XCTAssertEqual(keeper.savedGames(), [])
        let said = keeper.takeProblems()
        XCTAssertEqual(said.count, 1)
        XCTAssertTrue(said[0].hasPrefix(path + ": not offered"), said[0])
        XCTAssertTrue(said[0].contains("mine.toml:8:9: error: title holds"), said[0])
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "left where it is")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".bad"))
        XCTAssertEqual(keeper.savedGames(), [])
        XCTAssertEqual(keeper.takeProblems(), [], "said once")
        loads = true
        XCTAssertEqual(keeper.savedGames().map(\.id), [game.id], "offered once the game loads")
    }

    func testASaveOfAGameThatIsNowhereIsMovedAsideAndSaid() throws {
        var game = PlayedGames.play(PlayedGames.klondike(), deal: 3, moves: 8)
        game.variant = "gone"
        game.layout = "gone"
        let path = saves + "/gone-\(game.id).save"
        try AtomicFile.write(game.encoded(), to: path)
        let keeper = FileGameKeeper(folders: folders) { _ in LayoutLoadResult(layout: nil, diagnostics: []) }
        XCTAssertEqual(keeper.savedGames(), [])
        XCTAssertEqual(keeper.takeProblems().first?.contains("no game 'gone' any more; kept as"), true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".bad"))
    }
}
