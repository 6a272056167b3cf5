import ArgumentParser
import Foundation
import Layouts
import Persistence
import Scripting
import Solitaire
import Solver
import TestSupport
import XCTest

@testable import cardtable

/// `solve` end to end on small cases: a saved position solved and its moves written and
/// replayed, deals in order on two threads, the exit status, and what the solver cannot do.
final class SolveRunTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    /// FreeCell with every card home but the kings and the queen of hearts, which lies on the
    /// king of clubs: five moves, the queen first.
    static let nearlyWon = """
        # CardTable position
        game freecell
        cell.1:
        cell.2:
        cell.3:
        cell.4:
        foundation.1: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC
        foundation.2: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD
        foundation.3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH
        foundation.4: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS
        tableau.1: KC QH
        tableau.2: KD
        tableau.3: KH
        tableau.4: KS
        tableau.5:
        tableau.6:
        tableau.7:
        tableau.8:

        """

    /// A run whose lines are kept.
    func run(moves: Bool = false, budget: SolverBudget = SolverBudget(positions: 20000, seconds: 20)) -> (
        SolveRun, Lines
    ) {
        let lines = Lines()
        var run = SolveRun(budget: budget, writesMoves: moves)
        run.write = { lines.append($0) }
        run.writeError = { lines.errors.append($0) }
        return (run, lines)
    }

    func freecell() throws -> TableLayout { try XCTUnwrap(ShippedLayouts.layout(named: "freecell")) }

    func testAPositionIsSolvedAndItsMovesWritten() throws {
        let table = try freecell()
        let start = try PositionText.parse(Self.nearlyWon, layout: table, file: "p.txt").get()
        var (solve, lines) = run(moves: true)
        solve.solvePosition(start, rules: rulesOf(table))
        XCTAssertEqual(lines.all.first, "          verdict    moves   positions    seconds")
        let line = lines.all[1].split(separator: " ")
        XCTAssertEqual(line[0], "position")
        XCTAssertEqual(line[1], "solved")
        let moves = Array(lines.all[2..<(lines.all.count - 3)])
        XCTAssertEqual(line[2], Substring(String(moves.count)), "the length is the moves written")
        XCTAssertGreaterThanOrEqual(moves.count, 5, "the queen and the four kings")
        for (index, move) in moves.enumerated() {
            let prefix = String(repeating: " ", count: 8) + SolveReport.pad(String(index + 1), 5) + ". "
            XCTAssertTrue(move.hasPrefix(prefix), move)
            XCTAssertTrue(move.contains(" -> ") && move.contains(": Move "), move)
        }
        XCTAssertTrue(
            moves.contains { $0.hasSuffix(": Move QH to a foundation") }, "the queen goes home: \(moves)")
        XCTAssertEqual(lines.all.suffix(3).first, "1 position: 1 solved, 0 impossible, 0 unknown")
        XCTAssertEqual(lines.errors, [])
        XCTAssertEqual(solve.status, 0)
    }

    func testTheCommandReadsAPositionFile() throws {
        let path = folder + "/position.txt"
        try Self.nearlyWon.write(toFile: path, atomically: false, encoding: .utf8)
        let command = try SolveCommand.parse(["freecell", "--position", path])
        XCTAssertNoThrow(try command.run(), "solved: exit 0")
        let broken = folder + "/broken.txt"
        try Self.nearlyWon.replacingOccurrences(of: "KS", with: "KX").write(
            toFile: broken, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try SolveCommand.parse(["freecell", "--position", broken]).run()) { error in
            XCTAssertEqual((error as? ExitCode)?.rawValue, 1)
        }
    }

    /// However long each deal takes, the lines come in deal order; a budget too small to answer
    /// leaves deals unknown, and the exit status says so.
    func testDealsComeInOrderOnTwoThreads() throws {
        let table = try freecell()
        var (solve, lines) = run(budget: SolverBudget(positions: 300, seconds: 5))
        solve.solveDeals(3...8, jobs: 2) { rulesOf(table) }
        let deals = lines.all.dropFirst().prefix(6).map { $0.split(separator: " ")[0] }
        XCTAssertEqual(deals, ["3", "4", "5", "6", "7", "8"], lines.all.joined(separator: "\n"))
        let summary = try XCTUnwrap(lines.all.dropFirst(7).first)
        XCTAssertTrue(summary.hasPrefix("6 deals: "), summary)
        XCTAssertTrue(lines.all.last?.hasPrefix("positions: ") ?? false)
        XCTAssertTrue(lines.all[8].hasSuffix("2 jobs"), lines.all[8])
        XCTAssertEqual(solve.tally.count(.solved) + solve.tally.count(.impossible) + solve.tally.count(.unknown), 6)
        XCTAssertEqual(solve.status, solve.tally.count(.unknown) > 0 ? 2 : 0)
        XCTAssertEqual(lines.errors, [], "every solution replays")
    }

    func testAFreeTableHasNothingToSolve() throws {
        XCTAssertThrowsError(try SolveCommand.parse(["sandbox", "--deal", "1"]).run()) { error in
            XCTAssertEqual((error as? ExitCode)?.rawValue, 1)
        }
        XCTAssertThrowsError(try SolveCommand.parse(["freecell", "--deal", "1", "--option", "draw=3"]).run()) {
            XCTAssertEqual(($0 as? ExitCode)?.rawValue, 1, "FreeCell has no options")
        }
    }

    /// Moves that do not win are caught, whoever found them.
    func testASolutionThatDoesNotReplayIsCaught() throws {
        let table = try freecell()
        let rules = rulesOf(table)
        let start = try PositionText.parse(Self.nearlyWon, layout: table, file: "p.txt").get()
        let kingFirst = SolutionReplay([.transfer(from: 10, to: 6)], from: start, rules: rules, writing: true)
        XCTAssertEqual(
            kingFirst.failure,
            "move 1 (tableau.3 -> foundation.3: Move KH to a foundation) is refused: "
                + (rules.refusal(of: .transfer(from: 10, to: 6), in: start)?.plainMessage ?? ""))
        let short = SolutionReplay([.transfer(from: 8, to: 6)], from: start, rules: rules, writing: true)
        XCTAssertEqual(short.failure, "the moves found end without winning the game")
        XCTAssertEqual(short.lines, ["tableau.1 -> foundation.3: Move QH to a foundation"])
    }
}

/// Lines written by a run, on the test's thread.
final class Lines {
    var all: [String] = []
    var errors: [String] = []
    func append(_ line: String) { all.append(line) }
}
