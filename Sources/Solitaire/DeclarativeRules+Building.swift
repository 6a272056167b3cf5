import Layouts

// What a pile accepts: `build`, `suit`, `wrap`, `restart`, `empty`, `base` and the slot's capacity;
// a pile built `one-way` or `up-then-down` by the way its top two cards go.
//
// Stocks and wastes take nothing by hand, nor do collecting foundations (finished runs reach them
// by themselves). Foundations take one card at a time. A pile that builds `none` takes cards only
// while it is empty (a free cell: build none, empty any, capacity 1).

extension DeclarativeRules {
    /// `nil` when `count` cards whose bottom card is `card` may be dropped on pile `index`.
    @inline(__always)
    func dropVerdict(card: PileCard, count: Int, onto index: Int, in state: GameState) -> Verdict? {
        if let verdict = buildVerdict(card: card, count: count, onto: index, in: state) { return verdict }
        // A rank only once the pile before it holds one (`trails-previous`).
        if traits[index].trailsPrevious, let previous = previousInGroup[index],
            !state.piles[previous].contains(where: { $0.rank == card.rank })
        {
            return .trails(rank: card.rank)
        }
        return nil
    }

    /// ``dropVerdict(card:count:onto:in:)`` by the pile's capacity, base and building alone.
    @inline(__always)
    func buildVerdict(card: PileCard, count: Int, onto index: Int, in state: GameState) -> Verdict? {
        let traits = self.traits[index]
        if !traits.takesByHand {
            if traits.isStock { return .stockTakesNothing }
            if traits.collect { return .collectsByItself }
            return .wasteTakesFromStock
        }
        let target = state.piles[index]
        if target.count + count > traits.capacity { return .full(traits.kind, capacity: traits.capacity) }
        if traits.isFoundation && count > 1 { return .oneAtATime }
        guard let top = target.last else {
            if traits.isFoundation {
                switch traits.base {
                case .any:
                    guard traits.sameBase else { return nil }
                    // The first card played to the group set the base of them all.
                    for pile in groups[pileGroup[index]].piles where pile != index {
                        guard let bottom = state.piles[pile].first else { continue }
                        return card.rank == bottom.rank ? nil : .foundationStarts(bottom.rank)
                    }
                    return nil
                case .rank(let rank): return card.rank == rank ? nil : .foundationStarts(rank)
                case .dealt:
                    return state.dealtBase == 0 || card.rank == state.dealtBase
                        ? nil : .foundationStarts(state.dealtBase)
                }
            }
            switch traits.empty {
            case .any: return nil
            case .none: return .emptyTakesNothing(traits.kind)
            case .rank(let rank): return card.rank == rank ? nil : .emptyTakesOnly(rank, traits.kind)
            case .belowBase:
                let base = state.dealtBase == 0 ? 1 : state.dealtBase
                let rank = base == 1 ? 13 : base - 1
                return card.rank == rank ? nil : .emptyTakesOnly(rank, traits.kind)
            }
        }
        if traits.build == .none { return .buildsNothing(traits.kind) }
        if !top.faceUp { return .onFaceDown }
        if traits.restart, case .rank(let base) = traits.base, card.rank == base,
            top.rank == (traits.build == .down ? 1 : 13),
            DeclarativeRules.follows(card, on: top, direction: .any, suit: traits.suit, wrap: false)
        {
            return nil
        }
        if traits.build == .oneWay || traits.build == .upThenDown {
            let under = target.count > 1 ? target[target.count - 2] : nil
            let way = DeclarativeRules.way(traits.build, top: top, under: under, wrap: traits.wrap)
            guard DeclarativeRules.follows(card, on: top, direction: way, suit: traits.suit, wrap: traits.wrap) else {
                return .doesNotBuildWay(card: card, onto: index, way: way)
            }
            return nil
        }
        if !DeclarativeRules.follows(
            card, on: top, direction: traits.build, suit: traits.suit, wrap: traits.wrap, acesHigh: traits.acesHigh)
        {
            return .doesNotBuild(card: card, onto: index)
        }
        return nil
    }
}
