import Layouts
import Solitaire
import Solver
import XCTest

final class FreeCellSolverTests: XCTestCase {
    func testSolvesTheFirstDeals() {
        let rules = DeclarativeRules(layout: shippedLayout("freecell"))
        let solver = Solver(rules: rules)
        for deal in UInt64(1)...5 {
            let start = rules.deal(seed: deal)
            let result = solver.solve(from: start, budget: SolverBudget(positions: 200_000))
            XCTAssertEqual(result.verdict, .solved, "deal \(deal)")
            assertReplaysToWin(result.moves, from: start, rules: rules, "deal \(deal)")
        }
    }

    func testABudgetOfPositionsStopsThere() {
        let rules = DeclarativeRules(layout: shippedLayout("freecell"))
        let result = Solver(rules: rules).solve(from: rules.deal(seed: 11982), budget: SolverBudget(positions: 50))
        XCTAssertEqual(result.verdict, .unknown)
        XCTAssertEqual(result.positions, 50)
    }

    func testTheFreeTableDoesNotApply() {
        let rules = FreeTable(layout: shippedLayout("sandbox"))
        XCTAssertFalse(Solver.applies(to: rules))
        let result = Solver(rules: rules).solve(from: rules.deal(seed: 1), budget: .hint)
        XCTAssertEqual(result.verdict, .unknown)
        XCTAssertEqual(result.positions, 0)
    }
}
