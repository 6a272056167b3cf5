import Layouts
import Solitaire
import TestSupport
import XCTest

/// `pair-reach` (two cards of a grid pair only when they touch, or lie in one row or column) and
/// `close-up` (an emptied pile takes the next card of its group, before or after its refill):
/// Aisleriot's Neighbor and Quatorze.
final class GridPairsTests: XCTestCase {
    /// A position of a shipped grid game: the grid's cards from `grid.1` on, and the stock.
    func position(_ layout: TableLayout, grid: [String], stock: String) -> GameState {
        var piles = [[PileCard]](repeating: [], count: layout.slots.count)
        for (place, text) in grid.enumerated() where !text.isEmpty {
            piles[layout.slots.firstIndex { $0.id == "grid.\(place + 1)" }!] = cards(text)
        }
        piles[layout.slots.firstIndex { $0.id == "stock" }!] = stock.isEmpty ? [] : cards(stock)
        return GameState(piles: piles)
    }

    func pile(_ layout: TableLayout, _ id: String) -> Int { layout.slots.firstIndex { $0.id == id }! }

    func gridText(_ layout: TableLayout, _ state: GameState) -> [String] {
        (1...7).map { text(state.piles[pile(layout, "grid.\($0)")]) }
    }

    func testNeighborsCardsPairOnlyWhereTheyTouchAndTheGridClosesUpBeforeTheStockFillsIt() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "neighbor"))
        let rules = DeclarativeRules(layout: layout)
        // Rows of five: grid.7 lies under grid.1's right-hand neighbour, touching grid.1 corner to corner.
        let start = position(layout, grid: ["JD", "2D", "9H", "2C", "5H", "3S", "2S"], stock: "[5C] [TS]")
        let grid1 = pile(layout, "grid.1")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: grid1, to: pile(layout, "grid.4")), in: start)?.plainMessage,
            "JD and 2C do not touch")
        XCTAssertNil(rules.refusal(of: .transfer(from: grid1, to: pile(layout, "grid.7")), in: start))
        let moves = rules.legalMoves(in: start)
        XCTAssertTrue(moves.contains(.transfer(from: grid1, to: pile(layout, "grid.7"))))
        XCTAssertFalse(moves.contains(.transfer(from: grid1, to: pile(layout, "grid.4"))))
        var state = start
        let record = rules.apply(.transfer(from: grid1, to: pile(layout, "grid.2")), to: &state)
        let after = gridText(layout, state)
        XCTAssertEqual(Array(after.prefix(5)), ["9H", "2C", "5H", "3S", "2S"], "closed up toward grid.1")
        XCTAssertEqual(Set(after.suffix(2)), ["TS", "5C"], "the stock fills the two places at the end")
        XCTAssertTrue(state.piles[pile(layout, "stock")].isEmpty)
        state.revert(record)
        XCTAssertEqual(state, start)
    }

    func testQuatorzesCardsPairInOneRowOrColumnAndTheGridClosesUpOnceTheStockIsEmpty() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "quatorze"))
        let rules = DeclarativeRules(layout: layout)
        let grid = ["6D", "8C", "AC", "AD", "AH", "8S", "8H"]
        let withStock = position(layout, grid: grid, stock: "[5C] [TS]")
        let grid1 = pile(layout, "grid.1")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: grid1, to: pile(layout, "grid.7")), in: withStock)?.plainMessage,
            "6D and 8H are not in one row or one column")
        XCTAssertNil(rules.refusal(of: .transfer(from: grid1, to: pile(layout, "grid.6")), in: withStock))
        XCTAssertNil(rules.refusal(of: .transfer(from: grid1, to: pile(layout, "grid.2")), in: withStock))
        var state = withStock
        _ = rules.apply(.transfer(from: grid1, to: pile(layout, "grid.6")), to: &state)
        XCTAssertEqual(
            gridText(layout, state), ["TS", "8C", "AC", "AD", "AH", "5C", "8H"], "refilled in place from the stock")
        state = position(layout, grid: grid, stock: "")
        _ = rules.apply(.transfer(from: grid1, to: pile(layout, "grid.6")), to: &state)
        XCTAssertEqual(gridText(layout, state), ["8C", "AC", "AD", "AH", "8H", "", ""], "closed up, the stock empty")
    }

    func testTheKeysAreCheckedAndSummedUp() throws {
        let text = """
            name = "x"
            map = "T T F"
            [game]
            [slots.T]
            kind = "tableau"
            deal-up = 26
            pair-reach = "touching"
            [slots.F]
            kind = "foundation"
            close-up = "before-refill"
            """
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description),
            [
                "x.toml:7:1: error: pair-reach needs cards that pair: give a discard pile pair (group 'tableau')",
                "x.toml:10:1: warning: close-up has no effect on group 'foundation': it has no pile after another",
            ])
        let neighbor = try XCTUnwrap(ShippedLayouts.layout(named: "neighbor")).rulesSummary
        XCTAssertTrue(
            neighbor.contains(
                "Two of the tableau piles pair only when their cards touch, side by side or corner to corner."),
            "\(neighbor)")
        XCTAssertFalse(neighbor.contains { $0.hasPrefix("An empty tableau pile") }, "the close-up says how it fills")
        XCTAssertTrue(
            neighbor.contains(
                "An emptied tableau pile takes the card of the next one after it, so the cards close up toward the first; "
                    + "then the stock fills the empty ones at the end."), "\(neighbor)")
    }
}
