import Balls
import Layouts
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// The balls game in the app, headless: input goes in as terminal events, frames come out on a
/// recording screen, and the clock moves only when told.
final class BallsSceneTests: XCTestCase {
    var clock: ManualClock!
    var app: TableApp!
    var pilot: Pilot!

    override func setUp() {
        clock = ManualClock()
        app = TableApp.balls(seed: 1, width: 80, height: 24, clock: clock, animations: false)
        pilot = Pilot(
            window: app.window, clock: clock, input: { [unowned self] in app.handle($0) },
            render: {
                [unowned self] in app.renderFrame()
            })
    }

    private var balls: BallsScene { app.balls! }
    private var statusRow: String { pilot.screen.lines[23] }

    /// Frames at a rate for a while: the clock moves a frame's time, then a frame is drawn when
    /// the app asks for one.
    private func play(seconds: Double, framesPerSecond: Double) {
        let frames = Int((seconds * framesPerSecond).rounded())
        for _ in 0..<frames {
            clock.advance(by: 1 / framesPerSecond)
            if app.needsFrame { pilot.screen.draw(app.renderFrame().changes) }
        }
    }

    func testBetweenLevelsTheNextLevelIsOfferedAndNothingIsAskedFor() {
        XCTAssert(pilot.screen.text.contains("Tap to start next level"), pilot.screen.text)
        XCTAssert(statusRow.contains("level 1 of 10"), statusRow)
        XCTAssertFalse(app.needsFrame)
        XCTAssertNil(app.nextTick, "idle between levels: no tick wanted")
    }

    /// End to end: a synthetic click starts the level, a second sets off the explosion, and
    /// the rendered status says removed/target.
    func testATapStartsTheLevelAndTheStatusSaysRemovedOverTarget() {
        pilot.click(40, 12)
        XCTAssertTrue(balls.game.isPlaying)
        XCTAssert(statusRow.hasPrefix(" 0/1 · level 1 of 10"), statusRow)
        XCTAssertFalse(pilot.screen.text.contains("Tap to start"))
        XCTAssertNotNil(app.nextTick)
        pilot.click(10, 5)
        XCTAssertTrue(balls.game.hasTapped)
        XCTAssertEqual(balls.game.explosions.count, 1)
        // The explosion, red half blocks, shows where the click landed as it grows.
        play(seconds: 1, framesPerSecond: 30)
        let cell = pilot.screen[10, 5]
        XCTAssert(["▀", "▄"].contains(cell.glyph.text), "\(cell)")
        XCTAssertEqual(cell.foreground, BallsFieldView.rgb(.red))
    }

    func testTheSimulationStepsFifteenTimesASecondAtAnyFrameRate() {
        for framesPerSecond in [60.0, 7.0] {
            setUp()
            pilot.click(40, 12)
            let before = balls.steps
            play(seconds: 1, framesPerSecond: framesPerSecond)
            XCTAssertEqual(balls.steps - before, 15, "\(framesPerSecond) frames a second")
        }
    }

    func testTicksAreAskedForOnlyAtTheNextStep() {
        pilot.click(40, 12)
        let next = app.nextTick!
        XCTAssertEqual(next - clock.now, 1.0 / 15, accuracy: 1e-9)
        clock.advance(by: 0.03)
        XCTAssertFalse(app.needsFrame, "no step due yet: no frame")
        clock.advance(by: 0.04)
        XCTAssertTrue(app.needsFrame)
    }

    func testEnterAtTheCursorSetsOffTheExplosionThere() {
        pilot.key(.enter)  // starts the level
        let start = balls.cursor
        pilot.key(.left)
        pilot.key(.left)
        pilot.key(.up)
        XCTAssertEqual(balls.cursor.column, start.column - 2)
        XCTAssertEqual(balls.cursor.row, start.row - 1)
        XCTAssertEqual(pilot.screen[balls.cursor.column, balls.cursor.row].glyph.text, "+")
        pilot.key(.enter)
        let explosion = balls.game.explosions.first!
        let size = balls.pixelsPerColumn
        XCTAssertEqual(explosion.center.x, (Double(balls.cursor.column) + 0.5) * size, accuracy: 1e-9)
        XCTAssertEqual(explosion.center.y, (Double(balls.cursor.row) + 0.5) * 2 * size, accuracy: 1e-9)
    }

    /// The second click comes at once, on the same cell: a tap of its own, not a double-click.
    func testALevelEndsWhenItsExplosionsAreOverAndTheNextIsOffered() {
        pilot.click(40, 12)
        pilot.click(40, 12)
        XCTAssertTrue(balls.game.hasTapped, "the quick second click set off the explosion")
        // An explosion lasts 121 steps (8 s); a chain of them longer.
        play(seconds: 90, framesPerSecond: 15)
        XCTAssertFalse(balls.game.isPlaying)
        XCTAssertNotNil(balls.game.outcome)
        let text = pilot.screen.text
        XCTAssert(text.contains(balls.game.outcome == .passed ? "Level passed!" : "Oops. Try again!"), text)
        XCTAssert(text.contains("Tap to start next level"), text)
        XCTAssertNil(app.nextTick)
        XCTAssertFalse(app.needsFrame)
    }

    func testHelpAndQuit() {
        pilot.type("?")
        XCTAssert(pilot.screen.text.contains("removed/target"), pilot.screen.text)
        pilot.key(.escape)
        XCTAssertFalse(pilot.screen.text.contains("removed/target"))
        pilot.type("?")
        pilot.type("x")  // no action's key: it closes the help too
        XCTAssertFalse(pilot.screen.text.contains("removed/target"))
        pilot.type("q")
        XCTAssertTrue(app.wantsQuit)
    }

    func testTheChooserListsBallsAndPlaysThem() {
        let games = [ShippedLayouts.layout(named: "klondike")!, BallsScene.chooserEntry]
        let chooserApp = TableApp(chooserWith: games, width: 100, height: 30, clock: clock) { 7 }
        let pilot = Pilot(
            window: chooserApp.window, clock: clock, input: { chooserApp.handle($0) },
            render: {
                chooserApp.renderFrame()
            })
        XCTAssert(pilot.screen.text.contains(ChooserCatalog.arcadeHeading), pilot.screen.text)
        pilot.key(.end)
        XCTAssert(pilot.screen.text.contains("chain reaction"), pilot.screen.text)
        pilot.key(.enter)
        XCTAssertNotNil(chooserApp.balls)
        XCTAssert(pilot.screen.text.contains("Tap to start next level"))
        pilot.type("g")
        XCTAssertNotNil(chooserApp.chooser)
        XCTAssertEqual(chooserApp.chooser?.selectedGame.name, "balls")
    }

    func testAResizeKeepsTheFieldTheOriginalsArea() {
        app.resize(width: 120, height: 40)
        let size = balls.pixelsPerColumn
        XCTAssertEqual(120 * size * 39 * 2 * size, 320 * 480, accuracy: 1e-6)
        XCTAssertEqual(balls.game.width, 120 * size, accuracy: 1e-9)
    }
}
