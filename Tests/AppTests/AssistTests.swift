import Layouts
import Solitaire
import TableKit
import TerminalInput
import XCTest

@testable import App

/// Help from the table, played headless: double-click, hints, autoplay and "No moves left".
final class AssistTests: XCTestCase {
    typealias Game = GameTests.Game

    /// Two clicks on one cell inside the double-click interval.
    private func doubleClick(_ game: Game, _ point: (x: Int, y: Int)) {
        let pilot = game.harness.pilot
        pilot.press(point.x, point.y)
        pilot.release(point.x, point.y)
        game.advance(0.05)
        pilot.press(point.x, point.y)
        pilot.release(point.x, point.y)
    }

    // MARK: Double-click

    func testADoubleClickSendsACardToItsFoundation() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "[9H] AS", "tableau.2": "2D", "foundation.1": ""])
        doubleClick(game, game.cardCell("tableau.1", 1))
        game.settle()
        XCTAssertEqual(
            game.scene.layout.slots.filter { $0.kind == .foundation }.map { game.cards($0.id) }.joined(), "AS")
        XCTAssertEqual(game.cards("tableau.1"), "9H", "the card beneath turned up")
        XCTAssertEqual(game.scene.history.count, 1, "one move")
    }

    func testADoubleClickWithNoFoundationMoveFindsTheBestPlace() {
        let game = Game("freecell")
        game.setUp(["tableau.1": "KC 7S", "tableau.2": "8H", "tableau.3": "QD"])
        doubleClick(game, game.cardCell("tableau.1", 1))
        game.settle()
        XCTAssertEqual(game.cards("tableau.2"), "8H 7S", "onto a card beats an empty column or a cell")
    }

    func testADoubleClickOnACardWithNowhereToGoSaysSo() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "5S", "tableau.2": "KH"])
        doubleClick(game, game.cardCell("tableau.1", 0))
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "5S")
        XCTAssertTrue(game.status.contains("5♠ has nowhere to go"), game.status)
    }

    func testRapidClicksOnTheStockDealEachTime() {
        let game = Game("klondike")
        game.setUp(["stock": "[2C] [3C] [4C]"])
        let stock = game.slotCentre("stock")
        let pilot = game.harness.pilot
        for _ in 0..<3 {
            pilot.press(stock.x, stock.y)
            pilot.release(stock.x, stock.y)
            game.advance(0.05)
        }
        game.settle()
        XCTAssertEqual(game.cards("waste"), "4C 3C 2C", "three quick clicks, three deals")
    }

    // MARK: Hints

    func testAHintSaysAndOutlinesTheNextUsefulMoveAndTheNextPressShowsAnother() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "[KC] 8S", "tableau.2": "9D", "tableau.3": "9H", "tableau.4": "AC"])
        game.type("H")
        let first = game.status
        XCTAssertTrue(first.hasPrefix("Move A♣ to a foundation"), first)
        let outlines = game.scene.hintViews.filter { !$0.isHidden }
        XCTAssertEqual(outlines.count, 2, "the card and where it goes")
        let ace = game.scene.restingFrame(pile: game.scene.pileIndex(of: "tableau.4")!, index: 0)!
        XCTAssertEqual(outlines.first?.frame, ace)
        game.type("H")
        XCTAssertTrue(game.status.hasPrefix("Move 8♠ onto 9"), "the next hint: \(game.status)")
        XCTAssertEqual(game.cards("tableau.4"), "AC", "a hint moves nothing")
        game.type("j")
        XCTAssertTrue(game.scene.hintViews.allSatisfy(\.isHidden), "the next key hides the outlines")
    }

    func testAfterAHintEnterPicksUpTheHintedCardsAndEnterAgainPutsThemWhereItSaid() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "[KC] 8S 7H", "tableau.5": "9D", "tableau.6": "QS"])
        game.type("H")
        XCTAssertTrue(game.status.hasPrefix("Move 8♠ and 1 more onto 9♦"), game.status)
        game.key(.enter)
        XCTAssertEqual(game.scene.heldCount, 2, "the cursor took in the hinted run")
        XCTAssertEqual(game.scene.cursorSlot, "tableau.5", "and went on to the hint's target")
        game.key(.enter)
        game.settle()
        XCTAssertEqual(game.cards("tableau.5"), "9D 8S 7H")
        XCTAssertEqual(game.cards("tableau.1"), "KC")
    }

    /// "H, Enter, Enter" plays one hinted move whatever its kind: after a hinted deal the cursor
    /// is on the dealt card, and the second Enter picks it up instead of dealing again.
    func testAfterAHintedDealEnterAgainDoesNotDealASecondTime() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "[KC] 8S", "tableau.2": "KD", "stock": "[2C] [3C] [AC]"])
        game.type("H")
        XCTAssertTrue(game.status.hasPrefix("Deal from the stock"), game.status)
        game.key(.enter)
        game.settle()
        XCTAssertEqual(game.cards("waste"), "AC", "the first Enter dealt")
        XCTAssertEqual(game.scene.cursorSlot, "waste", "the cursor went on to the dealt card")
        game.key(.enter)
        game.settle()
        XCTAssertEqual(game.scene.history.count, 1, "the second Enter did not deal again")
        XCTAssertEqual(game.scene.heldCount, 1, "it picked the dealt card up")
    }

    func testAHintOnADeadPositionMovesNothing() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "2S", "tableau.2": "2H"])
        game.type("H")
        XCTAssertEqual(game.cards("tableau.1"), "2S")
        XCTAssertTrue(game.status.hasPrefix("No moves left"), game.status)
    }

    // MARK: Autoplay

    func testSafeAutoplaySendsUncoveredCardsUpOneAfterAnotherAndUndoesWithTheMove() {
        let game = Game("klondike")
        game.setUp([
            "tableau.1": "2H AH 5S", "tableau.2": "6H", "foundation.1": "", "tableau.3": "KC",
        ])
        game.scene.apply(PlaySettings(autoplay: .safe))
        game.drag(from: game.cardCell("tableau.1", 2), to: game.slotCentre("tableau.2"))
        let foundations = game.scene.layout.slots.filter { $0.kind == .foundation }.map(\.id)
        let up = { foundations.map { game.cards($0) }.joined(separator: " ").trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(up(), "AH 2H", "the model has both up at once")
        // The cards fly one after another: the ace is on its way before the two sets off.
        let ace = game.scene.cardViews.values.first { $0.card.description == "AH" }!
        let two = game.scene.cardViews.values.first { $0.card.description == "2H" }!
        let twoStart = two.frame
        game.advance(0.12)
        XCTAssertNotEqual(ace.frame, game.scene.restingFrame(pile: game.scene.pileIndex(of: "tableau.1")!, index: 1))
        XCTAssertEqual(two.frame, twoStart, "the two waits its turn")
        game.settle()
        XCTAssertEqual(game.scene.history.count, 1, "autoplay joined the move")
        game.type("u")
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "2H AH 5S", "one undo takes back the move and its autoplay")
        XCTAssertEqual(up(), "")
    }

    func testSafeAutoplayKeepsACardATableauCardMayStillNeed() {
        let game = Game("klondike")
        game.setUp([
            "foundation.1": "AH", "foundation.2": "AS", "tableau.1": "2H", "tableau.2": "2C", "tableau.3": "[AC] KD",
        ])
        game.type("a")  // off → safe
        XCTAssertEqual(game.scene.autoplay, .safe)
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "2H", "A♣ is not up: 2♥ may still be needed to hold it")
        game.type("a")  // safe → all
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "", "autoplay all sends it up")
        XCTAssertEqual(game.scene.history.count, 1, "switching autoplay on makes a move of its own")
    }

    /// Autoplay switched on after an undo makes a move of its own: the move undone can no longer
    /// be made again. Redoing it applied its steps to a table they no longer fitted (A♠ taken
    /// from an empty column: the program stopped, "Index out of range").
    func testAutoplaySwitchedOnAfterAnUndoLeavesNothingToRedo() throws {
        let game = Game("klondike")
        game.setUp(["tableau.1": "AS", "tableau.2": "KD", "foundation.1": ""])
        let column = try XCTUnwrap(game.scene.pileIndex(of: "tableau.1"))
        let foundation = try XCTUnwrap(game.scene.pileIndex(of: "foundation.1"))
        XCTAssertTrue(game.scene.attempt(.transfer(from: column, to: foundation, count: 1)))
        game.settle()
        game.type("u")
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "AS")
        game.type("a")  // off → safe: A♠ goes up by autoplay, a move of its own
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "")
        game.type("U")
        game.settle()
        XCTAssertEqual(game.scene.notice, "nothing to redo")
        XCTAssertEqual(game.cards("tableau.1"), "")
        XCTAssertEqual(
            game.scene.layout.slots.filter { $0.kind == .foundation }.map { game.cards($0.id) }.joined(), "AS")
        // Again, autoplay from safe to all.
        game.type("u")
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "AS")
        game.type("a")  // safe → all
        game.settle()
        game.type("U")
        XCTAssertEqual(game.scene.notice, "nothing to redo")
    }

    func testWithAutoplayOnADealSendsItsUncoveredAcesUpAtOnceAsAMoveOfItsOwn() {
        let layout = ShippedLayouts.layout(named: "freecell")!
        let h = Harness(layout: layout, seed: 1000)
        let aces = { (scene: TableScene) in
            scene.layout.slots.filter { $0.kind == .foundation }.flatMap { scene.cards(in: $0.id) }.map(\.description)
        }
        XCTAssertEqual(aces(h.scene), [], "autoplay is off")
        h.scene.apply(PlaySettings(autoplay: .safe))
        h.settle()
        XCTAssertEqual(aces(h.scene), ["AH"], "deal 1000 has A♥ on top of a column")
        XCTAssertEqual(h.scene.history.count, 1)
        h.type("u")
        XCTAssertEqual(aces(h.scene), [], "undo takes it back")
        XCTAssertEqual(h.scene.history.count, 0, "and it does not come back by itself")
        h.type("R")
        h.settle()
        XCTAssertEqual(aces(h.scene), ["AH"], "the deal dealt again autoplays again")
    }

    // MARK: No moves left

    func testNoMovesLeftIsSaidOnlyWhenProven() {
        let game = Game("klondike")
        // Unlimited redeals of a stock whose cards never play: no move can change the game.
        game.setUp(["tableau.1": "2S", "tableau.2": "2H", "stock": "[9C] [5D]"], redealsLeft: Int.max)
        XCTAssertTrue(game.status.hasPrefix("No moves left · u undo · n new game"), game.status)
        // An ace buried in that stock: dealing reaches it, so there is a way on.
        game.setUp(["tableau.1": "2S", "tableau.2": "2H", "stock": "[9C] [AD] [5D]"], redealsLeft: Int.max)
        XCTAssertFalse(game.status.contains("No moves left"), game.status)
    }

    /// "No moves left" and the hints never contradict each other: with nothing left that changes
    /// the game, H offers no move (dealing round a stock whose cards never play included), and
    /// says what can be done instead.
    func testWithNoMovesLeftAHintOffersNoMove() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "2S", "tableau.2": "2H", "stock": "[9C] [5D]"], redealsLeft: Int.max)
        XCTAssertTrue(game.status.hasPrefix("No moves left"), game.status)
        game.type("H")
        XCTAssertTrue(game.scene.hintViews.allSatisfy(\.isHidden), "no move outlined")
        XCTAssertFalse(game.status.contains("Deal"), game.status)
        XCTAssertTrue(game.status.contains("No moves left"), game.status)
        XCTAssertEqual(game.cards("stock"), "[9C] [5D]", "a hint moves nothing")
    }

    func testNoMovesLeftAfterTheLastUsefulMoveAndUndoTakesItBack() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "2S", "tableau.2": "AH", "foundation.1": ""])
        XCTAssertFalse(game.status.contains("No moves left"))
        doubleClick(game, game.cardCell("tableau.2", 0))
        game.settle()
        XCTAssertTrue(game.status.hasPrefix("No moves left"), game.status)
        game.type("u")
        game.settle()
        XCTAssertFalse(game.status.contains("No moves left"), game.status)
    }
}

/// A script's reason for refusing to let cards be picked up reaches the player, by keyboard and
/// by mouse (cardtable-lua(7): "after false a string may say why, and the table shows it").
final class ScriptRefusalTests: XCTestCase {
    typealias Game = GameTests.Game

    func testEnterOnACardTheScriptKeepsSaysTheScriptsReason() {
        let game = Game("osmosis")
        game.setUp(["foundation.1": "KC", "reserve.1": "[2H] 5D", "stock": "[3C]"], redealsLeft: .max)
        game.type("f")
        XCTAssertEqual(game.scene.cursorSlot, "foundation.1")
        game.key(.enter)
        XCTAssertTrue(game.status.hasPrefix("cards on the foundations stay there"), game.status)
    }

    func testPressingACardTheScriptKeepsSaysTheScriptsReason() {
        let game = Game("osmosis")
        game.setUp(["foundation.1": "KC", "reserve.1": "[2H] 5D", "stock": "[3C]"], redealsLeft: .max)
        game.drag(from: game.cardCell("foundation.1", 0), to: game.slotCentre("reserve.1"))
        game.settle()
        XCTAssertEqual(game.cards("foundation.1"), "KC")
        XCTAssertTrue(game.status.hasPrefix("cards on the foundations stay there"), game.status)
    }

    func testTheLayoutsRuleSaysWhyInADeclarativeGame() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "8S 5H", "tableau.2": "KD"])
        game.drag(from: game.cardCell("tableau.1", 0), to: game.slotCentre("tableau.2"))
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "8S 5H")
        XCTAssertTrue(game.status.hasPrefix("that run is not in sequence"), game.status)
    }
}
