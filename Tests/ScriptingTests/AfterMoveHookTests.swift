import Layouts
import Solitaire
import XCTest

@testable import Scripting

/// An `after_move` hook that moves nothing leaves the automatic steps to the layout's rules, as
/// a missing hook does (cardtable-lua(7)); one that moves cards makes all of them.
final class AfterMoveHookTests: XCTestCase {
    /// Klondike's tableau 1 with a face-down card under the 7♠, and an 8♥ on tableau 2.
    private func position(_ table: ListingTable) -> GameState {
        var state = GameState(piles: Array(repeating: [], count: table.layout.slots.count), redealsLeft: Int.max)
        let first = table.layout.slots.firstIndex { $0.id == "tableau.1" }!
        state.piles[first] = [PileCard(Card("KD")!, faceUp: false), PileCard(Card("7S")!, faceUp: true)]
        state.piles[first + 1] = [PileCard(Card("8H")!, faceUp: true)]
        return state
    }

    func testAHookThatMovesNothingLeavesTheTurnUpToTheLayout() throws {
        let table = try ListingTable("function after_move(from, count, to) end")
        var state = position(table)
        let first = table.layout.slots.firstIndex { $0.id == "tableau.1" }!
        let record = table.rules.apply(.transfer(from: first, to: first + 1, count: 1), to: &state)
        XCTAssertEqual(state.piles[first].map(\.faceUp), [true], "the K♦ turned up, as Klondike's layout says")
        XCTAssertEqual(record.steps.count, 2, "the move and its turn-up")
        var plain = position(table)
        _ = table.plain.apply(.transfer(from: first, to: first + 1, count: 1), to: &plain)
        XCTAssertEqual(state, plain, "as without the hook")
    }

    func testAHookThatMovesCardsMakesAllTheAutomaticSteps() throws {
        // The hook puts the moved card back where it came from, and turns nothing up.
        let table = try ListingTable(
            """
            function after_move(from, count, to)
              if game.kind(to) == "tableau" then game.move(to, from, 1) end
            end
            """)
        var state = position(table)
        let first = table.layout.slots.firstIndex { $0.id == "tableau.1" }!
        _ = table.rules.apply(.transfer(from: first, to: first + 1, count: 1), to: &state)
        XCTAssertEqual(state.piles[first].map(\.faceUp), [false, true], "nothing turned up: the hook decided")
    }
}
