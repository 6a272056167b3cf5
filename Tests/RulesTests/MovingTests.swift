import Layouts
import Solitaire
import TestSupport
import XCTest

/// What may be picked up: move rules, move-suit, take-back, the free-cell limit.
final class MovingTests: XCTestCase {
    func move(_ count: Int = 1) -> Move { .transfer(from: 0, to: 1, count: count) }

    func testMoveRules() {
        let top = columns { $0.move = .top }
        let sequence = columns()
        let faceUp = columns { $0.move = .faceUp }
        let pile = columns { $0.move = .pile }
        let none = columns { $0.move = .none }
        let spider = columns {
            $0.suit = .any
            $0.moveSuit = .same
        }
        check([
            MoveCase(name: "top", layout: top, piles: ["8H 7S", "8D"], move: move(), refusal: nil),
            MoveCase(
                name: "top, two", layout: top, piles: ["9C 8H", "9S"], move: move(2), refusal: "only the top card moves"
            ),
            MoveCase(name: "sequence", layout: sequence, piles: ["8H 7S", "9C"], move: move(2), refusal: nil),
            MoveCase(
                name: "sequence, broken", layout: sequence, piles: ["8H 7H", "9C"], move: move(2),
                refusal: "that run is not in sequence"),
            MoveCase(
                name: "sequence, face down", layout: sequence, piles: ["[8H] 7S", "9C"], move: move(2),
                refusal: "that card is face down"),
            MoveCase(
                name: "move-suit same, mixed", layout: spider, piles: ["8H 7S", "9C"], move: move(2),
                refusal: "that run is not in sequence"),
            MoveCase(name: "move-suit same", layout: spider, piles: ["8S 7S", "9C"], move: move(2), refusal: nil),
            MoveCase(name: "move-suit, builds any", layout: spider, piles: ["7S", "8H"], move: move(), refusal: nil),
            MoveCase(
                name: "face-up, not a run", layout: faceUp, piles: ["[2C] 3D 7S", "4C"], move: move(2), refusal: nil),
            MoveCase(
                name: "face-up, face down", layout: faceUp, piles: ["[2C] 3D 7S", "3H"], move: move(3),
                refusal: "that card is face down"),
            MoveCase(
                name: "pile, part", layout: pile, piles: ["9C 8H", "9S"], move: move(),
                refusal: "only the whole pile moves"),
            MoveCase(name: "pile, whole", layout: pile, piles: ["9C 8H", "TD"], move: move(2), refusal: nil),
            MoveCase(
                name: "none", layout: none, piles: ["7S", "8H"], move: move(), refusal: "cards cannot leave the column"),
            MoveCase(
                name: "empty source", layout: sequence, piles: ["", "8H"], move: move(),
                refusal: "there is no card there"),
            MoveCase(
                name: "too many", layout: sequence, piles: ["7S", "8H"], move: move(2),
                refusal: "there are not that many cards"),
        ])
    }

    func testTakeBack() {
        let keeps = makeLayout([
            GroupSpec("F", .foundation, 1) { $0.takeBack = false }, GroupSpec("T", .tableau, 1),
        ])
        let gives = makeLayout([GroupSpec("F", .foundation, 1), GroupSpec("T", .tableau, 1)])
        check([
            MoveCase(
                name: "take-back false", layout: keeps, piles: ["AS 2S", "3H"], move: move(),
                refusal: "cards cannot leave the foundations"),
            MoveCase(name: "take-back", layout: gives, piles: ["AS 2S", "3H"], move: move(), refusal: nil),
        ])
        let rules = DeclarativeRules(layout: keeps)
        XCTAssertFalse(rules.canPickUp(pile: 0, from: 1, in: position(["AS 2S", "3H"])))
        XCTAssertTrue(DeclarativeRules(layout: gives).canPickUp(pile: 0, from: 1, in: position(["AS 2S", "3H"])))
    }

    /// One cell, then four columns: the run 9C 8H 7S is in column 1 (pile 1), the target in pile 2.
    func testFreeCellLimit() {
        let layout = makeLayout([
            GroupSpec("C", .cell, 1, capacity: 1),
            GroupSpec("T", .tableau, 4) { $0.sequenceLimit = .freeCells },
        ])
        let three = Move.transfer(from: 1, to: 2, count: 3)
        check([
            MoveCase(
                name: "1 cell, no column", layout: layout, piles: ["", "9C 8H 7S", "TD", "KS", "KH"], move: three,
                refusal: "you can move 2 cards (1 free cell, no empty column)"),
            MoveCase(
                name: "two fit", layout: layout, piles: ["", "9C 8H 7S", "9S", "KS", "KH"],
                move: .transfer(from: 1, to: 2, count: 2), refusal: nil),
            MoveCase(
                name: "1 cell, 1 column", layout: layout, piles: ["", "9C 8H 7S", "TD", "KS", ""], move: three,
                refusal: nil),
            MoveCase(
                name: "no cell, 1 column", layout: layout, piles: ["2C", "9C 8H 7S", "TD", "KS", ""], move: three,
                refusal: "you can move 2 cards (no free cell, 1 empty column)"),
            // The target column does not count: the limit halves.
            MoveCase(
                name: "to an empty column", layout: layout, piles: ["", "9C 8H 7S", "", "KS", "KH"], move: three,
                refusal: "you can move 2 cards (1 free cell, no empty column)"),
            MoveCase(
                name: "to an empty column, another empty", layout: layout, piles: ["", "9C 8H 7S", "", "", "KH"],
                move: three, refusal: nil),
            MoveCase(
                name: "to an empty column, no cell", layout: layout, piles: ["2C", "9C 8H 7S", "", "", "KH"],
                move: three, refusal: "you can move 2 cards (no free cell, 1 empty column)"),
            MoveCase(
                name: "no limit", layout: makeLayout([GroupSpec("C", .cell, 1), GroupSpec("T", .tableau, 4)]),
                piles: ["2C", "9C 8H 7S", "TD", "KS", "KH"], move: three, refusal: nil),
        ])
    }

    func testCanPickUp() {
        let rules = DeclarativeRules(layout: columns())
        let state = position(["[KD] 9C 8H 7S", ""])
        XCTAssertEqual((0..<4).map { rules.canPickUp(pile: 0, from: $0, in: state) }, [false, true, true, true])
        XCTAssertFalse(rules.canPickUp(pile: 1, from: 0, in: state), "empty")
        XCTAssertFalse(rules.canPickUp(pile: 0, from: 4, in: state), "past the top")
        XCTAssertFalse(rules.canPickUp(pile: 5, from: 0, in: state), "no such pile")
        let yukon = DeclarativeRules(layout: columns { $0.move = .faceUp })
        XCTAssertTrue(yukon.canPickUp(pile: 0, from: 1, in: position(["[KD] 3C 8H 7H", ""])))
        let stock = DeclarativeRules(layout: Variants.klondike())
        XCTAssertFalse(stock.canPickUp(pile: 0, from: 0, in: stock.deal(seed: 1)), "the stock")
        XCTAssertEqual(
            stock.refusal(of: .transfer(from: 0, to: 1), in: stock.deal(seed: 1))?.plainMessage,
            "click the stock to deal")
    }
}
