import TableKit
import XCTest

@testable import App

/// With animations off, every change shows on the next frame without the clock moving.
final class NoAnimationTests: XCTestCase {
    func testEverythingAppliesAtOnce() throws {
        let h = Harness(seed: 1, animations: false)
        h.press(8, 3)
        h.release(8, 3)
        h.press(17, 3)
        h.release(17, 3)
        let view = try XCTUnwrap(h.cardView(in: "free.1"))
        XCTAssertEqual(view.alpha, 1, "no fade-in")
        XCTAssertEqual(h.findCard("4♥")?.x, 5)
        XCTAssertEqual(h.findCard("A♠")?.x, 14)

        // Lift and follow.
        h.press(8, 3)
        h.drag(9, 3)
        XCTAssertEqual(view.elevation, 1)
        XCTAssertEqual(view.frame.origin, Point(x: 6, y: 1))
        // A drop on an empty slot lands at once.
        h.drag(35, 3)
        h.release(35, 3)
        XCTAssertEqual(h.cards(in: "free.4"), ["4H"])
        XCTAssertEqual(view.frame, Rect(x: 32, y: 1, width: 7, height: 5))
        XCTAssertEqual(view.elevation, 0)
        XCTAssertEqual(h.findCard("4♥")?.x, 32)

        // A drop on an occupied slot goes back at once.
        h.press(35, 3)
        h.drag(17, 3)
        h.release(17, 3)
        XCTAssertEqual(h.cards(in: "free.4"), ["4H"])
        XCTAssertEqual(view.frame.origin, Point(x: 32, y: 1))
        XCTAssertEqual(h.findCard("4♥")?.x, 32)

        // The keyboard too.
        h.key(.right)  // cursor to free.2, on A♠
        h.key(.enter)
        XCTAssertEqual(h.cardView(in: "free.2")?.frame.origin, Point(x: 14, y: 0))
        h.key(.right)
        XCTAssertEqual(h.findCard("A♠")?.x, 23)
        h.key(.enter)
        XCTAssertEqual(h.cards(in: "free.3"), ["AS"])
        XCTAssertEqual(h.findCard("A♠")?.y, 1)

        // A drop on the trash removes the card at once.
        h.press(35, 3)
        h.drag(71, 3)
        h.release(71, 3)
        XCTAssertNil(view.superview)
        XCTAssertNil(h.findCard("4♥"))
        XCTAssertEqual(h.cardCount, 1)

        XCTAssertEqual(h.clock.now, 0, "the clock never moved")
        XCTAssertFalse(h.app.window.animator.isAnimating)
        h.assertAllCardsAtRest()
        assertScreen(
            h,
            """

                 ┌     ┐  ┌     ┐  ╭A♠───╮  ┌     ┐  ┌     ┐  ┌     ┐           ┌     ┐
                                   │     │
                    +        +     │  ♠  │     +        +        +                 ✕
                                   │     │
                 └     ┘  └     ┘  ╰───A♠╯  └     ┘  └     ┘  └     ┘           └     ┘

















             Sandbox · click deals · drag moves · Enter picks up A♠ · ? help · q quit
            """)
    }
}
