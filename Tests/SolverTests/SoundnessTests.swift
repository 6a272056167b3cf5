import Layouts
import Solitaire
import Solver
import XCTest

/// The solver against a plain search that sees every position, on small random positions of
/// each kind of rules: whatever the solver leaves out (safe moves folded in, interchangeable piles,
/// the stock's turns), it must find a win exactly when there is one, and prove none otherwise.
final class SoundnessTests: XCTestCase {
    struct Case {
        var name: String
        var layout: TableLayout
        var ranks: Int
        var suits: Int
        var faceDown = false
    }

    static let cases: [Case] = [
        Case(name: "freecell", layout: SmallGames.freeCell(cells: 1, columns: 2), ranks: 3, suits: 2),
        Case(name: "freecell, no cell", layout: SmallGames.freeCell(cells: 0, columns: 3), ranks: 4, suits: 2),
        Case(name: "baker's game", layout: SmallGames.bakersGame(cells: 1, columns: 2), ranks: 3, suits: 2),
        Case(
            name: "klondike", layout: SmallGames.klondike(draw: 1, redeals: .unlimited, columns: 3, top: 3),
            ranks: 3, suits: 3, faceDown: true),
        Case(
            name: "klondike, draw 3, one redeal",
            layout: SmallGames.klondike(draw: 3, redeals: .limited(1), columns: 3, top: 3), ranks: 3, suits: 3,
            faceDown: true),
        Case(name: "yukon", layout: SmallGames.yukon(columns: 2), ranks: 3, suits: 3, faceDown: true),
        Case(name: "spider", layout: SmallGames.spider(columns: 2), ranks: 3, suits: 2),
        Case(name: "canfield", layout: SmallGames.canfield(columns: 2), ranks: 4, suits: 3),
        Case(name: "golf", layout: SmallGames.golf(columns: 3), ranks: 4, suits: 3),
        Case(name: "suits never count", layout: SmallGames.suitless(reserves: 1, columns: 2), ranks: 4, suits: 3),
    ]

    func testTheSolverAgreesWithAPlainSearch() {
        var random = SmallRandom(state: 2024)
        for item in Self.cases {
            let rules = DeclarativeRules(layout: item.layout)
            let solver = Solver(rules: rules)
            var answers: [Bool: Int] = [:]
            for sample in 0..<40 where min(answers[true] ?? 0, answers[false] ?? 0) < 4 {
                let start = SmallGames.position(
                    item.layout, ranks: item.ranks, suits: item.suits, faceDown: item.faceDown, random: &random)
                guard let wins = plainSearchWins(rules, from: start, limit: 5_000) else { continue }
                answers[wins, default: 0] += 1
                let result = solver.solve(from: start, budget: SolverBudget(positions: 1_000_000))
                let label = "\(item.name) #\(sample)"
                XCTAssertEqual(result.verdict, wins ? .solved : .impossible, label)
                if result.verdict == .solved { assertReplaysToWin(result.moves, from: start, rules: rules, label) }
            }
            // Both answers turn up, or the comparison proves little.
            XCTAssertGreaterThan(answers[true] ?? 0, 0, "\(item.name): no sample is won")
            XCTAssertGreaterThan(answers[false] ?? 0, 0, "\(item.name): no sample is lost")
        }
    }

    /// Golf's one foundation keeps every card and builds up or down: the position's key holds
    /// only its top card (the cards under it are every card not elsewhere). On many small deals,
    /// the answers still agree with a search that keys the whole pile.
    func testGolfKeyedByTheFoundationsTopAgreesWithAPlainSearch() {
        var random = SmallRandom(state: 77)
        let layout = SmallGames.golf(columns: 3)
        let rules = DeclarativeRules(layout: layout)
        var answers: [Bool: Int] = [:]
        for sample in 0..<60 {
            let start = SmallGames.position(layout, ranks: 5, suits: 3, faceDown: false, random: &random)
            guard let wins = plainSearchWins(rules, from: start, limit: 20_000) else { continue }
            answers[wins, default: 0] += 1
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 1_000_000))
            XCTAssertEqual(result.verdict, wins ? .solved : .impossible, "golf #\(sample)")
        }
        XCTAssertGreaterThan(answers[true] ?? 0, 5, "too few won samples to compare")
        XCTAssertGreaterThan(answers[false] ?? 0, 5, "too few lost samples to compare")
    }
}
