import Layouts
import Solitaire
import TestSupport
import XCTest

/// `empty = "below-base"` (Lady Jane): an empty column takes only a card one rank below the
/// foundations' dealt base, a King below an Ace, or a run starting with one.
final class BelowBaseTests: XCTestCase {
    let layout = ShippedLayouts.layout(named: "lady-jane")!
    var rules: DeclarativeRules { DeclarativeRules(layout: layout) }

    func piles(_ kind: SlotKind) -> [Int] { layout.slots.indices.filter { layout.slots[$0].kind == kind } }

    /// Lady Jane's piles, the reserve's and the columns' given in order, the others empty.
    func table(reserve: [String], columns: [String], base: Int) -> GameState {
        var texts = Array(repeating: "", count: layout.slots.count)
        for (pile, text) in zip(piles(.reserve), reserve) { texts[pile] = text }
        for (pile, text) in zip(piles(.tableau), columns) { texts[pile] = text }
        return position(texts, dealtBase: base)
    }

    func testAnEmptyColumnTakesOnlyTheRankBelowTheBase() {
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        let reserve = ["4S", "5H", "KC", "", "", "", ""]
        let columns = ["", "4H 3C", "QD", "", "", "", ""]
        let fives = table(reserve: reserve, columns: columns, base: 5)
        let (r, t) = (piles(.reserve), piles(.tableau))
        XCTAssertNil(rules.refusal(of: .transfer(from: r[0], to: t[0], count: 1), in: fives), "a 4 below a 5")
        XCTAssertNil(rules.refusal(of: .transfer(from: t[1], to: t[0], count: 2), in: fives), "a run from a 4")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: r[1], to: t[0], count: 1), in: fives)?.plainMessage,
            "only a 4 on an empty column")
        let aces = table(reserve: reserve, columns: columns, base: 1)
        XCTAssertNil(rules.refusal(of: .transfer(from: r[2], to: t[0], count: 1), in: aces), "a King below an Ace")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: r[0], to: t[0], count: 1), in: aces)?.plainMessage,
            "only a King on an empty column")
    }

    func testTheDealSetsTheBaseAndTheSummarySaysIt() {
        let state = rules.deal(seed: 3)
        XCTAssertEqual(state.dealtBase, state.piles[piles(.foundation)[0]].first?.rank)
        XCTAssertEqual(piles(.reserve).map { state.piles[$0].count }, Array(repeating: 1, count: 7))
        XCTAssertEqual(piles(.tableau).map { state.piles[$0].count }, [1, 2, 3, 4, 5, 6, 7])
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "An empty tableau pile takes only a card one rank below the foundations' base (a King below an Ace), "
                    + "or a run starting with one."), "\(layout.rulesSummary)")
    }
}
