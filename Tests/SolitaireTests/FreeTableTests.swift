import Layouts
import Solitaire
import XCTest

final class FreeTableTests: XCTestCase {
    /// Two free slots (capacity 1), a fanned free slot of three, a fanned slot without a
    /// limit that does not create, an unfanned cell whose capacity of 4 counts as 1, a
    /// trash, and a free slot with no capacity (so 1, being unfanned).
    let layout = TableLayout(
        name: "test", title: "Test",
        slots: [
            SlotLayout(id: "free.1", group: "free", kind: .free, position: GridPoint(column: 0, row: 0), capacity: 1),
            SlotLayout(id: "free.2", group: "free", kind: .free, position: GridPoint(column: 1, row: 0), capacity: 1),
            SlotLayout(
                id: "fan", group: "fan", kind: .free, position: GridPoint(column: 2, row: 0), fan: .down, capacity: 3),
            SlotLayout(
                id: "column", group: "column", kind: .tableau, position: GridPoint(column: 3, row: 0), fan: .down),
            SlotLayout(id: "cell", group: "cell", kind: .cell, position: GridPoint(column: 4, row: 0), capacity: 4),
            SlotLayout(id: "trash", group: "trash", kind: .trash, position: GridPoint(column: 5, row: 0)),
            SlotLayout(id: "open", group: "open", kind: .free, position: GridPoint(column: 6, row: 0)),
        ])

    func testCapacities() {
        let table = FreeTable(layout: layout, seed: 1)
        func capacity(_ id: String) -> Int? { layout.slot(id).map { table.capacity(of: $0) } }
        XCTAssertEqual(capacity("free.1"), 1)
        XCTAssertEqual(capacity("fan"), 3)
        XCTAssertEqual(capacity("column"), .max)
        XCTAssertEqual(capacity("cell"), 1, "an unfanned slot holds one card")
        XCTAssertEqual(capacity("trash"), 0)
        XCTAssertEqual(capacity("open"), 1)
    }

    func testATapCreatesACardOnlyWhereThereIsRoom() {
        var table = FreeTable(layout: layout, seed: 1)
        XCTAssertTrue(table.canCreate(at: "free.1"))
        let first = table.createCard(at: "free.1")
        XCTAssertEqual(first?.card.description, "4H")
        XCTAssertEqual(table.pile("free.1").map(\.card.description), ["4H"])
        XCTAssertFalse(table.canCreate(at: "free.1"), "full")
        XCTAssertNil(table.createCard(at: "free.1"))
        XCTAssertEqual(table.pile("free.1").count, 1)
        XCTAssertEqual(table.deck.remaining, 51, "no card was dealt for the full slot")

        for _ in 0..<3 { XCTAssertNotNil(table.createCard(at: "fan")) }
        XCTAssertNil(table.createCard(at: "fan"), "a fanned slot is full at its capacity")
        XCTAssertEqual(table.pile("fan").count, 3)
        XCTAssertEqual(table.pile("fan").map(\.card.description), ["AS", "QS", "QD"])
    }

    func testATapCreatesOnlyOnSlotsThatCreate() {
        var table = FreeTable(layout: layout, seed: 1)
        for id in ["column", "cell", "trash", "nowhere"] {
            XCTAssertFalse(table.canCreate(at: id), id)
            XCTAssertNil(table.createCard(at: id), id)
        }
        XCTAssertEqual(table.deck.remaining, 52)
        XCTAssertEqual(table.pile("trash"), [])
        XCTAssertEqual(table.pile("nowhere"), [])
    }

    func testCardsHaveTheirOwnIdentities() throws {
        var table = FreeTable(layout: layout, seed: 1)
        let a = try XCTUnwrap(table.createCard(at: "free.1"))
        let b = try XCTUnwrap(table.createCard(at: "free.2"))
        let c = try XCTUnwrap(table.createCard(at: "open"))
        XCTAssertEqual(Set([a.id, b.id, c.id]).count, 3)
        XCTAssertEqual(table.slot(of: a.id), "free.1")
        XCTAssertEqual(table.slot(of: c.id), "open")
        XCTAssertNil(table.slot(of: 999))
        XCTAssertEqual(table.topCard(of: "free.2"), b)
    }

    func testACardMovesToAnEmptySlot() throws {
        var table = FreeTable(layout: layout, seed: 1)
        let card = try XCTUnwrap(table.createCard(at: "free.1"))
        XCTAssertEqual(table.dropOutcome(of: card.id, onto: "free.2"), .moved)
        XCTAssertEqual(table.drop(card.id, onto: "free.2"), .moved)
        XCTAssertEqual(table.pile("free.1"), [])
        XCTAssertEqual(table.pile("free.2"), [card])
        XCTAssertEqual(table.slot(of: card.id), "free.2")
        XCTAssertEqual(table.drop(card.id, onto: "cell"), .moved, "a slot that does not create still takes cards")
        XCTAssertEqual(table.drop(card.id, onto: "column"), .moved)
        XCTAssertEqual(table.pile("column"), [card])
    }

    func testACardDoesNotMoveToAFullSlotOrItsOwnOrNowhere() throws {
        var table = FreeTable(layout: layout, seed: 1)
        let a = try XCTUnwrap(table.createCard(at: "free.1"))
        let b = try XCTUnwrap(table.createCard(at: "free.2"))
        XCTAssertEqual(table.drop(a.id, onto: "free.2"), .rejected)
        XCTAssertEqual(table.drop(a.id, onto: "free.1"), .rejected, "its own slot")
        XCTAssertEqual(table.drop(a.id, onto: "nowhere"), .rejected)
        XCTAssertEqual(table.drop(999, onto: "open"), .rejected, "no such card")
        XCTAssertEqual(table.pile("free.1"), [a])
        XCTAssertEqual(table.pile("free.2"), [b])
    }

    func testAFannedSlotTakesCardsUpToItsCapacity() throws {
        var table = FreeTable(layout: layout, seed: 1)
        let a = try XCTUnwrap(table.createCard(at: "free.1"))
        let b = try XCTUnwrap(table.createCard(at: "free.2"))
        let c = table.createCard(at: "cell")
        XCTAssertNil(c, "a cell does not create")
        table.createCard(at: "fan")
        XCTAssertEqual(table.drop(a.id, onto: "fan"), .moved)
        XCTAssertEqual(table.drop(b.id, onto: "fan"), .moved)
        XCTAssertEqual(table.pile("fan").count, 3)
        XCTAssertEqual(table.pile("fan").suffix(2), [a, b], "dropped cards go on top")
        let d = try XCTUnwrap(table.createCard(at: "open"))
        XCTAssertEqual(table.drop(d.id, onto: "fan"), .rejected, "full")
    }

    func testOnlyTheTopCardMoves() throws {
        var table = FreeTable(layout: layout, seed: 1)
        let bottom = try XCTUnwrap(table.createCard(at: "fan"))
        let top = try XCTUnwrap(table.createCard(at: "fan"))
        XCTAssertEqual(table.dropOutcome(of: bottom.id, onto: "free.1"), .rejected)
        XCTAssertEqual(table.drop(bottom.id, onto: "free.1"), .rejected)
        XCTAssertEqual(table.drop(bottom.id, onto: "trash"), .rejected, "not even to the trash")
        XCTAssertEqual(table.pile("fan"), [bottom, top])
        XCTAssertEqual(table.drop(top.id, onto: "free.1"), .moved)
        XCTAssertEqual(table.drop(bottom.id, onto: "free.2"), .moved, "now it is the top card")
        XCTAssertEqual(table.pile("fan"), [])
    }

    func testTheTrashDeletesWhatIsDroppedOnIt() throws {
        var table = FreeTable(layout: layout, seed: 1)
        let a = try XCTUnwrap(table.createCard(at: "free.1"))
        let b = try XCTUnwrap(table.createCard(at: "free.2"))
        XCTAssertEqual(table.dropOutcome(of: a.id, onto: "trash"), .deleted)
        XCTAssertEqual(table.drop(a.id, onto: "trash"), .deleted)
        XCTAssertEqual(table.pile("free.1"), [])
        XCTAssertEqual(table.pile("trash"), [], "the trash stays empty")
        XCTAssertNil(table.slot(of: a.id))
        XCTAssertEqual(table.drop(a.id, onto: "trash"), .rejected, "a deleted card is gone")
        XCTAssertEqual(table.drop(b.id, onto: "trash"), .deleted, "the trash takes any number of cards")
        XCTAssertEqual(layout.slots.reduce(0) { $0 + table.pile($1.id).count }, 0)
        XCTAssertFalse(table.hasRoom("trash"))
    }

    func testTheShippedSandbox() throws {
        let sandbox = try XCTUnwrap(ShippedLayouts.layout(named: "sandbox"))
        var table = FreeTable(layout: sandbox, seed: 3)
        XCTAssertEqual(sandbox.slots.map(\.id), ["free.1", "free.2", "free.3", "free.4", "free.5", "free.6", "trash"])
        for n in 1...6 { XCTAssertNotNil(table.createCard(at: "free.\(n)")) }
        XCTAssertNil(table.createCard(at: "trash"))
        for n in 1...6 { XCTAssertNil(table.createCard(at: "free.\(n)"), "capacity 1") }
        let card = try XCTUnwrap(table.topCard(of: "free.3"))
        XCTAssertEqual(table.drop(card.id, onto: "free.4"), .rejected)
        XCTAssertEqual(table.drop(card.id, onto: "trash"), .deleted)
        var deck = Deck(seed: 3)
        let seventh = (0..<7).map { _ in deck.deal() }.last
        XCTAssertEqual(table.createCard(at: "free.3")?.card, seventh, "the emptied slot deals the deck's next card")
    }

    func testDealingMoreThanADeckKeepsGoing() throws {
        var table = FreeTable(layout: layout, seed: 1)
        var dealt: [Card] = []
        for _ in 0..<60 {
            let card = try XCTUnwrap(table.createCard(at: "free.1"))
            dealt.append(card.card)
            XCTAssertEqual(table.drop(card.id, onto: "trash"), .deleted)
        }
        XCTAssertEqual(Set(dealt.prefix(52)).count, 52)
        var deck = Deck(seed: 1)
        XCTAssertEqual(dealt, (0..<60).map { _ in deck.deal() })
    }
}

/// A game's layout, with no slot marked tap-to-create, plays as a free table on which
/// every slot but the trash deals.
final class FreeTableGameLayoutTests: XCTestCase {
    func testWithNoTapToCreateSlotEverySlotButTheTrashDeals() {
        let layout = TableLayout(
            name: "t", title: "T",
            slots: [
                SlotLayout(id: "cell", group: "cell", kind: .cell, position: GridPoint(column: 0, row: 0)),
                SlotLayout(
                    id: "tableau", group: "tableau", kind: .tableau, position: GridPoint(column: 1, row: 0), fan: .down),
                SlotLayout(id: "trash", group: "trash", kind: .trash, position: GridPoint(column: 2, row: 0)),
            ])
        var table = FreeTable(layout: layout, seed: 1)
        XCTAssertTrue(table.everySlotCreates)
        XCTAssertNotNil(table.createCard(at: "cell"))
        XCTAssertNil(table.createCard(at: "cell"), "an unfanned slot holds one card")
        XCTAssertNotNil(table.createCard(at: "tableau"))
        XCTAssertNotNil(table.createCard(at: "tableau"), "a fanned slot keeps taking cards")
        XCTAssertNil(table.createCard(at: "trash"))
    }

    func testWhenSomeSlotsCreateOnlyThoseDo() {
        let layout = TableLayout(
            name: "t", title: "T",
            slots: [
                SlotLayout(id: "free", group: "free", kind: .free, position: GridPoint(column: 0, row: 0)),
                SlotLayout(id: "cell", group: "cell", kind: .cell, position: GridPoint(column: 1, row: 0)),
            ])
        var table = FreeTable(layout: layout, seed: 1)
        XCTAssertFalse(table.everySlotCreates)
        XCTAssertNil(table.createCard(at: "cell"))
        XCTAssertNotNil(table.createCard(at: "free"))
    }
}
