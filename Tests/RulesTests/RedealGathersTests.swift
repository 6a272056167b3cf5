import Layouts
import Solitaire
import TestSupport
import XCTest

/// `redeal-gathers` and `redeal-shuffles`: an empty stock takes other piles' cards back, shuffles
/// them by a number the position decides and deals again (Aisleriot's Scuffle); undo puts every
/// card back where it lay.
final class RedealGathersTests: XCTestCase {
    func scuffle(shuffles: Bool = true) throws -> (layout: TableLayout, rules: DeclarativeRules) {
        var layout = try XCTUnwrap(ShippedLayouts.layout(named: "scuffle"))
        layout.rules?.groups["stock"]?.redealShuffles = shuffles
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        return (layout, DeclarativeRules(layout: layout))
    }

    /// Deal `seed`, then click the stock until it is empty.
    func emptied(_ rules: DeclarativeRules, seed: UInt64) -> GameState {
        var state = rules.deal(seed: seed)
        while !state.piles[0].isEmpty { _ = rules.apply(.stock(0), to: &state) }
        return state
    }

    func testARedealGathersTheReservesShufflesAndDealsAgain() throws {
        let (layout, rules) = try scuffle()
        let reserves = layout.slots.indices.filter { layout.slots[$0].kind == .reserve }
        var state = emptied(rules, seed: 5)
        XCTAssertEqual(reserves.map { state.piles[$0].count }, [12, 12, 12, 12])
        XCTAssertEqual(state.redealsLeft, 2)
        let before = state
        let record = rules.apply(.stock(0), to: &state)
        XCTAssertEqual(state.redealsLeft, 1, "a redeal spent")
        XCTAssertEqual(reserves.map { state.piles[$0].count }, [1, 1, 1, 1], "dealt again at once")
        XCTAssertEqual(state.piles[0].count, 44)
        XCTAssertTrue(state.piles[0].allSatisfy { !$0.faceUp }, "the stock lies face down")
        XCTAssertTrue(reserves.allSatisfy { state.piles[$0].last!.faceUp })
        XCTAssertEqual(record.steps.filter { $0.shuffle != 0 }.count, 1, "\(record.steps)")
        XCTAssertEqual(
            Set(reserves.flatMap { before.piles[$0] }.map(\.card)),
            Set((reserves.flatMap { state.piles[$0] } + state.piles[0]).map(\.card)), "the same cards")

        // Without the shuffle the same cards come back in the order they were gathered.
        var unshuffled = before
        _ = try scuffle(shuffles: false).rules.apply(.stock(0), to: &unshuffled)
        XCTAssertNotEqual(unshuffled.piles, state.piles, "shuffled")
        XCTAssertEqual(
            Set((reserves.flatMap { unshuffled.piles[$0] } + unshuffled.piles[0]).map(\.card)),
            Set((reserves.flatMap { state.piles[$0] } + state.piles[0]).map(\.card)))

        // The same position redeals the same way; undo puts every card back.
        var again = before
        XCTAssertEqual(rules.apply(.stock(0), to: &again), record)
        XCTAssertEqual(again, state)
        again.revert(record)
        XCTAssertEqual(again, before)
    }

    func testTheRedealsRunOutAndThenTheStockRefuses() throws {
        let (_, rules) = try scuffle()
        var state = emptied(rules, seed: 9)
        var redeals = 0
        while rules.clickMove(on: 0, in: state) != nil {
            if state.piles[0].isEmpty { redeals += 1 }
            _ = rules.apply(.stock(0), to: &state)
        }
        XCTAssertEqual(redeals, 2)
        XCTAssertEqual(state.redealsLeft, 0)
        XCTAssertTrue(state.piles[0].isEmpty)
        XCTAssertEqual(rules.refusal(of: .stock(0), in: state)?.plainMessage, "no redeals left")
        XCTAssertNil(rules.clickMove(on: 0, in: state))
    }

    func testTheShuffleIsAStepThatRevertsExactly() {
        var state = position(["AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "KD"])
        let before = state
        let step = Step.shuffling(0, count: 6, seed: 12345)
        state.apply(step)
        XCTAssertEqual(text(state.piles[1]), "KD")
        XCTAssertEqual(Array(state.piles[0].prefix(4)), Array(before.piles[0].prefix(4)), "only the top six")
        XCTAssertNotEqual(state.piles[0], before.piles[0])
        XCTAssertEqual(Set(state.piles[0].map(\.card)), Set(before.piles[0].map(\.card)))
        state.revert(step)
        XCTAssertEqual(state, before)
        XCTAssertEqual(Step.shuffleOrder(count: 52, seed: 7), Step.shuffleOrder(count: 52, seed: 7))
        XCTAssertEqual(Step.shuffleOrder(count: 52, seed: 7).sorted(), Array(0..<52))
        XCTAssertNotEqual(Step.shuffleOrder(count: 52, seed: 7), Step.shuffleOrder(count: 52, seed: 8))
    }

    func testTheSummarySaysTheStockGathersAndShuffles() throws {
        let (layout, _) = try scuffle()
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "The stock deals one card onto each reserve; once empty, it gathers the cards of the reserves, shuffles them and deals again, twice."
            ), "\(layout.rulesSummary)")
    }

    /// Cruel: the columns gathered, the first on top, and dealt again four at a time from the
    /// first: with no move between, a redeal leaves every card where it lay.
    func testCruelsRedealDealsFourAtATimeAndLeavesAnUnplayedTableAsItWas() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "cruel"))
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        let rules = DeclarativeRules(layout: layout)
        let columns = layout.slots.indices.filter { layout.slots[$0].kind == .tableau }
        var state = rules.deal(seed: 2)
        XCTAssertEqual(columns.map { state.piles[$0].count }, Array(repeating: 4, count: 12))
        XCTAssertTrue(state.piles[0].isEmpty, "every card dealt")
        let dealt = state
        let record = rules.apply(.stock(0), to: &state)
        XCTAssertEqual(state, dealt, "nothing moved, nothing changes")
        XCTAssertEqual(record.steps.count, 24, "twelve columns taken back, twelve dealt")
        XCTAssertEqual(state.redealsLeft, Int.max)

        // One card fewer in the third column: the next columns' cards move up by one.
        state.piles[columns[2]].removeLast()
        let before = state
        let redeal = rules.apply(.stock(0), to: &state)
        XCTAssertEqual(columns.map { state.piles[$0].count }, Array(repeating: 4, count: 11) + [3])
        XCTAssertEqual(state.piles[columns[2]], before.piles[columns[2]] + [before.piles[columns[3]][0]])
        XCTAssertEqual(Array(state.piles[columns[0]]), Array(before.piles[columns[0]]))
        state.revert(redeal)
        XCTAssertEqual(state, before)
        XCTAssertTrue(layout.rules?.routesBySource ?? false, "no family search models a gathering stock")
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "The stock deals four cards onto each tableau pile; once empty, it gathers the cards of the tableau piles and deals again, as often as you like."
            ), "\(layout.rulesSummary)")
    }
}
