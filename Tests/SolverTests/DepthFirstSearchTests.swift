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

    /// A table too small for the game: the search forgets positions and expands some again, and
    /// its answers are still right: it proves lost exactly the positions the plain search finds
    /// lost, and finds a win that replays in the others (alone, and in the portfolio).
    func testAFullTableForgetsAndStillDecides() {
        var random = SmallRandom(state: 31)
        let layout = SmallGames.golf(columns: 3)
        let rules = DeclarativeRules(layout: layout)
        let model = SolverModel(rules: rules, pileCount: layout.slots.count)
        var forgot: [Bool: Int] = [:]
        for _ in 0..<300 where min(forgot[true] ?? 0, forgot[false] ?? 0) < 4 {
            let start = SmallGames.position(layout, ranks: 5, suits: 3, faceDown: false, random: &random)
            guard let plain = plainSearch(rules, from: start, limit: 20_000, stopsAtWin: false) else { continue }
            var search = DepthFirstSearch(
                rules: rules, model: model, start: start, settings: .prover, memory: 1 << 11)
            search.run(upTo: 4_000_000)
            guard search.lister.table.hasForgotten else { continue }
            forgot[plain.wins, default: 0] += 1
            XCTAssertTrue(search.proves, "forgetting leaves no position out")
            XCTAssertEqual(search.verdict, plain.wins ? .solved : .impossible)
            if search.verdict == .solved {
                assertReplaysToWin(search.solution(), from: start, rules: rules, "small golf")
            } else {
                // Every position is still expanded, some of them again.
                var roomy = DepthFirstSearch(
                    rules: rules, model: model, start: start, settings: .prover, memory: 1 << 24)
                roomy.run(upTo: 4_000_000)
                XCTAssertEqual(roomy.verdict, .impossible)
                XCTAssertGreaterThanOrEqual(search.positions, roomy.positions)
            }
            var portfolio = SearchPortfolio(
                rules: rules, model: model, start: start,
                budget: SolverBudget(positions: 4_000_000, memory: 1 << 11), isCancelled: { false })
            portfolio.plan = [.prover]
            XCTAssertEqual(portfolio.run().verdict, plain.wins ? .solved : .impossible)
        }
        XCTAssertGreaterThanOrEqual(forgot[false] ?? 0, 4, "too few lost samples that filled the table")
        XCTAssertGreaterThanOrEqual(forgot[true] ?? 0, 4, "too few won samples that filled the table")
    }

    /// The same on every kind of rules the soundness tests use, FreeCell's, Yukon's and
    /// Klondike's among them, whose moves go back and forth: with the smallest table (48 keys)
    /// on positions the search expands 60 to 200 of with room for all, the answer must be the one
    /// with room for all (which the tests above check against the plain search). The search must
    /// never follow a move back onto its own path: it would go round until its depth ran out, and
    /// prove nothing. Forgetting makes it expand positions again, many times over where moves go
    /// back and forth (docs/PERFORMANCE.md): a sample it has not finished within 20,000 positions
    /// is left out, and enough must finish, won and lost.
    func testEveryKindOfRulesDecidesRightWhenItForgets() {
        var random = SmallRandom(state: 808)
        var finished: [SolverVerdict: Int] = [:]
        for item in SoundnessTests.cases {
            let rules = DeclarativeRules(layout: item.layout)
            let model = SolverModel(rules: rules, pileCount: item.layout.slots.count)
            for sample in 0..<40 {
                let start = SmallGames.position(
                    item.layout, ranks: item.ranks, suits: item.suits, faceDown: item.faceDown, random: &random)
                var roomy = DepthFirstSearch(
                    rules: rules, model: model, start: start, settings: .prover, memory: 1 << 20)
                roomy.run(upTo: 20_000)
                guard let answer = roomy.verdict, (60...200).contains(roomy.positions) else { continue }
                var search = DepthFirstSearch(rules: rules, model: model, start: start, settings: .prover, memory: 0)
                search.run(upTo: 20_000)
                guard search.lister.table.hasForgotten, let verdict = search.verdict else { continue }
                let label = "\(item.name) #\(sample)"
                finished[verdict, default: 0] += 1
                XCTAssertTrue(search.proves, label)
                XCTAssertEqual(verdict, answer, label)
                if verdict == .solved { assertReplaysToWin(search.solution(), from: start, rules: rules, label) }
            }
        }
        XCTAssertGreaterThanOrEqual(finished[.impossible] ?? 0, 4, "too few lost samples filled the table and finished")
        XCTAssertGreaterThanOrEqual(finished[.solved] ?? 0, 4, "too few won samples filled the table and finished")
    }

    /// The stack may take what the table leaves of the search's memory, and no path is cut short
    /// before 2048 levels: with the command's memory a path may go tens of thousands of moves deep
    /// (Bastion's depth-first search wanders more than 6,000 moves deep before its wins: with
    /// paths cut at one level per 4 KiB, `solve bastion --deal 1..10 --budget 1M` left deals 2 and
    /// 6 unknown). The table's slots and the stack's share add up to the memory at most.
    func testTheStackTakesWhatTheTableLeaves() {
        var random = SmallRandom(state: 5)
        let layout = SmallGames.golf(columns: 3)
        let rules = DeclarativeRules(layout: layout)
        let model = SolverModel(rules: rules, pileCount: layout.slots.count)
        let start = SmallGames.position(layout, ranks: 4, suits: 3, faceDown: false, random: &random)
        for memory in [0, 3 << 20, 4 << 20, 24 << 20, 192 << 20] {
            let search = DepthFirstSearch(rules: rules, model: model, start: start, settings: .prover, memory: memory)
            var slots = 64
            while slots * 16 <= memory { slots <<= 1 }
            XCTAssertLessThanOrEqual(search.stackLimit + slots * 8, max(memory, slots * 8), "\(memory)")
            if memory >= 3 << 20 && memory != 4 << 20 {
                XCTAssertGreaterThanOrEqual(search.stackLimit, memory / 4, "\(memory)")
            }
        }
        XCTAssertEqual(SearchStack.shallowest, 2048)
    }

    /// The path's table of keys: each key inserted is found until it is removed, whatever the
    /// order of removal and however the keys' home slots collide.
    func testThePathsTableLosesOnlyWhatIsRemoved() {
        var random = SmallRandom(state: 7)
        var keys = PositionTable(capacity: 64)
        var held: [UInt64] = []
        for step in 0..<5_000 {
            // Few distinct home slots, so runs form and removals must move keys back.
            let key = (UInt64(random.next() % 40) << 7) | UInt64(step % 127 + 1) << 32
            if random.next() % 3 != 0 || held.isEmpty {
                if !held.contains(key) {
                    _ = keys.insert(key)
                    held.append(key)
                }
            } else {
                let index = Int(random.next() % UInt64(held.count))
                keys.remove(held.remove(at: index))
            }
            if step % 97 == 0 {
                for key in held { XCTAssertTrue(keys.contains(key)) }
                XCTAssertFalse(keys.contains(0xDEAD_0000_0000_0000))
            }
        }
        for key in held { XCTAssertTrue(keys.contains(key)) }
    }

    /// Emptied for a new attempt (AccordionSearch.swift), a table that had forgotten keys holds
    /// none, takes each again as new, and keeps its slots.
    func testAnEmptiedTableHoldsNothingAndKeepsItsRoom() {
        var keys = PositionTable(capacity: 48, limit: 48)
        keys.forgets = true
        for key in 1...200 as ClosedRange<UInt64> { _ = keys.insert(key << 20) }
        XCTAssertTrue(keys.hasForgotten)
        let bytes = keys.bytes
        keys.removeAll()
        XCTAssertEqual(keys.count, 0)
        XCTAssertFalse(keys.hasForgotten)
        XCTAssertEqual(keys.bytes, bytes)
        for key in 1...40 as ClosedRange<UInt64> {
            XCTAssertFalse(keys.contains(key << 20))
            XCTAssertTrue(keys.insert(key << 20))
        }
        XCTAssertEqual(keys.count, 40)
    }
}
