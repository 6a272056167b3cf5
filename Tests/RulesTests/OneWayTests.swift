import Layouts
import Solitaire
import TestSupport
import XCTest

/// `build = "one-way"` and `build = "up-then-down"`, as Aisleriot's Union Square uses them: piles
/// built up or down in suit, each the way its top two cards go, and foundations of 26 cards, Ace
/// up to King, a second King, then down to the Ace.
final class OneWayTests: XCTestCase {
    /// Piles in reading order: the stock, four piles, a foundation; the waste, four piles, a
    /// foundation; then two rows of four piles and a foundation.
    func unionSquare() throws -> (TableLayout, DeclarativeRules) {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "union-square"))
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        return (layout, DeclarativeRules(layout: layout))
    }

    /// A position with `piles` given by index and every other pile empty.
    func state(_ piles: [Int: String]) -> GameState {
        position((0..<22).map { piles[$0] ?? "" })
    }

    func testAPileBuildsEitherWayUntilItsTopTwoCardsChooseOne() throws {
        let (_, rules) = try unionSquare()
        let one = state([1: "6H", 2: "5H", 3: "7H", 4: "7S"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 2, to: 1, count: 1), in: one), "5H down on 6H")
        XCTAssertNil(rules.refusal(of: .transfer(from: 3, to: 1, count: 1), in: one), "7H up on 6H")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 4, to: 1, count: 1), in: one)?.plainMessage, "7S goes on the 6S or the 8S"
        )
        let rising = state([1: "5H 6H", 2: "4H", 3: "7H"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 3, to: 1, count: 1), in: rising), "7H goes on as 5H 6H go")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 2, to: 1, count: 1), in: rising)?.plainMessage,
            "this column builds up, as its top two cards go")
        let falling = state([1: "7H 6H", 2: "5H", 3: "7D"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 2, to: 1, count: 1), in: falling), "5H goes on as 7H 6H go")
        XCTAssertTrue(rules.legalMoves(in: falling).contains(.transfer(from: 2, to: 1, count: 1)))
        XCTAssertFalse(rules.legalMoves(in: rising).contains(.transfer(from: 2, to: 1, count: 1)))
    }

    func testAFoundationBuildsUpToTheKingTakesTheSecondKingAndBuildsDown() throws {
        let (layout, rules) = try unionSquare()
        let upward = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"
        let low = state([5: upward, 1: "KC", 2: "QC"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 5, count: 1), in: low), "KC up on QC")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 2, to: 5, count: 1), in: state([5: upward + " KC", 2: "QC"]))?
                .plainMessage,
            "a second King goes on the King, then the foundation builds down")
        XCTAssertNil(
            rules.refusal(of: .transfer(from: 1, to: 5, count: 1), in: state([5: upward + " KC", 1: "KC"])),
            "the second King")
        let turned = state([5: upward + " KC KC", 1: "QC", 2: "AC"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 5, count: 1), in: turned), "QC down on the second King")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 2, to: 5, count: 1), in: state([5: upward + " KC KC QC", 2: "JD"]))?
                .plainMessage, "JD goes on the QD")
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "Four foundations build up in suit from Ace to King, then take a second King and build down to Ace, "
                    + "up to 26 cards each; cards never leave them."), layout.rulesSummary.joined(separator: "\n"))
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "Sixteen tableau piles build up or down in suit, each pile one way: the way its top two cards go; "
                    + "only the top card moves."), layout.rulesSummary.joined(separator: "\n"))
    }

    func testTheGameDealsSixteenCardsAndIsWonWithEveryCardUp() throws {
        let (layout, rules) = try unionSquare()
        let dealt = rules.deal(seed: 1)
        let columns = layout.slots.indices.filter { layout.slots[$0].kind == .tableau }
        XCTAssertEqual(columns.map { dealt.piles[$0].count }, Array(repeating: 1, count: 16))
        XCTAssertEqual(dealt.piles[0].count, 88, "the stock")
        XCTAssertFalse(rules.isWon(dealt))
    }
}
