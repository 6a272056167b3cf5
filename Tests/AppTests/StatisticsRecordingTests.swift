import Layouts
import Persistence
import Solitaire
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// Statistics as games end: a win, a new deal after moves, a quit after moves; a game counted
/// once however often it ends; the win panel's line.
final class StatisticsRecordingTests: XCTestCase {
    var folder = ""
    var folders: XDGDirectories {
        XDGDirectories(state: folder + "/state", data: folder + "/data", config: folder + "/config")
    }

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func keep(_ app: TableApp) {
        app.keeper = FileGameKeeper(folders: folders) { ShippedLayouts.layout(named: $0) }
    }

    func figures() throws -> VariantStatistics? {
        try StatisticsStore(directories: folders).statistics(for: "klondike")
    }

    func testAWinIsRecordedOnceAndShownOnTheWinPanel() throws {
        let win = WinTests.Win(animations: false)
        keep(win.app)
        win.setUp(lastOut: true)
        win.playTheLastCard()
        win.harness.settle()
        XCTAssertTrue(win.scene.isShowingWinPanel)
        let figures = try XCTUnwrap(try figures())
        XCTAssertEqual([figures.played, figures.won, figures.currentStreak], [1, 1, 1])
        XCTAssertTrue(win.harness.screen.contains("Played 1 · won 1 (100%) · streak 1"), win.harness.screen)
        XCTAssertEqual(
            ((try? TemporaryFolder.entries(folder + "/state/saves")) ?? []).filter { $0.hasSuffix(".save") }, [])
        // A new deal after a win is not a loss of the won game.
        win.harness.pilot.type("n")
        XCTAssertEqual(try self.figures()?.played, 1)
    }

    /// A win the demo played is not the player's: not counted, and the win panel says so.
    func testAWinTheDemoPlayedIsNotCounted() throws {
        let win = WinTests.Win(animations: false)
        keep(win.app)
        let work = ManualBackgroundWork()
        win.app.background = work
        win.setUp(lastOut: true)
        win.scene.apply(PlaySettings(showsWinnable: false))  // the demo searches on its own
        win.harness.pilot.type("D")
        work.runAll()  // the demo's search: the one move left wins
        win.harness.settle()
        XCTAssertTrue(win.scene.isShowingWinPanel, "the demo won: \(win.scene.statusText)")
        XCTAssertNil(try figures(), "nothing counted")
        XCTAssertTrue(win.harness.screen.contains("Not counted in the statistics: the demo played"), win.harness.screen)
    }

    /// A demo's moves stay with the game through a save: resumed and won, it is still not counted.
    func testAGameTheDemoPlayedStaysUncountedWhenResumed() throws {
        let game = SavedGame(
            id: "00000000000000ab", variant: "klondike", layout: "klondike", title: "Klondike", fingerprint: "0",
            start: .deal(3), elapsed: 12, assisted: true)
        let read = try SavedGame.decode(game.encoded(), file: "k.save")
        XCTAssertTrue(read.assisted)
        XCTAssertTrue(game.encoded().contains("\nelapsed 12.000\nassisted\nhistory 0\n"), game.encoded())
        XCTAssertFalse(
            try SavedGame.decode(
                SavedGame(
                    id: "00000000000000ab", variant: "klondike", layout: "klondike", title: "Klondike",
                    fingerprint: "0",
                    start: .deal(3)
                ).encoded(), file: "k.save"
            ).assisted)
    }

    func testANewDealOrAQuitAfterMovesIsALossAndAResumedWinReplacesIt() throws {
        let first = Harness(layout: ShippedLayouts.layout(named: "klondike")!, seed: 3)
        keep(first.app)
        first.pilot.type("n")  // no move yet: nothing counted
        XCTAssertNil(try figures())
        first.pilot.type("d")
        first.pilot.type("n")  // a move, then a new deal: lost
        XCTAssertEqual(try figures()?.played, 1)
        XCTAssertEqual(try figures()?.won, 0)
        first.pilot.type("d")
        let quitID = first.scene.gameID
        first.app.finish()  // quit after a move: lost, but saved
        XCTAssertEqual(try figures()?.played, 2)
        first.app.finish()
        XCTAssertEqual(try figures()?.played, 2, "the same game is never counted twice")

        // Resumed elsewhere and won: the loss becomes a win.
        let win = WinTests.Win(animations: false)
        keep(win.app)
        win.app.offerSavedGame()
        XCTAssertTrue(win.scene.isOfferingResume)
        win.harness.pilot.type("r")
        XCTAssertEqual(win.scene.gameID, quitID)
        win.setUp(lastOut: true)
        win.playTheLastCard()
        win.harness.settle()
        let figures = try XCTUnwrap(try figures())
        XCTAssertEqual([figures.played, figures.won], [2, 1])
    }
}
