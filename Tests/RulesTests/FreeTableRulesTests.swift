import Layouts
import Solitaire
import XCTest

/// The free table as Rules: the sandbox's behaviour on a GameState.
final class FreeTableRulesTests: XCTestCase {
    let layout = TableLayout(
        name: "test", title: "Test",
        slots: [
            SlotLayout(id: "free.1", group: "free", kind: .free, position: GridPoint(column: 0, row: 0), capacity: 1),
            SlotLayout(id: "free.2", group: "free", kind: .free, position: GridPoint(column: 1, row: 0), capacity: 1),
            SlotLayout(
                id: "fan", group: "fan", kind: .free, position: GridPoint(column: 2, row: 0), fan: .down, capacity: 3),
            SlotLayout(
                id: "column", group: "column", kind: .tableau, position: GridPoint(column: 3, row: 0), fan: .down),
            SlotLayout(id: "trash", group: "trash", kind: .trash, position: GridPoint(column: 4, row: 0)),
        ])

    func testCreatesTheSameCardsAsTheMutatingTable() {
        let rules = FreeTable(layout: layout)
        var state = rules.deal(seed: 1)
        XCTAssertEqual(state.piles.count, layout.slots.count + 1)
        XCTAssertEqual(state.piles[rules.deckPile].count, 52 * rules.deckCount)
        var table = FreeTable(layout: layout, seed: 1)
        for _ in 0..<3 {
            XCTAssertEqual(rules.clickMove(on: 2, in: state), .create(at: 2))
            _ = rules.apply(.create(at: 2), to: &state)
            _ = table.createCard(at: "fan")
        }
        XCTAssertEqual(state.piles[2].map(\.card), table.pile("fan").map(\.card))
        XCTAssertTrue(state.piles[2].allSatisfy(\.faceUp))
        XCTAssertNil(rules.clickMove(on: 2, in: state), "full")
        XCTAssertEqual(rules.refusal(of: .create(at: 2), in: state)?.plainMessage, "there is no room there")
        XCTAssertNil(rules.clickMove(on: 3, in: state), "the column does not create")
        XCTAssertNil(rules.clickMove(on: 4, in: state), "nor does the trash")
    }

    func testMovesDeletesAndUndoes() {
        let rules = FreeTable(layout: layout)
        var state = rules.deal(seed: 1)
        let start = state
        var records: [MoveRecord] = []
        for move in [Move.create(at: 0), .create(at: 2), .create(at: 2)] {
            records.append(rules.apply(move, to: &state))
        }
        XCTAssertEqual(rules.refusal(of: .transfer(from: 2, to: 0), in: state)?.plainMessage, "there is no room there")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 2, to: 1, count: 2), in: state)?.plainMessage, "only the top card moves")
        XCTAssertFalse(rules.canPickUp(pile: 2, from: 0, in: state))
        XCTAssertTrue(rules.canPickUp(pile: 2, from: 1, in: state))
        XCTAssertNil(rules.refusal(of: .transfer(from: 2, to: 1), in: state))
        XCTAssertNil(rules.refusal(of: .transfer(from: 0, to: 4), in: state), "the trash takes anything")
        let deleted = state.piles[0][0]
        records.append(rules.apply(.transfer(from: 0, to: 4), to: &state))
        XCTAssertEqual(state.piles[4], [deleted], "kept for undo")
        XCTAssertFalse(rules.canPickUp(pile: 4, from: 0, in: state), "nothing leaves the trash")
        XCTAssertFalse(rules.legalMoves(in: state).contains { $0.kind == .transfer && $0.from == 4 })
        XCTAssertTrue(rules.legalMoves(in: state).contains(.transfer(from: 2, to: 3)))
        XCTAssertFalse(rules.isWon(state))
        for record in records.reversed() { state.revert(record) }
        XCTAssertEqual(state, start)
    }

    func testTheDeckRunsOut() {
        let open = TableLayout(
            name: "open", title: "Open",
            slots: [
                SlotLayout(id: "pile", group: "pile", kind: .free, position: GridPoint(column: 0, row: 0), fan: .down)
            ])
        let rules = FreeTable(layout: open, deckCount: 1)
        var state = rules.deal(seed: 2)
        for _ in 0..<52 { _ = rules.apply(.create(at: 0), to: &state) }
        XCTAssertEqual(state.piles[0].count, 52)
        XCTAssertEqual(Set(state.piles[0].map(\.card)).count, 52)
        XCTAssertEqual(rules.refusal(of: .create(at: 0), in: state)?.plainMessage, "the deck is empty")
        XCTAssertTrue(rules.apply(.create(at: 0), to: &state).steps.isEmpty)
    }
}
