import Layouts
import Solitaire
import Solver
import XCTest

/// What a search may spend, and that it never calls a game lost unless it saw every position.
final class SolverBudgetTests: XCTestCase {
    let rules = DeclarativeRules(layout: shippedLayout("freecell"))

    func testABudgetOfPositionsStopsThere() {
        for budget in [1, 50, 300, 1000, 3000] {
            let result = Solver(rules: rules).solve(
                from: rules.deal(seed: 11982), budget: SolverBudget(positions: budget))
            XCTAssertEqual(result.verdict, .unknown, "budget \(budget)")
            XCTAssertEqual(result.positions, budget, "budget \(budget)")
            XCTAssertTrue(result.moves.isEmpty)
        }
    }

    func testNoPositionsIsUnknownAtOnce() {
        let result = Solver(rules: rules).solve(from: rules.deal(seed: 1), budget: SolverBudget(positions: 0))
        XCTAssertEqual(result.verdict, .unknown)
        XCTAssertEqual(result.positions, 0)
    }

    /// A lost game is unknown, not impossible, when the budget stops the search before the end.
    func testALostGameStoppedEarlyIsUnknown() {
        let lost = Solver(rules: rules).solve(from: rules.deal(seed: 11982), budget: SolverBudget(positions: 3000))
        XCTAssertEqual(lost.verdict, .unknown)
        let timedOut = Solver(rules: rules).solve(
            from: rules.deal(seed: 11982), budget: SolverBudget(positions: 1_000_000, seconds: 0.01))
        XCTAssertEqual(timedOut.verdict, .unknown)
        XCTAssertLessThan(timedOut.positions, 1_000_000)
    }

    func testACancelledSearchIsUnknown() {
        let cancelled = Solver(rules: rules).solve(from: rules.deal(seed: 11982), budget: .command) { true }
        XCTAssertEqual(cancelled.verdict, .unknown)
        XCTAssertEqual(cancelled.positions, 0)

        // Cancelled after a few polls: the search stops within a few hundred positions of it.
        let polls = Counter()
        let later = Solver(rules: rules).solve(from: rules.deal(seed: 11982), budget: .command) {
            polls.increment() > 4
        }
        XCTAssertEqual(later.verdict, .unknown)
        XCTAssertGreaterThan(later.positions, 0)
        XCTAssertLessThan(later.positions, 5000)
    }

    func testTheFreeTableDoesNotApply() {
        let rules = FreeTable(layout: shippedLayout("sandbox"))
        XCTAssertFalse(Solver.applies(to: rules))
        let result = Solver(rules: rules).solve(from: rules.deal(seed: 1), budget: .command)
        XCTAssertEqual(result.verdict, .unknown)
        XCTAssertEqual(result.positions, 0)
        XCTAssertTrue(Solver.applies(to: self.rules))
    }

    func testTheBudgetsGrow() {
        XCTAssertLessThan(SolverBudget.hint.positions, SolverBudget.outlook.positions)
        XCTAssertLessThanOrEqual(SolverBudget.outlook.positions, SolverBudget.command.positions)
        XCTAssertNotNil(SolverBudget.hint.seconds)
    }
}

/// Counts calls from a `@Sendable` closure.
final class Counter: @unchecked Sendable {
    private var count = 0

    /// Adds one; returns the new count.
    func increment() -> Int {
        count += 1
        return count
    }
}
