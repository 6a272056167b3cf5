import Layouts
import Solitaire
import TestSupport
import XCTest

/// `same-base`: the first card played to a foundation sets every foundation's base (Aisleriot's
/// Chessboard), said in the summary and in the refusal.
final class SameBaseTests: XCTestCase {
    func testTheFirstCardPlayedSetsEveryFoundationsBase() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "chessboard"))
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        XCTAssertEqual(layout.rules?.groups["foundation"]?.sameBase, true)
        let rules = DeclarativeRules(layout: layout)
        // Four foundations, then ten columns.
        var state = position(["", "", "", "", "7C", "7H", "8H", "QS", "", "", "", "", "", ""])
        XCTAssertNil(rules.refusal(of: .transfer(from: 7, to: 0, count: 1), in: state), "any card starts the first")
        XCTAssertNil(rules.refusal(of: .transfer(from: 4, to: 2, count: 1), in: state))
        let record = rules.apply(.transfer(from: 4, to: 2, count: 1), to: &state)
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 7, to: 0, count: 1), in: state)?.plainMessage,
            "a foundation starts with a 7")
        XCTAssertNil(rules.refusal(of: .transfer(from: 5, to: 0, count: 1), in: state), "another 7")
        _ = rules.apply(.transfer(from: 5, to: 0, count: 1), to: &state)
        XCTAssertNil(rules.refusal(of: .transfer(from: 6, to: 0, count: 1), in: state), "then up by suit")
        state.revert(record)
        XCTAssertEqual(text(state.piles[0]), "7H")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 7, to: 1, count: 1), in: state)?.plainMessage,
            "a foundation starts with a 7", "the base stays while any foundation holds cards")
        XCTAssertTrue(layout.rules?.routesBySource ?? false, "the families' searches leave it to the general ones")
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "Four foundations build up in suit from the rank of the first card played to them (an Ace goes on a King); cards never leave them."
            ), "\(layout.rulesSummary)")
    }

    func testWithoutSameBaseEachFoundationStartsAsItLikes() throws {
        var layout = try XCTUnwrap(ShippedLayouts.layout(named: "chessboard"))
        layout.rules?.groups["foundation"]?.sameBase = false
        let rules = DeclarativeRules(layout: layout)
        let state = position(["7C", "", "", "", "QS", "", "", "", "", "", "", "", "", ""])
        XCTAssertNil(rules.refusal(of: .transfer(from: 4, to: 1, count: 1), in: state))
    }
}
