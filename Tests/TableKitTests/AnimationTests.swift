import XCTest

@testable import TableKit

final class AnimationTests: XCTestCase {
    var clock: ManualClock!
    var window: Window!
    var card: View!

    override func setUp() {
        clock = ManualClock()
        window = Window(width: 80, height: 24, clock: clock)
        card = View(frame: Rect(x: 0, y: 0, width: 7, height: 5))
        window.addSubview(card)
    }

    private func advance(_ seconds: Double) {
        clock.advance(by: seconds)
        window.animator.tick()
    }

    func testLinearMoveSampledHalfwayIsHalfway() {
        card.animate(duration: 0.1, curve: .linear) { self.card.frame.origin = Point(x: 20, y: 10) }
        XCTAssertEqual(card.frame.origin, .zero, "nothing moves before time passes")
        advance(0.05)
        XCTAssertEqual(card.frame.origin.x, 10, accuracy: 1e-9)
        XCTAssertEqual(card.frame.origin.y, 5, accuracy: 1e-9)
        advance(0.05)
        XCTAssertEqual(card.frame.origin, Point(x: 20, y: 10))
        XCTAssertFalse(window.animator.isAnimating)
    }

    func testAlphaAndElevationAnimateWithEasing() {
        card.animate(duration: 1, curve: .easeInQuad) {
            self.card.alpha = 0
            self.card.elevation = 1
        }
        advance(0.5)
        XCTAssertEqual(card.alpha, 0.75, accuracy: 1e-9)  // 1 - 0.5²
        XCTAssertEqual(card.elevation, 0.25, accuracy: 1e-9)
        advance(0.5)
        XCTAssertEqual(card.alpha, 0)
        XCTAssertEqual(card.elevation, 1)
    }

    func testEasingTableEndsAtZeroAndOneAndBackOvershoots() {
        for curve in AnimationCurve.allCases {
            XCTAssertEqual(curve(0), 0, accuracy: 1e-9, "\(curve)")
            XCTAssertEqual(curve(1), 1, accuracy: 1e-9, "\(curve)")
        }
        XCTAssertEqual(AnimationCurve.easeOutCubic(0.5), 0.875, accuracy: 1e-9)
        XCTAssertEqual(AnimationCurve.easeInOutQuad(0.25), 0.125, accuracy: 1e-9)
        XCTAssertGreaterThan((1...99).map { AnimationCurve.easeOutBack(Double($0) / 100) }.max()!, 1)
    }

    func testDelayHoldsTheStartValue() {
        card.animate(duration: 0.1, delay: 0.2, curve: .linear) { self.card.alpha = 0 }
        advance(0.15)
        XCTAssertEqual(card.alpha, 1)
        advance(0.1)
        XCTAssertEqual(card.alpha, 0.5, accuracy: 1e-9)
    }

    func testRetargetStartsFromTheValueOnScreenAndCompletesTheOldWithFalse() {
        var log: [String] = []
        card.animate(duration: 0.1, curve: .linear) {
            self.card.frame.origin.x = 10
        } completion: {
            log.append("first \($0)")
        }
        advance(0.05)
        XCTAssertEqual(card.frame.origin.x, 5, accuracy: 1e-9)
        card.animate(duration: 0.1, curve: .linear) {
            self.card.frame.origin.x = 0
        } completion: {
            log.append("second \($0)")
        }
        XCTAssertEqual(log, ["first false"], "the old animation completes at once, unfinished")
        XCTAssertEqual(card.frame.origin.x, 5, accuracy: 1e-9, "no jump: it starts where it was")
        advance(0.05)
        XCTAssertEqual(card.frame.origin.x, 2.5, accuracy: 1e-9)
        advance(0.05)
        XCTAssertEqual(card.frame.origin.x, 0)
        XCTAssertEqual(log, ["first false", "second true"])
    }

    func testSettingAnAnimatingPropertyDirectlyStopsIt() {
        var finished: Bool?
        card.animate(duration: 0.1) {
            self.card.alpha = 0
        } completion: {
            finished = $0
        }
        advance(0.05)
        card.alpha = 0.3
        XCTAssertEqual(finished, false)
        advance(0.1)
        XCTAssertEqual(card.alpha, 0.3)
    }

    func testCompletionsRunOnceInStartOrderAfterTheLastPropertyEnds() {
        var log: [String] = []
        let other = View(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        window.addSubview(other)
        card.animate(duration: 0.2) {
            self.card.alpha = 0.5
            self.card.elevation = 1
        } completion: { _ in
            log.append("A")
        }
        other.animate(duration: 0.1) {
            other.alpha = 0
        } completion: { _ in
            log.append("B")
        }
        card.animate(duration: 0.1) {
            self.card.frame.origin.x = 3
        } completion: { _ in
            log.append("C")
        }
        advance(0.1)
        XCTAssertEqual(log, ["B", "C"])
        advance(0.1)
        XCTAssertEqual(log, ["B", "C", "A"])
        advance(1)
        XCTAssertEqual(log, ["B", "C", "A"], "each completion runs once")
    }

    func testAnimationSwitchedOffAppliesAtOnceAndStillCompletes() {
        window.animator.isEnabled = false
        var finished: Bool?
        card.animate(duration: 0.25) {
            self.card.center = Point(x: 40, y: 12)
            self.card.alpha = 0
        } completion: {
            finished = $0
        }
        XCTAssertEqual(card.center, Point(x: 40, y: 12))
        XCTAssertEqual(card.alpha, 0)
        XCTAssertEqual(finished, true)
        XCTAssertFalse(window.animator.isAnimating)
    }

    func testViewOutsideAWindowAppliesAtOnce() {
        let loose = View(frame: .zero)
        var finished: Bool?
        loose.animate(duration: 1) {
            loose.alpha = 0.2
        } completion: {
            finished = $0
        }
        XCTAssertEqual(loose.alpha, 0.2)
        XCTAssertEqual(finished, true)
    }

    func testAnimationKeepsTheWindowAskingForFrames() {
        window.renderFrame()
        XCTAssertFalse(window.needsFrame, "idle: nothing to draw")
        card.animate(duration: 0.1) { self.card.alpha = 0.5 }
        XCTAssertTrue(window.needsFrame)
        clock.advance(by: 0.2)
        window.renderFrame()
        XCTAssertFalse(window.needsFrame)
    }
}

/// The player's animation speed scales every duration and delay.
final class AnimationSpeedTests: XCTestCase {
    func testTimeScaleStretchesDurationsAndDelays() {
        let clock = ManualClock()
        let window = Window(width: 80, height: 24, clock: clock)
        let card = View(frame: Rect(x: 0, y: 0, width: 7, height: 5))
        window.addSubview(card)
        func advance(_ seconds: Double) {
            clock.advance(by: seconds)
            window.animator.tick()
        }

        window.animator.timeScale = 2  // slow
        card.animate(duration: 0.1, delay: 0.1, curve: .linear) { card.frame.origin = Point(x: 20, y: 0) }
        advance(0.15)
        XCTAssertEqual(card.frame.origin.x, 0, "the delay is 0.2 s")
        advance(0.15)
        XCTAssertEqual(card.frame.origin.x, 10, accuracy: 1e-9, "halfway through 0.2 s")
        advance(0.1)
        XCTAssertEqual(card.frame.origin.x, 20)
        XCTAssertFalse(window.animator.isAnimating)

        window.animator.timeScale = 0.5  // fast
        var finished: Bool?
        card.animate(duration: 0.2, curve: .linear, changes: { card.alpha = 0 }, completion: { finished = $0 })
        advance(0.05)
        XCTAssertEqual(card.alpha, 0.5, accuracy: 1e-9, "halfway through 0.1 s")
        advance(0.06)
        XCTAssertEqual(card.alpha, 0)
        XCTAssertEqual(finished, true)

        window.animator.timeScale = -1
        XCTAssertEqual(window.animator.timeScale, 1, "a scale that makes no sense is normal speed")
        window.animator.timeScale = .nan
        XCTAssertEqual(window.animator.timeScale, 1)
    }
}
