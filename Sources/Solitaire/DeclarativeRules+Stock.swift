import Layouts

// A click on the stock: `draw`, `redeals`, `deal-to`, `deal-needs-no-empty`, and the capacity of
// a single target (a waste of one card takes the next only once it is played).
//
// With one target slot (the waste, or Golf's foundation) a click turns `draw` cards onto it, one
// by one, so the last turned is on top: one step, flip + reverse. With several targets (Spider's
// columns) each gets one card, in order, while cards remain: one flip step each. An empty stock
// with redeals left takes the waste back, face down and in reverse: one step, flip + reverse +
// spendsRedeal. Every step reverts exactly.

extension DeclarativeRules {
    enum StockAction {
        case single(Step)
        case eachTarget
    }

    /// `nil` when a click on pile `index` does something.
    func stockVerdict(_ index: Int, in state: GameState) -> Verdict? {
        guard traits.indices.contains(index), traits[index].isStock else { return .notAStock }
        let targets = stockTargets[index]
        if targets.isEmpty { return .stockDealsNowhere }
        let stock = state.piles[index]
        if !stock.isEmpty {
            if traits[index].dealNeedsNoEmpty {
                for target in targets where state.piles[target].isEmpty { return .dealNeedsNoEmpty }
            }
            // A waste with a capacity (Sir Tommy's holds one card) takes no more than it holds.
            if targets.count == 1, state.piles[targets[0]].count >= traits[targets[0]].capacity {
                return .targetFull(capacity: traits[targets[0]].capacity)
            }
            return nil
        }
        guard targets.count == 1, !state.piles[targets[0]].isEmpty else { return .stockEmpty }
        return state.redealsLeft > 0 ? nil : .noRedealsLeft
    }

    /// What a click on the stock does; `nil` when nothing.
    func stockStep(_ index: Int, in state: GameState) -> StockAction? {
        guard stockVerdict(index, in: state) == nil else { return nil }
        let targets = stockTargets[index]
        let stock = state.piles[index]
        if stock.isEmpty {
            let waste = targets[0]
            return .single(
                Step(
                    from: waste, to: index, count: state.piles[waste].count, flip: true, reverse: true,
                    spendsRedeal: true))
        }
        if targets.count == 1 {
            return .single(
                Step(
                    from: index, to: targets[0], count: min(traits[index].draw, stock.count), flip: true, reverse: true)
            )
        }
        return .eachTarget
    }
}
