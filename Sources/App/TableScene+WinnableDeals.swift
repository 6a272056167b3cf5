import Solitaire
import Solver
import TableKit

/// A search for a winnable deal under way: its work and the deal it started from (the one on
/// the table meanwhile).
struct DealSearch {
    var ticket: BackgroundTicket?
    var first: UInt64
}

/// What a search for a winnable deal found: the first deal number the solver won, with its
/// line, or none; and the last number it tried.
struct WinnableDealAnswer: Sendable {
    var deal: UInt64?
    var result: SolverResult?
    var last: UInt64
}

/// Looks for a winnable deal: from a deal number up, the first deal the solver finds a win for
/// within its budget. Deal numbers are the game's own (Microsoft's for FreeCell), so the deal
/// found is the deal of that number.
enum WinnableDealSearch {
    /// Deals tried at most, and seconds spent at most, before the search gives up.
    static let maximumDeals = 200
    static let maximumSeconds = 20.0

    static func find(
        from first: UInt64, rules: any Rules, budget: SolverBudget, maximumDeals: Int = maximumDeals,
        maximumSeconds: Double = maximumSeconds, isCancelled: @escaping @Sendable () -> Bool
    ) -> WinnableDealAnswer {
        let clock = ContinuousClock()
        let started = clock.now
        let solver = Solver(rules: rules)
        var number = first
        for tried in 1...max(1, maximumDeals) {
            let result = solver.solve(from: rules.deal(seed: number), budget: budget, isCancelled: isCancelled)
            if result.verdict == .solved { return WinnableDealAnswer(deal: number, result: result, last: number) }
            let spent = clock.now - started
            if isCancelled() || tried == maximumDeals || spent > .seconds(maximumSeconds) { break }
            number = MicrosoftDeal.dealNumber(for: number &+ 1)
        }
        return WinnableDealAnswer(deal: nil, result: nil, last: number)
    }
}

/// Winnable deals only (the `winnable-only` setting, `--winnable-only`): a new random deal, a
/// new game (`n`) or a game from the chooser is searched in the background, from its deal
/// number up, for the first deal the solver finds a win for; a deal asked for by number is dealt
/// as asked. Meanwhile the deal drawn is on the table and the status line says "Finding a
/// winnable deal…"; keys wait (Escape plays the deal drawn as it is, `q` quits). The deal found
/// replaces it, and "still winnable?" knows its answer already.
extension TableScene {
    /// A winnable deal is being looked for.
    public var isFindingDeal: Bool { solving.dealSearch != nil }

    /// Looks for the first winnable deal from the deal on the table, when the player asked for
    /// winnable deals only. The caller has just dealt it (a new or a chosen game).
    public func findWinnableDeal() {
        guard winnableOnly, interactive, layout.rules != nil, case .deal(let first) = start, solverApplies else {
            return
        }
        stopDealSearch()
        let makeRules = rulesForAnotherThread
        let budget = dealBudget
        guard let background else {
            // No background work: a short search here, over a few deals.
            let rules = rules
            let answer = WinnableDealSearch.find(
                from: first, rules: rules, budget: hintBudget ?? .hint, maximumDeals: 10, isCancelled: { false })
            dealSearchFinished(answer, from: first)
            return
        }
        let ticket = background.start { isCancelled in
            WinnableDealSearch.find(from: first, rules: makeRules(), budget: budget, isCancelled: isCancelled)
        } then: { [weak self] answer in
            self?.dealSearchFinished(answer, from: first)
        }
        solving.dealSearch = DealSearch(ticket: ticket, first: first)
        refreshAnalysis()  // the indicator waits for the deal
        updateStatus()
    }

    /// Stops looking: the deal on the table stays (Escape, or another game replacing it).
    func stopDealSearch() {
        guard let search = solving.dealSearch else { return }
        if let ticket = search.ticket { background?.cancel(ticket) }
        solving.dealSearch = nil
        refreshAnalysis()
        updateStatus()
    }

    /// The player plays the deal drawn without waiting (Escape).
    func playDealAsDrawn() {
        guard let search = solving.dealSearch else { return }
        stopDealSearch()
        notice = "Playing #\(search.first) unchecked"
        updateStatus()
    }

    /// The search answered: the deal found goes on the table (when it is another one).
    func dealSearchFinished(_ answer: WinnableDealAnswer, from first: UInt64) {
        solving.dealSearch = nil
        guard case .deal(let shown) = start, shown == first else { return }  // another game meanwhile
        if let deal = answer.deal, let result = answer.result {
            let position = rules.deal(seed: deal)
            learn(result, about: position)
            if deal != first {
                seed = deal
                start = .deal(deal)
                replacePosition(with: position)
                let skipped =
                    deal == first &+ 1 ? "#\(first)" : deal > first ? "#\(first)–#\(deal - 1)" : "from #\(first)"
                notice = "Skipped \(skipped): no win found"
            }
        } else {
            notice = "No winnable deal found from #\(first) to #\(answer.last): playing #\(first)"
        }
        refreshAnalysis()
        updateStatus()
    }
}
