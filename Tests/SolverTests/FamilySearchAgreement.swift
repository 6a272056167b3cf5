import Solitaire
import XCTest

@testable import Solver

extension XCTestCase {
    /// Asks the general depth-first search (itself checked against a plain search of every
    /// position in SoundnessTests) about `state`, then the plan the solver chooses, which must be
    /// the family's own search `order`: the two must agree, and a win must replay on the rules.
    /// Returns the general search's verdict, or `nil` when it ran out of positions first.
    @discardableResult
    func assertFamilySearchAgrees<R: Rules>(
        _ order: SearchSettings.Order, rules: R, model: SolverModel, state: GameState, positions: Int = 200_000,
        _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) -> SolverVerdict? {
        var general = SearchPortfolio(
            rules: rules, model: model, start: state, budget: SolverBudget(positions: positions), isCancelled: { false }
        )
        general.plan = [.prover]
        let expected = general.run().verdict
        guard expected != .unknown else { return nil }
        let own = SearchPortfolio(
            rules: rules, model: model, start: state, budget: SolverBudget(positions: 1_000_000), isCancelled: { false }
        )
        XCTAssertEqual(own.searches().first?.order, order, message, file: file, line: line)
        let result = own.run()
        XCTAssertEqual(result.verdict, expected, message, file: file, line: line)
        if result.verdict == .solved {
            assertReplaysToWin(result.moves, from: state, rules: rules, message, file: file, line: line)
        }
        return expected
    }
}
