import Layouts

// Discards (`discard = "outranked"` on a discard pile: Fortunes, Aces Up): a card that may move
// goes to the discard pile when a card of its suit that outranks it, in the game's rank order
// (`aces = "high"` puts the Ace above the King), tops another pile. The move is a plain transfer
// to the discard pile; only what allows it is new.

extension DeclarativeRules {
    /// Whether `move` sends a card to the discard pile by the discard rule: one card, free to
    /// move, from a pile other than a foundation, while another such pile's top card, face up, of
    /// its suit outranks it.
    func discardsOff(_ move: Move, in state: GameState) -> Bool {
        guard discardRule != nil, let discard = discardPile, move.kind == .transfer, move.to == discard,
            move.count == 1, state.piles.indices.contains(move.from), move.from != discard,
            !traits[move.from].isFoundation, let card = state.piles[move.from].last, card.faceUp,
            pickUpVerdict(pile: move.from, count: 1, in: state) == nil
        else { return false }
        let value = game.value(ofRank: card.rank)
        for pile in state.piles.indices where pile != move.from && !traits[pile].isFoundation {
            guard let other = state.piles[pile].last, other.faceUp, other.suitIndex == card.suitIndex else { continue }
            if game.value(ofRank: other.rank) > value { return true }
        }
        return false
    }

    /// Calls `body` with each card the discard rule lets go to the discard pile, until it returns
    /// `false`.
    @inline(__always)
    func forEachDiscard(in state: GameState, _ body: (Move) -> Bool) -> Bool {
        guard let discard = discardPile else { return true }
        for from in state.piles.indices where from != discard {
            let move = Move.transfer(from: from, to: discard, count: 1)
            if discardsOff(move, in: state), !body(move) { return false }
        }
        return true
    }
}
