import Layouts

// Where cards go when the player double-clicks them, and the one place a click-to-move plays.
//
// 1. To a foundation, when they may go there.
// 2. Otherwise to the best pile that takes them, in this order: a pile that is not empty and
//    builds on them (a column: 7♠ onto 8♥), an empty column, a free cell, any other empty pile
//    that takes them. Among equals, the first in layout order.
// 3. Never back to where they are: not to the pile they are on, nor, when they are a whole pile,
//    to an empty pile of the same group (a card in a cell does not hop to the next cell).
//
// Cards on a foundation or in a stock have no best move: a double-click there does nothing.

extension Rules {
    /// The best place for the top `count` cards of `pile`, as a legal move; `nil` when none.
    public func bestMove(from pile: Int, count: Int, in state: GameState) -> Move? {
        guard state.piles.indices.contains(pile), count >= 1, count <= state.piles[pile].count,
            !isStockLike(pile), !foundations.contains(pile)
        else { return nil }
        if count == 1, let move = foundationMove(from: pile, in: state) { return move }
        let wholePile = count == state.piles[pile].count
        var best: (move: Move, rank: Int)?
        for to in state.piles.indices where to != pile && !foundations.contains(to) && !isStockLike(to) {
            let target = state.piles[to]
            if wholePile && target.isEmpty && group(of: to) == group(of: pile) { continue }
            let rank: Int
            if !target.isEmpty {
                rank = 3
            } else {
                switch kind(of: to) {
                case .tableau: rank = 2
                case .cell: rank = 1
                default: rank = 0
                }
            }
            if let best, best.rank >= rank { continue }
            let move = Move.transfer(from: pile, to: to, count: count)
            guard refusal(of: move, in: state) == nil else { continue }
            best = (move, rank)
        }
        return best?.move
    }

    /// The one place the top `count` cards of `pile` can go, when there is only one (a click on
    /// a card in click-to-move plays it): empty piles of one kind count as one place. `nil`
    /// when there is none, or a choice.
    public func obviousMove(from pile: Int, count: Int, in state: GameState) -> Move? {
        var found: Move?
        var emptyKinds = Set<SlotKind>()
        for to in state.piles.indices where to != pile && !isStockLike(to) {
            let move = Move.transfer(from: pile, to: to, count: count)
            guard refusal(of: move, in: state) == nil else { continue }
            if state.piles[to].isEmpty, let kind = kind(of: to), !emptyKinds.insert(kind).inserted { continue }
            guard found == nil else { return nil }
            found = move
        }
        return found
    }

    /// The top card of `pile` onto a foundation that takes it, as a legal move; `nil` when none
    /// does (or the pile is a foundation itself).
    public func foundationMove(from pile: Int, in state: GameState) -> Move? {
        guard state.piles.indices.contains(pile), !state.piles[pile].isEmpty, !foundations.contains(pile) else {
            return nil
        }
        for to in foundations {
            let move = Move.transfer(from: pile, to: to, count: 1)
            if refusal(of: move, in: state) == nil { return move }
        }
        return nil
    }
}
