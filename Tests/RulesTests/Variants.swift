import Layouts
import Solitaire
import TestSupport

enum Variants {
    /// Stock (draw 1 or 3), waste, four foundations, seven columns 0…6 down + 1 up, King on empty.
    static func klondike(draw: Int = 1, redeals: Redeals = .unlimited) -> TableLayout {
        makeLayout([
            GroupSpec("S", .stock, 1) {
                $0.draw = draw
                $0.redeals = redeals
            },
            GroupSpec("W", .waste, 1),
            GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, 7) {
                $0.dealDown = [0, 1, 2, 3, 4, 5, 6]
                $0.dealUp = Array(repeating: 1, count: 7)
                $0.empty = .rank(13)
            },
        ])
    }

    /// Four cells, four foundations, eight columns of 7, 7, 7, 7, 6, 6, 6, 6 face up.
    static func freeCell() -> TableLayout {
        makeLayout([
            GroupSpec("C", .cell, 4, capacity: 1),
            GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, 8) {
                $0.dealUp = [7, 7, 7, 7, 6, 6, 6, 6]
                $0.sequenceLimit = .freeCells
            },
        ])
    }

    /// One-suit Spider: two decks of spades only, ten columns, the stock deals a row.
    static func spider(suits: [Character] = ["S"]) -> TableLayout {
        makeLayout(
            [
                GroupSpec("S", .stock, 1) {
                    $0.dealTo = ["T"]
                    $0.dealNeedsNoEmpty = true
                },
                GroupSpec("F", .foundation, 8) {
                    $0.collect = true
                    $0.takeBack = false
                },
                GroupSpec("T", .tableau, 10) {
                    $0.dealDown = [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
                    $0.dealUp = Array(repeating: 1, count: 10)
                    $0.suit = .any
                    $0.moveSuit = .same
                },
            ], decks: 2, suits: suits)
    }

    /// Yukon: seven columns, any face-up card moves with what is on it, King on empty.
    static func yukon() -> TableLayout {
        makeLayout([
            GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, 7) {
                $0.dealDown = [0, 1, 2, 3, 4, 5, 6]
                $0.dealUp = [1, 5, 5, 5, 5, 5, 5]
                $0.move = .faceUp
                $0.empty = .rank(13)
            },
        ])
    }

    /// Canfield: a reserve of 13 refilling four columns, foundations from the dealt card, wrap.
    static func canfield() -> TableLayout {
        makeLayout([
            GroupSpec("S", .stock, 1) {
                $0.draw = 3
                $0.redeals = .unlimited
            },
            GroupSpec("W", .waste, 1),
            GroupSpec("R", .reserve, 1) {
                $0.dealDown = [12]
                $0.dealUp = [1]
            },
            GroupSpec("F", .foundation, 4) {
                $0.base = .dealt
                $0.wrap = true
                $0.dealUp = [1, 0, 0, 0]
            },
            GroupSpec("T", .tableau, 4) {
                $0.dealUp = [1, 1, 1, 1]
                $0.refillFrom = "R"
                $0.wrap = true
            },
        ])
    }

    /// Golf: seven columns of five, the stock turns onto the one foundation, up or down from any.
    static func golf() -> TableLayout {
        makeLayout(
            [
                GroupSpec("S", .stock, 1) { $0.dealTo = ["F"] },
                GroupSpec("F", .foundation, 1) {
                    $0.build = .either
                    $0.suit = .any
                    $0.base = .any
                },
                GroupSpec("T", .tableau, 7) {
                    $0.dealUp = [5]
                    $0.build = .none
                    $0.empty = .none
                    $0.move = .top
                },
            ], win: .cleared)
    }

    static let all: [(String, TableLayout)] = [
        ("klondike", klondike()), ("klondike-3", klondike(draw: 3, redeals: .limited(2))), ("freecell", freeCell()),
        ("spider", spider()), ("spider-2", spider(suits: ["H", "S"])), ("yukon", yukon()), ("canfield", canfield()),
        ("golf", golf()),
    ]
}
