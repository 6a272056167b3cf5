import TableKit
import XCTest

@testable import App

/// Dragging cards with the mouse: a card lifts and follows the pointer, lands on an empty
/// slot, snaps back from an occupied slot or the felt, and fades away on the trash.
final class DragTests: XCTestCase {
    /// Seed 1 deals 4♥ then A♠.
    func twoCards() -> Harness {
        let h = Harness(seed: 1)
        h.click(slot: "free.1")
        h.click(slot: "free.2")
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        XCTAssertEqual(h.cards(in: "free.2"), ["AS"])
        return h
    }

    func testADraggedCardLiftsFollowsThePointerAndLandsOnAnEmptySlot() throws {
        let h = Harness(seed: 1)
        h.click(slot: "free.1")
        let view = try XCTUnwrap(h.cardView(in: "free.1"))
        h.press(9, 2)  // grabbed 4 columns and 1 row into the card
        h.drag(10, 2)  // a one-cell move starts the drag
        XCTAssertEqual(h.scene.draggedCard?.description, "4H")
        h.advance(0.05)
        XCTAssertGreaterThan(view.elevation, 0, "lifting")
        XCTAssertLessThan(view.elevation, 1, "lifting takes 0.1 s")
        h.advance(0.05)
        XCTAssertEqual(view.elevation, 1, "lifted")
        XCTAssertEqual(view.frame.origin, Point(x: 6, y: 1), "the card caught up with the pointer")

        h.drag(20, 5)
        h.drag(30, 7)
        XCTAssertEqual(view.frame.origin, Point(x: 26, y: 6), "the grab spot stays under the pointer")
        XCTAssertEqual(h.findCard("4♥")?.x, 26)
        XCTAssertEqual(h.findCard("4♥")?.y, 6)
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"], "the model changes only on release")
        // The shadow falls two columns right and one row down, darkening the felt.
        for (x, y) in [(33, 7), (34, 10), (28, 11), (34, 11)] {
            XCTAssertLessThan(brightness(h.cell(x, y).background), brightness(feltColour), "shadow at \(x),\(y)")
        }
        for (x, y) in [(35, 7), (27, 11), (28, 12), (40, 15)] {
            XCTAssertEqual(h.cell(x, y).background, feltColour, "no shadow at \(x),\(y)")
        }
        assertScreen(
            h,
            """

                 ┌     ┐  ┌─────┐  ┌─────┐  ┌─────┐  ┌─────┐  ┌─────┐           ┌─────┐
                          │     │  │     │  │     │  │     │  │     │           │     │
                    +     │  +  │  │  +  │  │  +  │  │  +  │  │  +  │           │  ✕  │
                          │     │  │     │  │     │  │     │  │     │           │     │
                 └     ┘  └─────┘  └─────┘  └─────┘  └─────┘  └─────┘           └─────┘
                                      ╭4♥───╮
                                      │     │
                                      │  ♥  │
                                      │     │
                                      ╰───4♥╯












             Dragging 4♥ · release on a slot with room · ✕ deletes · Esc puts it back
            """)

        h.drag(35, 3)
        h.release(35, 3)  // over free.4
        XCTAssertEqual(h.cards(in: "free.1"), [])
        XCTAssertEqual(h.cards(in: "free.4"), ["4H"])
        XCTAssertNil(h.scene.draggedCard)
        h.advance(0.1)
        XCTAssertEqual(view.frame, Rect(x: 32, y: 1, width: 7, height: 5), "landed")
        XCTAssertGreaterThan(view.elevation, 0, "still settling")
        h.advance(0.15)
        XCTAssertEqual(view.elevation, 0, "settled after 0.25 s")
        assertScreen(
            h,
            """

                 ┌     ┐  ┌     ┐  ┌     ┐  ╭4♥───╮  ┌     ┐  ┌     ┐           ┌     ┐
                                            │     │
                    +        +        +     │  ♥  │     +        +                 ✕
                                            │     │
                 └     ┘  └     ┘  └     ┘  ╰───4♥╯  └     ┘  └     ┘           └     ┘

















             Sandbox · click deals · drag moves · Enter deals a card · ? help · q quit
            """)
        h.assertAllCardsAtRest()
    }

    func testTheCardKeepsTheSpotWhereItWasGrabbed() {
        for (gx, gy) in [(5, 1), (11, 5), (8, 3), (6, 4)] {
            let h = Harness(seed: 1)
            h.click(slot: "free.1")
            h.press(gx, gy)
            h.drag(gx + 1, gy)
            h.advance(0.1)
            for (px, py) in [(40, 12), (14, 6), (70, 18)] {
                h.drag(px, py)
                let expected = (x: px - (gx - 5), y: py - (gy - 1))
                XCTAssertEqual(
                    h.cardView(in: "free.1")?.frame.origin, Point(x: Double(expected.x), y: Double(expected.y)),
                    "grabbed at \(gx),\(gy), pointer at \(px),\(py)")
                XCTAssertEqual(h.findCard("4♥")?.x, expected.x, "grabbed at \(gx),\(gy), pointer at \(px),\(py)")
                XCTAssertEqual(h.findCard("4♥")?.y, expected.y, "grabbed at \(gx),\(gy), pointer at \(px),\(py)")
            }
            h.release(40, 12)
            h.settle()
            h.assertAllCardsAtRest()
        }
    }

    func testADraggedCardIsDrawnAboveTheOtherCards() {
        let h = twoCards()
        h.press(8, 3)
        h.drag(9, 3)
        h.advance(0.1)
        h.drag(18, 4)  // 4♥ at 15,2: over A♠ at 14,1
        XCTAssertEqual(h.text(15, 2, width: 7), "╭4♥───╮")
        XCTAssertEqual(h.text(14, 1, width: 7), "╭A♠───╮")
        XCTAssertNil(h.findCard("A♠", corner: "╰"), "A♠'s bottom row is covered")
    }

    func testADraggedCardStaysAboveTheOthersWhenALandingFinishes() {
        let h = Harness(seed: 1)
        h.click(slot: "free.1")  // 4♥
        h.click(slot: "free.2")  // A♠
        h.click(slot: "free.3")  // Q♠
        h.press(26, 3)
        h.drag(27, 3)
        h.drag(35, 3)
        h.release(35, 3)  // Q♠ lands on free.4 for 0.1 s ...
        h.press(8, 3)  // ... while 4♥ is picked up and dragged over A♠
        h.drag(9, 3)
        h.drag(18, 4)
        h.advance(0.2)  // the landing is over
        XCTAssertEqual(h.cards(in: "free.4"), ["QS"])
        XCTAssertEqual(h.scene.draggedCard?.description, "4H")
        XCTAssertEqual(h.text(15, 2, width: 7), "╭4♥───╮", "4♥ is drawn over A♠")
        h.release(18, 4)
        h.settle()
        h.assertAllCardsAtRest()
    }

    func testACardDroppedOnAnOccupiedSlotSnapsBack() throws {
        let h = twoCards()
        let before = h.screen
        let view = try XCTUnwrap(h.cardView(in: "free.1"))
        h.press(8, 3)
        h.drag(9, 3)
        h.advance(0.1)
        h.drag(17, 3)  // 4♥ right over A♠
        XCTAssertEqual(h.findCard("4♥")?.x, 14)
        h.release(17, 3)
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        XCTAssertEqual(h.cards(in: "free.2"), ["AS"])
        h.advance(0.05)
        let x = h.findCard("4♥")?.x ?? -1
        XCTAssertTrue((6...13).contains(x), "on its way back at 0.05 s: column \(x)")
        XCTAssertEqual(h.findCard("4♥")?.y, 1)
        h.advance(0.05)
        XCTAssertEqual(view.frame, Rect(x: 5, y: 1, width: 7, height: 5), "back after 0.1 s")
        XCTAssertEqual(h.findCard("4♥")?.x, 5)
        XCTAssertEqual(h.findCard("A♠")?.x, 14, "A♠ shows again")
        h.settle()
        h.assertAllCardsAtRest()
        // The same table, without the keyboard cursor (the mouse hid it).
        XCTAssertEqual(h.screen, before.replacingOccurrences(of: "▸", with: " "))
    }

    func testACardDroppedOnTheFeltSnapsBack() throws {
        let h = twoCards()
        let view = try XCTUnwrap(h.cardView(in: "free.2"))
        h.press(16, 2)
        h.drag(17, 3)
        h.advance(0.1)
        h.drag(40, 15)
        h.release(40, 15)
        XCTAssertEqual(h.cards(in: "free.2"), ["AS"])
        XCTAssertEqual(h.findCard("A♠")?.x, 38)
        XCTAssertEqual(h.findCard("A♠")?.y, 14)
        h.advance(0.05)
        let position = h.findCard("A♠")
        XCTAssertTrue(
            (15...37).contains(position?.x ?? -1) && (2...13).contains(position?.y ?? -1),
            "on its way back at 0.05 s: \(String(describing: position))")
        h.advance(0.05)
        XCTAssertEqual(view.frame, Rect(x: 14, y: 1, width: 7, height: 5), "back after 0.1 s")
        XCTAssertEqual(h.findCard("A♠")?.x, 14)
        XCTAssertEqual(h.findCard("A♠")?.y, 1)
        h.settle()
        h.assertAllCardsAtRest()
        assertScreen(
            h,
            """

                 ╭4♥───╮  ╭A♠───╮  ┌     ┐  ┌     ┐  ┌     ┐  ┌     ┐           ┌     ┐
                 │     │  │     │
                 │  ♥  │  │  ♠  │     +        +        +        +                 ✕
                 │     │  │     │
                 ╰───4♥╯  ╰───A♠╯  └     ┘  └     ┘  └     ┘  └     ┘           └     ┘

















             Sandbox · click deals · drag moves · Enter picks up 4♥ · ? help · q quit
            """)
    }

    func testACardDroppedOnItsOwnSlotStays() {
        let h = twoCards()
        h.press(8, 3)
        h.drag(10, 3)
        h.release(10, 3)
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        h.settle()
        h.assertAllCardsAtRest()
    }

    func testACardDroppedOnTheTrashFadesAway() throws {
        let h = twoCards()
        let view = try XCTUnwrap(h.cardView(in: "free.1"))
        h.press(8, 3)
        h.drag(9, 3)
        h.advance(0.1)
        h.drag(71, 3)
        h.release(71, 3)
        XCTAssertEqual(h.cards(in: "free.1"), [])
        XCTAssertEqual(h.cards(in: "trash"), [], "the trash stays empty")
        XCTAssertEqual(h.cardCount, 1)
        XCTAssertEqual(h.scene.cardViews.count, 1)
        XCTAssertFalse(view.isUserInteractionEnabled, "a fading card cannot be grabbed")
        h.advance(0.05)
        XCTAssertGreaterThan(view.alpha, 0, "fading")
        XCTAssertLessThan(view.alpha, 1, "fading")
        XCTAssertNotNil(view.superview)
        h.advance(0.05)
        XCTAssertNil(view.superview, "gone after 0.1 s")
        XCTAssertNil(h.findCard("4♥"))
        XCTAssertEqual(h.text(68, 1, width: 7), "┌     ┐")
        XCTAssertEqual(h.text(68, 3, width: 7), "   ✕   ")
        h.settle()
        h.assertAllCardsAtRest()
        assertScreen(
            h,
            """

                 ┌     ┐  ╭A♠───╮  ┌     ┐  ┌     ┐  ┌     ┐  ┌     ┐           ┌     ┐
                          │     │
                    +     │  ♠  │     +        +        +        +                 ✕
                          │     │
                 └     ┘  ╰───A♠╯  └     ┘  └     ┘  └     ┘  └     ┘           └     ┘

















             Sandbox · click deals · drag moves · Enter deals a card · ? help · q quit
            """)
        // The emptied slot deals again.
        h.click(slot: "free.1")
        XCTAssertEqual(h.cards(in: "free.1"), ["QS"])
    }

    func testOnlyTheLeftButtonDrags() {
        let h = twoCards()
        h.mouse(.press, 8, 3, button: .right)
        h.mouse(.drag, 30, 10, button: .right)
        h.advance(0.1)
        h.mouse(.release, 30, 10, button: .right)
        XCTAssertEqual(h.findCard("4♥")?.x, 5)
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        h.mouse(.press, 40, 3, button: .right)
        h.mouse(.release, 40, 3, button: .right)
        XCTAssertEqual(h.cards(in: "free.5"), [], "a right click deals nothing")
    }

    func testAReleaseReportedWithoutAButtonEndsTheDrag() {
        let h = twoCards()
        h.press(8, 3)
        h.mouse(.move, 20, 10, button: .none)  // motion without the button bit
        h.advance(0.1)
        h.mouse(.move, 44, 3, button: .none)
        h.mouse(.release, 44, 3, button: .none)
        XCTAssertEqual(h.cards(in: "free.5"), ["4H"])
        h.settle()
        h.assertAllCardsAtRest()
    }
}
