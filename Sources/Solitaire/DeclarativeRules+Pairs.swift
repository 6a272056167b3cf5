import Layouts

// Pairs (`pair` on a discard pile: Fourteen, Nestor, Cover): two cards that may move, and that
// pair up by the rule, leave the game together for the discard pile when one is dropped on the
// other; a card whose rank makes a sum alone (`sum-13`'s King) leaves by itself when dropped on
// the discard pile. A pair is a transfer of one card onto the other's pile, whose steps land it
// there and then take both cards to the discard pile (the other first, as a player would move
// them), so undo, saves and replays need nothing new.

extension DeclarativeRules {
    /// Whether `move` takes cards out of the game as a pair (or a card that leaves alone): one
    /// card, free to move, dropped on another pile's top card that is free to move and pairs with
    /// it, or (leaving alone) on the discard pile. Either pile may be of any kind but a foundation.
    func pairsOff(_ move: Move, in state: GameState) -> Bool {
        guard let rule = pairRule, let discard = pairDiscard, move.kind == .transfer, move.count == 1 else {
            return false
        }
        let from = move.from
        let to = move.to
        guard from != to, state.piles.indices.contains(from), state.piles.indices.contains(to),
            !traits[from].isFoundation, let card = state.piles[from].last, card.faceUp,
            pickUpVerdict(pile: from, count: 1, in: state) == nil
        else { return false }
        if to == discard { return rule.leavesAlone(rank: card.rank) }
        guard !traits[to].isFoundation, let other = state.piles[to].last, other.faceUp,
            pickUpVerdict(pile: to, count: 1, in: state) == nil
        else { return false }
        return rule.pairs(rank: card.rank, suit: card.suitIndex, with: other.rank, other.suitIndex)
    }

    /// The refusal of a drop that is no pair, in the pairs' words where the drop was one: onto a
    /// card that is free to move, or onto the discard pile.
    func pairVerdict(instead verdict: Verdict, card: PileCard, onto target: Int, in state: GameState) -> Verdict {
        guard let rule = pairRule else { return verdict }
        if target == pairDiscard { return .pairsOnly(rule) }
        guard !traits[target].isFoundation, let other = state.piles[target].last, other.faceUp,
            pickUpVerdict(pile: target, count: 1, in: state) == nil
        else { return verdict }
        switch verdict {
        case .buildsNothing, .doesNotBuild, .doesNotBuildWay: return .noPair(card: card, other: other, rule)
        default: return verdict
        }
    }

    /// Calls `body` with each pair that may leave the game (and each card that may leave alone)
    /// that the plain drops did not offer, until it returns `false`. With `pruned`, a pair is
    /// offered one way only (from the lower pile onto the higher).
    @inline(__always)
    func forEachPair(in state: GameState, pruned: Bool, _ body: (Move) -> Bool) -> Bool {
        guard let rule = pairRule, let discard = pairDiscard else { return true }
        let piles = state.piles
        // The piles whose top card may move, worked out once: a pair is two of them (pairsOff).
        let free = piles.indices.filter { pile in
            !traits[pile].isFoundation && piles[pile].last?.faceUp == true
                && pickUpVerdict(pile: pile, count: 1, in: state) == nil
        }
        for from in free {
            let card = piles[from].last!
            if rule.leavesAlone(rank: card.rank),
                dropVerdict(card: card, count: 1, onto: discard, in: state) != nil,
                !body(.transfer(from: from, to: discard, count: 1))
            {
                return false
            }
            for to in free where to != from && (!pruned || to > from) {
                let other = piles[to].last!
                guard rule.pairs(rank: card.rank, suit: card.suitIndex, with: other.rank, other.suitIndex),
                    dropVerdict(card: card, count: 1, onto: to, in: state) != nil
                else { continue }
                if !body(.transfer(from: from, to: to, count: 1)) { return false }
            }
        }
        return true
    }
}
