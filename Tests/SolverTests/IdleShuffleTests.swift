import Layouts
import Solitaire
import TestSupport
import XCTest

@testable import Solver

/// The search that leaves idle moves between columns out does not see every position: its
/// running dry proves nothing, and the solver says so.
final class IdleShuffleTests: XCTestCase {
    let layout = SmallGames.klondike(draw: 1, redeals: .unlimited, columns: 3, top: 3)

    /// Small Klondike deals the plain search proves lost: a search that skips idle shuffles runs
    /// dry on them, and alone it answers unknown, never impossible; with the others, impossible.
    func testItsRunningDryIsNoProof() {
        var random = SmallRandom(state: 5)
        let rules = DeclarativeRules(layout: layout)
        let model = SolverModel(rules: rules, pileCount: layout.slots.count)
        var lost = 0
        for _ in 0..<200 where lost < 5 {
            let start = SmallGames.position(layout, ranks: 3, suits: 3, faceDown: true, random: &random)
            guard model.dealsFaceDown(start), plainSearchWins(rules, from: start, limit: 5_000) == false else {
                continue
            }
            lost += 1
            var alone = SearchPortfolio(
                rules: rules, model: model, start: start, budget: SolverBudget(positions: 1_000_000),
                isCancelled: { false })
            alone.plan = [.third]
            XCTAssertEqual(alone.run().verdict, .unknown)
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 1_000_000))
            XCTAssertEqual(result.verdict, .impossible)
        }
        XCTAssertEqual(lost, 5, "too few lost deals to compare")
    }

    /// The solver's own plan has no search that skips idle shuffles: with a depth-first search
    /// that proves, it decided fewer deals (scripts/bench-decisions, docs/PERFORMANCE.md): Scorpion,
    /// dealt with cards face down, gets the general searches. A Klondike-shaped game gets its own
    /// search, which proves too, and so does a game of columns (Yukon).
    func testTheSolversPlanProvesWithEverySearch() {
        let plans: [(String, SearchSettings.Order)] = [
            ("scorpion", .depthFirst), ("yukon", .columns), ("klondike", .klondike),
        ]
        for (name, proving) in plans {
            let layout = shippedLayout(name)
            let rules = DeclarativeRules(layout: layout)
            let model = SolverModel(rules: rules, pileCount: layout.slots.count)
            let portfolio = SearchPortfolio(
                rules: rules, model: model, start: rules.deal(seed: 1), budget: .hint, isCancelled: { false })
            XCTAssertTrue(portfolio.searches().allSatisfy { !$0.skipsIdleShuffles }, name)
            XCTAssertTrue(portfolio.searches().contains { $0.order == proving }, name)
        }
    }

    /// CARDTABLE_SOLVER_PLAN, a letter a search: a letter that names none leaves the solver's own
    /// plan (it once left an empty plan, and the search fell over).
    func testAPlanIsReadLetterByLetter() {
        XCTAssertEqual(SearchSettings.plan("fd")?.map(\.order), [.bestFirst, .depthFirst])
        XCTAssertEqual(SearchSettings.plan("k")?.map(\.order), [.klondike])
        XCTAssertEqual(SearchSettings.plan("t")?.first?.skipsIdleShuffles, true)
        for text in [nil, "", "x", "fdx", "F", " d"] {
            XCTAssertNil(SearchSettings.plan(text), String(describing: text))
        }
    }
}
