import TestSupport
import XCTest

@testable import TableKit

final class GestureTests: XCTestCase {
    var clock: ManualClock!
    var window: Window!
    var target: View!

    override func setUp() {
        clock = ManualClock(now: 100)
        window = Window(width: 80, height: 24, clock: clock)
        target = View(frame: Rect(x: 10, y: 5, width: 7, height: 5))
        window.addSubview(target)
    }

    func testTapRecognizesOnReleaseWithoutMovement() {
        var taps = 0
        target.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        press(window, 12, 6)
        XCTAssertEqual(taps, 0, "a tap is recognized on release, not on press")
        release(window, 12, 6)
        XCTAssertEqual(taps, 1)
        // Moving to another cell before the release is not a tap.
        clock.advance(by: 1)
        press(window, 12, 6)
        drag(window, 13, 6)
        release(window, 13, 6)
        XCTAssertEqual(taps, 1)
        // Pressing outside the view does not reach its recognizer.
        clock.advance(by: 1)
        press(window, 40, 20)
        release(window, 40, 20)
        XCTAssertEqual(taps, 1)
    }

    func testSingleTapFiresAtOnceAndDoubleTapFiresOnTheSecondRelease() {
        var log: [String] = []
        target.addGestureRecognizer(TapGestureRecognizer(numberOfTapsRequired: 1) { _ in log.append("single") })
        target.addGestureRecognizer(TapGestureRecognizer(numberOfTapsRequired: 2) { _ in log.append("double") })
        press(window, 12, 6)
        release(window, 12, 6)
        XCTAssertEqual(log, ["single"], "the single tap does not wait for a possible second one")
        clock.advance(by: 0.2)
        press(window, 12, 6)
        release(window, 12, 6)
        XCTAssertEqual(log, ["single", "double"])
        // Too slow: two single taps.
        clock.advance(by: 1)
        press(window, 12, 6)
        release(window, 12, 6)
        clock.advance(by: 0.5)
        press(window, 12, 6)
        release(window, 12, 6)
        XCTAssertEqual(log, ["single", "double", "single", "single"])
    }

    func testATapSeriesCountsOnlyTapsOfOneButtonInOneCell() {
        var log: [String] = []
        target.addGestureRecognizer(TapGestureRecognizer(numberOfTapsRequired: 1) { _ in log.append("single") })
        target.addGestureRecognizer(TapGestureRecognizer(numberOfTapsRequired: 2) { _ in log.append("double") })
        let pilot = Pilot(window: window, clock: clock)
        // Left then right, quickly, in one cell: two first taps, not a double tap.
        pilot.click(12, 6, on: target)
        clock.advance(by: 0.1)
        pilot.click(12, 6, button: .right, on: target)
        XCTAssertEqual(log, ["single", "single"])
        // Left then left in the next cell: not the same place, so two first taps again.
        pilot.pause()
        pilot.click(12, 6, on: target)
        clock.advance(by: 0.1)
        pilot.click(13, 6, on: target)
        XCTAssertEqual(log, ["single", "single", "single", "single"])
        // Left then left in the same cell: the double tap.
        pilot.pause()
        pilot.click(12, 6, on: target)
        clock.advance(by: 0.1)
        pilot.click(12, 6, on: target)
        XCTAssertEqual(log, ["single", "single", "single", "single", "single", "double"])
    }

    func testTheSamePlaceIsTheSameCell() {
        XCTAssertTrue(Touch.isSamePlace(cellCenter(12, 6), cellCenter(12, 6)))
        XCTAssertTrue(Touch.isSamePlace(Point(x: 12, y: 6), Point(x: 12.99, y: 6.99)))
        XCTAssertFalse(Touch.isSamePlace(Point(x: 12.99, y: 6.5), Point(x: 13, y: 6.5)))
        XCTAssertFalse(Touch.isSamePlace(cellCenter(12, 6), cellCenter(13, 6)))
        XCTAssertFalse(Touch.isSamePlace(cellCenter(12, 6), cellCenter(12, 7)))
    }

    func testPanTranslationLocationAndSetTranslation() {
        var states: [GestureRecognizer.State] = []
        var translations: [Point] = []
        let pan = PanGestureRecognizer()
        pan.addTarget { recognizer in
            let pan = recognizer as! PanGestureRecognizer
            states.append(pan.state)
            translations.append(pan.translation(in: self.window))
        }
        target.addGestureRecognizer(pan)
        press(window, 12, 6)
        XCTAssertEqual(pan.state, .possible)
        drag(window, 14, 7)
        XCTAssertEqual(pan.state, .began)
        XCTAssertEqual(pan.location(in: target), Point(x: 4.5, y: 2.5))
        pan.setTranslation(.zero, in: window)
        drag(window, 15, 7)
        XCTAssertEqual(pan.translation(in: target), Point(x: 1, y: 0))
        release(window, 15, 7)
        XCTAssertEqual(states, [.began, .changed, .ended])
        XCTAssertEqual(translations, [Point(x: 2, y: 1), Point(x: 1, y: 0), Point(x: 1, y: 0)])
        XCTAssertEqual(pan.state, .possible, "reset after the sequence")
    }

    func testPanGrabsThePointerUntilItEnds() {
        let other = View(frame: Rect(x: 30, y: 5, width: 7, height: 5))
        window.addSubview(other)
        var otherTaps = 0
        other.addGestureRecognizer(TapGestureRecognizer { _ in otherTaps += 1 })
        var moves = 0
        let pan = PanGestureRecognizer { _ in moves += 1 }
        target.addGestureRecognizer(pan)
        press(window, 12, 6)
        drag(window, 32, 6)  // over the other view
        drag(window, 33, 7)
        release(window, 33, 7)
        XCTAssertEqual(moves, 3, "began, changed, ended all reach the grabbing view's pan")
        XCTAssertEqual(otherTaps, 0)
    }

    func testCancelFromOutsideReachesEveryActiveRecognizer() {
        var panStates: [GestureRecognizer.State] = []
        var outerStates: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { panStates.append($0.state) }
        let outer = PanGestureRecognizer { outerStates.append($0.state) }
        outer.canRecognizeSimultaneously = { _ in true }
        target.addGestureRecognizer(pan)
        window.addGestureRecognizer(outer)
        press(window, 12, 6)
        drag(window, 14, 6)
        XCTAssertTrue(window.isTracking)
        window.cancelPointer()
        XCTAssertEqual(panStates, [.began, .cancelled])
        XCTAssertEqual(outerStates, [.began, .cancelled])
        XCTAssertFalse(window.isTracking)
        // The rest of a cancelled sequence is ignored.
        drag(window, 16, 6)
        release(window, 16, 6)
        XCTAssertEqual(panStates, [.began, .cancelled])
    }

    func testANewPressWhileDraggingCancelsTheDrag() {
        var states: [GestureRecognizer.State] = []
        target.addGestureRecognizer(PanGestureRecognizer { states.append($0.state) })
        press(window, 12, 6)
        drag(window, 14, 6)
        press(window, 12, 6)  // the release was lost
        XCTAssertEqual(states, [.began, .cancelled])
        drag(window, 15, 6)
        XCTAssertEqual(states, [.began, .cancelled, .began])
    }

    func testRecognizingFailsCompetitorsUnlessSimultaneous() {
        var taps = 0
        var pans = 0
        target.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        target.addGestureRecognizer(PanGestureRecognizer { _ in pans += 1 })
        press(window, 12, 6)
        drag(window, 13, 6)
        release(window, 13, 6)
        XCTAssertEqual(taps, 0)
        XCTAssertEqual(pans, 2)
    }

    func testTheCookbookDownUpGesture() {
        var states: [GestureRecognizer.State] = []
        let gesture = DownUpGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(gesture)
        // Down, then up, then release: recognized.
        press(window, 12, 5)
        drag(window, 12, 7)
        drag(window, 12, 8)
        drag(window, 12, 6)
        release(window, 12, 6)
        XCTAssertEqual(states, [.began, .changed, .changed, .changed, .ended])
        // Down only: fails, no action for the release.
        states = []
        clock.advance(by: 1)
        press(window, 12, 5)
        drag(window, 12, 7)
        release(window, 12, 7)
        XCTAssertEqual(states, [.began, .changed])
        // Down, up, down again: cancelled.
        states = []
        clock.advance(by: 1)
        press(window, 12, 5)
        drag(window, 12, 7)
        drag(window, 12, 6)
        drag(window, 12, 8)
        XCTAssertEqual(states.last, .cancelled)
    }
}

/// The Cookbook's custom recognizer: the pointer moves down, then up.
final class DownUpGestureRecognizer: GestureRecognizer {
    enum Phase { case movingDown, movingUp }
    var phase = Phase.movingDown

    override func pointerBegan(_ touch: Touch) {
        phase = .movingDown
    }

    override func pointerMoved(_ touch: Touch) {
        let position = touch.location(in: view)
        let last = touch.previousLocation(in: view)
        if state == .possible, position.y > last.y { state = .began }
        guard state.isActive else { return }
        if phase == .movingDown && position.y > last.y {
            state = .changed
        } else if phase == .movingDown && position.y < last.y {
            phase = .movingUp
            state = .changed
        } else if phase == .movingUp && position.y > last.y {
            state = .cancelled
        }
    }

    override func pointerEnded(_ touch: Touch) {
        if phase == .movingDown { state = .failed } else if state.isActive { state = .ended }
    }
}

/// The pilot reports which view a press lands on, so a test can fail a click that lands on the wrong one.
final class PilotTests: XCTestCase {
    func testPressesReportTheViewTheyLandOn() {
        let clock = ManualClock()
        let window = Window(width: 40, height: 12, clock: clock)
        let below = View(frame: Rect(x: 2, y: 2, width: 10, height: 5))
        let above = View(frame: Rect(x: 8, y: 2, width: 10, height: 5))
        window.addSubview(below)
        window.addSubview(above)
        let pilot = Pilot(window: window, clock: clock)
        XCTAssertTrue(pilot.click(3, 3) === below)
        XCTAssertTrue(pilot.click(9, 3) === above, "the view on top takes the press")
        XCTAssertTrue(pilot.lastHit === above)
        XCTAssertTrue(pilot.click(30, 10) === window, "the window itself, where no view is")
        XCTAssertTrue(Pilot.lands(above, on: above))
        XCTAssertFalse(Pilot.lands(above, on: below), "a press meant for the covered view lands elsewhere")
        XCTAssertFalse(Pilot.lands(nil, on: below))
        let centre = pilot.centre(of: below)
        XCTAssertEqual(centre?.x, 7)
        XCTAssertEqual(centre?.y, 4)
    }
}
