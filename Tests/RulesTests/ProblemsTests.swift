import Layouts
import Solitaire
import TestSupport
import XCTest

/// What the layout loader hears about rules that cannot be played, and that dealing them never
/// crashes nor loses a card.
final class ProblemsTests: XCTestCase {
    func testProblems() {
        let tooMany = makeLayout([
            GroupSpec("S", .stock, 1), GroupSpec("W", .waste, 1), GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, 6) { $0.dealUp = [10] },
        ])
        let noStock = makeLayout([GroupSpec("F", .foundation, 4), GroupSpec("T", .tableau, 4) { $0.dealUp = [12] }])
        let dealTo = makeLayout([
            GroupSpec("S", .stock, 1) { $0.dealTo = ["X"] }, GroupSpec("F", .foundation, 4),
        ])
        let refill = makeLayout([
            GroupSpec("S", .stock, 1), GroupSpec("W", .waste, 1), GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, 1) { $0.refillFrom = "R" },
        ])
        let cases: [(TableLayout, [String])] = [
            (Variants.klondike(), []),
            (tooMany, ["the deal uses 60 cards but the game has 52"]),
            (noStock, ["the deal leaves 4 cards over and the table has no stock"]),
            (
                dealTo,
                [
                    "deal-to of group 'S' names no group 'X'",
                    "the stock has nowhere to deal: give it deal-to or add a waste",
                ]
            ),
            (refill, ["refill-from of group 'T' names no group 'R'"]),
        ]
        for (layout, expected) in cases {
            XCTAssertEqual(DeclarativeRules.problems(in: layout), expected)
        }
        var noRules = Variants.klondike()
        noRules.rules = nil
        XCTAssertEqual(DeclarativeRules.problems(in: noRules), ["the table has no game rules"])
    }

    func testBadLayoutsStillDealEveryCard() {
        let layouts = [
            makeLayout([GroupSpec("S", .stock, 1), GroupSpec("T", .tableau, 6) { $0.dealUp = [10] }]),
            makeLayout([GroupSpec("F", .foundation, 4), GroupSpec("T", .tableau, 4) { $0.dealUp = [12] }]),
            makeLayout([GroupSpec("F", .foundation, 4)]),
            makeLayout([GroupSpec("T", .tableau, 2) { $0.dealUp = [1, 2, 3] }], decks: 3, suits: ["X"]),
        ]
        for layout in layouts {
            let rules = DeclarativeRules(layout: layout)
            XCTAssertFalse(DeclarativeRules.problems(in: layout).isEmpty)
            let state = rules.deal(seed: 1)
            XCTAssertEqual(state.cardCount, layout.rules!.cardCount)
            _ = rules.legalMoves(in: state)
        }
    }
}
