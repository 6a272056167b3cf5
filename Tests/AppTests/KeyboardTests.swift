import TableKit
import TerminalInput
import XCTest

@testable import App

/// Playing without a mouse: the cursor moves between slots; Enter deals, picks up and
/// drops; Escape puts a carried card back; `?` shows help; `q` quits.
final class KeyboardTests: XCTestCase {
    func testArrowsAndHJKLMoveTheCursor() {
        let h = Harness()
        XCTAssertEqual(h.scene.cursorSlot, "free.1")
        XCTAssertEqual(h.cursorMark?.x, 4)
        XCTAssertEqual(h.cursorMark?.y, 3)
        let steps: [(Key, String)] = [
            (.right, "free.2"), (.character("l"), "free.3"), (.right, "free.4"), (.right, "free.5"),
            (.right, "free.6"), (.character("l"), "trash"), (.right, "trash"), (.left, "free.6"),
            (.character("h"), "free.5"), (.up, "free.5"), (.down, "free.5"), (.character("k"), "free.5"),
            (.character("j"), "free.5"), (.left, "free.4"), (.left, "free.3"), (.left, "free.2"),
            (.left, "free.1"), (.character("h"), "free.1"),
        ]
        for (key, slot) in steps {
            h.key(key)
            XCTAssertEqual(h.scene.cursorSlot, slot, "after \(key)")
            XCTAssertEqual(h.cursorMark?.x, h.origin(of: slot).x - 1, "the mark after \(key)")
            XCTAssertEqual(h.cursorMark?.y, 3, "the mark after \(key)")
        }
        h.key(.right)
        h.key(.right)
        assertScreen(
            h,
            """

                 ┌     ┐  ┌     ┐  ┌─────┐  ┌     ┐  ┌     ┐  ┌     ┐           ┌     ┐
                                   │     │
                    +        +    ▸│  +  │     +        +        +                 ✕
                                   │     │
                 └     ┘  └     ┘  └─────┘  └     ┘  └     ┘  └     ┘           └     ┘

















             Sandbox · click deals · drag moves · Enter deals a card · ? help · q quit
            """)
    }

    func testEnterOrSpaceOnAnEmptySlotDealsACard() {
        let h = Harness(seed: 1)
        h.key(.enter)
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        h.key(.right)
        h.key(.character(" "))
        XCTAssertEqual(h.cards(in: "free.2"), ["AS"])
        h.advance(0.1)
        XCTAssertEqual(h.findCard("4♥")?.x, 5)
        XCTAssertEqual(h.findCard("A♠")?.x, 14)
        // On the trash Enter does nothing.
        for _ in 0..<6 { h.key(.right) }
        XCTAssertEqual(h.scene.cursorSlot, "trash")
        h.key(.enter)
        XCTAssertEqual(h.cardCount, 2)
    }

    func testEnterPicksUpArrowsCarryAndEnterDropsOnAnEmptySlot() throws {
        let h = Harness(seed: 1)
        h.key(.enter)
        h.advance(0.1)
        let view = try XCTUnwrap(h.cardView(in: "free.1"))
        h.key(.enter)  // pick up
        XCTAssertEqual(h.scene.heldCard?.description, "4H")
        h.advance(0.1)
        XCTAssertEqual(view.elevation, 1, "lifted")
        XCTAssertEqual(view.frame, Rect(x: 5, y: 0, width: 7, height: 5), "hovering a row above its slot")
        XCTAssertEqual(h.findCard("4♥")?.y, 0)
        h.key(.right)
        h.advance(0.05)
        let x = h.findCard("4♥")?.x ?? -1
        XCTAssertTrue((6...13).contains(x), "on its way to free.2 at 0.05 s: column \(x)")
        h.advance(0.05)
        XCTAssertEqual(view.frame, Rect(x: 14, y: 0, width: 7, height: 5), "carried over free.2")
        h.key(.character("l"))
        h.advance(0.1)
        XCTAssertEqual(view.frame.origin, Point(x: 23, y: 0), "carried over free.3")
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"], "the model changes only on the drop")
        // The cursor's outline around free.3 is one line in the cursor colour, in the
        // carried card's shadow too.
        XCTAssertEqual(h.text(23, 5, width: 7), "└─────┘")
        for x in 23...29 {
            XCTAssertEqual(h.cell(x, 5).foreground, h.scene.theme.cursor.foreground, "cursor outline at \(x),5")
        }
        XCTAssertLessThan(brightness(h.cell(27, 5).background), brightness(feltColour), "in the shadow")
        assertScreen(
            h,
            """
                                   ╭4♥───╮
                 ┌     ┐  ┌─────┐  │     │  ┌─────┐  ┌─────┐  ┌─────┐           ┌─────┐
                          │     │  │  ♥  │  │     │  │     │  │     │           │     │
                    +     │  +  │ ▸│     │  │  +  │  │  +  │  │  +  │           │  ✕  │
                          │     │  ╰───4♥╯  │     │  │     │  │     │           │     │
                 └     ┘  └─────┘  └─────┘  └─────┘  └─────┘  └─────┘           └─────┘

















             Carrying 4♥ · arrows choose a slot · Enter drop · Esc put back
            """)
        h.key(.enter)  // drop on the empty free.3
        XCTAssertNil(h.scene.heldCard)
        XCTAssertEqual(h.cards(in: "free.1"), [])
        XCTAssertEqual(h.cards(in: "free.3"), ["4H"])
        h.advance(0.1)
        XCTAssertEqual(view.frame, Rect(x: 23, y: 1, width: 7, height: 5), "landed")
        h.settle()
        h.assertAllCardsAtRest()
        assertScreen(
            h,
            """

                 ┌     ┐  ┌     ┐  ╭4♥───╮  ┌     ┐  ┌     ┐  ┌     ┐           ┌     ┐
                                   │     │
                    +        +    ▸│  ♥  │     +        +        +                 ✕
                                   │     │
                 └     ┘  └     ┘  ╰───4♥╯  └     ┘  └     ┘  └     ┘           └     ┘

















             Sandbox · click deals · drag moves · Enter picks up 4♥ · ? help · q quit
            """)
    }

    func testEnterOverAnOccupiedSlotPutsTheCardBack() throws {
        let h = Harness(seed: 1)
        h.key(.enter)  // 4♥ on free.1
        h.key(.right)
        h.key(.enter)  // A♠ on free.2
        h.advance(0.1)
        let view = try XCTUnwrap(h.cardView(in: "free.2"))
        h.key(.enter)  // pick up A♠
        h.key(.left)  // over 4♥
        h.advance(0.1)
        XCTAssertEqual(view.frame.origin, Point(x: 5, y: 0))
        XCTAssertEqual(h.text(5, 0, width: 7), "╭A♠───╮", "the carried card is drawn over the one beneath")
        XCTAssertEqual(h.text(5, 1, width: 7), "│     │")
        h.key(.enter)
        XCTAssertNil(h.scene.heldCard)
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        XCTAssertEqual(h.cards(in: "free.2"), ["AS"])
        h.advance(0.05)
        let x = h.findCard("A♠")?.x ?? -1
        XCTAssertTrue((6...13).contains(x), "on its way back at 0.05 s: column \(x)")
        h.advance(0.05)
        XCTAssertEqual(view.frame, Rect(x: 14, y: 1, width: 7, height: 5), "back after 0.1 s")
        h.settle()
        h.assertAllCardsAtRest()
    }

    func testEscapePutsTheCarriedCardBack() {
        let h = Harness(seed: 1)
        h.key(.enter)
        h.key(.enter)  // pick up 4♥
        h.key(.right)
        h.key(.right)
        h.advance(0.1)
        XCTAssertEqual(h.findCard("4♥")?.x, 23)
        h.key(.escape)
        XCTAssertNil(h.scene.heldCard)
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        h.advance(0.05)
        let x = h.findCard("4♥")?.x ?? -1
        XCTAssertTrue((6...22).contains(x), "on its way back at 0.05 s: column \(x)")
        h.settle()
        XCTAssertEqual(h.findCard("4♥")?.x, 5)
        XCTAssertEqual(h.findCard("4♥")?.y, 1)
        h.assertAllCardsAtRest()
        XCTAssertEqual(h.scene.cursorSlot, "free.3", "the cursor stays where it was")
    }

    func testAResizePutsTheCarriedCardBack() {
        let h = Harness(seed: 1)
        h.key(.enter)
        h.key(.enter)  // pick up 4♥
        h.key(.right)
        h.advance(0.1)
        h.resize(width: 100, height: 30)
        XCTAssertNil(h.scene.heldCard)
        XCTAssertEqual(h.findCard("4♥")?.x, 7, "on free.1, in its new place (with 9x7 cards)")
        XCTAssertEqual(h.findCard("4♥")?.y, 1)
        h.key(.enter)  // on free.2: deals, as nothing is carried
        XCTAssertEqual(h.cards(in: "free.2"), ["AS"])
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        h.settle()
        h.assertAllCardsAtRest()
    }

    func testDraggingAnotherCardPutsTheCarriedOneBack() {
        let h = Harness(seed: 1)
        h.key(.enter)  // 4♥ on free.1
        h.key(.right)
        h.key(.enter)  // A♠ on free.2
        h.advance(0.1)
        h.key(.left)
        h.key(.enter)  // carry 4♥ ...
        h.key(.right)
        h.key(.right)  // ... over free.3
        h.advance(0.1)
        h.press(17, 3)  // and drag A♠ with the mouse
        h.drag(18, 3)
        XCTAssertNil(h.scene.heldCard)
        XCTAssertEqual(h.scene.draggedCard?.description, "AS")
        h.drag(45, 3)
        h.release(45, 3)
        h.settle()
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        XCTAssertEqual(h.cards(in: "free.5"), ["AS"])
        XCTAssertEqual(h.findCard("4♥")?.x, 5)
        XCTAssertEqual(h.findCard("4♥")?.y, 1)
        h.assertAllCardsAtRest()
    }

    func testACarriedCardCanBeThrownAway() {
        let h = Harness(seed: 1)
        h.key(.enter)
        h.key(.enter)
        for _ in 0..<6 { h.key(.right) }
        XCTAssertEqual(h.scene.cursorSlot, "trash")
        h.key(.enter)
        XCTAssertEqual(h.cardCount, 0)
        h.settle()
        XCTAssertNil(h.findCard("4♥"))
        h.assertAllCardsAtRest()
    }

    func testACarriedCardStaysOnTopAfterAQuickPutDown() {
        // Picking a card up again while it is still landing must not leave it under the
        // cards of later slots when the landing's restacking runs.
        let h = Harness(seed: 1)
        h.key(.enter)  // 4♥ on free.1
        h.key(.right)
        h.key(.enter)  // A♠ on free.2
        h.key(.left)
        h.advance(0.1)
        h.key(.enter)  // pick up 4♥
        h.key(.enter)  // and put it down again at once
        h.key(.enter)  // and up again, while it is landing
        h.key(.right)  // carried over A♠
        h.advance(0.2)
        XCTAssertEqual(h.scene.heldCard?.description, "4H")
        XCTAssertEqual(h.text(14, 0, width: 7), "╭4♥───╮")
        XCTAssertEqual(h.text(14, 1, width: 7), "│     │", "4♥ is drawn over A♠")
    }

    func testQuestionMarkShowsHelpAndAnyKeyClosesIt() {
        let h = Harness(seed: 1)
        let table = h.screen
        XCTAssertEqual(
            h.scene.helpPanel.lines, [], "the help's text is written when first shown, not for the first frame")
        h.type("?")
        XCTAssertTrue(h.scene.isShowingHelp)
        XCTAssertTrue(h.screen.contains(" any key closes "))
        XCTAssertTrue(h.screen.contains("arrows, h j k l         move the cursor"))
        assertScreen(
            h,
            """
                    ╭─────────────────────────────────────────────────────────────╮
                 ┌──│                     CardTable — Sandbox                     │   ┐
                 │  │                                                             │
                ▸│  │ Rules                                                       │✕
                 │  │   • A free table with no rules: deal cards onto empty slots │
                 └──│     and move them wherever there is room.                   │   ┘
                    │   • A card dropped on the trash is deleted.                 │
                    │                                                             │
                    │ Mouse                                                       │
                    │   click an empty slot     deal the next card onto it        │
                    │   drag a card             it follows the pointer; let go    │
                    │                           over a slot with room to move it  │
                    │   drop on ✕               delete the card                   │
                    │ Keyboard                                                    │
                    │   arrows, h j k l         move the cursor                   │
                    │   Enter, Space            pick up / drop / deal             │
                    │   Esc                     put the cards back                │
                    │   u                       undo the last move                │
                    │   U, Ctrl-R               redo the move undone              │
                    │   g                       choose another game               │
                    │   o                       settings                          │
                    │   ?                       this help                         │
                    │   q                       quit                              │
             Sandbox╰────────────────────── any key closes ───────────────────────╯uit
            """)
        h.key(.right)  // closes the help, and only that
        XCTAssertFalse(h.scene.isShowingHelp)
        XCTAssertEqual(h.scene.cursorSlot, "free.1")
        XCTAssertEqual(h.screen, table)

        for key: Key in [.character("x"), .tab, .function(1), .enter, .escape, .character("?")] {
            h.type("?")
            XCTAssertTrue(h.scene.isShowingHelp)
            h.key(key)
            XCTAssertFalse(h.scene.isShowingHelp, "\(key) closes the help")
            XCTAssertEqual(h.cardCount, 0, "\(key) only closed the help")
            XCTAssertEqual(h.screen, table)
        }
        XCTAssertFalse(h.app.wantsQuit)
    }

    func testQQuits() {
        let h = Harness()
        XCTAssertFalse(h.app.wantsQuit)
        h.type("q")
        XCTAssertTrue(h.app.wantsQuit)
        let again = Harness()
        again.type("?")
        again.type("q")
        XCTAssertTrue(again.app.wantsQuit, "q quits from the help screen too")
    }

    func testTheKeyboardCursorHidesWhileDraggingAndReturnsWithAKey() {
        let h = Harness(seed: 1)
        h.key(.enter)
        h.advance(0.1)
        XCTAssertNotNil(h.cursorMark)
        h.press(8, 3)
        h.drag(9, 3)
        XCTAssertNil(h.cursorMark, "no keyboard cursor while dragging")
        h.release(9, 3)
        h.settle()
        XCTAssertNil(h.cursorMark, "the mouse hid it")
        h.key(.right)
        XCTAssertEqual(h.cursorMark?.x, 13)
    }
}
