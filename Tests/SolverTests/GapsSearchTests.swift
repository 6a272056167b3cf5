import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// Gaps' own search: only a layout that promises Gaps' rules gets it, it answers as the general
/// depth-first search does on endgames (won and lost, with a redeal left and without), its wins
/// are the player's legal moves, and it decides whole deals.
final class GapsSearchTests: XCTestCase {
    private let layout = shippedLayout("gaps")
    private var rules: ScriptedRules { rulesOf(layout) as! ScriptedRules }

    private var cells: [Int] { layout.slots.indices.filter { layout.slots[$0].kind == .tableau } }

    func testOnlyALayoutThatPromisesGapsRulesGetsIt() throws {
        let shape = try XCTUnwrap(GapsShape(rules: rules))
        XCTAssertEqual(shape.cells, cells)
        XCTAssertEqual(layout.slots[shape.stock].kind, .stock)
        XCTAssertEqual(layout.slots[shape.foundation].kind, .foundation)
        var unpromised = layout
        unpromised.rules?.solver = nil
        XCTAssertNil(GapsShape(rules: rulesOf(unpromised)), "no promise, no Gaps search")
        var pyramid = shippedLayout("pyramid")
        pyramid.rules?.solver = .gaps
        XCTAssertNil(GapsShape(rules: rulesOf(pyramid)), "the promise without Gaps' piles")
        XCTAssertEqual(Solver(rules: rules).searchFamily, "gaps")
    }

    /// The plan is Gaps' search for a deal; a position it cannot hold (a card on the redeal
    /// pile, from a position file) goes to the general searches.
    func testThePlan() throws {
        let rules = self.rules
        let solver = Solver(rules: rules)
        let start = rules.deal(seed: 1)
        let portfolio = SearchPortfolio(
            rules: rules, model: solver.model, start: start, budget: .hint, isCancelled: { false })
        XCTAssertEqual(portfolio.searches().map(\.order), [.gaps])
        XCTAssertEqual(SearchSettings.plan("n")?.map(\.order), [.gaps], "CARDTABLE_SOLVER_PLAN's letter")
        let shape = try XCTUnwrap(solver.model.gaps)
        var odd = start
        let full = try XCTUnwrap(cells.first { !odd.piles[$0].isEmpty })
        odd.piles[shape.stock] = odd.piles[full]
        odd.piles[full] = []
        XCTAssertNil(GapsSearch.packing(of: odd, shape: shape))
        let general = SearchPortfolio(
            rules: rules, model: solver.model, start: odd, budget: .hint, isCancelled: { false })
        XCTAssertNotEqual(general.searches().first?.order, .gaps)
    }

    /// Endgames: each row a run from its 2 of random length, the other cards shuffled into the
    /// cells after the runs with the four gaps among them, with no redeal left or one. The search
    /// answers as the general depth-first search does (itself checked against a plain search of
    /// every position in SoundnessTests), and its wins replay on the script's rules.
    func testItAgreesWithTheGeneralSearchOnEndgames() {
        let rules = self.rules
        let solver = Solver(rules: rules)
        var random = SmallRandom(state: 5309)
        var answers: [SolverVerdict: Int] = [:]
        for sample in 0..<120 {
            let state = endgame(loose: 4 + random.below(5), redeals: random.below(2), random: &random)
            guard
                let expected = assertFamilySearchAgrees(
                    .gaps, rules: rules, model: solver.model, state: state, positions: 20_000, "#\(sample)")
            else { continue }
            answers[expected, default: 0] += 1
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 20, "too few won endgames: \(answers)")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 20, "too few lost endgames: \(answers)")
    }

    /// Whole deals, redeals and all: won within a few hundred thousand positions (the general
    /// searches decided one of deals 1..10 in 2 s), and the wins replay on the script's rules.
    func testItWinsWholeDeals() {
        let rules = self.rules
        var solved = 0
        for deal in 1...10 as ClosedRange<UInt64> {
            let start = rules.deal(seed: deal)
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 300_000))
            XCTAssertNotEqual(result.verdict, .impossible, "deal \(deal) was won before")
            if result.verdict == .solved {
                solved += 1
                assertReplaysToWin(result.moves, from: start, rules: rules, "deal \(deal)")
            }
        }
        XCTAssertGreaterThanOrEqual(solved, 8)
    }

    /// A lost position is proved lost with a table far smaller than its positions: forgotten
    /// positions are searched again, never left out.
    func testItProvesWithATableThatForgets() throws {
        let rules = self.rules
        let shape = try XCTUnwrap(GapsShape(rules: rules))
        var random = SmallRandom(state: 77_003)
        for _ in 0..<100 {
            let state = endgame(loose: 10 + random.below(5), redeals: 0, random: &random)
            var roomy = try XCTUnwrap(GapsSearch(shape: shape, rules: rules, start: state, memory: 64 << 20))
            roomy.run(upTo: 50_000)
            guard roomy.verdict == .impossible, roomy.positions > 500 else { continue }
            // A table of about a quarter of the positions.
            let memory = roomy.positions * 3
            var small = try XCTUnwrap(GapsSearch(shape: shape, rules: rules, start: state, memory: memory))
            small.run(upTo: 5_000_000)
            XCTAssertEqual(small.verdict, .impossible)
            XCTAssertTrue(small.proves)
            XCTAssertGreaterThan(small.positions, roomy.positions, "it forgot nothing")
            return
        }
        XCTFail("no lost position of more than 500 positions")
    }

    /// A position with `loose` cards out of order: each row a run of one suit from its 2 (the
    /// suits in a random order, the runs' lengths drawn so that `loose` cards are left), the loose
    /// cards and the four gaps shuffled into the cells after the runs; `redeals` left.
    private func endgame(loose: Int, redeals: Int, random: inout SmallRandom) -> GameState {
        var lengths = [11, 11, 11, 11]
        for _ in 0..<loose {
            let open = lengths.indices.filter { lengths[$0] > 0 }
            lengths[open[random.below(open.count)]] -= 1
        }
        var suits = Array(Card.Suit.allCases)
        for index in suits.indices.reversed() { suits.swapAt(index, random.below(index + 1)) }
        var state = rules.deal(seed: 1)
        var rest: [PileCard?] = []
        let cells = self.cells
        for row in 0..<4 {
            let suit = suits[row]
            for rank in 2...13 {
                let card = PileCard(Card(Card.Rank(rawValue: rank)!, suit), faceUp: true)
                if rank - 2 < lengths[row] {
                    state.piles[cells[row * 13 + rank - 2]] = [card]
                } else {
                    rest.append(card)
                }
            }
        }
        rest += [nil, nil, nil, nil]
        for index in rest.indices.reversed() { rest.swapAt(index, random.below(index + 1)) }
        for row in 0..<4 {
            for column in lengths[row]..<13 {
                let card = rest.removeLast()
                state.piles[cells[row * 13 + column]] = card.map { [$0] } ?? []
            }
        }
        state.redealsLeft = redeals
        return state
    }
}
