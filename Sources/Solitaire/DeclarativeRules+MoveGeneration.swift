import Layouts

// Legal moves: the solver's inner loop.
//
// `legalMoves(in:)` and `legalMoves(in:into:)` are complete: every transfer of every movable run
// length from every non-empty pile to every pile that accepts it, and each stock click that does
// something. With `pruned: true` two kinds of moves that change nothing but which pile is which
// are left out, for a solver's branching:
//
// - moving a whole pile onto an empty pile of the same group;
// - moving onto an empty pile when an earlier pile of the same group is empty too (only the first
//   empty cell, the first empty column, … is offered).
//
// ``DeclarativeRules/hasAnyLegalMove(in:)`` answers "is there any move" without building a list.

extension DeclarativeRules {
    public func legalMoves(in state: GameState) -> [Move] {
        var moves: [Move] = []
        legalMoves(in: state, into: &moves)
        return moves
    }

    /// Appends the legal moves to `moves` (which the caller may reuse: it is not cleared).
    public func legalMoves(in state: GameState, into moves: inout [Move]) {
        legalMoves(in: state, into: &moves, pruned: false)
    }

    /// Appends the legal moves to `moves`; with `pruned`, leaves out the moves that only swap
    /// equivalent empty piles (see the top of this file).
    public func legalMoves(in state: GameState, into moves: inout [Move], pruned: Bool) {
        forEachLegalMove(in: state, pruned: pruned) { move in
            moves.append(move)
            return true
        }
    }

    /// Whether any move is legal.
    public func hasAnyLegalMove(in state: GameState) -> Bool {
        var found = false
        forEachLegalMove(in: state, pruned: false) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with each legal move until it returns `false`.
    @inline(__always)
    func forEachLegalMove(in state: GameState, pruned: Bool, _ body: (Move) -> Bool) {
        for stock in stockPiles where stockVerdict(stock, in: state) == nil {
            if !body(.stock(stock)) { return }
        }
        let piles = state.piles
        let pileCount = traits.count
        // The free spaces with no pile excluded; a target that is one of them counts one less.
        var emptyCells = 0
        var emptyColumns = 0
        if hasFreeCellLimit {
            let spaces = freeSpaces(excluding: -1, in: state)
            emptyCells = spaces.cells
            emptyColumns = spaces.columns
        }
        for from in 0..<pileCount {
            let source = piles[from]
            guard let counts = movableCounts(from, source) else { continue }
            if hasCovers && isCovered(from, in: state) { continue }
            let limited = traits[from].freeCellLimit
            for to in 0..<pileCount where to != from {
                let target = piles[to]
                let targetTraits = traits[to]
                guard targetTraits.takesByHand else { continue }
                if target.isEmpty && pruned {
                    if counts.lowerBound == source.count && pileGroup[to] == pileGroup[from] { continue }
                    var earlier = false
                    for other in groups[pileGroup[to]].piles {
                        if other >= to { break }
                        if other != from && piles[other].isEmpty {
                            earlier = true
                            break
                        }
                    }
                    if earlier { continue }
                }
                var most = counts.upperBound
                if limited && most > 1 {
                    let cells = emptyCells - (target.isEmpty && targetTraits.countsAsCell ? 1 : 0)
                    let columns = emptyColumns - (target.isEmpty && targetTraits.countsAsColumn ? 1 : 0)
                    most = min(most, DeclarativeRules.freeCellLimit(cells: cells, columns: columns))
                }
                if most < counts.lowerBound { continue }
                for count in counts.lowerBound...most
                where dropVerdict(card: source[source.count - count], count: count, onto: to, in: state) == nil
                    && (!hasRoutes || routeVerdict(from: from, count: count, to: to, in: state) == nil)
                {
                    if !body(.transfer(from: from, to: to, count: count)) { return }
                }
            }
        }
        if pairRule != nil, !forEachPair(in: state, pruned: pruned, body) { return }
        if discardRule != nil { _ = forEachDiscard(in: state, body) }
    }
}
