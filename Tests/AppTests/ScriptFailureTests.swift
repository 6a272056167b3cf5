import Layouts
import Solitaire
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// A variant's script that fails refuses the move, names file, line and hook on the status line,
/// shows its traceback in a panel any key closes, and the game goes on.
final class ScriptFailureTests: XCTestCase {
    /// Klondike's map, with a script whose drops fail on a tableau pile and are fine elsewhere.
    static let script = """
        local function explain(pile)
          return game.kind(pile) .. nil
        end

        function can_drop(from, count, to)
          if game.kind(to) == "tableau" then return explain(to) end
          return nil
        end
        """

    func harness() throws -> Harness {
        try ScriptedTable.harness(
            name: "broken", columns: "deal-down = [0, 1, 2, 3, 4, 5, 6]\ndeal-up = 1", script: Self.script)
    }

    func testAFailingHookRefusesTheMoveNamesItAndShowsTheTraceback() throws {
        let table = try harness()
        let before = table.scene.state
        // Picking the first column's card up asks where it may go: the script fails there.
        table.pilot.type("1")
        table.key(.enter)
        table.renderFrame()
        assertShowsTheFailure(table)

        // The panel put the card back (a panel ends a carry); any key closes it. The second
        // column's card dropped on the third is refused, and the same failure is said again on
        // the status line only.
        XCTAssertNil(table.scene.heldCard, "the panel put the card back")
        table.key(.character("x"))
        XCTAssertFalse(table.scene.isShowingHelp)
        table.pilot.type("2")
        table.key(.enter)
        table.pilot.type("3")
        table.key(.enter)
        table.settle()
        XCTAssertEqual(table.scene.state, before, "nothing moved")
        XCTAssertFalse(table.scene.isShowingHelp)
        XCTAssertTrue(
            table.scene.statusText.contains("broken.lua:2: in can_drop: attempt to concatenate a nil value"),
            table.scene.statusText)
        XCTAssertFalse(
            table.scene.helpPanel.lines.contains("The variant's script failed"), "help has its own lines back")

        // The game goes on: the stock still deals.
        let stock = table.scene.state.piles[0].count
        table.pilot.type("d")
        table.settle()
        XCTAssertEqual(table.scene.state.piles[0].count, stock - 1, "the stock dealt after the failure")
    }

    func assertShowsTheFailure(_ table: Harness, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(table.scene.isShowingHelp, file: file, line: line)
        let screen = table.app.screenText
        XCTAssertTrue(screen.contains("The variant's script failed"), screen, file: file, line: line)
        XCTAssertTrue(screen.contains("Traceback, innermost first:"), screen, file: file, line: line)
        XCTAssertTrue(screen.contains("broken.lua:2: in"), screen, file: file, line: line)
        XCTAssertTrue(screen.contains("broken.lua:2: in function <broken.lua:1>"), screen, file: file, line: line)
    }
}
