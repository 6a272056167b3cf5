import Layouts
import Persistence
import Solitaire
import TableKit
import TerminalInput
import XCTest

@testable import App

/// Playing a game well: undo and redo, restart, click-to-move, legal targets outlined while
/// cards are in hand, and the clock and move count on the status line.
final class PlayingTests: XCTestCase {
    typealias Game = GameTests.Game

    /// A stock that will not deal says why on the status line, as a refused drop does (Sir
    /// Tommy's waste holds one card); a click that deals says nothing of the kind.
    func testAStockThatWillNotDealSaysWhy() {
        let game = Game("sir-tommy")
        game.setUp(["waste": "5H", "stock": "KC 2C"])
        game.click(game.slotCentre("stock"))
        game.settle()
        XCTAssertTrue(game.status.contains("the waste holds one card: play it first"), game.status)
        XCTAssertEqual(game.cards("waste"), "5H", "and nothing was dealt")
        game.type("u")  // nothing to undo: the notice changes
        game.type("d")  // the key that deals
        XCTAssertTrue(game.status.contains("the waste holds one card: play it first"), game.status)
        game.type("u")
        game.scene.cursorSlot = "stock"
        game.key(.enter)  // Enter on the stock
        XCTAssertTrue(game.status.contains("the waste holds one card: play it first"), game.status)
        XCTAssertEqual(game.cards("waste"), "5H")
        game.drag(from: game.cardCell("waste", 0), to: game.slotCentre("reserve.1"))
        game.settle()
        game.click(game.slotCentre("stock"))
        game.settle()
        XCTAssertEqual(game.cards("waste"), "2C")
        XCTAssertFalse(game.status.contains("play it first"), game.status)
    }

    func testUndoAndRedoRetraceMovesStockDealsIncluded() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "[9H] 8S", "tableau.2": "9D", "stock": "[KC] [2C]"], redealsLeft: 0)
        let start = game.scene.state
        game.click(game.slotCentre("stock"))  // 2♣ to the waste
        game.drag(from: game.cardCell("tableau.1", 1), to: game.slotCentre("tableau.2"))
        game.settle()
        let end = game.scene.state
        XCTAssertEqual(game.cards("tableau.1"), "9H")
        XCTAssertEqual(game.cards("waste"), "2C")

        game.type("uu")
        game.settle()
        XCTAssertEqual(game.scene.state, start, "two undos take back the move and the deal")
        XCTAssertEqual(game.cards("tableau.1"), "[9H] 8S", "the turned-up card is face down again")
        game.type("u")
        XCTAssertTrue(game.status.contains("nothing to undo"), game.status)

        game.type("UU")
        game.settle()
        XCTAssertEqual(game.scene.state, end, "two redos make both moves again, the turn-up too")
        game.key(.control("r"))
        XCTAssertTrue(game.status.contains("nothing to redo"), game.status)
        XCTAssertEqual(game.scene.history.count, 2)
    }

    func testANewMoveForgetsTheMovesUndone() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "8S", "tableau.2": "9D", "tableau.3": "9H"])
        game.drag(from: game.cardCell("tableau.1", 0), to: game.slotCentre("tableau.2"))
        game.settle()
        game.type("u")
        game.settle()
        game.drag(from: game.cardCell("tableau.1", 0), to: game.slotCentre("tableau.3"))
        game.settle()
        game.type("U")
        XCTAssertEqual(game.cards("tableau.3"), "9H 8S")
        XCTAssertEqual(game.cards("tableau.2"), "9D", "the undone move is not redone over the new one")
        XCTAssertTrue(game.status.contains("nothing to redo"), game.status)
    }

    func testRestartDealsTheSameDealAgainAndResetsMovesAndClock() {
        let game = Game("klondike", seed: 7)
        let dealt = game.scene.state
        game.click(game.slotCentre("stock"))
        game.settle()
        game.advance(30)
        XCTAssertNotEqual(game.scene.state, dealt)
        game.type("R")
        game.settle()
        XCTAssertEqual(game.scene.state, dealt)
        XCTAssertEqual(game.scene.seed, 7)
        XCTAssertEqual(game.scene.history.count, 0)
        XCTAssertEqual(game.scene.elapsedSeconds, 0)
        XCTAssertTrue(game.status.contains("Klondike #7 · 0 moves · 0:00"), game.status)
    }

    func testTheStatusLineCountsMovesAndTimeFromTheFirstMove() {
        let game = Game("klondike", seed: 3)
        game.advance(20)
        XCTAssertTrue(game.status.hasPrefix("Klondike #3 · 0 moves · 0:00"), "the clock waits: \(game.status)")
        XCTAssertNil(game.scene.nextClockTick, "no wake-ups before the first move")
        game.click(game.slotCentre("stock"))  // the click lets 0.5 s pass
        game.advance(64)
        game.scene.clockTicked()
        XCTAssertTrue(game.status.contains("1 move · 1:04"), game.status)
        let tick = game.scene.nextClockTick ?? 0
        XCTAssertEqual(tick - game.harness.clock.now, 0.5, accuracy: 0.01, "the next whole second")
    }

    /// Ctrl-Z gives the terminal back until `fg`: that time is not play. The clock ran on
    /// through it (Ctrl-Z at 0:03, `fg` ten minutes later, 10:03 in the save and the statistics).
    func testTheClockStopsWhileTheProgramIsSuspended() {
        let game = Game("klondike", seed: 3)
        game.click(game.slotCentre("stock"))
        game.advance(2.5)
        let before = game.scene.elapsedSeconds
        XCTAssertGreaterThan(before, 2)
        game.app.suspending()
        game.advance(600)
        game.app.resumed()
        XCTAssertEqual(game.scene.elapsedSeconds, before, accuracy: 0.01, "the time suspended is not counted")
        game.advance(2)
        XCTAssertEqual(game.scene.elapsedSeconds, before + 2, accuracy: 0.01, "the clock goes on after fg")
        game.app.resumed()  // a SIGCONT after a stop that was not the game's own: nothing to take off
        XCTAssertEqual(game.scene.elapsedSeconds, before + 2, accuracy: 0.01)
        // Stopped from outside (kill -STOP) for ten minutes, then continued: not played either.
        game.advance(600)
        game.scene.clockTicked()  // the frame after the continue shows the stop as played
        XCTAssertTrue(game.status.contains(" · \(clockText(before + 602)) · "), game.status)
        game.app.resumed(afterStoppedFor: 600)
        game.app.resumed()
        XCTAssertEqual(game.scene.elapsedSeconds, before + 2, accuracy: 0.01, "the time stopped is not counted")
        XCTAssertTrue(game.status.contains(" · \(clockText(before + 2)) · "), "at once: \(game.status)")
        game.app.resumed(afterStoppedFor: 10_000)  // never more than was played
        XCTAssertEqual(game.scene.elapsedSeconds, 0, accuracy: 0.01)
        game.advance(before + 2)
        // Paused with p, suspended, resumed: still paused, the clock where p stopped it.
        game.type("p")
        game.advance(1)
        game.app.suspending()
        game.advance(60)
        game.app.resumed()
        XCTAssertEqual(game.scene.elapsedSeconds, before + 2, accuracy: 0.01)
        game.app.resumed(afterStoppedFor: 30)  // paused: nothing runs to take off
        XCTAssertEqual(game.scene.elapsedSeconds, before + 2, accuracy: 0.01)
        game.type(" ")
        game.advance(1)
        XCTAssertEqual(game.scene.elapsedSeconds, before + 3, accuracy: 0.01)
    }

    func testTheClockStopsOnAWinAndThePanelShowsItsTime() {
        let game = Game("klondike")
        var piles: [String: String] = [:]
        for (n, suit) in ["C", "D", "H", "S"].enumerated() {
            let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
            piles["foundation.\(n + 1)"] = ranks.prefix(suit == "S" ? 12 : 13).map { $0 + suit }.joined(separator: " ")
        }
        piles["tableau.1"] = "KS"
        game.setUp(piles)
        game.drag(from: game.cardCell("tableau.1", 0), to: game.slotCentre("foundation.4"))
        game.settle()
        XCTAssertTrue(game.scene.isWon)
        let stopped = game.scene.elapsedSeconds
        game.advance(10)
        XCTAssertEqual(game.scene.elapsedSeconds, stopped, "the clock stopped at the win")
        XCTAssertNil(game.scene.nextClockTick)
        game.type(" ")  // skips the cascade to the win panel
        XCTAssertTrue(game.app.screenText.contains(clockText(stopped)), "the panel shows the time")
    }

    // MARK: Click-to-move

    func testClickToMovePlaysACardWithOneObviousPlace() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "[KH] 8S", "tableau.2": "9D", "tableau.3": "TC"])
        game.type("m")
        XCTAssertEqual(game.scene.mouseMode, .click)
        XCTAssertTrue(game.status.contains("click a card, then a pile"), game.status)
        game.click(game.cardCell("tableau.1", 1))
        game.settle()
        XCTAssertEqual(game.cards("tableau.2"), "9D 8S", "8♠ has one place: on 9♦")
        XCTAssertEqual(game.cards("tableau.1"), "KH")
    }

    func testClickToMovePicksUpACardWithAChoiceAndAClickOnAPilePutsItThere() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "[KH] 8S", "tableau.2": "9D", "tableau.3": "9H"])
        game.type("m")
        game.click(game.cardCell("tableau.1", 1))
        XCTAssertEqual(game.scene.heldCard?.description, "8S", "two places: it is picked up")
        XCTAssertEqual(game.cards("tableau.1"), "[KH] 8S")
        XCTAssertEqual(Set(visibleTargets(game)), ["tableau.2", "tableau.3"])
        game.click(game.cardCell("tableau.3", 0))
        game.settle()
        XCTAssertEqual(game.cards("tableau.3"), "9H 8S")
        XCTAssertNil(game.scene.heldCard)
        XCTAssertEqual(visibleTargets(game), [], "no outline once the cards are down")
    }

    func testClickToMoveASecondClickOnTheCardPutsItBack() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "8S", "tableau.2": "9D", "tableau.3": "9H"])
        game.type("m")
        game.click(game.cardCell("tableau.1", 0))
        XCTAssertNotNil(game.scene.heldCard)
        game.click(game.cardCell("tableau.1", 0))
        game.settle()
        XCTAssertNil(game.scene.heldCard)
        XCTAssertEqual(game.cards("tableau.1"), "8S")
        XCTAssertEqual(game.scene.history.count, 0)
    }

    func testInDragModeAClickOnATableauCardDoesNothing() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "8S", "tableau.2": "9D"])
        game.click(game.cardCell("tableau.1", 0))
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "8S")
        XCTAssertNil(game.scene.heldCard)
    }

    // MARK: Legal targets

    func testWhileDraggingOnlyTheLegalTargetsAreOutlined() {
        let game = Game("klondike")
        game.setUp([
            "tableau.1": "8S", "tableau.2": "9D", "tableau.3": "9C", "tableau.4": "9H", "foundation.1": "AS",
        ])
        let start = game.cardCell("tableau.1", 0)
        game.mouse(.press, start.x, start.y)
        game.mouse(.drag, start.x + 1, start.y + 12)
        game.settle()
        XCTAssertEqual(Set(visibleTargets(game)), ["tableau.2", "tableau.4"], "red nines only")
        // The outline is drawn on the top card's border, in the target colour.
        let nine = game.scene.restingFrame(pile: game.scene.pileIndex(of: "tableau.2")!, index: 0)!
        let corner = game.harness.cell(Int(nine.minX), Int(nine.maxY) - 1)
        XCTAssertEqual(corner.background, game.scene.theme.target.foreground, "9♦'s corner is highlighted")
        let black = game.scene.restingFrame(pile: game.scene.pileIndex(of: "tableau.3")!, index: 0)!
        XCTAssertNotEqual(
            game.harness.cell(Int(black.minX), Int(black.maxY) - 1).background, game.scene.theme.target.foreground,
            "9♣ is not")
        game.mouse(.release, start.x + 1, start.y + 12)
        game.settle()
        XCTAssertEqual(visibleTargets(game), [])
    }

    func testCarryingWithTheKeyboardOutlinesTheSameTargets() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "8S", "tableau.2": "9D", "tableau.3": "9C"])
        game.type("1 ")
        XCTAssertEqual(game.scene.heldCard?.description, "8S")
        XCTAssertEqual(visibleTargets(game), ["tableau.2"])
    }

    /// The slots whose pile is outlined as a target.
    private func visibleTargets(_ game: Game) -> [String] {
        game.scene.targetViews.filter { !$0.isHidden }.compactMap { view in
            game.scene.layout.slots.first { slot in
                guard let pile = game.scene.pileIndex(of: slot.id) else { return false }
                let count = game.scene.state.piles[pile].count
                let frame =
                    count > 0
                    ? game.scene.restingFrame(pile: pile, index: count - 1) : game.scene.slotViews[slot.id]?.frame
                return frame == view.frame
            }?.id
        }
    }
}
