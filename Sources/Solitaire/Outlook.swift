import Layouts

// Stuck detection that is right: "No moves left" only when it is proven.
//
// Progress is what cannot be undone by shuffling: one card more on the foundations than now, one
// face-down card fewer (outside the stocks: a card turned up in a column, a reserve's next card),
// or a won game. Dealing from the stock, turning the waste over, moving a card to and fro: none of
// these is progress by itself, but each may lead to some.
//
// `outlook(for:budget:)` explores every position reachable from here, breadth first (a hash set of
// positions; stock clicks and redeals are moves like any other):
//
// - `.movesLeft` as soon as one move leads to progress (so at once when the next move does);
// - `.noMovesLeft` when every reachable position has been seen and none of the moves between them
//   makes progress: whatever the player does, the game cannot change any more. A position with no
//   legal move at all is `.noMovesLeft` at once;
// - `.unknown` when more than `budget` positions would have to be seen to tell.
//
// A won game is not stuck: `.movesLeft`.
//
// Positions that differ only in which free cell holds which card are the same position for the
// search (the cells of a group are sorted before a position is remembered, when the cells are
// truly interchangeable: DeclarativeRules+Play.swift), so FreeCell's four cells do not multiply
// the positions by 24.

/// What the future of a position holds.
public enum Outlook: Sendable {
    /// Some sequence of moves makes progress (or the game is won).
    case movesLeft
    /// Proven: no sequence of moves, stock and redeals included, changes the game any more.
    case noMovesLeft
    /// Too many positions to tell within the budget.
    case unknown
}

extension Rules {
    /// How many positions ``outlook(for:budget:)`` explores unless told: a few milliseconds on the
    /// largest shipped game (docs/PERFORMANCE.md).
    public static var defaultOutlookBudget: Int { 2000 }

    /// Whether any sequence of moves can still change the game (see Outlook.swift).
    public func outlook(for state: GameState, budget: Int = Self.defaultOutlookBudget) -> Outlook {
        if isWon(state) { return .movesLeft }
        let search = OutlookSearch(rules: self, start: state)
        return search.run(budget: budget)
    }
}

/// One exploration: the start's measures of progress, the piles that count, the positions seen.
private struct OutlookSearch<R: Rules> {
    let rules: R
    let start: GameState
    let foundations: [Int]
    /// Per pile: its face-down cards count as waiting to be turned up (not a stock's).
    let countsHidden: [Bool]
    /// Groups of free cells, each sorted in a remembered position.
    let cellGroups: [[Int]]
    let startFoundationCards: Int
    let startHidden: Int

    init(rules: R, start: GameState) {
        self.rules = rules
        self.start = start
        foundations = rules.foundations
        countsHidden = start.piles.indices.map { !rules.isStockLike($0) }
        cellGroups = (rules as? DeclarativeRules)?.interchangeableCells ?? []
        var foundationCards = 0
        for pile in foundations { foundationCards += start.piles[pile].count }
        startFoundationCards = foundationCards
        var hidden = 0
        for (index, pile) in start.piles.enumerated() where countsHidden[index] {
            for card in pile where !card.faceUp { hidden += 1 }
        }
        startHidden = hidden
    }

    func run(budget: Int) -> Outlook {
        var seen: Set<PositionKey> = [PositionKey(canonical(start))]
        var queue: [GameState] = [start]
        var next = 0
        var moves: [Move] = []
        moves.reserveCapacity(64)
        while next < queue.count {
            let position = queue[next]
            next += 1
            moves.removeAll(keepingCapacity: true)
            rules.legalMoves(in: position, into: &moves)
            for move in moves {
                var after = position
                _ = rules.apply(move, to: &after)
                if makesProgress(after) { return .movesLeft }
                if seen.insert(PositionKey(canonical(after))).inserted {
                    if seen.count > budget { return .unknown }
                    queue.append(after)
                }
            }
        }
        return .noMovesLeft
    }

    func makesProgress(_ state: GameState) -> Bool {
        var foundationCards = 0
        for pile in foundations { foundationCards += state.piles[pile].count }
        if foundationCards > startFoundationCards { return true }
        var hidden = 0
        for (index, pile) in state.piles.enumerated() where countsHidden[index] {
            for card in pile where !card.faceUp { hidden += 1 }
        }
        return hidden < startHidden || rules.isWon(state)
    }

    /// The position as remembered: each group of interchangeable cells sorted.
    func canonical(_ state: GameState) -> GameState {
        var state = state
        for group in cellGroups {
            var sorted = true
            for (lower, upper) in zip(group, group.dropFirst())
            where OutlookSearch.precedes(state.piles[upper], state.piles[lower]) {
                sorted = false
                break
            }
            if sorted { continue }
            let piles = group.map { state.piles[$0] }.sorted(by: OutlookSearch.precedes)
            for (pile, cards) in zip(group, piles) { state.piles[pile] = cards }
        }
        return state
    }

    /// An order of piles by their cards, bottom first; a pile before every pile it begins.
    static func precedes(_ left: [PileCard], _ right: [PileCard]) -> Bool {
        for (a, b) in zip(left, right) where a.raw != b.raw { return a.raw < b.raw }
        return left.count < right.count
    }
}

/// A position in the search's hash set, with a hash worked out once, eight cards at a time
/// (Swift's `Hasher` fed card by card cost a fifth of the search).
private struct PositionKey: Hashable {
    let state: GameState
    let hash: UInt64

    init(_ state: GameState) {
        self.state = state
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        @inline(__always) func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
        }
        mix(UInt64(truncatingIfNeeded: state.redealsLeft))
        mix(UInt64(truncatingIfNeeded: state.dealtBase))
        for pile in state.piles {
            mix(UInt64(pile.count))
            pile.withUnsafeBytes { bytes in
                var offset = 0
                while offset + 8 <= bytes.count {
                    mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    offset += 8
                }
                var tail: UInt64 = 0
                while offset < bytes.count {
                    tail = tail << 8 | UInt64(bytes[offset])
                    offset += 1
                }
                mix(tail)
            }
        }
        self.hash = hash
    }

    static func == (left: PositionKey, right: PositionKey) -> Bool {
        left.hash == right.hash && left.state == right.state
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
