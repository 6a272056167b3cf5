import Layouts
import Solitaire
import XCTest

@testable import Solver

/// The depth-first search alone, which proves games lost by running dry, against a plain search
/// that sees every position: on the small positions of every kind of rules the soundness tests
/// use, it finds a win exactly when there is one and proves none otherwise, and its wins replay.
final class DepthFirstSearchTests: XCTestCase {
    func testAloneItAgreesWithAPlainSearch() {
        var random = SmallRandom(state: 4048)
        for item in SoundnessTests.cases {
            let rules = DeclarativeRules(layout: item.layout)
            let model = SolverModel(rules: rules, pileCount: item.layout.slots.count)
            var answers: [Bool: Int] = [:]
            for sample in 0..<40 where min(answers[true] ?? 0, answers[false] ?? 0) < 4 {
                let start = SmallGames.position(
                    item.layout, ranks: item.ranks, suits: item.suits, faceDown: item.faceDown, random: &random)
                guard let wins = plainSearchWins(rules, from: start, limit: 5_000) else { continue }
                answers[wins, default: 0] += 1
                var alone = SearchPortfolio(
                    rules: rules, model: model, start: start, budget: SolverBudget(positions: 1_000_000),
                    isCancelled: { false })
                alone.plan = [.prover]
                let result = alone.run()
                let label = "\(item.name) #\(sample)"
                XCTAssertEqual(result.verdict, wins ? .solved : .impossible, label)
                if result.verdict == .solved { assertReplaysToWin(result.moves, from: start, rules: rules, label) }
            }
            XCTAssertGreaterThan(answers[true] ?? 0, 0, "\(item.name): no sample is won")
            XCTAssertGreaterThan(answers[false] ?? 0, 0, "\(item.name): no sample is lost")
        }
    }

    /// Each position is expanded once: on a lost position the search's count of positions is
    /// the plain search's count of distinct positions or fewer (it folds safe moves and shares
    /// keys between interchangeable piles, so it may see fewer, never more).
    func testItExpandsEachPositionOnce() {
        var random = SmallRandom(state: 99)
        let layout = SmallGames.golf(columns: 3)
        let rules = DeclarativeRules(layout: layout)
        let model = SolverModel(rules: rules, pileCount: layout.slots.count)
        var checked = 0
        for _ in 0..<60 where checked < 5 {
            let start = SmallGames.position(layout, ranks: 5, suits: 3, faceDown: false, random: &random)
            guard plainSearchWins(rules, from: start, limit: 20_000) == false else { continue }
            let distinct = plainSearchPositions(rules, from: start)
            var alone = SearchPortfolio(
                rules: rules, model: model, start: start, budget: SolverBudget(positions: 1_000_000),
                isCancelled: { false })
            alone.plan = [.prover]
            let result = alone.run()
            XCTAssertEqual(result.verdict, .impossible)
            XCTAssertLessThanOrEqual(result.positions, distinct)
            XCTAssertGreaterThan(result.positions, 1)
            checked += 1
        }
        XCTAssertEqual(checked, 5, "too few lost samples")
    }
}
