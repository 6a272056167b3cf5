import Layouts
import Persistence
import Solitaire
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// Nothing lost: a game is saved after every move; the next start of the game offers it back,
/// and undo reaches moves made before the restart.
final class SavingTests: XCTestCase {
    var folder = ""
    let klondike = ShippedLayouts.layout(named: "klondike")!

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    var saves: String { folder + "/state/saves" }

    /// A Klondike app keeping its games in the test's folder, as a start of the program would.
    func start(seed: UInt64 = 12345, offering: Bool = true) -> Harness {
        let harness = Harness(layout: klondike, seed: seed, width: 100, height: 30)
        harness.app.keeper = FileGameKeeper(
            folders: XDGDirectories(state: folder + "/state", data: folder + "/data", config: folder + "/config")
        ) { ShippedLayouts.layout(named: $0) }
        if offering { harness.app.offerSavedGame() }
        harness.renderFrame()
        return harness
    }

    func saveFiles() throws -> [String] {
        try TemporaryFolder.entries(saves).filter { $0.hasSuffix(".save") }
    }

    func testAGameComesBackAfterTheProgramEndsAndUndoReachesMovesMadeBefore() throws {
        var first: Harness? = start()
        let dealt = first!.scene.state
        first!.pilot.type("ddd")
        first!.settle()
        let played = first!.scene.state
        let id = first!.scene.gameID
        XCTAssertEqual(try saveFiles(), ["klondike-\(id).save"])
        first = nil  // the program is killed: nothing more happens

        let second = start(seed: 999)
        XCTAssertTrue(second.scene.isOfferingResume)
        XCTAssertTrue(second.app.screenText.contains("Resume Klondike #12345, 3 moves, 0:00?"), second.app.screenText)
        XCTAssertEqual(second.scene.state, played, "the saved position is on the table under the offer")
        second.pilot.type("r")
        XCTAssertFalse(second.scene.isOfferingResume)
        XCTAssertEqual(second.scene.gameID, id)
        XCTAssertTrue(second.scene.statusText.contains("Klondike #12345 · 3 moves"), second.scene.statusText)
        second.pilot.type("uuu")
        second.settle()
        XCTAssertEqual(second.scene.state, dealt, "three undos reach the deal")
        second.pilot.type("u")
        XCTAssertTrue(second.scene.statusText.contains("nothing to undo"), second.scene.statusText)
        second.pilot.type("U")
        second.settle()
        XCTAssertEqual(second.scene.history.count, 1, "and redo works on them too")
    }

    /// Quitting saves the clock as it stands, not as it was at the last move.
    func testQuittingKeepsTheClockOfTheMomentLeft() throws {
        let first = start()
        first.pilot.type("d")
        first.settle()
        first.clock.advance(by: 34)
        first.app.finish()
        let saved = try XCTUnwrap(try saveFiles().first)
        let game = try SavedGame.decode(
            try String(contentsOfFile: saves + "/" + saved, encoding: .utf8), file: saved)
        XCTAssertGreaterThanOrEqual(game.elapsed, 34, "the time the player left at")
        XCTAssertFalse(first.app.leftUnsaved)
    }

    /// A game that cannot be saved is said again on the way out, and the program fails.
    func testAGameThatCannotBeSavedIsSaidOnTheWayOut() throws {
        // A file where the state folder should be: no save can be written under it.
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/state", contents: Data("x".utf8)))
        let table = start()
        table.pilot.type("d")
        table.settle()
        XCTAssertTrue(table.scene.statusText.contains("cannot save"), table.scene.statusText)
        // The moves after it, unsaved as well, say so too: the notice went with the next move,
        // and nothing on the screen said that the game was still not saved.
        table.pilot.type("d")
        table.settle()
        XCTAssertFalse(table.scene.statusText.contains("cannot save"), table.scene.statusText)
        XCTAssertTrue(table.scene.statusText.contains(" · 2 moves · "), table.scene.statusText)
        XCTAssertTrue(table.scene.statusText.contains(" · not saved"), table.scene.statusText)
        // Saved again (the folder back): the line says nothing more.
        XCTAssertEqual(unlink(folder + "/state"), 0)
        table.pilot.type("d")
        table.settle()
        XCTAssertFalse(table.scene.statusText.contains("not saved"), table.scene.statusText)
        XCTAssertEqual(try saveFiles().count, 1)
        table.app.finish()
        XCTAssertFalse(table.app.leftUnsaved, "saved in the end")
    }

    /// As above, the way out says it: the program fails.
    func testAGameThatCannotBeSavedFailsOnTheWayOut() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/state", contents: Data("x".utf8)))
        let table = start()
        table.pilot.type("d")
        table.settle()
        table.app.finish()
        XCTAssertTrue(table.app.leftUnsaved)
        XCTAssertTrue(
            table.app.keeperProblems.contains { $0.hasPrefix("the game is not saved: ") && $0.contains(folder) },
            "\(table.app.keeperProblems)")
    }

    /// Every save can be reached: starting a deal by number offers that deal's save even when a
    /// newer game of the variant is saved too, and can start the deal afresh instead.
    func testADealAskedForOffersItsOwnSave() throws {
        var first: Harness? = start(seed: 5, offering: false)
        first!.pilot.type("dd")
        first!.settle()
        let older = first!.scene.gameID
        first!.app.finish()
        first = nil
        var second: Harness? = start(seed: 9, offering: false)
        second!.pilot.type("d")
        second!.settle()
        second!.app.finish()
        second = nil
        XCTAssertEqual(try saveFiles().count, 2)

        let asked = start(seed: 5, offering: false)
        asked.app.offerSavedGame(deal: 5)
        asked.renderFrame()
        XCTAssertTrue(asked.scene.isOfferingResume)
        XCTAssertTrue(asked.app.screenText.contains("Resume Klondike #5, 2 moves"), asked.app.screenText)
        XCTAssertEqual(asked.scene.gameID, older)
        XCTAssertTrue(asked.app.screenText.contains("Start #5 afresh"), asked.app.screenText)
        asked.pilot.type("s")
        asked.settle()
        XCTAssertFalse(asked.scene.isOfferingResume)
        XCTAssertNotEqual(asked.scene.gameID, older, "a new game of the same deal")
        XCTAssertEqual(asked.scene.history.count, 0)
        XCTAssertEqual(asked.scene.start, .deal(5))
        XCTAssertEqual(try saveFiles().count, 1, "the older save counted as lost and removed")

        let none = start(seed: 77, offering: false)
        none.app.offerSavedGame(deal: 77)
        XCTAssertFalse(none.scene.isOfferingResume, "a deal with no save offers nothing")
    }

    func testTheClockGoesOnFromTheTimeSaved() throws {
        var first: Harness? = start()
        first!.pilot.type("d")
        first!.clock.advance(by: 190)
        first!.pilot.type("d")
        first!.settle()
        first = nil
        let second = start()
        second.clock.advance(by: 30)  // the offer waits: its time is not played
        second.pilot.type("r")
        second.clock.advance(by: 2)
        second.scene.clockTicked()
        second.renderFrame()
        XCTAssertTrue(second.scene.statusText.contains("2 moves · 3:12"), second.scene.statusText)
    }

    func testANewDealFromTheOfferGivesTheGameUp() throws {
        var first: Harness? = start()
        first!.pilot.type("d")
        first = nil
        let second = start()
        second.pilot.type("n")
        XCTAssertFalse(second.scene.isOfferingResume)
        XCTAssertEqual(second.scene.seed, 12346, "the next deal")
        XCTAssertEqual(try saveFiles(), [], "the given-up game's save is gone; the new deal has no move yet")
        XCTAssertFalse(start().scene.isOfferingResume)
    }

    func testQuittingKeepsTheSaveAndAGameWithoutMovesIsNotSaved() throws {
        let first = start()
        first.pilot.type("d")
        first.pilot.type("u")
        first.app.finish()
        XCTAssertEqual(try saveFiles().count, 1, "an undone move is still something to come back to")
        let second = start()
        XCTAssertTrue(second.scene.isOfferingResume)
        second.pilot.type("r")
        second.pilot.type("R")  // restart: no move left, nothing to resume
        XCTAssertEqual(try saveFiles(), [])
    }

    func testABadSaveIsSaidAndMovedAsideAndANewGameStarts() throws {
        try AtomicFile.write("cardtable-save 1\nid 1\n", to: saves + "/klondike-0000000000000001.save")
        let harness = start()
        XCTAssertFalse(harness.scene.isOfferingResume)
        XCTAssertTrue(
            harness.scene.statusText.contains("cut short (no checksum at the end); kept as"), harness.scene.statusText)
        XCTAssertEqual(harness.app.keeperProblems.count, 1)
        XCTAssertEqual(try TemporaryFolder.entries(saves), ["klondike-0000000000000001.save.bad"])
    }

    /// A save moved aside is named by its file's name on the status line, and a save that
    /// cannot be written too: with the saves folder's whole path first, an 80-column status
    /// line was cut before it said why ("/home/hostile/.local/state/cardtable/saves/klondike-
    /// 37c4….save: can…", a save the player could not read). The way out says the paths.
    func testASaveIsNamedByItsFileNameOnTheStatusLine() throws {
        try FileManager.default.createDirectory(
            atPath: saves + "/klondike-0000000000000001.save", withIntermediateDirectories: true)
        let harness = Harness(layout: klondike, seed: 12345, width: 80, height: 24)
        harness.app.keeper = FileGameKeeper(
            folders: XDGDirectories(state: folder + "/state", data: folder + "/data", config: folder + "/config")
        ) { ShippedLayouts.layout(named: $0) }
        harness.app.offerSavedGame()
        harness.renderFrame()
        let status = harness.scene.statusText
        XCTAssertTrue(status.hasPrefix("klondike-0000000000000001.save: cannot be read: "), status)
        XCTAssertFalse(status.contains(folder), status)
        XCTAssertTrue(
            harness.app.keeperProblems.first?.hasPrefix(saves + "/klondike-") == true, "said whole on the way out")
        XCTAssertEqual(
            PathNames.namingFilesByName(
                "cannot save: /home/ann/saves/k-1.save: No space; kept as /x/k.bad, (/y/z) /root"),
            "cannot save: k-1.save: No space; kept as k.bad, (z) /root")
        XCTAssertEqual(PathNames.namingFilesByName("1/2 and a/b: x"), "1/2 and a/b: x")
        // Spaces in the folders' names (and the file's): one path, not words.
        XCTAssertEqual(
            PathNames.namingFilesByName(
                "cannot save: /home/ann/My Games/state/k-1.save: No space; kept as /My Saves/old/k 2.bad, (/y z/w)"),
            "cannot save: k-1.save: No space; kept as k 2.bad, (w)")
        XCTAssertEqual(
            PathNames.namingFilesByName("/a b/c d: cannot be read"), "c d: cannot be read")
    }

    func testTheChooserMarksASavedGameAndSelectsIt() throws {
        var first: Harness? = start()
        first!.pilot.type("dd")
        first = nil
        let clock = ManualClock()
        let app = TableApp(
            chooserWith: ShippedLayouts.names.compactMap { ShippedLayouts.layout(named: $0) }, width: 110, height: 34,
            clock: clock
        ) { 5 }
        app.keeper = FileGameKeeper(
            folders: XDGDirectories(state: folder + "/state", data: folder + "/data", config: folder + "/config")
        ) { ShippedLayouts.layout(named: $0) }
        app.renderFrame()
        XCTAssertEqual(app.chooser?.selectedGame.name, "klondike")
        XCTAssertTrue(
            app.screenText.contains("Saved: Klondike #12345, 2 moves, 0:00. Enter offers to resume it."), app.screenText
        )
        app.handle(.key(KeyPress(.enter)))
        app.renderFrame()
        XCTAssertTrue(app.scene.isOfferingResume)
        XCTAssertEqual(app.scene.history.count, 2)
    }
}
