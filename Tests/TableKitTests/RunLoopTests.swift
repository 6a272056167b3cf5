import XCTest

@testable import TableKit

/// A poller that never blocks: it records the timeout asked for and moves the manual
/// clock by it, as a real wait would.
final class FakePoller: Poller {
    let clock: ManualClock
    var timeouts: [Double?] = []
    var readyNext: [Int32] = []
    init(clock: ManualClock) { self.clock = clock }

    func wait(for descriptors: [Int32], timeout: Double?) -> [Int32] {
        timeouts.append(timeout)
        if let timeout, readyNext.isEmpty { clock.advance(by: timeout) }
        defer { readyNext = [] }
        return readyNext
    }
}

final class RunLoopTests: XCTestCase {
    func testIdleWaitsWithNoTimeout() {
        let clock = ManualClock()
        let poller = FakePoller(clock: clock)
        let loop = RunLoop(clock: clock, poller: poller)
        loop.addSource(0) {}
        loop.runOnce()
        XCTAssertEqual(poller.timeouts.count, 1)
        XCTAssertNil(poller.timeouts[0], "nothing to do: wait for ever")
        XCTAssertEqual(loop.frames, 0)
    }

    func testFramesArePacedAtSixtyPerSecondWhileAnimating() {
        let clock = ManualClock()
        let poller = FakePoller(clock: clock)
        let loop = RunLoop(clock: clock, poller: poller)
        let window = Window(width: 20, height: 5, clock: clock)
        let view = View(frame: Rect(x: 0, y: 0, width: 2, height: 1))
        window.addSubview(view)
        loop.needsFrame = { window.needsFrame }
        loop.onFrame = { window.renderFrame() }
        loop.runOnce()  // first frame at once
        XCTAssertEqual(loop.frames, 1)
        view.animate(duration: 0.5, curve: .linear) { view.frame.origin.x = 10 }
        for _ in 0..<60 { loop.runOnce() }
        XCTAssertEqual(clock.now, 0.5 + 1.0 / 60, accuracy: 0.02)
        XCTAssertLessThanOrEqual(loop.frames, 1 + 31)
        XCTAssertGreaterThanOrEqual(loop.frames, 1 + 29)
        XCTAssertNil(poller.timeouts.last!, "after the animation the loop is idle again")
        XCTAssertEqual(view.frame.origin.x, 10)
    }

    func testTimersFireWhenDueAndReadySourcesRun() {
        let clock = ManualClock()
        let poller = FakePoller(clock: clock)
        let loop = RunLoop(clock: clock, poller: poller)
        var fired = 0
        var read = 0
        loop.addSource(7) { read += 1 }
        loop.addTimer(after: 0.025) { fired += 1 }
        XCTAssertEqual(loop.nextTimeout()!, 0.025, accuracy: 1e-9)
        poller.readyNext = [7]
        loop.runOnce()
        XCTAssertEqual(read, 1)
        XCTAssertEqual(fired, 0)
        loop.runOnce()
        XCTAssertEqual(fired, 1)
        let id = loop.addTimer(after: 1) { fired += 1 }
        loop.cancelTimer(id)
        loop.runOnce()
        XCTAssertEqual(fired, 1)
        XCTAssertNil(poller.timeouts.last!)
    }

    func testPointerMotionWithinAFrameIsCoalesced() {
        let clock = ManualClock()
        let window = Window(width: 40, height: 10, clock: clock)
        let card = View(frame: Rect(x: 0, y: 0, width: 3, height: 2))
        window.addSubview(card)
        var changes = 0
        card.addGestureRecognizer(
            PanGestureRecognizer { recognizer in
                if recognizer.state == .changed { changes += 1 }
            })
        window.renderFrame()
        window.post(PointerEvent(.began, at: cellCenter(1, 1)))
        window.post(PointerEvent(.moved, at: cellCenter(2, 1)))
        window.renderFrame()  // began
        for x in 3...12 { window.post(PointerEvent(.moved, at: cellCenter(x, 1))) }
        XCTAssertTrue(window.needsFrame, "waiting motion asks for a frame")
        window.renderFrame()
        XCTAssertEqual(changes, 1, "ten moves in one frame arrive as one")
        window.post(PointerEvent(.moved, at: cellCenter(13, 1)))
        window.post(PointerEvent(.ended, at: cellCenter(13, 1)))
        XCTAssertEqual(changes, 2, "a release delivers the waiting move first")
    }
}
