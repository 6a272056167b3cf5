import Layouts
import Solitaire
import XCTest

/// A win judged on piles the deal may leave empty is not met before the first move: a `cleared`
/// or `stock-empty` layout whose deal would meet it is refused (a `sets` game dealt empty is
/// not won: PileonTests).
final class EmptyTableWinTests: XCTestCase {
    func rules(_ text: String) throws -> DeclarativeRules {
        let loaded = LayoutLoader.load(text: text, file: "x.toml")
        return DeclarativeRules(layout: try XCTUnwrap(loaded.layout, "\(loaded.diagnostics)"))
    }

    /// A `cleared` game whose deal puts no card on the tableau, cells or reserve (every card in
    /// the stock) was won before the first move: the layout is refused, at its win.
    func testAClearedGameDealtEmptyIsRefused() {
        let text = """
            name = "x"
            map = "S F T T T T"
            [game]
            win = "cleared"
            [slots.S]
            kind = "stock"
            deal-to = "tableau"
            [slots.F]
            kind = "foundation"
            [slots.T]
            kind = "tableau"
            """
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description),
            [
                "x.toml:4:7: error: win = \"cleared\" is met before the first move: the deal puts no card on the "
                    + "tableau, cells or reserve"
            ])
        XCTAssertEqual(
            LayoutLoader.load(text: text + "\ndeal-up = 1\n", file: "x.toml").diagnostics.map(\.description), [],
            "a card dealt to each column")
    }

    func testAClearedGameDealtOntoItsTableIsWonOnceTheTableIsClear() throws {
        // Golf: the stock may still hold cards.
        let golf = try XCTUnwrap(ShippedLayouts.layout(named: "golf"))
        let rules = DeclarativeRules(layout: golf)
        var state = rules.deal(seed: 1)
        XCTAssertFalse(rules.isWon(state))
        let foundation = try XCTUnwrap(golf.slots.firstIndex { $0.kind == .foundation })
        for pile in state.piles.indices where golf.slots[pile].kind == .tableau {
            state.piles[foundation] += state.piles[pile]
            state.piles[pile] = []
        }
        XCTAssertFalse(state.piles[golf.slots.firstIndex { $0.kind == .stock }!].isEmpty)
        XCTAssertTrue(rules.isWon(state))
    }

    /// A `stock-empty` game whose deal leaves the stock empty would be won before the first
    /// move: the layout is refused, at its win.
    func testAStockEmptyGameWhoseDealEmptiesTheStockIsRefused() {
        let text = """
            name = "x"
            map = "S T T T T"
            [game]
            win = "stock-empty"
            [slots.S]
            kind = "stock"
            deal-to = "tableau"
            [slots.T]
            kind = "tableau"
            deal-up = 13
            """
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description),
            [
                "x.toml:4:7: error: win = \"stock-empty\" is met before the first move: the deal leaves no card in "
                    + "the stock"
            ])
        XCTAssertEqual(
            LayoutLoader.load(text: text.replacingOccurrences(of: "deal-up = 13", with: "deal-up = 12"), file: "x.toml")
                .diagnostics.map(\.description), [], "four cards left in the stock")
    }
}
