import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// Games whose moves depend on where the cards come from (`takes-from`, `empty-from`,
/// `groups-to`, `covers`) get none of the families' own searches, whose models of the moves do
/// not know it: the plain searches play them, on the rules themselves. The exceptions are
/// `empty-from` in a game of columns and a stock, whose search follows it (Kansas), and Sir
/// Tommy, whose layout promises Calculation's rules (`takes-from = "waste"` among them).
final class RoutedGamesTests: XCTestCase {
    func testNoFamilySearchTakesAGameRoutedBySource() throws {
        for name in ["sir-tommy", "kansas", "backbone"] {
            let followsEmptyFrom = name == "kansas"
            let promisesCalculation = name == "sir-tommy"
            let layout = shippedLayout(name)
            XCTAssertEqual(layout.rules?.routesBySource, true, name)
            let model = Solver(rules: rulesOf(layout)).model
            XCTAssertNil(model.klondike, name)
            XCTAssertNil(model.golf, name)
            XCTAssertNil(model.accordion, name)
            XCTAssertNil(model.pyramid, name)
            XCTAssertNil(model.acesUp, name)
            XCTAssertNil(model.spider, name)
            XCTAssertEqual(model.calculation != nil, promisesCalculation, name)
            XCTAssertNil(model.open, name)
            XCTAssertEqual(model.columnGame != nil, followsEmptyFrom, name)
        }
    }

    /// The columns' search follows `empty-from` but not an order among its piles
    /// (`empty-from-in-turn`, Glenwood's): a game that sets one gets the plain searches.
    func testTheColumnsSearchTakesNoEmptyFromInTurn() throws {
        var kansas = shippedLayout("kansas")
        XCTAssertNotNil(Solver(rules: rulesOf(kansas)).model.columnGame)
        let group = try XCTUnwrap(kansas.rules?.groups.first { $0.value.emptyFrom != nil }?.key)
        kansas.rules?.groups[group]?.emptyFromInTurn = true
        XCTAssertNil(Solver(rules: rulesOf(kansas)).model.columnGame)
    }
}
