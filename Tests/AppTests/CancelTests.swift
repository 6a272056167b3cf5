import TableKit
import TerminalInput
import XCTest

@testable import App

/// A drag that cannot finish puts the card back: Escape, focus lost, a resize, and a new
/// press while the drag is open (the terminal lost the release).
final class CancelTests: XCTestCase {
    /// 4♥ on free.1 and A♠ on free.2 (seed 1); 4♥ dragged onto the empty free.4 and lifted.
    func dragging() throws -> (Harness, CardView) {
        let h = Harness(seed: 1)
        h.click(slot: "free.1")
        h.click(slot: "free.2")
        let view = try XCTUnwrap(h.cardView(in: "free.1"))
        h.press(8, 3)
        h.drag(9, 3)
        h.advance(0.1)
        h.drag(35, 3)  // over free.4, which has room
        XCTAssertEqual(h.findCard("4♥")?.x, 32)
        XCTAssertEqual(view.elevation, 1)
        XCTAssertNotNil(h.scene.draggedCard)
        return (h, view)
    }

    /// The card went back to free.1, and the rest of the gesture (more motion, the
    /// release over free.4) does nothing.
    func assertCancelled(_ h: Harness, _ view: CardView, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(h.scene.draggedCard, "the drag is over", file: file, line: line)
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"], file: file, line: line)
        XCTAssertEqual(h.cards(in: "free.4"), [], file: file, line: line)
        h.drag(36, 4)
        h.release(36, 4)
        h.settle()
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"], "a late release does not drop the card", file: file, line: line)
        XCTAssertEqual(h.cards(in: "free.4"), [], file: file, line: line)
        XCTAssertEqual(view.frame, h.scene.restingFrame(of: view.cardID, in: "free.1"), file: file, line: line)
        XCTAssertEqual(h.findCard("4♥")?.x, h.origin(of: "free.1").x, file: file, line: line)
        h.assertAllCardsAtRest(file: file, line: line)
        // The card can be dragged again.
        let c = h.centre(of: "free.1")
        h.press(c.x, c.y)
        h.drag(c.x + 1, c.y)
        XCTAssertEqual(h.scene.draggedCard?.description, "4H", file: file, line: line)
        h.release(c.x + 1, c.y)
        h.settle()
    }

    func testEscapeDuringADragPutsTheCardBack() throws {
        let (h, view) = try dragging()
        h.key(.escape)
        XCTAssertNil(h.scene.draggedCard)
        h.advance(0.05)
        let x = h.findCard("4♥")?.x ?? -1
        XCTAssertTrue((6...31).contains(x), "on its way back at 0.05 s: column \(x)")
        h.advance(0.05)
        XCTAssertEqual(h.findCard("4♥")?.x, 5, "back after 0.1 s")
        assertCancelled(h, view)
    }

    func testLosingFocusPutsTheCardBack() throws {
        let (h, view) = try dragging()
        h.pilot.send(.focusOut)
        XCTAssertNil(h.scene.draggedCard)
        h.advance(0.05)
        let x = h.findCard("4♥")?.x ?? -1
        XCTAssertTrue((6...31).contains(x), "on its way back at 0.05 s: column \(x)")
        h.advance(0.05)
        XCTAssertEqual(h.findCard("4♥")?.x, 5, "back after 0.1 s")
        assertCancelled(h, view)
    }

    func testAResizePutsTheCardBack() throws {
        let (h, view) = try dragging()
        h.resize(width: 100, height: 30)
        XCTAssertNil(h.scene.draggedCard)
        XCTAssertEqual(h.origin(of: "free.1").x, 7, "the table is centred again, with 9x7 cards")
        XCTAssertEqual(view.frame, Rect(x: 7, y: 1, width: 9, height: 7), "back at once, in the new place")
        XCTAssertEqual(h.findCard("4♥")?.x, 7)
        XCTAssertEqual(h.findCard("A♠")?.x, 18)
        assertCancelled(h, view)
    }

    func testAResizeToTheSameSizePutsTheCardBack() throws {
        let (h, view) = try dragging()
        h.resize(width: 80, height: 24)
        XCTAssertEqual(h.findCard("4♥")?.x, 5)
        assertCancelled(h, view)
    }

    func testANewPressWhileDraggingPutsTheCardBack() throws {
        let (h, view) = try dragging()
        h.press(40, 15)  // the release was lost; this is a new gesture on the felt
        XCTAssertNil(h.scene.draggedCard)
        h.advance(0.05)
        let x = h.findCard("4♥")?.x ?? -1
        XCTAssertTrue((6...31).contains(x), "on its way back at 0.05 s: column \(x)")
        h.advance(0.05)
        XCTAssertEqual(h.findCard("4♥")?.x, 5, "back after 0.1 s")
        h.release(40, 15)
        assertCancelled(h, view)
    }

    func testANewPressOnAnotherCardPutsTheFirstBackAndDragsTheSecond() throws {
        let (h, view) = try dragging()
        h.press(17, 3)  // on A♠
        h.drag(18, 3)
        XCTAssertEqual(h.scene.draggedCard?.description, "AS")
        h.drag(45, 3)
        h.release(45, 3)  // over free.5
        h.settle()
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        XCTAssertEqual(h.cards(in: "free.2"), [])
        XCTAssertEqual(h.cards(in: "free.5"), ["AS"])
        XCTAssertEqual(view.frame.origin, Point(x: 5, y: 1))
        h.assertAllCardsAtRest()
    }
}
