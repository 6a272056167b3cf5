import Layouts
import Solitaire
import Solver
import XCTest

/// FreeCell against the published record of Microsoft's deals: every deal from 1 to 32,000 but
/// 11982 can be won. The full range, deal 11982 and the harder deals run as a benchmark
/// (`cardtable-bench solver`); here a sample that fits in a debug build's time.
final class FreeCellSolverTests: XCTestCase {
    let rules = DeclarativeRules(layout: shippedLayout("freecell"))

    /// Deals spread over 1 to 32,000.
    func testDealsAcrossTheRangeAreSolved() {
        let deals: [UInt64] = [
            1, 2, 3, 1000, 2500, 5000, 7500, 10000, 12500, 15000, 20000, 22500, 25000, 27500, 30000, 32000,
        ]
        for deal in deals {
            let start = rules.deal(seed: deal)
            let result = Solver(rules: rules).solve(from: start, budget: .command)
            XCTAssertEqual(result.verdict, .solved, "deal \(deal)")
            XCTAssertGreaterThan(result.moves.count, 51, "deal \(deal): too few moves to put 52 cards up")
            assertReplaysToWin(result.moves, from: start, rules: rules, "deal \(deal)")
        }
    }

    /// Deals known to be hard for solvers (617 needs the most positions of deals 1 to 1000 here).
    func testHardDealsAreSolved() {
        for deal: UInt64 in [617, 11987] {
            let start = rules.deal(seed: deal)
            let result = Solver(rules: rules).solve(from: start, budget: .command)
            XCTAssertEqual(result.verdict, .solved, "deal \(deal)")
            assertReplaysToWin(result.moves, from: start, rules: rules, "deal \(deal)")
        }
    }

    /// A position reached from deal 1293 by moves that spoil it: the search sees all of its
    /// positions (1,542 of them) and proves it lost. (Deal 11982 itself takes some 150,000
    /// positions: a benchmark.)
    func testALostPositionIsProvedImpossible() {
        let state = position([
            "AH", "2D", "JS", "KS",
            "", "AS 2S 3S 4S 5S 6S 7S", "AC", "",
            "KD 8C 3H TC 9D", "QS QH JH 2H 5D QC JD TS 9H", "6H 2C 3D TD KC", "5C AD 9S QD JC TH 9C 8D 7C 6D",
            "7H", "3C 8S 8H 7D 6C 5H 4C", "KH 4D", "4H",
        ])
        XCTAssertEqual(state.cardCount, 52)
        let result = Solver(rules: rules).solve(from: state, budget: .command)
        XCTAssertEqual(result.verdict, .impossible)
        XCTAssertTrue(result.moves.isEmpty)
        XCTAssertGreaterThan(result.positions, 100, "a proof that looked at more than the first moves")
    }

    /// A won game needs no move; one card from a win needs that one.
    func testAWonOrNearlyWonGame() {
        var state = position([
            "", "", "", "KH",
            "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
            "", "", "", "", "", "", "", "",
        ])
        let nearly = Solver(rules: rules).solve(from: state, budget: .hint)
        XCTAssertEqual(nearly.verdict, .solved)
        XCTAssertEqual(nearly.moves, [.transfer(from: 3, to: 6)])
        _ = rules.apply(.transfer(from: 3, to: 6), to: &state)
        let won = Solver(rules: rules).solve(from: state, budget: .hint)
        XCTAssertEqual(won.verdict, .solved)
        XCTAssertEqual(won.moves, [])
    }
}
