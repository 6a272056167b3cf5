import Layouts
import Scripting
import Solitaire
import Solver
import XCTest

/// The solver on every shipped game: whatever it answers within a small budget, a solution
/// replays to a win under the game's own rules, and it never calls a game lost when it stopped
/// early.
final class VariantSolverTests: XCTestCase {
    /// The shipped layouts with declarative rules and no script.
    static var declarativeGames: [TableLayout] {
        ShippedLayouts.names.compactMap { ShippedLayouts.layout(named: $0) }.filter {
            $0.rules != nil && $0.script == nil
        }
    }

    func testEveryDeclarativeGameSolvesToAReplayableWin() {
        var solved: [String] = []
        for layout in Self.declarativeGames {
            let rules = DeclarativeRules(layout: layout)
            XCTAssertTrue(Solver.applies(to: rules), layout.name)
            let start = rules.deal(seed: 3)
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 400))
            XCTAssertLessThanOrEqual(result.positions, 400, layout.name)
            if result.verdict == .solved {
                solved.append(layout.name)
                assertReplaysToWin(result.moves, from: start, rules: rules, layout.name)
            }
        }
        // The easy ones are found within the budget (a guard that the test tests something).
        for name in ["freecell", "bakers-game", "klondike", "forty-thieves"] where !solved.contains(name) {
            XCTFail("\(name) deal 3 not solved within 400 positions")
        }
    }

    func testScriptedGamesAreSolvedThroughTheirHooks() {
        var solvedAny = false
        for name in ["klondike-lua", "pyramid", "golf"] {
            guard let layout = ShippedLayouts.layout(named: name) else { continue }
            let rules = rulesOf(layout)
            XCTAssertTrue(Solver.applies(to: rules), name)
            for deal: UInt64 in 1...2 {
                let start = rules.deal(seed: deal)
                let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 300))
                XCTAssertNotEqual(result.verdict, .impossible, "\(name) \(deal): not exhausted within 300 positions")
                if result.verdict == .solved {
                    solvedAny = true
                    assertReplaysToWin(result.moves, from: start, rules: rules, "\(name) \(deal)")
                }
            }
        }
        XCTAssertTrue(solvedAny, "no scripted deal solved")
    }
}
