import Solitaire

// Several searches taking turns. A best-first search is only as good as its estimate, and the
// estimate misleads it on some deals, a different few for each setting: the first search runs
// alone for a while (most games are solved then), and then a second one, with other settings,
// takes turns with it, a slice of positions each. Whichever ends first answers: a win found by
// either is a win; either running out of positions proves the game lost, since each search alone
// sees every position it can reach. In games dealt with cards face down a third joins them, which
// leaves idle moves between columns out: it finds some wins far sooner (Klondike deal 1: 0.29M
// positions instead of 1.6M), but it does not see every position, so its running dry proves
// nothing. The budget counts the positions of all.

/// How one search goes about it.
struct SearchSettings {
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
}

/// Runs the searches in turns within a budget.
struct SearchPortfolio<R: Rules> {
    /// Positions the first search has alone before the second joins.
    static var soloPositions: Int { 2048 }
    /// Positions each search expands per turn.
    static var slice: Int { 256 }

    let rules: R
    let model: SolverModel
    let start: GameState
    let budget: SolverBudget
    let isCancelled: () -> Bool
    /// The searches: the first runs alone for ``soloPositions``, then the others join it.
    var plan: [SearchSettings]? = nil

    /// The searches a game gets: a third that skips idle shuffles when cards lie face down.
    func searches() -> [SearchSettings] {
        plan ?? ([.first, .second] + (model.dealsFaceDown(start) ? [.third] : []))
    }

    func run() -> SolverResult {
        let startTime = ContinuousClock.now
        func elapsed() -> Double {
            let duration = ContinuousClock.now - startTime
            return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
        let plan = searches()
        var searches = [BestFirstSearch(rules: rules, model: model, start: start, settings: plan[0])]
        var limits = [0]
        var turn = 0
        while true {
            let spent = searches.reduce(0) { $0 + $1.positions }
            if let index = searches.firstIndex(where: { $0.verdict == .solved || ($0.verdict != nil && $0.proves) }) {
                let moves = searches[index].solution()
                return SolverResult(
                    verdict: searches[index].verdict!, moves: moves, positions: spent, seconds: elapsed())
            }
            if spent >= budget.positions || isCancelled() || budget.seconds.map({ elapsed() >= $0 }) == true {
                return SolverResult(verdict: .unknown, positions: spent, seconds: elapsed())
            }
            if searches.count == 1 && plan.count > 1 && spent >= Self.soloPositions {
                for settings in plan.dropFirst() {
                    searches.append(BestFirstSearch(rules: rules, model: model, start: start, settings: settings))
                    limits.append(0)
                }
            }
            if searches.allSatisfy({ $0.verdict != nil }) {
                // Only searches that prove nothing are left, and they have run dry.
                return SolverResult(verdict: .unknown, positions: spent, seconds: elapsed())
            }
            turn = (turn + 1) % searches.count
            if searches[turn].verdict != nil { continue }  // a search that proves nothing, run dry
            limits[turn] = searches[turn].positions + min(Self.slice, budget.positions - spent)
            searches[turn].run(upTo: limits[turn])
        }
    }
}
