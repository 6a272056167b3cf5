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

    /// A table too small for the game: the search forgets positions and goes on looking for a
    /// win. Once it has forgotten, its running dry proves nothing (the portfolio then answers
    /// unknown); a win it finds still replays.
    func testAFullTableForgetsAndProvesNothing() {
        var random = SmallRandom(state: 31)
        let layout = SmallGames.golf(columns: 3)
        let rules = DeclarativeRules(layout: layout)
        let model = SolverModel(rules: rules, pileCount: layout.slots.count)
        var forgot: [Bool: Int] = [:]
        var found = 0
        for _ in 0..<300 where min(forgot[true] ?? 0, forgot[false] ?? 0) < 3 {
            let start = SmallGames.position(layout, ranks: 5, suits: 3, faceDown: false, random: &random)
            guard let plain = plainSearch(rules, from: start, limit: 20_000, stopsAtWin: false) else { continue }
            var search = DepthFirstSearch(
                rules: rules, model: model, start: start, settings: .prover, memory: 1 << 11)
            search.run(upTo: 400_000)
            let forgotten = search.lister.table.hasForgotten
            guard forgotten else { continue }
            forgot[plain.wins, default: 0] += 1
            XCTAssertFalse(search.proves, "a table that forgot proves nothing")
            if plain.wins {
                if search.verdict == .solved {
                    found += 1
                    assertReplaysToWin(search.solution(), from: start, rules: rules, "small golf")
                }
            }
            var portfolio = SearchPortfolio(
                rules: rules, model: model, start: start, budget: SolverBudget(positions: 400_000, memory: 1 << 11),
                isCancelled: { false })
            portfolio.plan = [.prover]
            XCTAssertNotEqual(portfolio.run().verdict, .impossible, "no proof from a table that forgot")
        }
        XCTAssertGreaterThanOrEqual(forgot[false] ?? 0, 3, "too few lost samples that filled the table")
        XCTAssertGreaterThanOrEqual(forgot[true] ?? 0, 3, "too few won samples that filled the table")
        XCTAssertGreaterThan(found, 0, "wins are found with a table that forgets")
    }
}
