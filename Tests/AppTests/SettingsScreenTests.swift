import Foundation
import Layouts
import Persistence
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// The settings screen end to end: opened with `o`, driven with keys and clicks, its changes
/// applied to the game on screen at once and written into the settings file, comments kept.
final class SettingsScreenTests: XCTestCase {
    var folder = ""
    var path: String { folder + "/cardtable/config.toml" }

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make()
    }

    override func tearDown() {
        TemporaryFolder.remove(folder)
    }

    let userFile = """
        # My settings.
        mouse = "drag"   # how I like it

        [theme]
        ascii = false    # pretty cards
        """

    /// Klondike deal 5 with the settings of the file at `path`.
    private func klondike() -> Harness {
        let h = Harness(layout: ShippedLayouts.layout(named: "klondike")!, seed: 5)
        h.app.useSettings(SettingsFile.load(path: path).settings, file: path)
        h.renderFrame()
        return h
    }

    private func fileText() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func testChangeTheMouseAndTheThemeWithKeys() throws {
        try AtomicFile.write(userFile, to: path)
        let h = klondike()
        h.type("d")  // a move: the stock deals
        h.settle()
        XCTAssertEqual(h.scene.history.count, 1)
        let waste = h.scene.cards(in: "waste")
        h.advance(3)
        let elapsed = h.scene.elapsedSeconds

        h.type("o")
        XCTAssertTrue(h.app.isShowingSettings)
        for line in ["Settings", "▸ Animation", "Autoplay", "Mouse", "Card size", "Background", "Four-colour deck"] {
            XCTAssertTrue(h.screen.contains(line), "\(line) on:\n\(h.screen)")
        }
        XCTAssertTrue(h.screen.contains("‹ normal ›"), h.screen)
        XCTAssertTrue(h.screen.contains("Changes are saved in"), h.screen)

        // Down to the mouse, and change it: the game plays click-to-move at once.
        h.key(.down)
        h.key(.down)
        XCTAssertEqual(h.app.selectedSetting, .mouse)
        h.key(.right)
        XCTAssertEqual(h.scene.mouseMode, .click)
        XCTAssertEqual(h.app.settings.mouseMode, .click)
        XCTAssertTrue(h.screen.contains("‹ click ›"), h.screen)
        XCTAssertTrue(h.screen.contains("Saved in"), h.screen)
        XCTAssertEqual(
            try fileText(), userFile.replacingOccurrences(of: "mouse = \"drag\"", with: "mouse = \"click\""))

        // Down to ASCII, and Enter: the game is drawn anew in ASCII.
        XCTAssertTrue(h.screen.contains("╭"), "Unicode cards before")
        for _ in 0..<4 { h.key(.down) }
        XCTAssertEqual(h.app.selectedSetting, .ascii)
        h.key(.enter)
        XCTAssertFalse(h.scene.theme.glyphs.unicodeSuits)
        XCTAssertFalse(h.screen.contains("╭"), h.screen)
        XCTAssertFalse(h.screen.contains("♥") || h.screen.contains("♠"), h.screen)
        XCTAssertTrue(h.screen.contains("< on >"), "the panel is in ASCII too:\n\(h.screen)")
        XCTAssertEqual(
            try fileText(),
            userFile.replacingOccurrences(of: "mouse = \"drag\"", with: "mouse = \"click\"")
                .replacingOccurrences(of: "ascii = false", with: "ascii = true"))

        // Escape closes it; the game is where it was, its move and clock kept.
        h.key(.escape)
        XCTAssertFalse(h.app.isShowingSettings)
        XCTAssertFalse(h.screen.contains("Settings"), h.screen)
        XCTAssertEqual(h.scene.history.count, 1)
        XCTAssertEqual(h.scene.cards(in: "waste"), waste)
        XCTAssertEqual(h.scene.elapsedSeconds, elapsed)
        XCTAssertTrue(h.screen.contains("+--"), "ASCII cards:\n\(h.screen)")
        h.assertAllCardsAtRest()
        h.type("u")
        h.settle()
        XCTAssertEqual(h.scene.history.count, 0, "undo reaches the move made before the theme changed")
        XCTAssertTrue(h.scene.cards(in: "waste").isEmpty)
    }

    func testClicksChangeARowAndAPressOutsideCloses() throws {
        let h = klondike()
        h.type("o")
        let row = try XCTUnwrap(h.lines.firstIndex { $0.contains("Four-colour deck") })
        let column = try XCTUnwrap(h.lines[row].range(of: "Four-colour deck")).lowerBound.utf16Offset(in: h.lines[row])
        h.click(column, row)
        XCTAssertEqual(h.app.selectedSetting, .fourColour)
        XCTAssertTrue(h.scene.theme.isFourColour)
        XCTAssertTrue(h.screen.contains("‹ on ›"), h.screen)
        XCTAssertEqual(SettingsFile.load(path: path).settings.fourColour, true, "a new file from the template")
        h.click(0, 0)
        XCTAssertFalse(h.app.isShowingSettings)
        XCTAssertEqual(h.scene.history.count, 0, "the press that closed it reached nothing")
    }

    func testSpeedAndCardSizeApplyAtOnce() throws {
        let h = klondike()
        XCTAssertEqual(h.scene.placement?.cardSize, CardSize(width: 6, height: 4))
        h.type("o")
        h.key(.left)  // animation: normal → fast
        XCTAssertEqual(h.app.window.animator.timeScale, 0.5)
        XCTAssertTrue(h.app.window.animator.isEnabled)
        h.key(.left)  // off
        XCTAssertFalse(h.app.window.animator.isEnabled)
        h.key(.up)  // round to winnable deals
        h.key(.up)  // still winnable
        h.key(.up)  // ASCII
        h.key(.up)  // four colours
        h.key(.up)  // background
        h.key(.up)  // card size
        XCTAssertEqual(h.app.selectedSetting, .cardSize)
        h.key(.left)  // auto → 3x2, the smallest
        XCTAssertEqual(h.scene.placement?.cardSize, CardSize(width: 3, height: 2))
        h.key(.left)
        h.key(.left)  // 4x3 → 5x3
        XCTAssertEqual(h.scene.placement?.cardSize, CardSize(width: 5, height: 3))
        var expected = Settings()
        expected.animation = .off
        expected.cardSize = .fixed(CardSize(width: 5, height: 3))
        XCTAssertEqual(SettingsFile.load(path: path).settings, expected)
        XCTAssertEqual(h.app.playerSettings, expected)
        // Too large for 80x24: the largest that fits.
        for _ in 0..<6 { h.key(.left) }  // 13x9
        XCTAssertEqual(h.scene.fixedCardSize, CardSize(width: 13, height: 9))
        XCTAssertEqual(h.scene.placement?.cardSize, CardSize(width: 6, height: 4))
        h.type("q")
        XCTAssertFalse(h.app.isShowingSettings)
        XCTAssertFalse(h.app.wantsQuit, "q closes the screen, it does not quit")
    }

    func testAFileThatDoesNotParseIsNotOverwrittenAndTheScreenSaysWhy() throws {
        let broken = "mouse = \"drag\nascii = true\n"
        try AtomicFile.write(broken, to: path)
        let h = klondike()
        h.type("o")
        h.key(.down)
        h.key(.down)
        h.key(.right)
        XCTAssertEqual(h.scene.mouseMode, .click, "the change applies all the same")
        let note = try XCTUnwrap(h.app.settingsNote)
        XCTAssertTrue(note.hasPrefix("Not saved: \(path):1:"), note)
        XCTAssertTrue(note.contains("TOML syntax"), note)
        XCTAssertTrue(h.screen.contains("Not saved:"), h.screen)
        XCTAssertEqual(try fileText(), broken)
        // Said again on the way out, where it stays readable, and the program ends with an
        // error (it said nothing and exited 0: the change was lost without a word).
        h.app.finish()
        XCTAssertTrue(h.app.leftUnsaved)
        XCTAssertEqual(
            h.app.keeperProblems.last,
            "settings changed but not saved (mouse): " + note.dropFirst("Not saved: ".count))
    }

    /// A settings file that cannot be read is named once on the way out: it said 'in PATH:
    /// PATH: cannot read the file: …'.
    func testAnUnreadableFileIsNamedOnceOnTheWayOut() throws {
        // Larger than a settings file is read at: it cannot be read, whoever runs the test.
        try AtomicFile.write("# " + String(repeating: "x", count: SettingsFile.sizeLimit) + "\n", to: path)
        let h = klondike()
        h.type("o")
        h.key(.down)
        h.key(.down)
        h.key(.right)
        let note = try XCTUnwrap(h.app.settingsNote)
        XCTAssertTrue(note.hasPrefix("Not saved: \(path): cannot read"), note)
        h.app.finish()
        let said = try XCTUnwrap(h.app.keeperProblems.last)
        XCTAssertEqual(said.components(separatedBy: path).count, 2, "the file named once: \(said)")
        XCTAssertEqual(said, "settings changed but not saved (mouse): " + note.dropFirst("Not saved: ".count))
    }

    /// A change that could not be written, written by a later change of the same setting, is
    /// not said on the way out.
    func testAChangeWrittenLaterIsNotSaidOnTheWayOut() throws {
        try AtomicFile.write("mouse = \"drag\n", to: path)
        let h = klondike()
        h.type("o")
        h.key(.down)
        h.key(.down)
        h.key(.right)
        XCTAssertTrue(try XCTUnwrap(h.app.settingsNote).hasPrefix("Not saved: "))
        try AtomicFile.write("", to: path)
        h.key(.right)
        h.key(.right)
        XCTAssertEqual(h.app.settingsNote, "Saved in \(path)")
        h.app.finish()
        XCTAssertFalse(h.app.leftUnsaved)
        XCTAssertFalse(h.app.keeperProblems.contains { $0.hasPrefix("settings changed") }, "\(h.app.keeperProblems)")
    }

    func testWithoutAFileChangesLastUntilQuit() {
        let h = Harness(layout: ShippedLayouts.layout(named: "klondike")!, seed: 5)
        XCTAssertEqual(h.app.playerSettings, Settings(), "read off the app")
        h.type("o")
        XCTAssertTrue(h.screen.contains("Changes last until you quit."), h.screen)
        h.key(.down)
        h.key(.right)
        XCTAssertEqual(h.scene.autoplay, .safe)
        XCTAssertEqual(h.app.settingsNote, "Changes last until you quit.")
    }

    func testHelpListsTheKey() {
        let lines = HelpText.lines(
            for: ShippedLayouts.layout(named: "klondike")!, theme: Theme(ascii: false, monochrome: false))
        XCTAssertTrue(lines.contains { $0.hasPrefix("  o ") && $0.hasSuffix("settings") }, "\(lines)")
    }
}
