import Solitaire

#if canImport(Glibc)
    import Glibc
#endif

// Three searches taking turns, a slice of positions each, as Freecell Solver's presets run several
// scans. The best-first search (BestFirstSearch.swift) runs alone for a slice: it finds most easy
// wins within a few hundred positions. Then a second best-first search, with other weights and
// the stock's clicks as moves of their own, and the depth-first search (DepthFirstSearch.swift)
// join it. The depth-first search keeps only a key a position, so it can see millions of
// positions in a few MiB and run dry, which proves the game lost. Whichever ends first answers:
// a win found by any is a win; a search that sees every position it can reach and runs dry
// proves the game lost. The best-first searches stop at a few tens of thousands of positions
// (their memory); the depth-first search forgets old positions when its table is full (the
// budget's memory). The budget's positions count the positions of all.
//
// Another setting stays for measuring (CARDTABLE_SOLVER_PLAN, docs/PERFORMANCE.md): a best-first
// search that leaves idle moves between columns out (it does not see every position, so its
// running dry proves nothing).

/// One of the portfolio's searches, whatever order it takes positions in: one of the three is
/// set. The general searches are not a protocol's existential, so that their code stays
/// specialised for the rules' type (through an existential it ran as unspecialised generic code,
/// a third slower); a family's own search (``FamilySearch``) plays by plain values of its own
/// and asks the rules only to play its win back, so one call through the existential a slice
/// costs nothing.
struct PortfolioSearch<R: Rules> {
    private var bestFirst: BestFirstSearch<R>?
    private var depthFirst: DepthFirstSearch<R>?
    private var family: (any FamilySearch)?

    init(bestFirst: BestFirstSearch<R>) {
        self.bestFirst = bestFirst
        refresh()
    }

    init(depthFirst: DepthFirstSearch<R>) {
        self.depthFirst = depthFirst
        refresh()
    }

    init(family: any FamilySearch) {
        self.family = family
        refresh()
    }

    /// Where it stands, kept as plain values after each slice: reading the verdict and counts
    /// through the optional searches copied a whole search (its rules, tables and stacks) at each
    /// question, a sixth of the time of a search.
    private(set) var state = SearchState(verdict: nil, proves: true, isFull: false, positions: 0)

    /// Searches until the search ends or it has expanded `limit` positions; returns where it
    /// then stands.
    @discardableResult
    mutating func run(upTo limit: Int) -> SearchState {
        if bestFirst != nil {
            bestFirst!.run(upTo: limit)
        } else if depthFirst != nil {
            depthFirst!.run(upTo: limit)
        } else {
            family!.run(upTo: limit)
        }
        refresh()
        return state
    }

    private mutating func refresh() {
        if let family {
            state = SearchState(
                verdict: family.verdict, proves: family.proves, isFull: family.failed, positions: family.positions)
            return
        }
        state =
            bestFirst != nil
            ? SearchState(
                verdict: bestFirst!.verdict, proves: bestFirst!.proves, isFull: bestFirst!.isFull,
                positions: bestFirst!.positions)
            : SearchState(
                verdict: depthFirst!.verdict, proves: depthFirst!.proves, isFull: depthFirst!.isFull,
                positions: depthFirst!.positions)
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] {
        bestFirst?.solution() ?? depthFirst?.solution() ?? family!.solution()
    }
}

/// How one search goes about it.
struct SearchSettings {
    /// The order positions are taken in.
    enum Order {
        /// Least cost first, from a queue of every position seen (BestFirstSearch.swift).
        case bestFirst
        /// The cheapest move of the deepest position first (DepthFirstSearch.swift).
        case depthFirst
        /// Klondike's own search (KlondikeSearch.swift), for a Klondike-shaped game only.
        case klondike
        /// The Golf family's own search (GolfSearch.swift), for a Golf-like game only.
        case golf
        /// Accordion's own search (AccordionSearch.swift), for a layout that promises its rules.
        case accordion
        /// Pyramid's own search (PyramidSearch.swift), for a layout that promises its rules.
        case pyramid
        /// The Spider family's own search (SpiderSearch.swift), for a Spider-shaped game only.
        case spider
        /// Calculation's own search (CalculationSearch.swift), for a layout that promises its rules.
        case calculation
        /// The open games' own search (OpenSearch.swift), for an open game only (OpenShape.swift).
        case open
        /// The own search of games of columns and a stock (ColumnsSearch.swift), for such a game only.
        case columns
        /// The search that plans such a game from one click of the stock to the next
        /// (ColumnsPhaseSearch.swift): it finds wins only.
        case columnsPhases
        /// Aces Up's own search (AcesUpSearch.swift), for a layout that promises its rules.
        case acesUp
        /// Gaps' own search (GapsSearch.swift), for a layout that promises its rules.
        case gaps
    }

    var order = Order.bestFirst
    var weights: CostWeights
    /// Walks the stock's turns as part of a position (SolverModel.swift).
    var walksTurns: Bool
    /// Leaves out moves between columns that turn no card up, empty no column and free no card
    /// for a foundation. Such a search finds wins sooner in games with cards face down, but it
    /// no longer sees every position: running out of positions proves nothing.
    var skipsIdleShuffles = false

    /// The first search, and the second that joins it.
    static let first = SearchSettings(weights: .standard, walksTurns: true)
    static let second = SearchSettings(weights: .deep, walksTurns: false)
    /// The third, in games dealt with cards face down in their columns.
    static let third = SearchSettings(weights: .standard, walksTurns: true, skipsIdleShuffles: true)
    /// The depth-first search, which proves.
    static let prover = SearchSettings(order: .depthFirst, weights: .standard, walksTurns: true)
    /// A depth-first search that skips idle shuffles: it finds wins in games dealt face down
    /// sooner, and proves nothing.
    static let seeker = SearchSettings(
        order: .depthFirst, weights: .standard, walksTurns: true, skipsIdleShuffles: true)
    /// Klondike's own search.
    static let klondike = SearchSettings(order: .klondike, weights: .standard, walksTurns: true)
    /// The Golf family's own search.
    static let golf = SearchSettings(order: .golf, weights: .standard, walksTurns: true)
    /// Accordion's own search.
    static let accordion = SearchSettings(order: .accordion, weights: .standard, walksTurns: true)
    /// Pyramid's own search.
    static let pyramid = SearchSettings(order: .pyramid, weights: .standard, walksTurns: true)
    /// The Spider family's own search.
    static let spider = SearchSettings(order: .spider, weights: .standard, walksTurns: true)
    /// Calculation's own search.
    static let calculation = SearchSettings(order: .calculation, weights: .standard, walksTurns: true)
    /// The open games' own search.
    static let open = SearchSettings(order: .open, weights: .standard, walksTurns: true)
    /// The own search of games of columns and a stock.
    static let columns = SearchSettings(order: .columns, weights: .standard, walksTurns: true)
    /// The search that plans a game of columns and a stock from one click to the next.
    static let columnsPhases = SearchSettings(order: .columnsPhases, weights: .standard, walksTurns: true)
    /// Aces Up's own search.
    static let acesUp = SearchSettings(order: .acesUp, weights: .standard, walksTurns: true)
    /// Gaps' own search.
    static let gaps = SearchSettings(order: .gaps, weights: .standard, walksTurns: true)

    /// A search by these settings.
    func search<R: Rules>(rules: R, model: SolverModel, start: GameState, memory: Int) -> PortfolioSearch<R> {
        switch order {
        case .bestFirst:
            PortfolioSearch(
                bestFirst: BestFirstSearch(rules: rules, model: model, start: start, settings: self, memory: memory))
        case .depthFirst:
            PortfolioSearch(
                depthFirst: DepthFirstSearch(rules: rules, model: model, start: start, settings: self, memory: memory))
        case .klondike, .golf, .accordion, .pyramid, .calculation, .spider, .open, .columns, .columnsPhases, .acesUp,
            .gaps:
            // A family's own search; a position it cannot hold goes to the depth-first search.
            familySearch(rules: rules, model: model, start: start, memory: memory).map { PortfolioSearch(family: $0) }
                ?? PortfolioSearch(
                    depthFirst: DepthFirstSearch(
                        rules: rules, model: model, start: start, settings: .prover, memory: memory))
        }
    }

    /// The family's own search these settings name, from `start`, when the game is of that
    /// family and the position one its search can hold.
    private func familySearch<R: Rules>(rules: R, model: SolverModel, start: GameState, memory: Int)
        -> (any FamilySearch)?
    {
        switch order {
        case .bestFirst, .depthFirst:
            nil
        case .klondike:
            model.klondike.flatMap { shape in
                shape.position(of: start).map { deal, position in
                    KlondikeSearch(
                        deal: deal, start: position, replay: KlondikeReplay(rules: rules, shape: shape, start: start),
                        memory: memory)
                }
            }
        case .golf:
            model.golf.flatMap { GolfSearch(shape: $0, rules: rules, start: start, memory: memory) }
        case .accordion:
            model.accordion.flatMap { AccordionSearch(shape: $0, rules: rules, start: start, memory: memory) }
        case .pyramid:
            model.pyramid.flatMap { PyramidSearch(shape: $0, rules: rules, start: start, memory: memory) }
        case .spider:
            model.spider.flatMap { SpiderSearch(shape: $0, rules: rules, start: start, memory: memory) }
        case .calculation:
            model.calculation.flatMap { CalculationSearch(shape: $0, rules: rules, start: start, memory: memory) }
        case .open:
            model.open.flatMap { OpenSearch(shape: $0, model: model, rules: rules, start: start, memory: memory) }
        case .columns:
            model.columnGame.flatMap { ColumnsSearch(shape: $0, rules: rules, start: start, memory: memory) }
        case .columnsPhases:
            model.columnGame.flatMap { ColumnsPhaseSearch(shape: $0, rules: rules, start: start, memory: memory) }
        case .acesUp:
            model.acesUp.flatMap { AcesUpSearch(shape: $0, rules: rules, start: start, memory: memory) }
        case .gaps:
            model.gaps.flatMap { GapsSearch(shape: $0, rules: rules, start: start, memory: memory) }
        }
    }
}

/// A plan to measure others by, from the environment variable CARDTABLE_SOLVER_PLAN: a letter a
/// search, in order (`f` the best-first search, `s` the one with deep weights, `t` the one that
/// skips idle shuffles, `d` the depth-first search, `w` the one that skips idle shuffles, `k`
/// Klondike's own search, `g` the Golf family's, `a` Accordion's, `p` Pyramid's, `c` Calculation's, `r` Spider's, `o` the open games', `l` the one of games of columns and a stock, `m` the one that plans them from click to click, `u` Aces Up's, `n` Gaps').
/// Unset or empty: the solver's
/// own plan.
nonisolated(unsafe) let experimentPlan = SearchSettings.plan(
    getenv("CARDTABLE_SOLVER_PLAN").map { String(cString: $0) })

extension SearchSettings {
    /// The plan a text spells, a letter a search; `nil` (the solver's own plan) for no text, or
    /// for a text with a letter that names no search.
    static func plan(_ text: String?) -> [SearchSettings]? {
        guard let text, !text.isEmpty else { return nil }
        let searches = text.compactMap {
            [
                "f": SearchSettings.first, "s": .second, "t": .third, "d": .prover, "w": .seeker, "k": .klondike,
                "g": .golf, "a": .accordion, "p": .pyramid, "c": .calculation, "r": .spider, "o": .open, "l": .columns,
                "m": .columnsPhases, "u": .acesUp, "n": .gaps,
            ][$0]
        }
        return searches.count == text.count ? searches : nil
    }
}

/// Runs the searches in turns within a budget.
struct SearchPortfolio<R: Rules> {
    /// Positions the first search has alone before the second joins.
    static var soloPositions: Int { 256 }
    /// Positions each search expands per turn.
    static var slice: Int { 256 }
    /// The longest a search runs before the portfolio looks at the clock and whether it was
    /// cancelled. A turn is cut into steps that take about this long (fewer positions a step
    /// when positions are dear: a script's hooks may take milliseconds a position), so a search
    /// cancelled or out of time stops within milliseconds; the turns themselves, and so the
    /// positions each search expands, stay the same whatever the clock says.
    static var stepSeconds: Double { 0.002 }

    let rules: R
    let model: SolverModel
    let start: GameState
    let budget: SolverBudget
    let isCancelled: () -> Bool
    /// The searches: the first runs alone for ``soloPositions``, then the others join it.
    var plan: [SearchSettings]? = nil

    /// The searches a game gets: the best-first search, which finds many wins far sooner
    /// (Klondike's deal 13 in 106 positions instead of 2,154; FreeCell's deal 139 in 2,000
    /// instead of more than 2 s), alone for a slice, then a second best-first search with
    /// other weights (games with a stock: Eastcliff, Canfield, Lucas) and the depth-first
    /// search, which proves, beside it (docs/PERFORMANCE.md has the plans measured).
    func searches() -> [SearchSettings] {
        if let plan = plan ?? experimentPlan { return plan }
        if model.klondike?.position(of: start) != nil { return [.klondike] }
        if let golf = model.golf, GolfSearch.packing(of: start, shape: golf) != nil { return [.golf] }
        if let accordion = model.accordion, AccordionSearch.row(of: start, shape: accordion) != nil {
            return [.accordion]
        }
        if let pyramid = model.pyramid, PyramidSearch.packing(of: start, shape: pyramid) != nil { return [.pyramid] }
        if let acesUp = model.acesUp, AcesUpSearch.packing(of: start, shape: acesUp) != nil { return [.acesUp] }
        if let spider = model.spider, SpiderSearch.board(of: start, shape: spider) != nil { return [.spider] }
        if let calculation = model.calculation, CalculationSearch.packing(of: start, shape: calculation) != nil {
            return [.calculation]
        }
        if let gaps = model.gaps, GapsSearch.packing(of: start, shape: gaps) != nil { return [.gaps] }
        if let open = model.open, OpenSearch.board(of: start, shape: open, model: model) != nil { return [.open] }
        if let columns = model.columnGame, ColumnsSearch.board(of: start, shape: columns) != nil {
            // Planning from click to click pays where many clicks are left; with a few, the
            // depth-first search alone sees the rest sooner. A stock turned without limit is
            // walked by the depth-first search: there are no clicks to plan between.
            let stocked = columns.stock.map { start.piles[$0].count } ?? 0
            let plans = stocked >= ColumnsPhaseSearch.stockToPlan && !columns.unlimitedRedeals
            return plans ? [.columns, .columnsPhases] : [.columns]
        }
        return [.first, .second, .prover]
    }

    /// The most positions a best-first search beside a depth-first one expands: the wins it
    /// finds sooner it finds within a few thousand positions, and past that it halves the speed
    /// of the search that proves.
    static var bestFirstPositions: Int { 32_768 }

    /// The memory a search of the plan gets: the depth-first search three quarters when a
    /// best-first search runs beside it (all when alone), the best-first searches the rest, at
    /// most ``bestFirstPositions`` each.
    func memory(for settings: SearchSettings, in plan: [SearchSettings]) -> Int {
        let depthFirst = plan.filter { $0.order != .bestFirst }.count
        let bestFirst = plan.count - depthFirst
        let depthShare = bestFirst == 0 ? budget.memory : depthFirst == 0 ? 0 : budget.memory / 4 * 3
        if settings.order != .bestFirst { return depthShare / depthFirst }
        let share = (budget.memory - depthShare) / max(1, bestFirst)
        return depthFirst == 0
            ? share : min(share, Self.bestFirstPositions * BestFirstSearch<R>.bytesPerPosition)
    }

    func run() -> SolverResult {
        let startTime = ContinuousClock.now
        func elapsed() -> Double {
            let duration = ContinuousClock.now - startTime
            return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
        let plan = searches()
        var searches = [
            plan[0].search(rules: rules, model: model, start: start, memory: memory(for: plan[0], in: plan))
        ]
        // Each search's state, read once after each of its slices: the loop reads only these
        // (a search read through the array is a copy of the whole search, where the rules' type
        // is not known to this module).
        var states = [searches[0].state]
        var turn = 0
        // One position at first, doubling while steps are quick: the first step of a search whose
        // positions are dear stays short (the hint's 50 ms included).
        var step = 1
        while true {
            let spent = states.reduce(0) { $0 + $1.positions }
            if let index = states.firstIndex(where: { $0.verdict == .solved || ($0.verdict != nil && $0.proves) }) {
                let moves = searches[index].solution()
                return SolverResult(
                    verdict: states[index].verdict!, moves: moves, positions: spent, seconds: elapsed())
            }
            if spent >= budget.positions || isCancelled() || budget.seconds.map({ elapsed() >= $0 }) == true {
                return SolverResult(verdict: .unknown, positions: spent, seconds: elapsed())
            }
            let stalled = states.allSatisfy(\.isIdle)
            if searches.count == 1 && plan.count > 1 && (spent >= Self.soloPositions || stalled) {
                for settings in plan.dropFirst() {
                    searches.append(
                        settings.search(
                            rules: rules, model: model, start: start, memory: memory(for: settings, in: plan)))
                    states.append(searches[searches.count - 1].state)
                }
            }
            if states.allSatisfy(\.isIdle) {
                // Only searches that prove nothing (run dry) or that filled their memory are left.
                return SolverResult(verdict: .unknown, positions: spent, seconds: elapsed())
            }
            turn = (turn + 1) % searches.count
            if states[turn].isIdle { continue }
            let target = states[turn].positions + min(Self.slice, budget.positions - spent)
            repeat {
                let stepStart = elapsed()
                let before = states[turn].positions
                states[turn] = searches[turn].run(upTo: min(target, states[turn].positions + step))
                // An answer, or a search that went no further, ends the turn at once.
                if states[turn].isIdle || states[turn].positions == before { break }
                let took = elapsed() - stepStart
                if took > Self.stepSeconds {
                    step = max(1, step / 2)
                } else if took < Self.stepSeconds / 4 {
                    step = min(Self.slice, step * 2)
                }
                if isCancelled() || budget.seconds.map({ elapsed() >= $0 }) == true {
                    let spent = states.reduce(0) { $0 + $1.positions }
                    return SolverResult(verdict: .unknown, positions: spent, seconds: elapsed())
                }
            } while states[turn].positions < target && !states[turn].isIdle
        }
    }
}

/// Where one search of a portfolio stands, after its last slice.
struct SearchState {
    /// How the search ended, once it has.
    var verdict: SolverVerdict?
    /// Whether running out of positions proves the game lost (it sees every position).
    var proves: Bool
    /// It filled the memory it was given before it ended: it can answer nothing more.
    var isFull: Bool
    /// Positions expanded so far.
    var positions: Int

    /// It will search no more: it ended, or filled its memory.
    var isIdle: Bool { verdict != nil || isFull }
}
