import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// Klondike (Lua), whose layout promises Klondike's rules (`solver = "klondike"`): it gets
/// Klondike's own search with the draw its `draw` option chooses, that search answers as it does
/// for the declarative Klondike and Klondike (Draw 3) on the same deals, and its wins play back on
/// the script. Without the promise, or with a stock that does not turn as Klondike's, no such
/// search.
final class KlondikePromiseTests: XCTestCase {
    private let layout = shippedLayout("klondike-lua")

    private func scripted(draw: Int, layout: TableLayout? = nil) -> ScriptedRules {
        ScriptedRules(layout: layout ?? self.layout, options: ["draw": "\(draw)"])
    }

    func testThePromiseGivesItKlondikesSearchWithTheOptionsDraw() throws {
        let declarative = try XCTUnwrap(KlondikeShape(rules: DeclarativeRules(layout: shippedLayout("klondike"))))
        for draw in [1, 3] {
            let rules = scripted(draw: draw)
            XCTAssertNil(rules.declarativeRules, "the script plays")
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.klondike, "draw \(draw)")
            XCTAssertEqual(shape.draw, draw)
            XCTAssertTrue(shape.takesBack)
            XCTAssertEqual(shape.columns, declarative.columns)
            XCTAssertEqual(shape.foundations, declarative.foundations)
            XCTAssertEqual([shape.stock, shape.waste], [declarative.stock, declarative.waste])
            let portfolio = SearchPortfolio(
                rules: rules, model: solver.model, start: rules.deal(seed: 7), budget: .hint, isCancelled: { false })
            XCTAssertEqual(portfolio.searches().map(\.order), [.klondike], "draw \(draw)")
        }
    }

    func testWithoutThePromiseNoKlondikeSearch() {
        var unpromised = layout
        unpromised.rules?.solver = nil
        let rules = scripted(draw: 1, layout: unpromised)
        XCTAssertNil(KlondikeShape(rules: rules), "no promise, no Klondike search")
        let solver = Solver(rules: rules)
        let portfolio = SearchPortfolio(
            rules: rules, model: solver.model, start: rules.deal(seed: 7), budget: .hint, isCancelled: { false })
        XCTAssertEqual(portfolio.searches().map(\.order), [.bestFirst, .bestFirst, .depthFirst])
        // The promise on piles that are not Klondike's gives nothing either.
        var golf = shippedLayout("golf")
        golf.rules?.solver = .klondike
        XCTAssertNil(KlondikeShape(rules: rulesOf(golf)), "golf's piles")
    }

    /// A stock that turns three cards without turning the packet over is no Klondike stock: the
    /// promise is not taken, rather than searched with a stock the script does not play.
    func testAStockThatIsNotKlondikesGetsNoKlondikeSearch() throws {
        var changed = layout
        let script = try XCTUnwrap(changed.script)
        let turning = "game.move(stock, waste, draw, { flip = true, reverse = true })"
        XCTAssertTrue(script.source.contains(turning))
        changed.script?.source = script.source.replacingOccurrences(
            of: turning, with: "game.move(stock, waste, draw, { flip = true })")
        XCTAssertNotNil(KlondikeShape(rules: scripted(draw: 1, layout: changed)), "one card turns either way")
        XCTAssertNil(KlondikeShape(rules: scripted(draw: 3, layout: changed)), "three cards in the wrong order")
    }

    /// The same deals as the declarative games, won and lost in each draw: the same answers, and
    /// every win plays back on the script.
    func testItAnswersAsTheDeclarativeGamesDo() {
        let cases: [(draw: Int, name: String, deals: [UInt64])] = [
            (1, "klondike", [1, 3, 8, 13, 14]),
            (3, "klondike-3", [1, 4, 10, 17, 21]),
        ]
        var answers: [SolverVerdict: Int] = [:]
        for (draw, name, deals) in cases {
            let declarative = DeclarativeRules(layout: shippedLayout(name))
            let rules = scripted(draw: draw)
            let solver = Solver(rules: rules)
            for deal in deals {
                let start = rules.deal(seed: deal)
                XCTAssertEqual(start.piles, declarative.deal(seed: deal).piles, "\(name) \(deal): the same deal")
                let expected = Solver(rules: declarative).solve(
                    from: declarative.deal(seed: deal), budget: SolverBudget(positions: 1_000_000)
                ).verdict
                XCTAssertNotEqual(expected, .unknown, "\(name) \(deal)")
                let result = solver.solve(from: start, budget: SolverBudget(positions: 1_000_000))
                XCTAssertEqual(result.verdict, expected, "klondike-lua draw \(draw), deal \(deal)")
                if result.verdict == .solved {
                    assertReplaysToWin(
                        result.moves, from: start, rules: rules, "klondike-lua draw \(draw), deal \(deal)")
                }
                answers[expected, default: 0] += 1
            }
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 5)
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 2)
    }

    /// From the middle of a won game (half its win played, the stock clicked with the waste not
    /// empty), the search wins again in each draw, and the win plays back on the script.
    func testItWinsFromTheMiddleOfAGame() throws {
        for (draw, deal) in [(1, UInt64(1)), (3, UInt64(21))] {
            let rules = scripted(draw: draw)
            let solver = Solver(rules: rules)
            var state = rules.deal(seed: deal)
            let first = solver.solve(from: state, budget: SolverBudget(positions: 1_000_000))
            XCTAssertEqual(first.verdict, .solved, "draw \(draw), deal \(deal)")
            for move in first.moves.prefix(first.moves.count / 2) { _ = rules.apply(move, to: &state) }
            let shape = try XCTUnwrap(solver.model.klondike)
            XCTAssertFalse(state.piles[shape.waste].isEmpty, "draw \(draw), deal \(deal): a waste half way")
            let portfolio = SearchPortfolio(
                rules: rules, model: solver.model, start: state, budget: .hint, isCancelled: { false })
            XCTAssertEqual(portfolio.searches().map(\.order), [.klondike], "draw \(draw), deal \(deal), half way")
            let second = solver.solve(from: state, budget: SolverBudget(positions: 1_000_000))
            XCTAssertEqual(second.verdict, .solved, "draw \(draw), deal \(deal), half way")
            assertReplaysToWin(second.moves, from: state, rules: rules, "draw \(draw), deal \(deal), half way")
        }
    }
}
