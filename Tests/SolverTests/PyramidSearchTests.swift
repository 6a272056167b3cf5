import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// Pyramid's own search: only a layout that promises Pyramid's rules gets it, it reads which
/// win the rules play, it answers as the general depth-first search does on endgames (won and
/// lost, with both goals), its wins are the player's legal moves, and it decides whole deals.
final class PyramidSearchTests: XCTestCase {
    private let layout = shippedLayout("pyramid")
    private func rules(goal: String = "all") -> ScriptedRules {
        rulesOf(layout, options: ["goal": goal]) as! ScriptedRules
    }

    private func pile(_ id: String) -> Int { layout.slots.firstIndex { $0.id == id }! }

    func testOnlyALayoutThatPromisesPyramidsRulesGetsIt() throws {
        let shape = try XCTUnwrap(PyramidShape(rules: rules()))
        XCTAssertEqual(shape.places.count, 28)
        XCTAssertEqual(shape.places.first, pile("pyramid.1"))
        XCTAssertEqual(shape.places.last, pile("pyramid.28"))
        XCTAssertEqual(shape.stock, pile("stock"))
        XCTAssertEqual(shape.waste, pile("waste"))
        XCTAssertEqual(shape.discard, pile("discard"))
        XCTAssertEqual(shape.covers[0], 0b110, "the top card lies under the second row's two")
        XCTAssertEqual(shape.covers[4], 1 << 7 | 1 << 8, "the third row's middle card under the fourth's")
        XCTAssertEqual(shape.covers[21...].filter { $0 != 0 }.count, 0, "the seventh row lies free")
        XCTAssertFalse(shape.winsCleared, "every card must leave")
        XCTAssertTrue(try XCTUnwrap(PyramidShape(rules: rules(goal: "pyramid"))).winsCleared, "Relaxed Pyramid")
        var unpromised = layout
        unpromised.rules?.solver = nil
        XCTAssertNil(PyramidShape(rules: rulesOf(unpromised)), "no promise, no Pyramid search")
        for name in ["golf", "accordion", "tri-peaks", "klondike"] {
            XCTAssertNil(PyramidShape(rules: rulesOf(shippedLayout(name))), name)
        }
    }

    /// The plan is Pyramid's search for a deal; a position it cannot hold (a face-down card in
    /// the pyramid, from a position file) goes to the general searches.
    func testThePlan() throws {
        let rules = rules()
        let solver = Solver(rules: rules)
        let start = rules.deal(seed: 1)
        let portfolio = SearchPortfolio(
            rules: rules, model: solver.model, start: start, budget: .hint, isCancelled: { false })
        XCTAssertEqual(portfolio.searches().map(\.order), [.pyramid])
        var faceDown = start
        faceDown.piles[pile("pyramid.3")][0].faceUp = false
        let shape = try XCTUnwrap(solver.model.pyramid)
        XCTAssertNil(PyramidSearch.packing(of: faceDown, shape: shape))
        let general = SearchPortfolio(
            rules: rules, model: solver.model, start: faceDown, budget: .hint, isCancelled: { false })
        XCTAssertEqual(general.searches().map(\.order), [.bestFirst, .bestFirst, .depthFirst])
    }

    /// The most pairs matched between up to four cards and four, as the dead-position test
    /// counts them.
    func testTheLargestMatching() {
        // Left 0 pairs with right 0 or 1, left 1 with right 0 only: two pairs.
        XCTAssertEqual(PyramidSearch.largestMatching(0b0001 << 4 | 0b0011, lefts: 2, from: 0, used: 0), 2)
        // Both only with right 0: one pair.
        XCTAssertEqual(PyramidSearch.largestMatching(0b0001 << 4 | 0b0001, lefts: 2, from: 0, used: 0), 1)
        XCTAssertEqual(PyramidSearch.largestMatching(0, lefts: 3, from: 0, used: 0), 0)
        let full: UInt32 = 0xFFFF
        XCTAssertEqual(PyramidSearch.largestMatching(full, lefts: 4, from: 0, used: 0), 4)
    }

    /// Endgames: a won deal's solution played until few cards are left, then up to two random
    /// legal moves (which may lose it), and every other time a card left swapped with one
    /// already discarded; with either goal. The search answers as the general
    /// depth-first search does (itself checked against a plain search of every position in
    /// SoundnessTests), and its wins replay on the script's rules.
    func testItAgreesWithTheGeneralSearchOnEndgames() throws {
        var random = SmallRandom(state: 9013)
        var answers: [SolverVerdict: Int] = [:]
        var sample = 0
        for deal in 1...40 as ClosedRange<UInt64> {
            let goal = deal.isMultiple(of: 2) ? "all" : "pyramid"
            let rules = rules(goal: goal)
            let solver = Solver(rules: rules)
            let whole = solver.solve(from: rules.deal(seed: deal), budget: SolverBudget(positions: 2_000_000))
            guard whole.verdict == .solved else { continue }
            var state = rules.deal(seed: deal)
            for move in whole.moves {
                let left = shapeCards(state)
                if left <= 12 { break }
                _ = rules.apply(move, to: &state)
            }
            for _ in 0..<random.below(3) {
                let moves = rules.legalMoves(in: state)
                guard !moves.isEmpty else { break }
                _ = rules.apply(moves[random.below(moves.count)], to: &state)
            }
            // Every other time, a card left swapped with one already discarded: often lost.
            if random.below(2) == 0 {
                let discard = pile("discard")
                let holding = (layout.slots.indices).filter { $0 != discard && !state.piles[$0].isEmpty }
                let from = holding[random.below(holding.count)]
                let index = random.below(state.piles[discard].count)
                var card = state.piles[discard][index]
                card.faceUp = state.piles[from][state.piles[from].count - 1].faceUp
                state.piles[discard][index] = state.piles[from][state.piles[from].count - 1]
                state.piles[from][state.piles[from].count - 1] = card
            }
            sample += 1
            guard
                let expected = assertFamilySearchAgrees(
                    .pyramid, rules: rules, model: solver.model, state: state, "deal \(deal), goal \(goal)")
            else { continue }
            answers[expected, default: 0] += 1
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 10, "too few won endgames of \(sample)")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 8, "too few lost endgames of \(sample)")
    }

    /// Whole deals, won and lost (the lost ones proved by the dead-position test and the table
    /// alike); the wins replay on the script's rules.
    func testItDecidesWholeDeals() {
        let rules = rules()
        for (deal, verdict) in [(2, SolverVerdict.solved), (5, .solved), (10, .solved), (18, .impossible)] {
            let start = rules.deal(seed: UInt64(deal))
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 2_000_000))
            XCTAssertEqual(result.verdict, verdict, "deal \(deal)")
            if result.verdict == .solved { assertReplaysToWin(result.moves, from: start, rules: rules, "deal \(deal)") }
        }
    }

    /// The cards still in the pyramid, the stock and the waste.
    private func shapeCards(_ state: GameState) -> Int {
        state.cardCount - state.piles[pile("discard")].count
    }
}
