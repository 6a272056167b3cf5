import Layouts
import Solitaire
import XCTest

/// The free table as Rules: the sandbox's behaviour on a GameState.
final class FreeTableRulesTests: XCTestCase {
    /// Two free slots (capacity 1), a fanned free slot of three, a fanned column without a limit
    /// that does not create, a trash, an unfanned cell whose capacity of 4 counts as 1, and a free
    /// slot with no capacity (so 1, being unfanned). Piles 0 to 4 are free.1, free.2, fan, column
    /// and trash.
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
            SlotLayout(id: "cell", group: "cell", kind: .cell, position: GridPoint(column: 5, row: 0), capacity: 4),
            SlotLayout(id: "open", group: "open", kind: .free, position: GridPoint(column: 6, row: 0)),
        ])

    func testCreatesTheCardsOfTheSeededDeck() {
        let rules = FreeTable(layout: layout)
        var state = rules.deal(seed: 1)
        XCTAssertEqual(state.piles.count, layout.slots.count + 1)
        XCTAssertEqual(state.piles[rules.deckPile].count, 52 * rules.deckCount)
        var deck = Deck(seed: 1)
        for _ in 0..<3 {
            XCTAssertEqual(rules.clickMove(on: 2, in: state), .create(at: 2))
            _ = rules.apply(.create(at: 2), to: &state)
        }
        XCTAssertEqual(state.piles[2].map(\.card), (0..<3).map { _ in deck.deal() })
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

    // MARK: The sandbox's behaviour, slot by slot

    /// A free table in play, spoken to by slot id: what a player's taps and drops do.
    struct Table {
        let rules: FreeTable
        var state: GameState

        init(_ layout: TableLayout, seed: UInt64) {
            rules = FreeTable(layout: layout)
            state = rules.deal(seed: seed)
        }

        func pile(_ id: String) -> Int? { rules.layout.slots.firstIndex { $0.id == id } }

        /// The cards of a slot, as `TS`.
        func cards(_ id: String) -> [String] { pile(id).map { state.piles[$0].map(\.card.description) } ?? [] }

        var undealt: Int { state.piles[rules.deckPile].count }

        /// A tap on a slot: the card it created, or nil.
        mutating func create(_ id: String) -> String? {
            guard let pile = pile(id), rules.clickMove(on: pile, in: state) == .create(at: pile) else { return nil }
            _ = rules.apply(.create(at: pile), to: &state)
            return state.piles[pile].last?.card.description
        }

        /// Drops the top card of one slot (or `count` cards) on another: whether it was allowed.
        mutating func drop(from: String, onto: String, count: Int = 1) -> Bool {
            guard let source = pile(from), let target = pile(onto) else { return false }
            let move = Move.transfer(from: source, to: target, count: count)
            guard rules.refusal(of: move, in: state) == nil else { return false }
            _ = rules.apply(move, to: &state)
            return true
        }
    }

    func testCapacities() {
        func capacity(_ id: String) -> Int? { layout.slot(id).map(FreeTable.capacity(of:)) }
        XCTAssertEqual(capacity("free.1"), 1)
        XCTAssertEqual(capacity("fan"), 3)
        XCTAssertEqual(capacity("column"), .max)
        XCTAssertEqual(capacity("cell"), 1, "an unfanned slot holds one card")
        XCTAssertEqual(capacity("trash"), 0)
        XCTAssertEqual(capacity("open"), 1)
    }

    func testATapCreatesACardOnlyWhereThereIsRoom() {
        var table = Table(layout, seed: 1)
        XCTAssertEqual(table.create("free.1"), "4H")
        XCTAssertEqual(table.cards("free.1"), ["4H"])
        XCTAssertNil(table.create("free.1"), "full")
        XCTAssertEqual(table.cards("free.1").count, 1)
        XCTAssertEqual(table.undealt, 52 * 8 - 1, "no card was dealt for the full slot")
        for _ in 0..<3 { XCTAssertNotNil(table.create("fan")) }
        XCTAssertNil(table.create("fan"), "a fanned slot is full at its capacity")
        XCTAssertEqual(table.cards("fan"), ["AS", "QS", "QD"])
    }

    func testATapCreatesOnlyOnSlotsThatCreate() {
        var table = Table(layout, seed: 1)
        for id in ["column", "cell", "trash", "nowhere"] { XCTAssertNil(table.create(id), id) }
        XCTAssertEqual(table.undealt, 52 * 8)
        XCTAssertEqual(table.cards("trash"), [])
    }

    func testACardMovesToAnEmptySlot() {
        var table = Table(layout, seed: 1)
        XCTAssertEqual(table.create("free.1"), "4H")
        XCTAssertTrue(table.drop(from: "free.1", onto: "free.2"))
        XCTAssertEqual(table.cards("free.1"), [])
        XCTAssertEqual(table.cards("free.2"), ["4H"])
        XCTAssertTrue(table.drop(from: "free.2", onto: "cell"), "a slot that does not create still takes cards")
        XCTAssertTrue(table.drop(from: "cell", onto: "column"))
        XCTAssertEqual(table.cards("column"), ["4H"])
    }

    func testACardDoesNotMoveToAFullSlotOrItsOwnOrNowhere() {
        var table = Table(layout, seed: 1)
        let a = table.create("free.1")
        let b = table.create("free.2")
        XCTAssertFalse(table.drop(from: "free.1", onto: "free.2"))
        XCTAssertFalse(table.drop(from: "free.1", onto: "free.1"), "its own slot")
        XCTAssertFalse(table.drop(from: "free.1", onto: "nowhere"))
        XCTAssertFalse(table.drop(from: "open", onto: "free.1"), "no card there")
        XCTAssertEqual(table.cards("free.1"), [a])
        XCTAssertEqual(table.cards("free.2"), [b])
    }

    func testAFannedSlotTakesCardsUpToItsCapacity() throws {
        var table = Table(layout, seed: 1)
        let a = try XCTUnwrap(table.create("free.1"))
        let b = try XCTUnwrap(table.create("free.2"))
        XCTAssertNil(table.create("cell"), "a cell does not create")
        _ = table.create("fan")
        XCTAssertTrue(table.drop(from: "free.1", onto: "fan"))
        XCTAssertTrue(table.drop(from: "free.2", onto: "fan"))
        XCTAssertEqual(table.cards("fan").count, 3)
        XCTAssertEqual(table.cards("fan").suffix(2), [a, b], "dropped cards go on top")
        _ = table.create("open")
        XCTAssertFalse(table.drop(from: "open", onto: "fan"), "full")
    }

    func testOnlyTheTopCardMoves() {
        var table = Table(layout, seed: 1)
        let bottom = table.create("fan")
        let top = table.create("fan")
        XCTAssertFalse(table.drop(from: "fan", onto: "free.1", count: 2))
        XCTAssertFalse(table.drop(from: "fan", onto: "trash", count: 2), "not even to the trash")
        XCTAssertEqual(table.cards("fan"), [bottom, top].compactMap { $0 })
        XCTAssertTrue(table.drop(from: "fan", onto: "free.1"))
        XCTAssertEqual(table.cards("free.1"), [top].compactMap { $0 })
        XCTAssertTrue(table.drop(from: "fan", onto: "free.2"), "now it is the top card")
        XCTAssertEqual(table.cards("fan"), [])
    }

    func testTheTrashDeletesWhatIsDroppedOnIt() {
        var table = Table(layout, seed: 1)
        _ = table.create("free.1")
        _ = table.create("free.2")
        XCTAssertTrue(table.drop(from: "free.1", onto: "trash"))
        XCTAssertEqual(table.cards("free.1"), [])
        XCTAssertFalse(table.drop(from: "trash", onto: "free.1"), "a deleted card is gone")
        XCTAssertTrue(table.drop(from: "free.2", onto: "trash"), "the trash takes any number of cards")
        let inPlay = layout.slots.filter { !$0.deleteOnDrop }.reduce(0) { $0 + table.cards($1.id).count }
        XCTAssertEqual(inPlay, 0)
    }

    func testTheShippedSandbox() throws {
        let sandbox = try XCTUnwrap(ShippedLayouts.layout(named: "sandbox"))
        var table = Table(sandbox, seed: 3)
        XCTAssertEqual(sandbox.slots.map(\.id), ["free.1", "free.2", "free.3", "free.4", "free.5", "free.6", "trash"])
        for n in 1...6 { XCTAssertNotNil(table.create("free.\(n)")) }
        XCTAssertNil(table.create("trash"))
        for n in 1...6 { XCTAssertNil(table.create("free.\(n)"), "capacity 1") }
        XCTAssertFalse(table.drop(from: "free.3", onto: "free.4"))
        XCTAssertTrue(table.drop(from: "free.3", onto: "trash"))
        var deck = Deck(seed: 3)
        let seventh = (0..<7).map { _ in deck.deal() }.last?.description
        XCTAssertEqual(table.create("free.3"), seventh, "the emptied slot deals the deck's next card")
    }

    func testDealingMoreThanADeckKeepsGoing() throws {
        var table = Table(layout, seed: 1)
        var dealt: [String] = []
        for _ in 0..<60 {
            dealt.append(try XCTUnwrap(table.create("free.1")))
            XCTAssertTrue(table.drop(from: "free.1", onto: "trash"))
        }
        XCTAssertEqual(Set(dealt.prefix(52)).count, 52)
        var deck = Deck(seed: 1)
        XCTAssertEqual(dealt, (0..<60).map { _ in deck.deal().description })
    }

    /// A game's layout without its rules, with no slot marked tap-to-create, plays as a free
    /// table on which every slot but the trash deals.
    func testWithNoTapToCreateSlotEverySlotButTheTrashDeals() {
        let layout = TableLayout(
            name: "t", title: "T",
            slots: [
                SlotLayout(id: "cell", group: "cell", kind: .cell, position: GridPoint(column: 0, row: 0)),
                SlotLayout(
                    id: "tableau", group: "tableau", kind: .tableau, position: GridPoint(column: 1, row: 0), fan: .down),
                SlotLayout(id: "trash", group: "trash", kind: .trash, position: GridPoint(column: 2, row: 0)),
            ])
        var table = Table(layout, seed: 1)
        XCTAssertNotNil(table.create("cell"))
        XCTAssertNil(table.create("cell"), "an unfanned slot holds one card")
        XCTAssertNotNil(table.create("tableau"))
        XCTAssertNotNil(table.create("tableau"), "a fanned slot keeps taking cards")
        XCTAssertNil(table.create("trash"))
    }

    func testWhenSomeSlotsCreateOnlyThoseDo() {
        let layout = TableLayout(
            name: "t", title: "T",
            slots: [
                SlotLayout(id: "free", group: "free", kind: .free, position: GridPoint(column: 0, row: 0)),
                SlotLayout(id: "cell", group: "cell", kind: .cell, position: GridPoint(column: 1, row: 0)),
            ])
        var table = Table(layout, seed: 1)
        XCTAssertNil(table.create("cell"))
        XCTAssertNotNil(table.create("free"))
    }
}
