import Layouts
import Solitaire
import TableKit
import TerminalInput
import XCTest

@testable import App

/// Games played headless with synthetic pointer and key events: a position is put on the
/// table, the player drags or types, and the test reads the position, the status line and
/// the screen.
final class GameTests: XCTestCase {
    /// A game on an 80x24 screen, animations on, a manual clock: the app tests' ``Harness``
    /// (pilot and recording screen) with what games need on top.
    final class Game {
        let harness: Harness
        var app: TableApp { harness.app }
        var scene: TableScene { harness.scene }

        init(_ name: String, seed: UInt64 = 1, width: Int = 80, height: Int = 24) {
            harness = Harness(layout: ShippedLayouts.layout(named: name)!, seed: seed, width: width, height: height)
            harness.renderFrame()
        }

        /// Puts a position on the table: each named slot gets its cards, bottom first, written
        /// `8S` face up and `[8S]` face down. Slots not named are empty.
        func setUp(_ piles: [String: String], redealsLeft: Int = 0) {
            var position = GameState(
                piles: Array(repeating: [], count: scene.state.piles.count), redealsLeft: redealsLeft)
            for (slot, text) in piles {
                let pile = scene.pileIndex(of: slot)!
                position.piles[pile] = text.split(separator: " ").map { word in
                    let faceDown = word.hasPrefix("[")
                    let card = Card(String(word.filter { $0 != "[" && $0 != "]" }))!
                    return PileCard(card, faceUp: !faceDown)
                }
            }
            scene.replacePosition(with: position)
            settle()
        }

        func cards(_ slot: String) -> String {
            scene.cards(in: slot).map(\.description).joined(separator: " ")
        }

        func mouse(_ action: MouseAction, _ x: Int, _ y: Int) { harness.mouse(action, x, y) }

        /// A cell on the visible part of card `index` of a slot's pile (its top row, one in).
        func cardCell(_ slot: String, _ index: Int) -> (x: Int, y: Int) {
            let frame = scene.restingFrame(pile: scene.pileIndex(of: slot)!, index: index)!
            return (Int(frame.minX) + 2, Int(frame.minY))
        }

        func slotCentre(_ slot: String) -> (x: Int, y: Int) { harness.centre(of: slot) }

        /// Presses at `from`, drags in a few steps to `to` and releases there.
        func drag(from: (x: Int, y: Int), to: (x: Int, y: Int)) {
            harness.press(from.x, from.y)
            for step in 1...4 {
                harness.drag(from.x + (to.x - from.x) * step / 4, from.y + (to.y - from.y) * step / 4)
                advance(0.02)
            }
            harness.release(to.x, to.y)
        }

        func click(_ point: (x: Int, y: Int)) { harness.click(point.x, point.y) }

        func key(_ key: Key) { harness.key(key) }

        func type(_ text: String) { harness.type(text) }

        func advance(_ seconds: Double) { harness.advance(seconds) }

        /// Lets every animation finish, chained ones too (a card turning over narrows, then widens).
        func settle() {
            for _ in 0..<6 { advance(0.25) }
        }

        var status: String { scene.statusText }
    }

    func testPressingInsideARunDragsTheRunAndItLandsAsOne() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "[9H] 8S 7H", "tableau.2": "9D"])
        game.drag(from: game.cardCell("tableau.1", 1), to: game.slotCentre("tableau.2"))
        XCTAssertEqual(game.status.hasPrefix("Dragging"), false, "the drag has ended")
        game.settle()
        XCTAssertEqual(game.cards("tableau.2"), "9D 8S 7H")
        XCTAssertEqual(game.cards("tableau.1"), "9H", "the exposed card turned face up")
        XCTAssertTrue(game.app.screenText.contains("╭9♥"), "the turned card shows its face:\n\(game.app.screenText)")
    }

    func testTheRunFollowsThePointerWhileDragged() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "8S 7H", "tableau.5": "9D"])
        let start = game.cardCell("tableau.1", 0)
        game.mouse(.press, start.x, start.y)
        game.mouse(.drag, start.x + 20, start.y + 3)
        game.settle()
        XCTAssertEqual(game.status.hasPrefix("Dragging 8♠ and 1 more"), true, game.status)
        let views = game.scene.viewsInHand
        XCTAssertEqual(views.map { $0.card.description }, ["8S", "7H"])
        XCTAssertEqual(Int(views[0].frame.minX), start.x - 2 + 20)
        XCTAssertEqual(views[1].frame.minY - views[0].frame.minY, 1, "the run keeps its fan")
    }

    func testARefusedDropSnapsBackAndSaysWhy() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "7H", "tableau.3": "9C"])
        let before = game.scene.pileViews[game.scene.pileIndex(of: "tableau.1")!][0].frame
        game.drag(from: game.cardCell("tableau.1", 0), to: game.slotCentre("tableau.3"))
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "7H")
        XCTAssertEqual(game.cards("tableau.3"), "9C")
        XCTAssertEqual(game.scene.pileViews[game.scene.pileIndex(of: "tableau.1")!][0].frame, before)
        XCTAssertTrue(game.status.contains("7♥ goes on a black 8"), game.status)
    }

    func testOnlyAKingGoesOnAnEmptyKlondikeColumn() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "QH", "tableau.2": "KS"])
        game.drag(from: game.cardCell("tableau.1", 0), to: game.slotCentre("tableau.4"))
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "QH")
        XCTAssertTrue(game.status.contains("King"), game.status)
        game.drag(from: game.cardCell("tableau.2", 0), to: game.slotCentre("tableau.4"))
        game.settle()
        XCTAssertEqual(game.cards("tableau.4"), "KS")
        XCTAssertEqual(game.cards("tableau.2"), "")
    }

    func testTheStockDealsAndTheEmptyStockRedeals() {
        let game = Game("klondike")
        game.setUp(["stock": "[2C] [3D]", "tableau.1": "KS"], redealsLeft: Int.max)
        let stock = game.slotCentre("stock")
        game.click(stock)
        XCTAssertEqual(game.cards("waste"), "3D")
        game.click(stock)
        XCTAssertEqual(game.cards("waste"), "3D 2C")
        XCTAssertEqual(game.cards("stock"), "")
        XCTAssertTrue(game.app.screenText.contains("↺ ∞"), "the empty stock shows the redeals left")
        game.click(stock)
        XCTAssertEqual(game.cards("stock"), "[2C] [3D]", "the waste went back face down, in order")
        XCTAssertEqual(game.cards("waste"), "")
        game.click(stock)
        XCTAssertEqual(game.cards("waste"), "3D", "the same card comes first again")
    }

    func testAFreeCellSequenceMoveIsLimitedByTheFreeCells() {
        let game = Game("freecell")
        let columns = ["tableau.3": "2C", "tableau.4": "2D", "tableau.5": "2H", "tableau.6": "2S", "tableau.7": "3C"]
        var piles = columns.merging(["tableau.1": "9S 8H 7C", "tableau.2": "TD", "tableau.8": "9C"]) { a, _ in a }
        piles.merge(["cell.1": "KC", "cell.2": "KD", "cell.3": "KH"]) { a, _ in a }
        game.setUp(piles)
        game.drag(from: game.cardCell("tableau.1", 0), to: game.slotCentre("tableau.2"))
        game.settle()
        XCTAssertEqual(game.cards("tableau.2"), "TD", "three cards need two free cells")
        XCTAssertEqual(game.cards("tableau.1"), "9S 8H 7C")
        XCTAssertTrue(game.status.contains("you can move 2 cards"), game.status)
        // One free cell and no empty column: two cards may go.
        game.drag(from: game.cardCell("tableau.1", 1), to: game.slotCentre("tableau.8"))
        game.settle()
        XCTAssertEqual(game.cards("tableau.8"), "9C 8H 7C")
        XCTAssertEqual(game.cards("tableau.1"), "9S")
    }

    func testAWonGameSaysSo() {
        let game = Game("klondike")
        func suit(_ s: Character, through last: Int) -> String {
            (1...last).map { "\(Card.Rank(rawValue: $0)!.symbol)\(s)" }.joined(separator: " ")
        }
        game.setUp([
            "foundation.1": suit("C", through: 13), "foundation.2": suit("D", through: 13),
            "foundation.3": suit("H", through: 13), "foundation.4": suit("S", through: 12), "tableau.7": "KS",
        ])
        XCTAssertFalse(game.status.contains("You won"))
        game.drag(from: game.cardCell("tableau.7", 0), to: game.slotCentre("foundation.4"))
        game.settle()
        XCTAssertTrue(game.scene.isWon)
        XCTAssertTrue(game.status.contains("You won Klondike"), game.status)
    }

    /// Treize's waste: its bottom card plays, and `+` reaches it over the cards that cannot be
    /// taken in between; dragged onto a card it makes 13 with, the two leave and the cards over it stay.
    func testTheKeyboardReachesABottomCardThatPlays() {
        let game = Game("treize")
        game.setUp(["waste": "6S 2C AD 9H", "pyramid.28": "7C"])
        game.type("w")
        game.type("+")
        XCTAssertEqual(game.scene.cursorDepth, 4, "past the two middle cards, to the bottom one")
        game.type("-")
        XCTAssertEqual(game.scene.cursorDepth, 1)
        game.type("+")
        game.key(.enter)
        XCTAssertEqual(game.scene.heldCount, 4)
        game.key(.escape)
        // The pointer takes the bottom card where the waste shows it, first in its fan.
        let bottom = game.scene.restingFrame(pile: game.scene.pileIndex(of: "waste")!, index: 0)!
        let above = game.scene.restingFrame(pile: game.scene.pileIndex(of: "waste")!, index: 2)!
        XCTAssertLessThan(bottom.minX, above.minX, "the bottom card shows left of the cards over it")
        game.drag(from: (Int(bottom.minX), Int(bottom.minY) + 1), to: game.slotCentre("pyramid.28"))
        game.settle()
        XCTAssertEqual(game.cards("waste"), "2C AD 9H")
        XCTAssertEqual(game.cards("discard"), "7C 6S")
    }

    func testTheKeyboardPicksUpARunByDepthAndDropsIt() {
        let game = Game("klondike")
        game.setUp(["tableau.1": "[9H] 8S 7H", "tableau.2": "9D"])
        game.type("1")
        XCTAssertEqual(game.scene.cursorSlot, "tableau.1")
        game.type("+")
        XCTAssertTrue(game.status.contains("picks up 8♠ and 1 more"), game.status)
        game.type("+")
        XCTAssertEqual(game.scene.cursorDepth, 2, "the face-down card cannot be taken in")
        game.key(.enter)
        XCTAssertEqual(game.scene.heldCount, 2)
        game.type("2")
        game.key(.enter)
        game.settle()
        XCTAssertEqual(game.cards("tableau.2"), "9D 8S 7H")
        XCTAssertEqual(game.cards("tableau.1"), "9H")
        game.type("u")
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "[9H] 8S 7H", "undo takes back the move and the turn-up")
        XCTAssertEqual(game.cards("tableau.2"), "9D")
    }

    func testTheDealIsDrawnWithCardBacks() {
        let game = Game("klondike", seed: 7)
        game.settle()
        let screen = game.app.screenText
        XCTAssertTrue(screen.contains("╱╲"), "face-down cards show their backs:\n\(screen)")
        let faceUp = game.scene.state.piles.joined().filter(\.faceUp).count
        XCTAssertEqual(faceUp, 7, "Klondike deals one card face up on each column")
        XCTAssertTrue(game.status.contains("Klondike #7"), game.status)
    }
}

final class DropTargetTests: XCTestCase {
    func testACardLetGoBesideAPileLandsOnThePileItCoversMost() {
        let game = GameTests.Game("klondike")
        game.setUp(["tableau.1": "4H", "tableau.7": "5C"])
        let pile = game.scene.slotViews["tableau.7"]!.frame
        let start = game.cardCell("tableau.1", 0)
        // Grabbed two columns in, let go with the pointer just right of the pile: the card
        // overlaps the pile's last column.
        game.drag(from: start, to: (Int(pile.maxX), Int(pile.minY) + 1))
        XCTAssertNil(game.scene.slot(at: Point(x: pile.maxX + 0.5, y: pile.minY + 1.5)), "the pointer is off the pile")
        game.settle()
        XCTAssertEqual(game.cards("tableau.7"), "5C 4H")
    }

    /// Pyramid's slots overlap: the empty slots of a cleared row lie over the lower half of the
    /// free cards above them. A card let go there lands on the card, not on the empty slot.
    func testACardLetGoWhereAnEmptySlotOverlapsACardLandsOnTheCard() throws {
        let game = GameTests.Game("pyramid")
        game.setUp(["pyramid.16": "QD", "waste": "AC", "stock": "[5C] 5H"])
        let queen = try XCTUnwrap(game.scene.slotViews["pyramid.16"]).frame
        let empty = try XCTUnwrap(game.scene.slotViews["pyramid.22"]).frame
        let point = (x: Int(queen.minX) + 1, y: Int(queen.maxY) - 1)
        XCTAssertTrue(empty.contains(Point(x: Double(point.x) + 0.5, y: Double(point.y) + 0.5)), "over the empty slot")
        XCTAssertEqual(game.scene.slot(at: Point(x: Double(point.x) + 0.5, y: Double(point.y) + 0.5)), "pyramid.16")
        game.drag(from: game.cardCell("waste", 0), to: point)
        game.settle()
        XCTAssertEqual(game.cards("discard"), "QD AC", "the Queen and the Ace make 13")
        XCTAssertEqual(game.cards("pyramid.16"), "")
    }

    func testACardLetGoOverBareFeltGoesBack() {
        let game = GameTests.Game("klondike")
        game.setUp(["tableau.1": "4H", "tableau.7": "5C"])
        game.drag(from: game.cardCell("tableau.1", 0), to: (40, 21))
        game.settle()
        XCTAssertEqual(game.cards("tableau.1"), "4H")
        XCTAssertEqual(game.cards("tableau.7"), "5C")
        XCTAssertTrue(game.status.hasPrefix("4♥ went back: let go over a pile that takes it"), game.status)
    }
}

/// Random play in every shipped game: whatever the pointer and keys do, the card views agree
/// with the position (same cards, same faces, in order) once the animations end.
final class GameFuzzTests: XCTestCase {
    func testViewsFollowThePositionInEveryGame() {
        for name in ShippedLayouts.names where ShippedLayouts.layout(named: name)?.rules != nil {
            let game = GameTests.Game(name, seed: 11)
            var random = SplitMix64(seed: 5)
            let keys: [Key] = [
                .enter, .left, .right, .up, .down, .character("+"), .character("-"), .character("d"),
                .character("u"), .escape, .character("1"), .character("4"), .character("f"),
            ]
            for _ in 0..<60 {
                let x = Int(random.next() % 80)
                let y = Int(random.next() % 23)
                switch random.next() % 4 {
                case 0: game.key(keys[Int(random.next() % UInt64(keys.count))])
                case 1: game.click((x, y))
                default:
                    game.drag(from: (x, y), to: (Int(random.next() % 80), Int(random.next() % 23)))
                }
                game.advance(0.05)
            }
            game.key(.escape)
            game.settle()
            assertViewsMatchPosition(game, name)
        }
    }

    func assertViewsMatchPosition(_ game: GameTests.Game, _ name: String, line: UInt = #line) {
        let scene = game.scene
        for (pile, cards) in scene.state.piles.enumerated() {
            guard scene.showsCards(pile) else { continue }
            let views = scene.pileViews[pile]
            XCTAssertEqual(
                views.map { "\($0.card)\($0.faceUp ? "" : "*")" }, cards.map { "\($0.card)\($0.faceUp ? "" : "*")" },
                "\(name): pile \(pile)", line: line)
            for (index, view) in views.enumerated() {
                XCTAssertEqual(
                    view.frame, scene.restingFrame(pile: pile, index: index), "\(name): pile \(pile) card \(index)")
                XCTAssertEqual(view.elevation, 0, "\(name): pile \(pile) card \(index) lifted")
                XCTAssertEqual(view.alpha, 1, "\(name): pile \(pile) card \(index) faded")
            }
        }
        XCTAssertNil(scene.draggedCard, name)
        XCTAssertNil(scene.heldCard, name)
    }
}

/// man/cardtable.6 names every key of the bindings table.
final class KeyManualTests: XCTestCase {
    func testTheManPageNamesEveryKey() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("man/cardtable.6"), encoding: .utf8)
        let keys = page[page.range(of: ".Sh KEYS")!.lowerBound..<page.range(of: ".Sh ENVIRONMENT")!.lowerBound]
        for binding in KeyBindings.all {
            for key in binding.keys {
                let named: String
                switch key {
                case .character(let c) where ("2"..."8").contains(c): continue  // "1 ... 9"
                case .character("?"): named = "Ic \\&?"
                case .character(" "): named = "Space"
                case .character(let c): named = "Ic \(c)"
                case .control(let c): named = "Ctrl-\(c.uppercased())"
                case .enter: named = "Enter"
                case .escape: named = "Escape"
                case .tab: named = "Tab"
                case .backTab: named = "Shift-Tab"
                case .up, .down, .left, .right: named = "Arrows"
                default: named = "\(key)"
                }
                XCTAssertTrue(keys.contains(named), "\(key) (\(binding.action)) is not in cardtable(6) KEYS")
            }
        }
    }
}

extension GameFuzzTests {
    /// A redeal that gathers and shuffles (Scuffle's) reorders the stock's card views as the
    /// cards now lie, and its undo puts them back: every view shows the card of its place.
    func testAShufflingRedealAndItsUndoKeepTheViewsInStep() {
        let game = GameTests.Game("scuffle", seed: 3)
        let stock = game.scene.pileIndex(of: "stock")!
        for _ in 0..<12 {
            game.key(.character("d"))
            game.settle()
        }
        XCTAssertEqual(game.scene.state.piles[stock].count, 44, "the reserves gathered, shuffled and dealt again")
        assertViewsMatchPosition(game, "scuffle after the redeal")
        game.key(.character("u"))
        game.settle()
        XCTAssertEqual(game.scene.state.piles[stock].count, 0)
        assertViewsMatchPosition(game, "scuffle after its undo")
        game.key(.character("U"))
        game.settle()
        XCTAssertEqual(game.scene.state.piles[stock].count, 44)
        assertViewsMatchPosition(game, "scuffle after its redo")
    }
}
