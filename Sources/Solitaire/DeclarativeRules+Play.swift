import Layouts

// What the play helpers (autoplay, best move, hints, outlook) ask of a layout's rules, answered
// from the flattened pile traits.

extension DeclarativeRules {
    public var foundations: [Int] { foundationPiles }

    public var declarativeRules: DeclarativeRules? { self }

    public func builds(_ card: PileCard, on below: PileCard, inPile pile: Int) -> Bool {
        guard traits.indices.contains(pile) else { return false }
        let traits = self.traits[pile]
        guard traits.takesByHand else { return false }
        return DeclarativeRules.follows(
            card, on: below, direction: traits.build, suit: traits.suit, wrap: traits.wrap, acesHigh: traits.acesHigh)
    }
}

extension DeclarativeRules {
    /// Groups of cells whose piles may trade their cards without changing the game: cells of one
    /// group and one capacity, that no stock deals to and no pile refills from. A search may
    /// remember positions with each group's cells sorted.
    var interchangeableCells: [[Int]] {
        groups.compactMap { group in
            let piles = group.piles
            guard piles.count > 1, let first = piles.first else { return nil }
            for pile in piles where traits[pile].kind != .cell || traits[pile].capacity != traits[first].capacity {
                return nil
            }
            for targets in stockTargets where targets.contains(where: piles.contains) { return nil }
            for sources in refillSources where sources.contains(where: piles.contains) { return nil }
            return piles
        }
    }
}
