import Layouts
import Solitaire
import XCTest

@testable import Scripting

/// `game.base()`: the rank an empty foundation takes, the dealt base's when the layout deals it
/// (Lady Jane), the layout's base otherwise (Klondike's Ace); and a scripted deal sets the dealt
/// base as the declarative deal does.
final class GameBaseTests: XCTestCase {
    /// A script that says `game.base()` in its refusal of every pick-up.
    static let tellsTheBase = """
        function can_pick_up(pile, index) return false, "base " .. tostring(game.base()) end
        """

    func rules(_ game: String, _ source: String) throws -> ScriptedRules {
        var layout = try XCTUnwrap(ShippedLayouts.layout(named: game))
        layout.script = LayoutScript(name: "base.lua", file: "base.lua", source: source)
        let rules = ScriptedRules(layout: layout)
        XCTAssertNil(rules.loadFailure)
        return rules
    }

    /// What the script said `game.base()` was, asked on a pile with a card.
    func base(_ rules: ScriptedRules, in state: GameState) -> String? {
        let pile = state.piles.firstIndex { !$0.isEmpty }!
        return rules.pickUpRefusal(pile: pile, from: state.piles[pile].count - 1, in: state)?.plainMessage
    }

    func testTheDealtBaseIsTheRankDealtToTheFirstFoundation() throws {
        let rules = try rules("lady-jane", GameBaseTests.tellsTheBase)
        for seed: UInt64 in [3, 4, 5] {
            let state = rules.deal(seed: seed)
            XCTAssertTrue((1...13).contains(state.dealtBase))
            XCTAssertEqual(base(rules, in: state), "base \(state.dealtBase)")
        }
    }

    func testALayoutsBaseRankAndNoBase() throws {
        let klondike = try rules("klondike", GameBaseTests.tellsTheBase)
        XCTAssertEqual(base(klondike, in: klondike.deal(seed: 1)), "base 1")
        let open = try rules("all-in-a-row", GameBaseTests.tellsTheBase)
        XCTAssertEqual(base(open, in: open.deal(seed: 1)), "base nil", "any card starts the foundation")
    }

    func testAScriptedDealSetsTheDealtBase() throws {
        // Deals a 9 to the first foundation, then the columns as the layout does not say.
        let rules = try rules(
            "lady-jane",
            GameBaseTests.tellsTheBase + """

                function deal()
                  game.deal(game.piles("foundation")[1], true, 9)
                  for _, p in ipairs(game.piles("tableau")) do game.deal(p) end
                end
                """)
        let state = rules.deal(seed: 2)
        XCTAssertEqual(state.dealtBase, 9)
        XCTAssertEqual(base(rules, in: state), "base 9")
        let foundation = rules.layout.slots.firstIndex { $0.kind == .foundation }!
        XCTAssertEqual(state.piles[foundation].map(\.rank), [9])
    }
}
