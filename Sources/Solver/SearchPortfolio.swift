import Solitaire

// Several searches taking turns. A best-first search is only as good as its estimate, and the
// estimate misleads it on some deals, a different few for each setting: the first search runs
// alone for a while (most games are solved then), and then a second one, with other settings,
// takes turns with it, a slice of positions each. Whichever ends first answers: a win found by
// either is a win; either running out of positions proves the game lost, since each search alone
// sees every position it can reach. The budget counts the positions of both.

/// How one search goes about it.
struct SearchSettings {
    var weights: CostWeights
    /// Walks the stock's turns as part of a position (SolverModel.swift).
    var walksTurns: Bool

    /// The first search, and the second that joins it.
    static let first = SearchSettings(weights: .standard, walksTurns: true)
    static let second = SearchSettings(weights: .deep, walksTurns: false)
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

    func run() -> SolverResult {
        let startTime = ContinuousClock.now
        func elapsed() -> Double {
            let duration = ContinuousClock.now - startTime
            return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
        var searches = [BestFirstSearch(rules: rules, model: model, start: start, settings: .first)]
        var limits = [0]
        var turn = 0
        while true {
            let spent = searches.reduce(0) { $0 + $1.positions }
            if let index = searches.firstIndex(where: { $0.verdict != nil }) {
                let moves = searches[index].solution()
                return SolverResult(
                    verdict: searches[index].verdict!, moves: moves, positions: spent, seconds: elapsed())
            }
            if spent >= budget.positions || isCancelled() || budget.seconds.map({ elapsed() >= $0 }) == true {
                return SolverResult(verdict: .unknown, positions: spent, seconds: elapsed())
            }
            if searches.count == 1 && spent >= Self.soloPositions {
                searches.append(BestFirstSearch(rules: rules, model: model, start: start, settings: .second))
                limits.append(0)
            }
            turn = (turn + 1) % searches.count
            limits[turn] = searches[turn].positions + min(Self.slice, budget.positions - spent)
            searches[turn].run(upTo: limits[turn])
        }
    }
}
