import Layouts
import Solitaire
import XCTest

/// What piles accept: build directions, suit rules, wrap, empty rules, bases, capacities.
final class BuildingTests: XCTestCase {
    func move(_ count: Int = 1) -> Move { .transfer(from: 0, to: 1, count: count) }

    func testBuildDirections() {
        let down = columns { $0.suit = .any }
        let up = columns {
            $0.build = .up
            $0.suit = .any
        }
        let either = columns {
            $0.build = .either
            $0.suit = .any
        }
        let none = columns { $0.build = .none }
        check([
            MoveCase(name: "down", layout: down, piles: ["7S", "8S"], move: move(), refusal: nil),
            MoveCase(name: "down, wrong", layout: down, piles: ["7S", "6S"], move: move(), refusal: "7S goes on an 8"),
            MoveCase(name: "up", layout: up, piles: ["7S", "6H"], move: move(), refusal: nil),
            MoveCase(name: "up, wrong", layout: up, piles: ["7S", "8H"], move: move(), refusal: "7S goes on a 6"),
            MoveCase(name: "either, lower", layout: either, piles: ["7S", "8H"], move: move(), refusal: nil),
            MoveCase(name: "either, higher", layout: either, piles: ["7S", "6H"], move: move(), refusal: nil),
            MoveCase(
                name: "either, wrong", layout: either, piles: ["7S", "9H"], move: move(), refusal: "7S goes on a 6 or 8"
            ),
            MoveCase(
                name: "none", layout: none, piles: ["7S", "8H"], move: move(), refusal: "nothing goes on a column"),
            MoveCase(name: "none, empty", layout: none, piles: ["7S", ""], move: move(), refusal: nil),
        ])
    }

    func testSuitRules() {
        func layout(_ suit: SuitRule) -> TableLayout { columns { $0.suit = suit } }
        check([
            MoveCase(name: "alternate", layout: layout(.alternate), piles: ["7S", "8H"], move: move(), refusal: nil),
            MoveCase(
                name: "alternate, same colour", layout: layout(.alternate), piles: ["7S", "8C"], move: move(),
                refusal: "7S goes on a red 8"),
            MoveCase(
                name: "alternate, red card", layout: layout(.alternate), piles: ["7D", "8H"], move: move(),
                refusal: "7D goes on a black 8"),
            MoveCase(name: "same", layout: layout(.same), piles: ["7S", "8S"], move: move(), refusal: nil),
            MoveCase(
                name: "same, other suit", layout: layout(.same), piles: ["7S", "8C"], move: move(),
                refusal: "7S goes on the 8S"),
            MoveCase(
                name: "same colour", layout: layout(.sameColour), piles: ["7S", "8C"], move: move(), refusal: nil),
            MoveCase(
                name: "same colour, red", layout: layout(.sameColour), piles: ["7S", "8D"], move: move(),
                refusal: "7S goes on a black 8"),
            MoveCase(name: "any", layout: layout(.any), piles: ["7S", "8S"], move: move(), refusal: nil),
            MoveCase(name: "different", layout: layout(.different), piles: ["7S", "8H"], move: move(), refusal: nil),
            MoveCase(
                name: "different, own suit", layout: layout(.different), piles: ["7S", "8S"], move: move(),
                refusal: "7S goes on an 8 of another suit"),
        ])
    }

    func testWrap() {
        let wrapping = columns { $0.wrap = true }
        let plain = columns()
        let upWrapping = columns {
            $0.build = .up
            $0.suit = .same
            $0.wrap = true
        }
        check([
            MoveCase(name: "K on A, wrap", layout: wrapping, piles: ["KS", "AH"], move: move(), refusal: nil),
            MoveCase(name: "K on A", layout: plain, piles: ["KS", "AH"], move: move(), refusal: "KS goes on no card"),
            MoveCase(name: "A on K up, wrap", layout: upWrapping, piles: ["AS", "KS"], move: move(), refusal: nil),
            MoveCase(
                name: "A on K up, wrap, other suit", layout: upWrapping, piles: ["AS", "KH"], move: move(),
                refusal: "AS goes on the KS"),
        ])
    }

    func testEmptyRules() {
        check([
            MoveCase(name: "any", layout: columns(), piles: ["7S", ""], move: move(), refusal: nil),
            MoveCase(
                name: "none", layout: columns { $0.empty = .none }, piles: ["7S", ""], move: move(),
                refusal: "nothing goes on an empty column"),
            MoveCase(
                name: "King only", layout: columns { $0.empty = .rank(13) }, piles: ["QS", ""], move: move(),
                refusal: "only a King on an empty column"),
            MoveCase(
                name: "King", layout: columns { $0.empty = .rank(13) }, piles: ["KS", ""], move: move(), refusal: nil),
            MoveCase(
                name: "an 8 only", layout: columns { $0.empty = .rank(8) }, piles: ["KS", ""], move: move(),
                refusal: "only an 8 on an empty column"),
        ])
    }

    func testFoundationBases() {
        func foundation(_ base: BaseRank) -> TableLayout { columnAnd(.foundation) { $0.base = base } }
        check([
            MoveCase(name: "Ace", layout: foundation(.rank(1)), piles: ["AS", ""], move: move(), refusal: nil),
            MoveCase(
                name: "not an Ace", layout: foundation(.rank(1)), piles: ["2S", ""], move: move(),
                refusal: "only an Ace starts a foundation"),
            MoveCase(
                name: "a 5", layout: foundation(.rank(5)), piles: ["4S", ""], move: move(),
                refusal: "a foundation starts with a 5"),
            MoveCase(name: "5", layout: foundation(.rank(5)), piles: ["5S", ""], move: move(), refusal: nil),
            MoveCase(
                name: "dealt 8", layout: foundation(.dealt), piles: ["7S", ""], move: move(),
                refusal: "a foundation starts with an 8", dealtBase: 8),
            MoveCase(
                name: "dealt 8, an 8", layout: foundation(.dealt), piles: ["8H", ""], move: move(), refusal: nil,
                dealtBase: 8),
            MoveCase(name: "any", layout: foundation(.any), piles: ["7S", ""], move: move(), refusal: nil),
            MoveCase(name: "builds up", layout: foundation(.rank(1)), piles: ["2S", "AS"], move: move(), refusal: nil),
            MoveCase(
                name: "same suit", layout: foundation(.rank(1)), piles: ["2H", "AS"], move: move(),
                refusal: "2H goes on the AH"),
            MoveCase(
                name: "one at a time", layout: columnAnd(.foundation) { $0.build = .down }, piles: ["3S 2H", "4S"],
                move: move(2), refusal: "foundations take one card at a time"),
        ])
    }

    func testCellsWasteStockAndCollect() {
        check([
            MoveCase(name: "empty cell", layout: columnAnd(.cell), piles: ["7S", ""], move: move(), refusal: nil),
            MoveCase(
                name: "full cell", layout: columnAnd(.cell), piles: ["7S", "8H"], move: move(),
                refusal: "a cell holds one card"),
            MoveCase(
                name: "run to a cell", layout: columnAnd(.cell), piles: ["8H 7S", ""], move: move(2),
                refusal: "a cell holds one card"),
            MoveCase(
                name: "capacity 3", layout: columnAnd(.tableau, capacity: 3), piles: ["7S", "TD 9C 8H"], move: move(),
                refusal: "a column holds 3 cards"),
            MoveCase(
                name: "waste", layout: columnAnd(.waste), piles: ["7S", ""], move: move(),
                refusal: "the waste takes cards only from the stock"),
            MoveCase(
                name: "stock", layout: columnAnd(.stock), piles: ["7S", ""], move: move(),
                refusal: "the stock takes no cards"),
            MoveCase(
                name: "collect", layout: columnAnd(.foundation) { $0.collect = true }, piles: ["AS", ""], move: move(),
                refusal: "only a finished run goes there, by itself"),
            MoveCase(
                name: "reserve", layout: columnAnd(.reserve), piles: ["7S", "8H"], move: move(),
                refusal: "nothing goes on a reserve"),
            MoveCase(
                name: "face-down top", layout: columns(), piles: ["7S", "[8H]"], move: move(),
                refusal: "nothing goes on a face-down card"),
            MoveCase(
                name: "itself", layout: columns(), piles: ["7S", "8H"], move: .transfer(from: 0, to: 0),
                refusal: "the cards are already there"),
        ])
    }
}
