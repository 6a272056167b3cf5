import Layouts
import Solitaire
import TestSupport

/// Tables built in code, small enough that a plain search sees every position: the rules of
/// shipped games played with a handful of cards.
enum SmallGames {
    static func layout(_ groups: [GroupSpec], win: WinCondition = .foundations) -> TableLayout {
        makeLayout(groups, win: win)
    }

    /// FreeCell's rules: `cells` cells, four foundations, `columns` columns.
    static func freeCell(cells: Int, columns: Int) -> TableLayout {
        layout([
            GroupSpec("C", .cell, cells, capacity: 1),
            GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, columns) { $0.sequenceLimit = .freeCells },
        ])
    }

    /// Baker's Game: FreeCell building in suit, foundations keep their cards.
    static func bakersGame(cells: Int, columns: Int) -> TableLayout {
        layout([
            GroupSpec("C", .cell, cells, capacity: 1),
            GroupSpec("F", .foundation, 4) { $0.takeBack = false },
            GroupSpec("T", .tableau, columns) {
                $0.suit = .same
                $0.sequenceLimit = .freeCells
            },
        ])
    }

    /// Klondike's rules: a stock turning `draw` onto a waste, `columns` columns taking only the
    /// highest rank `top` when empty.
    static func klondike(draw: Int, redeals: Redeals, columns: Int, top: Int) -> TableLayout {
        layout([
            GroupSpec("S", .stock, 1) {
                $0.draw = draw
                $0.redeals = redeals
            },
            GroupSpec("W", .waste, 1),
            GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, columns) { $0.empty = .rank(top) },
        ])
    }

    /// Yukon's rules: any face-up card moves with what lies on it.
    static func yukon(columns: Int) -> TableLayout {
        layout([
            GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, columns) { $0.move = .faceUp },
        ])
    }

    /// Spider's stock and columns (the stock deals a row, never onto an empty column; runs move
    /// in one suit), with foundations that take the cards one by one.
    static func spider(columns: Int) -> TableLayout {
        layout([
            GroupSpec("S", .stock, 1) {
                $0.dealTo = ["T"]
                $0.dealNeedsNoEmpty = true
            },
            GroupSpec("F", .foundation, 4) { $0.takeBack = false },
            GroupSpec("T", .tableau, columns) {
                $0.suit = .any
                $0.moveSuit = .same
            },
        ])
    }

    /// Canfield's rules: columns refilled from a reserve, a stock turning three.
    static func canfield(columns: Int) -> TableLayout {
        layout([
            GroupSpec("S", .stock, 1) {
                $0.draw = 3
                $0.redeals = .unlimited
            },
            GroupSpec("W", .waste, 1),
            GroupSpec("R", .reserve, 1),
            GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, columns) { $0.refillFrom = "R" },
        ])
    }

    /// Napoleon's Tomb's kind of rules, where suits never count: a stock turning one card onto a
    /// waste, once through; reserves of one card; columns giving their top card away; three
    /// foundations building up from the Ace whatever the suit.
    static func suitless(reserves: Int, columns: Int, win: WinCondition = .foundations) -> TableLayout {
        layout(
            [
                GroupSpec("S", .stock, 1) { $0.redeals = .limited(0) },
                GroupSpec("W", .waste, 1),
                GroupSpec("R", .reserve, reserves, capacity: 1),
                GroupSpec("F", .foundation, 3) {
                    $0.suit = .any
                    $0.takeBack = false
                },
                GroupSpec("T", .tableau, columns) {
                    $0.build = .none
                    $0.empty = .none
                    $0.move = .top
                },
            ], win: win)
    }

    /// Golf's rules: the stock turns onto the one foundation, up or down in any suit.
    static func golf(columns: Int) -> TableLayout {
        layout(
            [
                GroupSpec("S", .stock, 1) { $0.dealTo = ["F"] },
                GroupSpec("F", .foundation, 1) {
                    $0.build = .either
                    $0.suit = .any
                    $0.base = .any
                    $0.takeBack = false
                },
                GroupSpec("T", .tableau, columns) {
                    $0.build = .none
                    $0.empty = .none
                    $0.move = .top
                },
            ], win: .cleared)
    }
}

/// The tests' random numbers: SplitMix64, so every run deals the same.
struct SmallRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

extension SmallGames {
    /// A random position of `layout`: the cards Ace to `ranks` of `suits` suits, shuffled, dealt
    /// round the columns (and the stock and reserve when the layout has them). Cards of the
    /// stock lie face down, and in the columns so does each card but the top with
    /// `faceDown`.
    static func position(
        _ layout: TableLayout, ranks: Int, suits: Int, faceDown: Bool, random: inout SmallRandom
    ) -> GameState {
        var cards: [Card] = []
        for suit in Card.Suit.allCases.prefix(suits) {
            for rank in 1...ranks { cards.append(Card(Card.Rank(rawValue: rank)!, suit)) }
        }
        for index in cards.indices.reversed() { cards.swapAt(index, random.below(index + 1)) }
        var piles = [[PileCard]](repeating: [], count: layout.slots.count)
        let columns = layout.slots.indices.filter { layout.slots[$0].kind == .tableau }
        let extras = layout.slots.indices.filter { [.stock, .reserve].contains(layout.slots[$0].kind) }
        let places = columns + extras
        for (index, card) in cards.enumerated() {
            let pile = index < columns.count ? columns[index] : places[random.below(places.count)]
            piles[pile].append(PileCard(card, faceUp: false))
        }
        for pile in piles.indices where layout.slots[pile].kind != .stock {
            for index in piles[pile].indices where !faceDown || index == piles[pile].count - 1 {
                piles[pile][index].faceUp = true
            }
        }
        let redeals = layout.rules?.groups["S"].map { rules in
            switch rules.redeals {
            case .unlimited: Int.max
            case .limited(let count): count
            }
        }
        return GameState(piles: piles, redealsLeft: redeals ?? 0)
    }
}

/// Every position reachable from a start, breadth first, with no cleverness: the answer the
/// solver's must agree with. `nil` when there are more than `limit` positions.
func plainSearchWins(_ rules: some Rules, from start: GameState, limit: Int) -> Bool? {
    plainSearch(rules, from: start, limit: limit, stopsAtWin: true)?.wins
}

/// How many distinct positions can be reached from `start` (every one, the won included).
func plainSearchPositions(_ rules: some Rules, from start: GameState) -> Int {
    plainSearch(rules, from: start, limit: .max, stopsAtWin: false)!.seen
}

/// Breadth first over every position reachable from `start`, each kept whole: whether one is
/// won, and how many were seen; `nil` past `limit` positions.
func plainSearch(
    _ rules: some Rules, from start: GameState, limit: Int, stopsAtWin: Bool
) -> (wins: Bool, seen: Int)? {
    var seen: Set<GameState> = [start]
    var queue = [start]
    var next = 0
    var wins = false
    while next < queue.count {
        let state = queue[next]
        next += 1
        if rules.isWon(state) {
            wins = true
            if stopsAtWin { break }
        }
        for move in rules.legalMoves(in: state) {
            var after = state
            _ = rules.apply(move, to: &after)
            if seen.insert(after).inserted {
                if seen.count > limit { return nil }
                queue.append(after)
            }
        }
    }
    return (wins, seen.count)
}
