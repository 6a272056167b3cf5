import Layouts
import Solitaire
import TestSupport
import XCTest

/// Clicks on the stock: draw 1 and 3, redeals, dealing to columns.
final class StockTests: XCTestCase {
    func stockAndWaste(draw: Int = 1, redeals: Redeals = .limited(0)) -> TableLayout {
        makeLayout([
            GroupSpec("S", .stock, 1) {
                $0.draw = draw
                $0.redeals = redeals
            },
            GroupSpec("W", .waste, 1),
        ])
    }

    /// Applies a click, checks it reverts exactly, and returns the piles as text.
    func click(_ layout: TableLayout, _ state: inout GameState, file: StaticString = #filePath, line: UInt = #line)
        -> [String]
    {
        let rules = DeclarativeRules(layout: layout)
        let before = state
        XCTAssertEqual(rules.clickMove(on: 0, in: state), .stock(0), file: file, line: line)
        let record = rules.apply(.stock(0), to: &state)
        var undone = state
        undone.revert(record)
        XCTAssertEqual(undone, before, "reverts", file: file, line: line)
        return state.piles.map(text)
    }

    func testDrawOne() {
        var state = position(["[AS] [2S] [3S] [4S]", ""])
        XCTAssertEqual(click(stockAndWaste(), &state), ["[AS] [2S] [3S]", "4S"])
        XCTAssertEqual(click(stockAndWaste(), &state), ["[AS] [2S]", "4S 3S"])
    }

    func testDrawThree() {
        var state = position(["[AS] [2S] [3S] [4S]", ""])
        XCTAssertEqual(click(stockAndWaste(draw: 3), &state), ["[AS]", "4S 3S 2S"], "the last turned is on top")
        XCTAssertEqual(click(stockAndWaste(draw: 3), &state), ["", "4S 3S 2S AS"], "fewer than three left")
    }

    func testRedeals() {
        let none = DeclarativeRules(layout: stockAndWaste())
        let spent = position(["", "AS 2S 3S"])
        XCTAssertNil(none.clickMove(on: 0, in: spent))
        XCTAssertEqual(none.refusal(of: .stock(0), in: spent)?.plainMessage, "no redeals left")
        XCTAssertFalse(none.legalMoves(in: spent).contains(.stock(0)))
        XCTAssertEqual(none.refusal(of: .stock(0), in: position(["", ""]))?.plainMessage, "the stock is empty")
        XCTAssertEqual(none.refusal(of: .stock(1), in: spent)?.plainMessage, "only the stock deals")

        var twice = position(["", "AS 2S 3S"], redeals: 2)
        XCTAssertEqual(click(stockAndWaste(redeals: .limited(2)), &twice), ["[3S] [2S] [AS]", ""])
        XCTAssertEqual(twice.redealsLeft, 1)
        XCTAssertEqual(click(stockAndWaste(redeals: .limited(2)), &twice), ["[3S] [2S]", "AS"], "the first card again")

        var unlimited = position(["", "AS 2S"], redeals: Int.max)
        XCTAssertEqual(click(stockAndWaste(redeals: .unlimited), &unlimited), ["[2S] [AS]", ""])
        XCTAssertEqual(unlimited.redealsLeft, Int.max)
        XCTAssertEqual(DeclarativeRules(layout: stockAndWaste(redeals: .unlimited)).deal(seed: 1).redealsLeft, .max)
        XCTAssertEqual(DeclarativeRules(layout: stockAndWaste(redeals: .limited(2))).deal(seed: 1).redealsLeft, 2)
    }

    func dealingToColumns(needsNoEmpty: Bool) -> TableLayout {
        makeLayout([
            GroupSpec("S", .stock, 1) {
                $0.dealTo = ["T"]
                $0.dealNeedsNoEmpty = needsNoEmpty
            },
            GroupSpec("T", .tableau, 3) { $0.suit = .any },
        ])
    }

    func testDealToColumns() {
        var state = position(["[AS] [2S] [3S] [4S]", "9C", "9D", "9H"])
        XCTAssertEqual(click(dealingToColumns(needsNoEmpty: true), &state), ["[AS]", "9C 4S", "9D 3S", "9H 2S"])
        XCTAssertEqual(click(dealingToColumns(needsNoEmpty: true), &state), ["", "9C 4S AS", "9D 3S", "9H 2S"])

        let empty = position(["[AS] [2S]", "9C", "", "9H"])
        let strict = DeclarativeRules(layout: dealingToColumns(needsNoEmpty: true))
        XCTAssertEqual(strict.refusal(of: .stock(0), in: empty)?.plainMessage, "deal only when no column is empty")
        XCTAssertNil(strict.clickMove(on: 0, in: empty))
        var lenient = empty
        XCTAssertEqual(click(dealingToColumns(needsNoEmpty: false), &lenient), ["", "9C 2S", "AS", "9H"])
        let done = DeclarativeRules(layout: dealingToColumns(needsNoEmpty: false))
        XCTAssertEqual(
            done.refusal(of: .stock(0), in: position(["", "9C", "", "9H"]))?.plainMessage, "the stock is empty")
    }
}
