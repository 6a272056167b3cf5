import Layouts
import Persistence
import TestSupport
import XCTest

@testable import App

/// With no HOME (nor XDG folders) nothing can be kept: the game played on, nothing was saved or
/// recorded, and quitting exited 0 without a word. It is said as a save that failed is: on the
/// status line after the first move, and again on the way out, with an error.
final class NowhereKeeperTests: XCTestCase {
    func testAGameThatCannotBeKeptSaysSoAndEndsWithAnError() throws {
        let klondike = try XCTUnwrap(ShippedLayouts.layout(named: "klondike"))
        let harness = Harness(layout: klondike, seed: 12345, width: 80, height: 24)
        harness.app.keeper = NowhereGameKeeper()
        harness.renderFrame()
        XCTAssertFalse(harness.scene.statusText.contains("cannot save"), "no move, nothing lost")
        XCTAssertFalse(harness.app.leftUnsaved)
        harness.pilot.type("d")
        harness.renderFrame()
        // The title, moves and clock stay on an 80-column line beside it (the whole reason, 79
        // columns, pushed them off).
        XCTAssertTrue(
            harness.scene.statusText.hasPrefix("cannot save: HOME is not set · Klondike #12345 · 1 move · "),
            harness.scene.statusText)
        // Said once; the moves after it say they are not saved either.
        harness.pilot.type("d")
        harness.renderFrame()
        XCTAssertTrue(
            harness.scene.statusText.hasPrefix("Klondike #12345 · 2 moves · 0:00 · not saved"), harness.scene.statusText
        )
        harness.app.finish()
        XCTAssertTrue(harness.app.leftUnsaved)
        XCTAssertEqual(
            harness.app.keeperProblems,
            [
                "cannot record the statistics: " + NowhereGameKeeper.reason,
                "the game is not saved: cannot save: " + NowhereGameKeeper.reason,
            ])
    }
}
