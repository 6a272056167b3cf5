import TableKit
import XCTest

@testable import App

/// Tapping slots: an empty free slot deals the next card of a seeded deck; the trash and
/// occupied slots make nothing.
final class CreateTests: XCTestCase {
    func testTheEmptySandbox() {
        let h = Harness()
        assertScreen(
            h,
            """

                 ┌─────┐  ┌     ┐  ┌     ┐  ┌     ┐  ┌     ┐  ┌     ┐           ┌     ┐
                 │     │
                ▸│  +  │     +        +        +        +        +                 ✕
                 │     │
                 └─────┘  └     ┘  └     ┘  └     ┘  └     ┘  └     ┘           └     ┘

















             Sandbox · click deals · drag moves · Enter deals a card · ? help · q quit
            """)
        XCTAssertEqual(h.cardCount, 0)
        XCTAssertEqual(h.scene.cursorSlot, "free.1")
    }

    func testClickingAnEmptySlotDealsACardThatFadesIn() throws {
        let h = Harness(seed: 1)
        h.press(17, 3)
        h.release(17, 3)
        XCTAssertEqual(h.cards(in: "free.2"), ["4H"], "seed 1 deals 4H first")
        let view = try XCTUnwrap(h.cardView(in: "free.2"))
        XCTAssertEqual(view.frame, Rect(x: 14, y: 1, width: 7, height: 5))
        h.advance(0.05)
        XCTAssertGreaterThan(view.alpha, 0, "fading in")
        XCTAssertLessThan(view.alpha, 1, "fading in")
        h.advance(0.05)
        XCTAssertEqual(view.alpha, 1)
        assertScreen(
            h,
            """

                 ┌─────┐  ╭4♥───╮  ┌     ┐  ┌     ┐  ┌     ┐  ┌     ┐           ┌     ┐
                 │     │  │     │
                ▸│  +  │  │  ♥  │     +        +        +        +                 ✕
                 │     │  │     │
                 └─────┘  ╰───4♥╯  └     ┘  └     ┘  └     ┘  └     ┘           └     ┘

















             Sandbox · click deals · drag moves · Enter deals a card · ? help · q quit
            """)
        // The face is where the slot is; the other slots are still empty.
        XCTAssertEqual(h.findCard("4♥")?.x, 14)
        XCTAssertEqual(h.findCard("4♥")?.y, 1)
        for slot in ["free.1", "free.3", "free.4", "free.5", "free.6", "trash"] {
            XCTAssertEqual(h.cards(in: slot), [], slot)
        }
    }

    func testEveryFreeSlotDealsOnAClick() throws {
        let h = Harness(seed: 1)
        for n in 1...6 { h.click(slot: "free.\(n)") }
        XCTAssertEqual((1...6).map { h.card(in: "free.\($0)") }, ["4H", "AS", "QS", "QD", "KD", "2S"])
        for n in 1...6 {
            let label = try XCTUnwrap(h.label(in: "free.\(n)"))
            let found = h.findCard(label)
            XCTAssertEqual(found?.x, h.origin(of: "free.\(n)").x, label)
            XCTAssertEqual(found?.y, 1, label)
        }
    }

    func testTheSameSeedDealsTheSameCardsAndAnotherSeedOthers() {
        func deal(seed: UInt64) -> (cards: [String], screen: String) {
            let h = Harness(seed: seed)
            for n in 1...6 { h.click(slot: "free.\(n)") }
            return ((1...6).map { h.card(in: "free.\($0)") ?? "none" }, h.screen)
        }
        let first = deal(seed: 7)
        let again = deal(seed: 7)
        let other = deal(seed: 8)
        XCTAssertEqual(first.cards, ["8D", "2C", "9S", "6H", "KD", "4D"])
        XCTAssertEqual(again.cards, first.cards)
        XCTAssertEqual(again.screen, first.screen)
        XCTAssertNotEqual(other.cards, first.cards)
        XCTAssertNotEqual(other.screen, first.screen)
    }

    func testClickingTheTrashCreatesNothing() {
        let h = Harness()
        let before = h.screen
        let undealt = h.undealtCount
        h.click(slot: "trash")
        h.click(71, 1)
        XCTAssertEqual(h.cardCount, 0)
        XCTAssertEqual(h.cards(in: "trash"), [])
        XCTAssertEqual(h.undealtCount, undealt, "no card was dealt")
        XCTAssertEqual(h.screen, before)
        XCTAssertTrue(h.cardViewsOnTable.isEmpty)
    }

    func testClickingAnOccupiedSlotCreatesNothing() {
        let h = Harness(seed: 1)
        let undealt = h.undealtCount
        h.click(slot: "free.1")
        let screen = h.screen
        h.click(slot: "free.1")
        h.click(6, 1)  // the card's corner
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        XCTAssertEqual(h.cardCount, 1)
        XCTAssertEqual(h.undealtCount, undealt - 1)
        XCTAssertEqual(h.cardViewsOnTable.count, 1)
        XCTAssertEqual(h.screen, screen)
    }

    func testClickingTheFeltCreatesNothing() {
        let h = Harness()
        h.click(40, 12)
        h.click(61, 3)  // the gap before the trash
        h.click(12, 3)  // between two slots
        XCTAssertEqual(h.cardCount, 0)
    }
}
