import Layouts

// A click on the stock: `draw`, `redeals`, `deal-to`, `deal-needs-no-empty`, and the capacity of
// a single target (a waste of one card takes the next only once it is played).
//
// With one target slot (the waste, or Golf's foundation) a click turns `draw` cards onto it, one
// by one, so the last turned is on top: one step, flip + reverse. With several targets (Spider's
// columns) each gets one card, in order, while cards remain: one flip step each. An empty stock
// with redeals left takes the waste back, face down and in reverse: one step, flip + reverse +
// spendsRedeal. A stock that gathers (`redeal-gathers`) takes those piles back instead, each
// turned over onto it as a waste is, the first spending the redeal; with `redeal-shuffles` a
// shuffle step follows, drawn from a number the position decides (so the same position redeals
// the same way, after an undo and in a save); then it deals as any click does. With several
// targets a click deals `draw` cards onto each (one in Spider, four in Cruel). Every step
// reverts exactly.

extension DeclarativeRules {
    enum StockAction {
        case single(Step)
        case eachTarget
        /// The gathered piles back onto the stock, shuffled or not, and a deal.
        case redeal
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
        if !redealSources[index].isEmpty {
            guard redealSources[index].contains(where: { !state.piles[$0].isEmpty }) else { return .stockEmpty }
            return state.redealsLeft > 0 ? nil : .noRedealsLeft
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
            if !redealSources[index].isEmpty { return .redeal }
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

extension DeclarativeRules {
    /// `draw` cards from the stock onto each target (one by one: the first dealt lies at the
    /// bottom), in order, while cards remain.
    func dealToEachTarget(_ stock: Int, in state: inout GameState, steps: inout [Step]) {
        let draw = traits[stock].draw
        for target in stockTargets[stock] where !state.piles[stock].isEmpty {
            let count = min(draw, state.piles[stock].count)
            let step = Step(from: stock, to: target, count: count, flip: true, reverse: count > 1)
            state.apply(step)
            steps.append(step)
        }
    }

    /// An empty stock's redeal that gathers: the piles back onto it, face down, the first spending
    /// the redeal; a shuffle when the layout asks; then a deal as a click on a full stock makes.
    func redeal(_ stock: Int, in state: inout GameState, steps: inout [Step]) {
        let position = state.positionNumber
        // The piles taken back as one, the first named on top, and turned over: the first
        // pile's bottom card is dealt first, and a redeal with no move between leaves every
        // card where it lay (Cruel).
        for pile in redealSources[stock].reversed() where !state.piles[pile].isEmpty {
            // Turned over onto the stock as a waste is: face-up cards go face down.
            let step = Step(
                from: pile, to: stock, count: state.piles[pile].count, flip: true, reverse: true,
                spendsRedeal: steps.isEmpty)
            state.apply(step)
            steps.append(step)
        }
        if pileRules(stock).redealShuffles, state.piles[stock].count > 1 {
            let seed = Step.shuffleSeed(position: position, stepsBefore: steps.count)
            let step = Step.shuffling(stock, count: state.piles[stock].count, seed: seed)
            state.apply(step)
            steps.append(step)
        }
        guard let deal = stockStep(stock, in: state) else { return }
        switch deal {
        case .single(let step):
            state.apply(step)
            steps.append(step)
        case .eachTarget:
            dealToEachTarget(stock, in: &state, steps: &steps)
        case .redeal:
            break
        }
    }
}
