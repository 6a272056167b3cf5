import Gamepads
import Layouts
import TableKit
import TerminalInput
import XCTest

@testable import App

/// A gamepad plays as the keys do: its presses go through the keys they stand for, so the same
/// actions follow; a pad that comes or goes is said on the status line, and one that goes while
/// cards are carried puts them back.
final class GamepadTests: XCTestCase {
    let pad = "Test Pad"

    func press(_ h: Harness, _ button: GamepadButton) {
        h.app.handle(gamepad: .pressed(button, pad: pad))
        h.advance(0.1)
    }

    func testAWholeMoveWithThePadAlone() {
        let h = Harness(seed: 1)
        press(h, .south)  // deals a card on free.1, as Enter
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        press(h, .south)  // picks it up
        XCTAssertEqual(h.scene.heldCard?.description, "4H")
        press(h, .right)
        press(h, .right)
        XCTAssertEqual(h.scene.cursorSlot, "free.3")
        press(h, .south)  // drops it
        XCTAssertEqual(h.cards(in: "free.3"), ["4H"])
        XCTAssertEqual(h.cards(in: "free.1"), [])
        press(h, .west)  // undo
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
    }

    func testShouldersGoRoundThePilesBothWays() {
        let h = Harness(seed: 1)
        XCTAssertEqual(h.scene.cursorSlot, "free.1")
        press(h, .rightShoulder)
        XCTAssertEqual(h.scene.cursorSlot, "free.2")
        press(h, .leftShoulder)
        press(h, .leftShoulder)
        XCTAssertEqual(h.scene.cursorSlot, h.layout.slots.last?.id, "round to the last pile")
    }

    func testPadsComingAndGoingAreSaidAndOneGoingPutsTheCardsInHandBack() {
        let h = Harness(seed: 1)
        h.app.handle(gamepad: .connected(name: pad))
        h.advance(0.1)
        XCTAssertTrue(h.statusLine.contains("Gamepad connected: Test Pad"), h.statusLine)
        press(h, .south)
        press(h, .south)
        press(h, .right)
        XCTAssertEqual(h.scene.heldCard?.description, "4H")
        h.app.handle(gamepad: .disconnected(name: pad))
        h.advance(0.5)
        XCTAssertNil(h.scene.heldCard, "the carried card is put back")
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        XCTAssertTrue(h.statusLine.contains("Gamepad disconnected: Test Pad"), h.statusLine)
    }

    func testStartPausesTheClockUnderAPanelAndAnyKeyGoesOn() {
        let h = Harness(layout: ShippedLayouts.layout(named: "klondike")!)
        h.key(.character("d"))  // a move: the clock starts
        h.advance(3)
        XCTAssertTrue(h.scene.isClockRunning)
        press(h, .start)
        XCTAssertTrue(h.app.screenText.contains("Paused"), h.app.screenText)
        let paused = h.scene.elapsedSeconds
        h.advance(60)
        XCTAssertEqual(h.scene.elapsedSeconds, paused, "the clock stopped")
        XCTAssertNil(h.scene.nextClockTick, "no wake-ups while paused")
        press(h, .south)  // any button goes on
        XCTAssertFalse(h.app.screenText.contains("Paused"))
        h.advance(5)
        XCTAssertEqual(h.scene.elapsedSeconds, paused + 5.1, accuracy: 0.01, "running again from where it stopped")
        XCTAssertEqual(h.cards(in: "waste").count, 1, "the key that ended the pause did nothing else")
    }

    func testThePauseMenusNewGameAndChooserKeys() {
        let h = Harness(layout: ShippedLayouts.layout(named: "klondike")!)
        h.key(.character("d"))
        let game = h.scene.gameID
        h.key(.character("p"))
        h.key(.character("n"))
        XCTAssertNotEqual(h.app.game?.gameID, game, "n in the pause deals a new game")
        h.key(.character("p"))
        h.key(.character("g"))
        h.advance(0.1)
        XCTAssertNotNil(h.app.chooser, "g in the pause opens the chooser")
    }

    func testEastCancelsACarryAndEveryButtonStandsForABoundKey() {
        let h = Harness(seed: 1)
        press(h, .south)
        press(h, .south)
        press(h, .east)
        XCTAssertNil(h.scene.heldCard)
        for button in GamepadButton.allCases {
            let key = GamepadBindings.key(for: button)
            XCTAssertNotNil(key, "\(button) does nothing")
            if let key {
                XCTAssertNotNil(KeyBindings.action(for: KeyPress(key)), "\(button): its key has no action")
            }
        }
    }
}

extension Harness {
    /// The status line, the screen's last row.
    fileprivate var statusLine: String { text(0, app.window.size.height - 1, width: app.window.size.width) }
}
