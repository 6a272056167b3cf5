import Solitaire

/// Searches a game for a win, under any variant's rules.
///
/// ```swift
/// let solver = Solver(rules: rules)
/// let result = solver.solve(from: state, budget: .hint)
/// if result.verdict == .solved { for move in result.moves { _ = rules.apply(move, to: &state) } }
/// ```
///
/// The answer is `.solved` with the player's moves from `state` to a win, `.impossible` when every
/// position reachable from `state` was seen and none wins, or `.unknown` when the budget ran out
/// or the search was cancelled first (BestFirstSearch.swift and SearchPortfolio.swift tell how it searches).
public struct Solver: Sendable {
    public let rules: any Rules
    /// The rules it searches by: the layout's declarative rules when they alone decide the play
    /// (``Rules/declarativeRules``: a script that only deals is searched without a call to it).
    let searched: any Rules
    /// What the search knows of the rules, worked out once (SolverModel.swift).
    let model: SolverModel

    public init(rules: any Rules) {
        self.rules = rules
        searched = rules.declarativeRules ?? rules
        model = SolverModel(rules: searched, pileCount: rules.layout.slots.count)
    }

    /// `isCancelled` is polled every few hundred positions; a cancelled search answers `.unknown`.
    public func solve(
        from state: GameState, budget: SolverBudget, isCancelled: @Sendable () -> Bool = { false }
    ) -> SolverResult {
        guard Solver.applies(to: rules) else { return SolverResult(verdict: .unknown, positions: 0, seconds: 0) }
        let model =
            state.piles.count == model.pileCount ? model : SolverModel(rules: searched, pileCount: state.piles.count)
        return Solver.search(searched, model: model, from: state, budget: budget, isCancelled: isCancelled)
    }

    /// The name of the family search the game gets ("klondike", "columns", …), or "general" when
    /// it gets the general searches alone (SearchPortfolio.swift): for benchmarks and docs.
    public var searchFamily: String {
        let families: [(String, Bool)] = [
            ("klondike", model.klondike != nil), ("golf", model.golf != nil),
            ("accordion", model.accordion != nil), ("pyramid", model.pyramid != nil),
            ("aces-up", model.acesUp != nil), ("spider", model.spider != nil),
            ("calculation", model.calculation != nil), ("gaps", model.gaps != nil), ("open", model.open != nil),
            ("columns", model.columnGame != nil),
        ]
        return families.first { $0.1 }?.0 ?? "general"
    }

    /// Whether the solver can work on these rules at all (not on a free table, which has no win).
    /// `solve` answers `.unknown` at once, with no positions, when it cannot.
    public static func applies(to rules: any Rules) -> Bool {
        !(rules is FreeTable)
    }

    /// Opens the existential, so the search is specialised for the rules' own type.
    private static func search<R: Rules>(
        _ rules: R, model: SolverModel, from state: GameState, budget: SolverBudget, isCancelled: () -> Bool
    ) -> SolverResult {
        withoutActuallyEscaping(isCancelled) { isCancelled in
            // A layout's own rules get the search compiled for them: through the protocol alone
            // the search runs as generic code that looks up type metadata at every step.
            if let declarative = rules as? DeclarativeRules {
                return SearchPortfolio(
                    rules: declarative, model: model, start: state, budget: budget, isCancelled: isCancelled
                ).run()
            }
            return SearchPortfolio(rules: rules, model: model, start: state, budget: budget, isCancelled: isCancelled)
                .run()
        }
    }
}
