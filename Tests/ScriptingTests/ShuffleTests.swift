import Layouts
import Solitaire
import XCTest

@testable import Scripting

/// `game.shuffle`: a script's redeal that gathers and shuffles, written as cardtable-lua(7)'s
/// example, plays as Scuffle's layout says it without a script, step for step, and undoes exactly.
final class ShuffleTests: XCTestCase {
    /// cardtable-lua(7)'s example.
    static let redeal = """
        function on_stock_click(stock)
          if game.count(stock) > 0 or game.redeals_left() == 0 then
            return false
          end
          local reserves = game.piles("reserve")
          local spent = false
          for i = #reserves, 1, -1 do
            local pile = reserves[i]
            if game.count(pile) > 0 then
              game.move(pile, stock, game.count(pile),
                { flip = true, reverse = true, redeal = not spent })
              spent = true
            end
          end
          game.shuffle(stock)
          for _, pile in ipairs(reserves) do
            if game.count(stock) > 0 then
              game.move(stock, pile, 1, { flip = true })
            end
          end
          return true
        end
        """

    func testTheScriptsRedealShufflesAsTheLayoutsDoes() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "scuffle"))
        let declarative = DeclarativeRules(layout: layout)
        var scriptedLayout = layout
        scriptedLayout.script = LayoutScript(name: "scuffle.lua", file: "scuffle.lua", source: ShuffleTests.redeal)
        let scripted = ScriptedRules(layout: scriptedLayout)
        XCTAssertNil(scripted.loadFailure)
        for seed: UInt64 in [1, 2, 3] {
            var state = declarative.deal(seed: seed)
            while !state.piles[0].isEmpty { _ = declarative.apply(.stock(0), to: &state) }
            let before = state
            var byScript = state
            let expected = declarative.apply(.stock(0), to: &state)
            let made = scripted.apply(.stock(0), to: &byScript)
            XCTAssertEqual(made, expected, "deal \(seed)")
            XCTAssertEqual(byScript, state, "deal \(seed)")
            XCTAssertEqual(made.steps.filter { $0.shuffle != 0 }.count, 1)
            byScript.revert(made)
            XCTAssertEqual(byScript, before, "undone exactly")
        }
    }

    func testAShuffleOfFewerCardsThanThePileLeavesTheOthers() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "scuffle"))
        var scriptedLayout = layout
        scriptedLayout.script = LayoutScript(
            name: "top.lua", file: "top.lua",
            source: "function on_stock_click(stock) game.shuffle(stock, 5) return true end")
        let rules = ScriptedRules(layout: scriptedLayout)
        var state = rules.deal(seed: 4)
        let before = state
        let record = rules.apply(.stock(0), to: &state)
        XCTAssertEqual(record.steps.count, 1)
        XCTAssertEqual(record.steps.first?.count, 5)
        XCTAssertEqual(state.piles[0].dropLast(5), before.piles[0].dropLast(5))
        XCTAssertEqual(Set(state.piles[0].suffix(5)), Set(before.piles[0].suffix(5)))
        XCTAssertNotEqual(state.piles[0], before.piles[0])
    }
}
