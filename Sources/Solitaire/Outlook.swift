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
// A won game is not stuck: `.movesLeft`. A variant that knows better says so itself
// (`ownOutlook(for:)`: a script's `moves_left` hook), and no search is made.
//
// Positions that differ only in which free cell holds which card are the same position for the
// search (PositionCanonicalizer.swift), so FreeCell's four cells do not multiply the positions by
// 24.

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
    /// How many positions ``outlook(for:budget:)`` explores unless told: about 5 ms when it is all
    /// spent on the largest shipped game, 10 to 15 ms at worst (release build; `cardtable-bench
    /// rules`). Enough to prove the usual dead ends (a stock cycling, a few cards to and fro).
    public static var defaultOutlookBudget: Int { 1000 }

    /// Whether any sequence of moves can still change the game (see Outlook.swift).
    public func outlook(for state: GameState, budget: Int = Self.defaultOutlookBudget) -> Outlook {
        if isWon(state) { return .movesLeft }
        if let own = ownOutlook(for: state) { return own }
        return OutlookSearch(rules: self, start: state).run(budget: budget).outlook
    }

    /// The first move of a shortest sequence of moves that makes progress (Outlook.swift), found
    /// within `budget` positions; `nil` when there is none or the budget runs out first.
    func firstMoveToProgress(in state: GameState, budget: Int = Self.defaultOutlookBudget) -> Move? {
        OutlookSearch(rules: self, start: state).run(budget: budget).firstMove
    }
}

/// One exploration: the start's measures of progress, the piles that count, the positions seen.
private struct OutlookSearch<R: Rules> {
    let rules: R
    let start: GameState
    let foundations: [Int]
    /// Per pile: its face-down cards count as waiting to be turned up (not a stock's).
    let countsHidden: [Bool]
    /// Positions as remembered: free cells sorted.
    let canonicalizer: PositionCanonicalizer
    let startFoundationCards: Int
    let startHidden: Int

    init(rules: R, start: GameState) {
        self.rules = rules
        self.start = start
        foundations = rules.foundations
        countsHidden = start.piles.indices.map { !rules.isStockLike($0) }
        canonicalizer = PositionCanonicalizer(rules)
        var foundationCards = 0
        for pile in foundations { foundationCards += start.piles[pile].count }
        startFoundationCards = foundationCards
        var hidden = 0
        for (index, pile) in start.piles.enumerated() where countsHidden[index] {
            for card in pile where !card.faceUp { hidden += 1 }
        }
        startHidden = hidden
    }

    /// The outlook, and with `.movesLeft` the first move of the path found to progress.
    func run(budget: Int) -> (outlook: Outlook, firstMove: Move?) {
        var seen: Set<PositionKey> = [PositionKey(canonicalizer.canonical(start))]
        var queue: [GameState] = [start]
        /// Per queued position, the move from the start that leads to it (none for the start).
        var firstMoves: [Move?] = [nil]
        var next = 0
        var moves: [Move] = []
        moves.reserveCapacity(64)
        while next < queue.count {
            let position = queue[next]
            let firstMove = firstMoves[next]
            next += 1
            moves.removeAll(keepingCapacity: true)
            rules.legalMoves(in: position, into: &moves)
            for move in moves {
                var after = position
                _ = rules.apply(move, to: &after)
                if makesProgress(after) { return (.movesLeft, firstMove ?? move) }
                if seen.insert(PositionKey(canonicalizer.canonical(after))).inserted {
                    if seen.count > budget { return (.unknown, nil) }
                    queue.append(after)
                    firstMoves.append(firstMove ?? move)
                }
            }
        }
        return (.noMovesLeft, nil)
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
