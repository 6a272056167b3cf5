import Layouts
import Scripting
import Solitaire
import XCTest

/// Nestor, layouts/nestor.lua: eight columns of six with no two cards of a rank in a column, four
/// reserve cards, and pairs of a rank off the tops onto the discard pile (the layout's
/// `pair = "same-rank"`; the script only deals).
final class NestorTests: XCTestCase {
    var play: VariantPlay!
    var rules: ScriptedRules { play.rules }
    var discard: Int { play.pile("discard")! }
    var columns: [Int] { rules.layout.slots.indices.filter { rules.layout.slots[$0].kind == .tableau } }
    var reserve: [Int] { rules.layout.slots.indices.filter { rules.layout.slots[$0].kind == .reserve } }

    override func setUpWithError() throws {
        play = try VariantPlay("nestor")
    }

    func testTheDealHasNoTwoCardsOfARankInAColumn() {
        XCTAssertEqual(columns.count, 8)
        XCTAssertEqual(reserve.count, 4)
        for seed: UInt64 in 1...40 {
            let state = rules.deal(seed: seed)
            XCTAssertEqual(state.cardCount, 52)
            for column in columns {
                let pile = state.piles[column]
                XCTAssertEqual(pile.count, 6)
                XCTAssertTrue(pile.allSatisfy(\.faceUp))
                XCTAssertEqual(Set(pile.map(\.rank)).count, 6, "deal \(seed): \(pile)")
            }
            XCTAssertTrue(reserve.allSatisfy { state.piles[$0].count == 1 && state.piles[$0][0].faceUp })
            XCTAssertTrue(state.piles[discard].isEmpty)
        }
        XCTAssertNotEqual(rules.deal(seed: 1), rules.deal(seed: 2))
        XCTAssertNil(rules.takeFailure())
    }

    func testAPairOfARankGoesToTheDiscardPile() {
        var state = play.position([
            columns[0]: ["2C", "7H"], columns[1]: ["7S"], reserve[0]: ["KD"], columns[2]: ["KC"],
        ])
        XCTAssertNil(rules.refusal(of: .transfer(from: columns[0], to: columns[1]), in: state))
        _ = rules.apply(.transfer(from: columns[0], to: columns[1]), to: &state)
        XCTAssertEqual(state.piles[discard].map(\.description), ["7S", "7H"])
        XCTAssertEqual(state.piles[columns[0]].map(\.description), ["2C"])
        XCTAssertTrue(state.piles[columns[1]].isEmpty)
        // A reserve card pairs too.
        XCTAssertNil(rules.refusal(of: .transfer(from: reserve[0], to: columns[2]), in: state))
    }

    func testOnlyTopCardsOfTheSameRankPair() {
        let state = play.position([columns[0]: ["7C", "2H"], columns[1]: ["7S"], columns[2]: ["8D"]])
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: columns[1], to: columns[2]), in: state)?.plainMessage,
            "7S and 8D are not of one rank")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: columns[0], to: columns[1], count: 2), in: state)?.plainMessage,
            "only the top card moves")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: columns[1], to: discard), in: state)?.plainMessage,
            "drop a card on the card it pairs with, and both go there")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: columns[1], to: columns[3]), in: state)?.plainMessage,
            "nothing goes on an empty column")
        XCTAssertFalse(rules.hasAnyLegalMove(in: state))
    }

    func testWonWhenEveryCardIsDiscarded() {
        let deck = rules.deal(seed: 4).piles.flatMap { $0.map(\.description) }
        XCTAssertTrue(rules.isWon(play.position([discard: deck])))
        XCTAssertFalse(
            rules.isWon(play.position([discard: Array(deck.dropLast(2)), columns[0]: Array(deck.suffix(2))])))
    }

    func testOnlyTheDealIsScripted() {
        XCTAssertEqual(rules.engine?.hooks, [.deal])
        XCTAssertNotNil(rules.declarativeRules, "the solver plays it by the layout's rules alone")
    }

    func testRandomPlayKeepsTheRules() {
        let result = play.playRandomly(games: 8, moves: 30)
        XCTAssertGreaterThan(result.moves, 30)
    }
}
