import Layouts
import Persistence
import Solitaire
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// The hooks the table asks on its own: a script's timer speaks on the status line, its
/// double-click makes its own move, and its moves_left decides "no moves left".
final class ScriptHooksAtTheTableTests: XCTestCase {
    static let script = """
        timer_interval = 2

        function on_timer(seconds)
          return string.format("%d seconds on the clock", seconds)
        end

        -- A double-click sends a column's top card to the waste, whatever it is.
        function on_double_click(pile)
          if game.kind(pile) == "tableau" and game.count(pile) > 0 then
            game.move(pile, game.piles("waste")[1])
          end
        end

        -- A click on the last column sends its card to the first foundation.
        function on_click(pile)
          if game.id(pile) == "tableau.7" and game.count(pile) > 0 then
            game.move(pile, game.piles("foundation")[1])
          end
        end

        function moves_left()
          return game.count(game.piles("stock")[1]) > 0
        end
        """

    func harness() throws -> Harness {
        try ScriptedTable.harness(name: "hooks", columns: "deal-up = 1", script: Self.script)
    }

    func testTheTimerSpeaksEveryIntervalOfPlay() throws {
        let table = try harness()
        table.pilot.type("d")  // the first move starts the clock
        table.settle()
        table.advance(1.2)
        table.scene.clockTicked()
        XCTAssertTrue(table.scene.statusText.contains("2 seconds on the clock"), table.scene.statusText)
        XCTAssertFalse(table.scene.statusText.contains("4 seconds"))
        table.advance(2)
        table.scene.clockTicked()
        XCTAssertTrue(table.scene.statusText.contains("4 seconds on the clock"), table.scene.statusText)
    }

    func testADoubleClickTheScriptAnswersIsItsMoveAndUndoes() throws {
        let table = try harness()
        let before = table.scene.state
        let centre = table.centre(of: "tableau.3")
        table.press(centre.x, centre.y)
        table.release(centre.x, centre.y)
        table.press(centre.x, centre.y)
        table.release(centre.x, centre.y)
        table.settle()
        XCTAssertEqual(
            table.scene.history.last?.move,
            .click(table.scene.layout.slots.firstIndex { $0.id == "tableau.3" }!, clicks: 2))
        XCTAssertEqual(table.cards(in: "waste").count, 1)
        XCTAssertEqual(table.cards(in: "tableau.3").count, 0)
        table.pilot.type("u")
        table.settle()
        XCTAssertEqual(table.scene.state, before)
    }

    func testMovesLeftDecidesTheOutlook() throws {
        let table = try harness()
        XCTAssertFalse(table.scene.hasNoMovesLeft)
        // Empty the stock onto the waste by hand: moves_left now says no.
        for _ in 0..<table.scene.state.piles[0].count { table.pilot.type("d") }
        table.settle()
        XCTAssertTrue(table.scene.hasNoMovesLeft, table.scene.statusText)
    }

    func testAClickTheScriptAnswersPlaysInBothMouseModes() throws {
        for mode in [MouseMode.drag, .click] {
            let table = try harness()
            table.scene.mouseMode = mode
            let column = table.centre(of: "tableau.7")
            table.click(column.x, column.y)
            table.settle()
            XCTAssertEqual(table.cards(in: "tableau.7").count, 0, "\(mode)")
            XCTAssertEqual(table.cards(in: "foundation.1").count, 1, "\(mode)")
            XCTAssertEqual(table.scene.history.last?.move.kind, .click, "\(mode)")
        }
    }
    /// The status line offers "click stock deals" only while a click on the stock does something:
    /// a script's stock hook that moves nothing makes it a stock that does not deal.
    func testTheStatusLineOffersTheStockOnlyWhenAClickDeals() throws {
        let dealing = try ScriptedTable.harness(name: "dealing", columns: "deal-up = 1", script: "")
        XCTAssertTrue(dealing.scene.statusText.contains("click stock deals"), dealing.scene.statusText)
        let idle = try ScriptedTable.harness(
            name: "idle", columns: "deal-up = 1", script: "function on_stock_click(pile) end")
        XCTAssertFalse(idle.scene.statusText.contains("stock deals"), idle.scene.statusText)
    }
}
