import TableKit
import TerminalInput
import XCTest

private func report(
    _ action: MouseAction, _ button: MouseButton, _ column: Int, _ row: Int
) -> MouseReport {
    MouseReport(action: action, button: button, column: column, row: row)
}

private func update(_ phase: PointerPhase, _ column: Int, _ row: Int, _ button: MouseButton = .left) -> PointerUpdate {
    PointerUpdate(phase: phase, column: column, row: row, button: button)
}

final class PointerTrackerTests: XCTestCase {
    func testPressDragRelease() {
        var tracker = PointerTracker()
        XCTAssertFalse(tracker.isPressed)
        XCTAssertEqual(tracker.handle(report(.press, .left, 3, 4)), [update(.began, 3, 4)])
        XCTAssertTrue(tracker.isPressed)
        XCTAssertEqual(tracker.handle(report(.drag, .left, 4, 4)), [update(.moved, 4, 4)])
        XCTAssertEqual(tracker.handle(report(.drag, .left, 4, 5)), [update(.moved, 4, 5)])
        XCTAssertEqual(tracker.handle(report(.release, .left, 6, 5)), [update(.ended, 6, 5)])
        XCTAssertFalse(tracker.isPressed)
    }

    func testMotionIsDeduplicatedByCell() {
        var tracker = PointerTracker()
        _ = tracker.handle(report(.press, .right, 1, 1))
        XCTAssertEqual(tracker.handle(report(.drag, .right, 1, 1)), [])  // same cell as the press
        XCTAssertEqual(tracker.handle(report(.drag, .right, 2, 1)), [update(.moved, 2, 1, .right)])
        XCTAssertEqual(tracker.handle(report(.drag, .right, 2, 1)), [])
        XCTAssertEqual(tracker.handle(report(.move, .none, 2, 1)), [])
        XCTAssertEqual(tracker.handle(report(.drag, .right, 1, 1)), [update(.moved, 1, 1, .right)])
    }

    func testBareMotionWhilePressedCountsAsDrag() {
        var tracker = PointerTracker()
        _ = tracker.handle(report(.press, .left, 0, 0))
        // Some terminals drop the button bit from motion: still the same drag, same button.
        XCTAssertEqual(tracker.handle(report(.move, .none, 5, 2)), [update(.moved, 5, 2, .left)])
        // X10 release does not say which button: it still ends the drag.
        XCTAssertEqual(tracker.handle(report(.release, .none, 5, 3)), [update(.ended, 5, 3, .left)])
    }

    func testPressWhilePressedCancelsTheOpenOne() {
        var tracker = PointerTracker()
        _ = tracker.handle(report(.press, .left, 1, 1))
        _ = tracker.handle(report(.drag, .left, 2, 2))
        XCTAssertEqual(
            tracker.handle(report(.press, .middle, 9, 9)),
            [update(.cancelled, 2, 2, .left), update(.began, 9, 9, .middle)]
        )
        XCTAssertTrue(tracker.isPressed)
        XCTAssertEqual(tracker.handle(report(.release, .middle, 9, 9)), [update(.ended, 9, 9, .middle)])
    }

    func testHoverStrayReleaseAndWheelAreIgnored() {
        var tracker = PointerTracker()
        XCTAssertEqual(tracker.handle(report(.move, .none, 3, 3)), [])
        XCTAssertEqual(tracker.handle(report(.drag, .left, 3, 3)), [])
        XCTAssertEqual(tracker.handle(report(.release, .left, 3, 3)), [])
        XCTAssertEqual(tracker.handle(report(.press, .wheelUp, 3, 3)), [])
        XCTAssertEqual(tracker.handle(report(.press, .other(8), 3, 3)), [])
        XCTAssertFalse(tracker.isPressed)

        _ = tracker.handle(report(.press, .left, 1, 1))
        XCTAssertEqual(tracker.handle(report(.press, .wheelDown, 4, 4)), [])  // no cancel, no move
        XCTAssertEqual(tracker.handle(report(.release, .wheelDown, 4, 4)), [])
        XCTAssertTrue(tracker.isPressed)
        XCTAssertEqual(tracker.handle(report(.drag, .left, 4, 4)), [update(.moved, 4, 4)])
    }

    func testCancel() {
        var tracker = PointerTracker()
        XCTAssertNil(tracker.cancel())
        _ = tracker.handle(report(.press, .left, 1, 1))
        _ = tracker.handle(report(.drag, .left, 7, 3))
        XCTAssertEqual(tracker.cancel(), update(.cancelled, 7, 3))
        XCTAssertFalse(tracker.isPressed)
        XCTAssertNil(tracker.cancel())
        // The release that follows a cancel belongs to nothing.
        XCTAssertEqual(tracker.handle(report(.release, .left, 8, 3)), [])
        XCTAssertEqual(tracker.handle(report(.drag, .left, 9, 3)), [])
    }

    func testDecoderToTrackerPipeline() {
        var decoder = InputDecoder()
        var tracker = PointerTracker()
        let input =
            esc + "[<35;5;5M" + esc + "[<0;5;5M" + esc + "[<32;5;5M" + esc + "[<32;6;5M"
            + esc + "[<35;7;5M" + esc + "[<65;7;5M" + esc + "[<0;8;5m"
        var updates: [PointerUpdate] = []
        for event in decoder.feed(input.bytes) {
            if case .mouse(let report) = event { updates += tracker.handle(report) }
        }
        XCTAssertEqual(
            updates, [update(.began, 4, 4), update(.moved, 5, 4), update(.moved, 6, 4), update(.ended, 7, 4)])
        XCTAssertFalse(tracker.isPressed)
    }
}
