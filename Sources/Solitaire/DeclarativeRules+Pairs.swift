import Layouts

// Pairs (`pair` on a discard pile: Fourteen, Nestor, Cover): two cards that may move, and that
// pair up by the rule, leave the game together for the discard pile when one is dropped on the
// other; a card whose rank makes a sum alone (`sum-13`'s King) leaves by itself when dropped on
// the discard pile. A pair is a transfer of one card onto the other's pile, whose steps land it
// there and then take both cards to the discard pile (the other first, as a player would move
// them), so undo, saves and replays need nothing new.
//
// A pile may let cards under its top play too (`available`): its bottom card (Treize's waste),
// picked up as the whole pile, pairs as a top card does; the card under its top (Thirteen's
// waste) pairs with the top card over it when that top card is dropped on the discard pile.
// Their steps lift the cards over the one that plays and put them back in order.

/// One pair (or one card leaving alone) that a move takes out of the game.
struct Pairing: Sendable {
    /// The pile of the card moved, and the card's place in it (0 = bottom).
    var from: Int
    var fromIndex: Int
    /// The pile of the card it pairs with and that card's place; `nil` when it leaves alone.
    var partner: Int?
    var partnerIndex: Int
}

extension DeclarativeRules {
    /// Whether two piles may pair by where they lie (`pair-reach`): any two unless both are of
    /// one group that says how far a pair reaches.
    @inline(__always)
    func reaches(_ one: Int, _ other: Int) -> Bool {
        guard let reach = traits[one].pairReach, pileGroup[one] == pileGroup[other] else { return true }
        let a = gridPlace[one]
        let b = gridPlace[other]
        switch reach {
        case .touching: return abs(a.column - b.column) <= 1 && abs(a.row - b.row) <= 1
        case .rowOrColumn: return a.column == b.column || a.row == b.row
        }
    }

    /// Whether `move` takes cards out of the game as a pair (or a card that leaves alone).
    func pairsOff(_ move: Move, in state: GameState) -> Bool { pairing(of: move, in: state) != nil }

    /// The pair `move` makes: one card, free to move, dropped on another pile's top card (or
    /// its bottom card, where `available` lets it play) that is free to move and pairs with it;
    /// or dropped on the discard pile, leaving alone or with the card under it. Either pile may
    /// be of any kind but a foundation. The card moved is the top one, or the bottom one when
    /// the whole pile is picked up from a pile whose bottom card plays.
    func pairing(of move: Move, in state: GameState) -> Pairing? {
        guard let rule = pairRule, let discard = pairDiscard, move.kind == .transfer else { return nil }
        let from = move.from
        let to = move.to
        guard from != to, state.piles.indices.contains(from), state.piles.indices.contains(to),
            !traits[from].isFoundation, move.count >= 1
        else { return nil }
        let source = state.piles[from]
        let bottom = move.count > 1
        guard move.count <= source.count, !bottom || (traits[from].bottomAvailable && move.count == source.count),
            pickUpVerdict(pile: from, count: move.count, in: state) == nil
        else { return nil }
        let fromIndex = source.count - move.count
        let card = source[fromIndex]
        guard card.faceUp else { return nil }
        if to == discard {
            if rule.leavesAlone(rank: card.rank) {
                return Pairing(from: from, fromIndex: fromIndex, partner: nil, partnerIndex: 0)
            }
            // The top card with the card under it (`available` names `second`).
            guard !bottom, traits[from].secondAvailable, source.count >= 2 else { return nil }
            let under = source[source.count - 2]
            guard under.faceUp, rule.pairs(rank: card.rank, suit: card.suitIndex, with: under.rank, under.suitIndex)
            else { return nil }
            return Pairing(from: from, fromIndex: fromIndex, partner: from, partnerIndex: source.count - 2)
        }
        guard !traits[to].isFoundation, reaches(from, to) else { return nil }
        let target = state.piles[to]
        if let other = target.last, other.faceUp, pickUpVerdict(pile: to, count: 1, in: state) == nil,
            rule.pairs(rank: card.rank, suit: card.suitIndex, with: other.rank, other.suitIndex)
        {
            return Pairing(from: from, fromIndex: fromIndex, partner: to, partnerIndex: target.count - 1)
        }
        // The target's bottom card, when its top card does not pair (a top card moved only).
        guard !bottom, traits[to].bottomAvailable, target.count > 1, let other = target.first, other.faceUp,
            pickUpVerdict(pile: to, count: target.count, in: state) == nil,
            rule.pairs(rank: card.rank, suit: card.suitIndex, with: other.rank, other.suitIndex)
        else { return nil }
        return Pairing(from: from, fromIndex: fromIndex, partner: to, partnerIndex: 0)
    }

    /// The steps that take a pairing's cards to the discard pile and leave every other card
    /// where it lay, in order.
    func pairSteps(_ pairing: Pairing, in state: GameState) -> [Step] {
        guard let discard = pairDiscard else { return [] }
        let from = pairing.from
        let lifted = state.piles[from].count - pairing.fromIndex
        guard let partner = pairing.partner else {
            // Alone: the card (with any over it) to the discard pile, and those over it back.
            let out = Step(from: from, to: discard, count: lifted)
            return lifted == 1 ? [out] : [out, Step(from: discard, to: from, count: lifted - 1)]
        }
        if partner == from {
            // The top card and the one under it.
            return [Step(from: from, to: discard, count: 2)]
        }
        let partnerLifted = state.piles[partner].count - pairing.partnerIndex
        if partnerLifted > 1 {
            // Onto the partner's bottom card: the partner's pile onto the card, the cards that
            // lay over the partner back, then the two cards out.
            return [
                Step(from: partner, to: from, count: partnerLifted),
                Step(from: from, to: partner, count: partnerLifted - 1),
                Step(from: from, to: discard, count: 2),
            ]
        }
        if lifted > 1 {
            // The bottom card: the pile onto the partner, the cards over the bottom one back,
            // then the two cards out.
            return [
                Step(from: from, to: partner, count: lifted),
                Step(from: partner, to: from, count: lifted - 1),
                Step(from: partner, to: discard, count: 2),
            ]
        }
        // The card lands on its pair, and the two leave together.
        return [Step(from: from, to: partner, count: 1), Step(from: partner, to: discard, count: 2)]
    }

    /// The card a pair moves and the one it pairs with, for the move's sentence.
    func pairCards(_ move: Move, in state: GameState) -> (PileCard, PileCard?)? {
        guard let pairing = pairing(of: move, in: state) else { return nil }
        let card = state.piles[pairing.from][pairing.fromIndex]
        return (card, pairing.partner.map { state.piles[$0][pairing.partnerIndex] })
    }

    /// The refusal of a drop that is no pair, in the pairs' words where the drop was one: onto a
    /// card that is free to move, or onto the discard pile.
    func pairVerdict(
        instead verdict: Verdict, card: PileCard, from source: Int? = nil, onto target: Int, in state: GameState
    ) -> Verdict {
        guard let rule = pairRule else { return verdict }
        if target == pairDiscard { return .pairsOnly(rule) }
        guard !traits[target].isFoundation, let other = state.piles[target].last, other.faceUp,
            pickUpVerdict(pile: target, count: 1, in: state) == nil
        else { return verdict }
        switch verdict {
        case .buildsNothing, .doesNotBuild, .doesNotBuildWay:
            if let from = source, !reaches(from, target), let reach = traits[from].pairReach,
                rule.pairs(rank: card.rank, suit: card.suitIndex, with: other.rank, other.suitIndex)
            {
                return .outOfReach(card: card, other: other, reach)
            }
            return .noPair(card: card, other: other, rule)
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
            for to in free where to != from && (!pruned || to > from) && reaches(from, to) {
                let other = piles[to].last!
                guard rule.pairs(rank: card.rank, suit: card.suitIndex, with: other.rank, other.suitIndex),
                    dropVerdict(card: card, count: 1, onto: to, in: state) != nil
                else { continue }
                if !body(.transfer(from: from, to: to, count: 1)) { return false }
            }
            if traits[from].secondAvailable, piles[from].count >= 2, !rule.leavesAlone(rank: card.rank) {
                let move = Move.transfer(from: from, to: discard, count: 1)
                if pairsOff(move, in: state), !body(move) { return false }
            }
        }
        // Bottom cards that play (`available`): alone, or onto a free top card, and (unless
        // pruned, as the same pair the other way) a free top card onto one whose pile's top card
        // it does not pair with.
        for pile in piles.indices where traits[pile].bottomAvailable && piles[pile].count > 1 {
            let count = piles[pile].count
            for to in [discard] + free where to != pile {
                let move = Move.transfer(from: pile, to: to, count: count)
                if pairsOff(move, in: state), !body(move) { return false }
            }
            guard !pruned, let top = piles[pile].last else { continue }
            for from in free where from != pile {
                let card = piles[from].last!
                guard !rule.pairs(rank: card.rank, suit: card.suitIndex, with: top.rank, top.suitIndex) else {
                    continue
                }
                let move = Move.transfer(from: from, to: pile, count: 1)
                if pairsOff(move, in: state), !body(move) { return false }
            }
        }
        return true
    }
}
