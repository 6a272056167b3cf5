import Layouts
import Persistence
import Solitaire
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// Any change of what takes the player's input ends the drag or the carry: the cards go back to
/// where they came from, and the rest of the gesture (motion, a release while an overlay shows
/// or after it closed) lifts nothing. One test per kind of change: help, the settings screen, a
/// script's failure panel, the win, the resume offer, the "too small" message, a resize, the
/// chooser, a new deal, undo and redo, focus lost and a suspend.
final class ModeChangeTests: XCTestCase {
    /// The sandbox (seed 1) with 4♥ dealt on free.1 and A♠ on free.2, settled: the screen as
    /// it is with nothing in hand. A drag hides the keyboard cursor, a carry shows it: the
    /// screen to come back to has it as the test's gesture leaves it.
    func table(cursor: Bool) -> (Harness, String) {
        let h = Harness(seed: 1)
        h.click(slot: "free.1")
        h.click(slot: "free.2")
        h.scene.cursorVisible = cursor
        h.scene.updateCursor()
        h.settle()
        return (h, h.screen)
    }

    /// 4♥ pressed on free.1 and dragged over the empty free.4, lifted.
    func startDragging(_ h: Harness, file: StaticString = #filePath, line: UInt = #line) {
        h.press(8, 3)
        h.drag(9, 3)
        h.advance(0.1)
        h.drag(35, 3)
        XCTAssertEqual(h.scene.draggedCard?.description, "4H", "dragging", file: file, line: line)
        XCTAssertTrue(h.scene.statusText.hasPrefix("Dragging 4♥"), h.scene.statusText, file: file, line: line)
    }

    /// 4♥ picked up from free.1 with the keyboard (the cursor starts there).
    func startCarrying(_ h: Harness, file: StaticString = #filePath, line: UInt = #line) {
        h.key(.enter)
        XCTAssertEqual(h.scene.heldCard?.description, "4H", "carrying", file: file, line: line)
        XCTAssertTrue(h.scene.statusText.hasPrefix("Carrying 4♥"), h.scene.statusText, file: file, line: line)
    }

    /// Nothing is in hand, now or after the rest of the gesture: every card rests flat on its
    /// pile, and the status line says nothing of dragging or carrying.
    func assertNothingInHand(_ h: Harness, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(h.scene.draggedCard, "no drag", file: file, line: line)
        XCTAssertNil(h.scene.heldCard, "no carry", file: file, line: line)
        // The rest of the gesture: motion with the button held, then the release over free.4.
        h.drag(36, 4)
        h.release(35, 3)
        h.settle()
        XCTAssertNil(h.scene.draggedCard, "the rest of the gesture drags nothing", file: file, line: line)
        XCTAssertFalse(h.scene.statusText.contains("Dragging"), h.scene.statusText, file: file, line: line)
        XCTAssertFalse(h.scene.statusText.contains("Carrying"), h.scene.statusText, file: file, line: line)
        XCTAssertEqual(h.cards(in: "free.4"), [], "nothing dropped on free.4", file: file, line: line)
        h.assertAllCardsAtRest(file: file, line: line)
    }

    /// Drags 4♥ onto free.5 and back: the table still plays.
    func assertStillPlays(_ h: Harness, file: StaticString = #filePath, line: UInt = #line) {
        let from = h.centre(of: "free.1")
        let to = h.centre(of: "free.5")
        h.press(from.x, from.y)
        h.drag(from.x + 1, from.y)
        h.drag(to.x, to.y)
        h.release(to.x, to.y)
        h.settle()
        XCTAssertEqual(h.cards(in: "free.5"), ["4H"], "a drag after the change works", file: file, line: line)
    }

    // MARK: Help

    func testHelpOpenedMidDragPutsTheCardBackAndTheReleaseUnderItDoesNothing() {
        let (h, before) = table(cursor: false)
        startDragging(h)
        h.key(.character("?"))
        XCTAssertTrue(h.scene.isShowingHelp)
        XCTAssertNil(h.scene.draggedCard, "help ends the drag")
        h.drag(36, 4)
        h.release(35, 3)  // released while help shows
        h.settle()
        XCTAssertTrue(h.scene.isShowingHelp, "motion and a release leave help up")
        h.key(.character("x"))
        h.settle()
        XCTAssertFalse(h.scene.isShowingHelp)
        XCTAssertEqual(h.screen, before, "the table as it was before the drag")
        assertNothingInHand(h)
        assertStillPlays(h)
    }

    /// The terminal sends the press, the motion and `?` faster than frames are drawn: the motion
    /// is still waiting when help opens, and must not start a drag under it.
    func testHelpOpenedBeforeTheMotionWasDrawnStartsNoDragUnderIt() {
        let (h, before) = table(cursor: false)
        let app = h.app
        app.handle(.mouse(MouseReport(action: .press, button: .left, column: 8, row: 3)))
        app.handle(.mouse(MouseReport(action: .drag, button: .left, column: 12, row: 3)))
        app.handle(.key(KeyPress(.character("?"))))
        h.renderFrame()
        XCTAssertTrue(h.scene.isShowingHelp)
        XCTAssertNil(h.scene.draggedCard, "the waiting motion does not start a drag under help")
        app.handle(.mouse(MouseReport(action: .drag, button: .left, column: 30, row: 3)))
        app.handle(.mouse(MouseReport(action: .release, button: .left, column: 35, row: 3)))
        h.settle()
        h.key(.character("x"))
        h.settle()
        XCTAssertFalse(h.scene.statusText.contains("Dragging"), h.scene.statusText)
        XCTAssertEqual(h.screen, before)
        assertNothingInHand(h)
        assertStillPlays(h)
    }

    func testHelpOpenedWhileCarryingPutsTheCardBack() {
        let (h, before) = table(cursor: true)
        startCarrying(h)
        h.key(.character("?"))
        XCTAssertNil(h.scene.heldCard)
        h.key(.character("x"))
        h.settle()
        XCTAssertEqual(h.screen, before)
        assertNothingInHand(h)
    }

    // MARK: Panels

    func testTheSettingsScreenOpenedMidDragPutsTheCardBack() {
        let (h, before) = table(cursor: false)
        startDragging(h)
        h.key(.character("o"))
        XCTAssertTrue(h.app.isShowingSettings)
        XCTAssertNil(h.scene.draggedCard)
        h.drag(36, 4)
        h.release(35, 3)
        h.key(.escape)
        h.settle()
        XCTAssertFalse(h.app.isShowingSettings)
        XCTAssertEqual(h.screen, before)
        assertNothingInHand(h)
        assertStillPlays(h)
    }

    /// Lifting a card asks the script where it may go; the script fails and its panel shows
    /// over the table: the card goes back under it.
    func testAScriptsFailurePanelShownMidDragPutsTheCardBack() throws {
        let table = try ScriptedTable.harness(
            name: "broken", columns: "deal-down = [0, 1, 2, 3, 4, 5, 6]\ndeal-up = 1", script: ScriptFailureTests.script
        )
        let before = table.scene.state
        let card = try XCTUnwrap(table.scene.restingFrame(pile: table.scene.pileIndex(of: "tableau.1")!, index: 0))
        table.press(Int(card.minX) + 2, Int(card.minY) + 1)
        table.drag(Int(card.minX) + 3, Int(card.minY) + 1)
        table.drag(Int(card.minX) + 20, Int(card.minY) + 2)
        XCTAssertTrue(table.scene.isShowingHelp, "the failure panel shows")
        XCTAssertNil(table.scene.draggedCard, "the failure panel ends the drag")
        table.release(Int(card.minX) + 20, Int(card.minY) + 2)
        table.key(.character("x"))
        table.settle()
        XCTAssertFalse(table.scene.isShowingHelp)
        XCTAssertEqual(table.scene.state, before)
        XCTAssertNil(table.scene.draggedCard)
        XCTAssertFalse(table.scene.statusText.contains("Dragging"), table.scene.statusText)
        table.assertAllCardsAtRest()
    }

    /// A win celebrated while cards are in hand (the celebration can start from outside the
    /// player's move, as `celebrateWin` does for a resumed won game): they go back first; the
    /// win panel, which shows when the cascade ends, starts no drag either.
    func testTheWinAndItsPanelEndTheDrag() throws {
        let win = WinTests.Win()
        win.setUp(lastOut: true)
        let h = win.harness
        let frame = try XCTUnwrap(win.scene.restingFrame(pile: win.scene.pileIndex(of: "tableau.7")!, index: 0))
        h.press(Int(frame.minX) + 2, Int(frame.minY) + 1)
        h.drag(Int(frame.minX) + 3, Int(frame.minY) + 1)
        h.drag(Int(frame.minX) + 10, Int(frame.minY) + 4)
        XCTAssertEqual(win.scene.draggedCard?.description, "KS")
        // The king goes up by other means (a test's hand) and the game is won.
        var position = win.scene.state
        let king = position.piles[win.scene.pileIndex(of: "tableau.7")!].removeLast()
        position.piles[win.scene.pileIndex(of: "foundation.4")!].append(king)
        win.scene.replacePosition(with: position)
        h.renderFrame()
        XCTAssertTrue(win.scene.isCelebrating)
        XCTAssertNil(win.scene.draggedCard)
        h.drag(Int(frame.minX) + 20, Int(frame.minY) + 4)
        h.release(Int(frame.minX) + 20, Int(frame.minY) + 4)
        // The cascade ends by itself: the panel shows on a frame, with no event.
        var seconds = 0
        while !win.scene.isShowingWinPanel && seconds < 600 {
            h.advance(1)
            seconds += 1
        }
        XCTAssertTrue(win.scene.isShowingWinPanel)
        XCTAssertNil(win.scene.draggedCard)
        XCTAssertNil(win.scene.heldCard)
        XCTAssertTrue(h.app.screenText.contains("You won Klondike"), h.app.screenText)
    }

    func testTheResumeOfferShownMidDragEndsTheDrag() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let klondike = ShippedLayouts.layout(named: "klondike")!
        func keeper() -> FileGameKeeper {
            FileGameKeeper(
                folders: XDGDirectories(state: folder + "/state", data: folder + "/data", config: folder + "/config")
            ) { ShippedLayouts.layout(named: $0) }
        }
        var first: Harness? = Harness(layout: klondike, seed: 12345, width: 100, height: 30)
        first!.app.keeper = keeper()
        first!.pilot.type("dd")
        first!.settle()
        first = nil

        let h = Harness(layout: klondike, seed: 999, width: 100, height: 30)
        h.app.keeper = keeper()
        h.settle()
        let frame = try XCTUnwrap(h.scene.restingFrame(pile: h.scene.pileIndex(of: "tableau.1")!, index: 0))
        h.press(Int(frame.minX) + 2, Int(frame.minY) + 1)
        h.drag(Int(frame.minX) + 3, Int(frame.minY) + 1)
        h.drag(Int(frame.minX) + 30, Int(frame.minY) + 2)
        XCTAssertNotNil(h.scene.draggedCard)
        h.app.offerSavedGame()
        h.renderFrame()
        XCTAssertTrue(h.scene.isOfferingResume)
        XCTAssertNil(h.scene.draggedCard)
        h.release(Int(frame.minX) + 30, Int(frame.minY) + 2)
        h.pilot.type("r")
        h.settle()
        XCTAssertFalse(h.scene.isOfferingResume)
        XCTAssertEqual(h.scene.history.count, 2, "the saved game, as it was")
        XCTAssertNil(h.scene.draggedCard)
        XCTAssertFalse(h.scene.statusText.contains("Dragging"), h.scene.statusText)
        h.assertAllCardsAtRest()
    }

    // MARK: The screen

    func testTheTooSmallMessageEndsTheDragAndTheTableComesBackAsItWas() {
        let (h, before) = table(cursor: false)
        startDragging(h)
        h.resize(width: 30, height: 8)
        XCTAssertTrue(h.screen.contains("terminal too small"), h.screen)
        XCTAssertNil(h.scene.draggedCard)
        h.drag(20, 4)
        h.release(20, 4)
        h.resize(width: 80, height: 24)
        h.settle()
        XCTAssertEqual(h.screen, before)
        assertNothingInHand(h)
        assertStillPlays(h)
    }

    func testAResizePutsCarriedCardsBack() {
        let (h, _) = table(cursor: true)
        startCarrying(h)
        h.resize(width: 100, height: 30)
        XCTAssertNil(h.scene.heldCard)
        assertNothingInHand(h)
    }

    func testTheChooserOpenedMidDragEndsItAndTheGameComesBackAsItWas() {
        let (h, before) = table(cursor: false)
        startDragging(h)
        h.key(.character("g"))
        XCTAssertTrue(h.app.isShowingChooser)
        h.drag(36, 4)
        h.release(35, 3)
        h.key(.escape)
        h.settle()
        XCTAssertFalse(h.app.isShowingChooser)
        XCTAssertEqual(h.screen, before)
        assertNothingInHand(h)
        assertStillPlays(h)
    }

    func testANewDealMidDragEndsIt() {
        let h = Harness(layout: ShippedLayouts.layout(named: "klondike")!, seed: 7)
        h.settle()
        let frame = h.scene.restingFrame(pile: h.scene.pileIndex(of: "tableau.1")!, index: 0)!
        h.press(Int(frame.minX) + 2, Int(frame.minY) + 1)
        h.drag(Int(frame.minX) + 3, Int(frame.minY) + 1)
        h.drag(Int(frame.minX) + 20, Int(frame.minY) + 2)
        XCTAssertNotNil(h.scene.draggedCard)
        h.key(.character("n"))
        XCTAssertNil(h.scene.draggedCard)
        h.drag(Int(frame.minX) + 25, Int(frame.minY) + 2)
        h.release(Int(frame.minX) + 25, Int(frame.minY) + 2)
        h.settle()
        XCTAssertEqual(h.scene.dealName, "#8")
        XCTAssertNil(h.scene.draggedCard)
        XCTAssertEqual(h.scene.history.count, 0, "the release made no move on the new deal")
        h.assertAllCardsAtRest()
    }

    // MARK: Undo and redo

    func testUndoMidDragPutsTheCardBackThenUndoes() {
        let (h, _) = table(cursor: false)
        startDragging(h)
        h.key(.character("u"))
        XCTAssertNil(h.scene.draggedCard)
        XCTAssertEqual(h.cards(in: "free.2"), [], "the last deal is undone")
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        assertNothingInHand(h)
    }

    func testUndoAndRedoWhileCarryingPutTheCardBackThenAct() {
        let (h, before) = table(cursor: true)
        startCarrying(h)
        h.key(.character("u"))
        XCTAssertNil(h.scene.heldCard)
        XCTAssertEqual(h.cards(in: "free.2"), [])
        h.settle()
        startCarrying(h)
        h.key(.character("U"))
        XCTAssertNil(h.scene.heldCard)
        XCTAssertEqual(h.cards(in: "free.2"), ["AS"], "redone")
        h.settle()
        XCTAssertEqual(h.screen, before)
        assertNothingInHand(h)
    }

    // MARK: Focus and suspend

    func testLosingFocusPutsCarriedCardsBack() {
        let (h, before) = table(cursor: true)
        startCarrying(h)
        h.pilot.send(.focusOut)
        h.settle()
        XCTAssertNil(h.scene.heldCard)
        XCTAssertEqual(h.screen, before)
        assertNothingInHand(h)
    }

    /// Ctrl-Z: the front end calls `cancelPointer()` before giving the terminal back.
    func testASuspendEndsTheDrag() {
        let (h, before) = table(cursor: false)
        startDragging(h)
        h.app.cancelPointer()
        h.app.window.setNeedsFullRedraw()  // what `fg` does
        h.settle()
        XCTAssertEqual(h.screen, before)
        assertNothingInHand(h)
    }

    func testASuspendEndsTheCarry() {
        let (h, before) = table(cursor: true)
        startCarrying(h)
        h.app.cancelPointer()
        h.app.window.setNeedsFullRedraw()
        h.settle()
        XCTAssertEqual(h.screen, before)
        assertNothingInHand(h)
    }
}
