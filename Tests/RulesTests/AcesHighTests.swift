import Layouts
import Solitaire
import TestSupport
import XCTest

/// `aces = "high"`, `discard = "outranked"` and `win = "aces-left"`, as Fortunes plays them.
final class AcesHighTests: XCTestCase {
    let fortunes = ShippedLayouts.layout(named: "fortunes")!
    var rules: DeclarativeRules { DeclarativeRules(layout: fortunes) }

    /// Fortunes' piles: the stock, four columns, the discard pile.
    func table(_ columns: [String], stock: String = "") -> GameState { position([stock] + columns + [""]) }

    func testALowerCardOfASuitOnShowGoesToTheDiscardPileAndAnAceNever() {
        XCTAssertEqual(DeclarativeRules.problems(in: fortunes), [])
        let state = table(["2C 7S", "KS", "AS", "9H"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 5, count: 1), in: state), "7S under the KS")
        XCTAssertNil(rules.refusal(of: .transfer(from: 2, to: 5, count: 1), in: state), "the KS under the AS")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 3, to: 5, count: 1), in: state)?.plainMessage,
            "a card goes there only while a higher card of its suit tops another pile")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 4, to: 5, count: 1), in: state)?.plainMessage,
            "a card goes there only while a higher card of its suit tops another pile")
        XCTAssertEqual(
            Set(rules.legalMoves(in: state).filter { $0.to == 5 }),
            [.transfer(from: 1, to: 5, count: 1), .transfer(from: 2, to: 5, count: 1)])
        XCTAssertEqual(rules.describe(.transfer(from: 1, to: 5, count: 1), in: state).plainMessage, "Discard 7S")
    }

    func testAGroupMovesOnlyToAnEmptyColumnAndTheStockDealsOneToEach() {
        var state = table(["2C 7S", "", "AS", "9H"], stock: "[3D] [4D] [5D] [6D]")
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 2, count: 2), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 1, to: 3, count: 1), in: state)?.plainMessage,
            "nothing goes on a column")
        _ = rules.apply(.stock(0), to: &state)
        XCTAssertEqual(state.piles[1...4].map(text), ["2C 7S 6D", "5D", "AS 4D", "9H 3D"])
    }

    func testWonWithOnlyTheAcesLeft() {
        var deck = rules.deal(seed: 1).piles.flatMap { $0 }.filter { $0.rank != 1 }.map(\.card.description)
        XCTAssertEqual(deck.count, 48)
        var won = position(["", "AC", "AD", "AH", "AS", deck.joined(separator: " ")])
        XCTAssertTrue(rules.isWon(won))
        deck.removeLast()
        won = position(["", "AC 2C", "AD", "AH", "AS", deck.joined(separator: " ")])
        XCTAssertFalse(rules.isWon(won))
        XCTAssertEqual(fortunes.rulesSummary.first, "One deck (52 cards); Aces rank high, above the Kings.")
        XCTAssertEqual(fortunes.rulesSummary.last, "Win by discarding every card but the Aces.")
    }

    /// Aces high in building: a King goes on an Ace building down, a 2 on an Ace only with wrap.
    func testTheAceFollowsTheKingWhenAcesRankHigh() {
        func builds(_ card: String, on below: String, wrap: Bool, acesHigh: Bool) -> Bool {
            var layout = columns(2) {
                $0.build = .down
                $0.suit = .any
                $0.wrap = wrap
            }
            layout.rules?.acesHigh = acesHigh
            return DeclarativeRules(layout: layout).builds(
                PileCard(Card(card)!, faceUp: true), on: PileCard(Card(below)!, faceUp: true), inPile: 0)
        }
        XCTAssertTrue(builds("KH", on: "AS", wrap: false, acesHigh: true))
        XCTAssertFalse(builds("KH", on: "AS", wrap: false, acesHigh: false))
        XCTAssertFalse(builds("AS", on: "2D", wrap: false, acesHigh: true))
        XCTAssertTrue(builds("AS", on: "2D", wrap: true, acesHigh: true))
        XCTAssertTrue(builds("AS", on: "2D", wrap: false, acesHigh: false))
        var layout = columns(2) {
            $0.build = .down
            $0.suit = .any
        }
        layout.rules?.acesHigh = true
        let state = position(["AS", "2D"])
        XCTAssertEqual(
            DeclarativeRules(layout: layout).refusal(of: .transfer(from: 1, to: 0, count: 1), in: state)?.plainMessage,
            "2D goes on a 3")
        XCTAssertEqual(
            DeclarativeRules(layout: layout).refusal(of: .transfer(from: 0, to: 1, count: 1), in: state)?.plainMessage,
            "AS goes on no card")
    }
}
