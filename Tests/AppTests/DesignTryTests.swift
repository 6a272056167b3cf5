import Foundation
import Layouts
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// Trying a layout from the designer: `t` plays it as it stands, and `t` or `q` come back to the
/// designer with nothing lost.
final class DesignTryTests: XCTestCase {
    func testTryingAFreeTablePlaysItAndComesBackWithNothingLost() throws {
        let h = try DesignHarness()
        h.tap(h.cell(0, 0))
        h.tap(h.cell(0, 1))
        h.tap(h.palette(.trash))
        h.tap(h.cell(0, 3))
        let design = h.scene.design
        h.key(.character("t"))
        let game = try XCTUnwrap(h.app.game, "the layout is played")
        XCTAssertEqual(game.layout.slots.map(\.id), ["free.1", "free.2", "trash"])
        XCTAssertTrue(
            game.statusText.contains("[t] back to the designer") || game.statusText.contains("t back to the designer"),
            game.statusText)
        // It plays as the sandbox does: a click on an empty free slot deals a card there.
        let slot = try XCTUnwrap(game.slotViews["free.1"])
        h.tap(h.middle(of: slot.frame))
        XCTAssertEqual(game.cards(in: "free.1").count, 1)
        // q goes back to the designer, as it was; the program does not quit.
        h.key(.character("q"))
        XCTAssertNil(h.app.game)
        XCTAssertFalse(h.app.wantsQuit)
        XCTAssertTrue(h.app.current === h.scene)
        XCTAssertEqual(h.scene.design, design)
        XCTAssertTrue(h.screen.contains("New slot:"), h.screen)
        XCTAssertTrue(h.status.hasPrefix("back from trying table.toml"), h.status)
        // t again, and t comes back too.
        h.key(.character("t"))
        XCTAssertNotNil(h.app.game)
        h.key(.character("t"))
        XCTAssertNil(h.app.game)
        // The designer still works: a tap makes a slot.
        h.tap(h.cell(1, 0))
        XCTAssertEqual(h.ids.count, 4)
        h.pilot.assertScreenMatchesWindow()
    }
}
