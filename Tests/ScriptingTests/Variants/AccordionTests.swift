import Layouts
import Scripting
import Solitaire
import XCTest

/// Accordion (layouts/accordion.lua): a card moves onto the card just left of it or three to its
/// left when they match in suit or rank, the covered card goes to the discard pile and the row
/// closes up; won when one card is left.
final class AccordionTests: XCTestCase {
    let play = try! VariantPlay("accordion")
    var rules: ScriptedRules { play.rules }

    func pile(_ id: String) -> Int { play.pile(id)! }
    var stock: Int { pile("stock") }
    var discard: Int { pile("discard") }
    func place(_ n: Int) -> Int { pile("row.\(n)") }

    /// The row's cards, left to right.
    func row(_ state: GameState) -> [String] {
        (1...52).compactMap { state.piles[place($0)].last?.description }
    }

    func testTheDeal() {
        let state = rules.deal(seed: 4)
        XCTAssertEqual(row(state).count, 2, "two cards to start")
        XCTAssertEqual(state.piles[stock].count, 50)
        XCTAssertTrue(state.piles[place(1)][0].faceUp && state.piles[place(2)][0].faceUp)
        XCTAssertTrue(state.piles[discard].isEmpty)
    }

    /// 7♥ · 2♠ · 9♣ · 7♣ · K♣ · 4♥
    func sample() -> GameState {
        play.position([
            place(1): ["7H"], place(2): ["2S"], place(3): ["9C"], place(4): ["7C"], place(5): ["KC"],
            place(6): ["4H"], stock: ["[QD]", "[3S]"],
        ])
    }

    func testACardMovesOneOrThreeLeftOntoAMatchAndTheRowClosesUp() {
        var state = sample()
        // 7♣ onto 7♥, three to its left (same rank).
        let three = Move.transfer(from: place(4), to: place(1))
        XCTAssertNil(rules.refusal(of: three, in: state))
        _ = rules.apply(three, to: &state)
        XCTAssertEqual(row(state), ["7C", "2S", "9C", "KC", "4H"])
        XCTAssertEqual(state.piles[discard].map(\.description), ["7H"])
        XCTAssertEqual(state.piles[place(1)].count, 1)
        // K♣ onto 9♣, just left of it (same suit).
        let one = Move.transfer(from: place(4), to: place(3))
        XCTAssertNil(rules.refusal(of: one, in: state))
        _ = rules.apply(one, to: &state)
        XCTAssertEqual(row(state), ["7C", "2S", "KC", "4H"])
        XCTAssertEqual(state.piles[discard].map(\.description), ["7H", "9C"])
    }

    func testOtherMovesAreRefused() {
        let state = sample()
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: place(6), to: place(4)), in: state)?.plainMessage,
            "a card moves onto the card just left of it, or three to its left")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: place(3), to: place(2)), in: state)?.plainMessage,
            "the two cards must match in suit or in rank")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: place(2), to: place(3)), in: state)?.plainMessage,
            "a card moves onto the card just left of it, or three to its left", "never to the right")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: place(6), to: place(7)), in: state)?.plainMessage,
            "a card moves only onto another card of the row")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: place(6), to: discard), in: state)?.plainMessage,
            "a card moves only onto another card of the row")
    }

    func testAClickMovesACardThatHasOnePlaceToGo() {
        var state = sample()
        XCTAssertEqual(rules.clickMove(on: place(5), in: state), .click(place(5)), "K♣ onto 7♣ only")
        _ = rules.apply(.click(place(5)), to: &state)
        XCTAssertEqual(row(state), ["7H", "2S", "9C", "KC", "4H"])
        XCTAssertEqual(state.piles[discard].map(\.description), ["7C"])
        XCTAssertNil(rules.clickMove(on: place(2), in: state), "2♠ matches nothing")
        // 7♣ may go onto 9♣ (suit) or 7♥ (rank): a click does not choose.
        XCTAssertNil(rules.clickMove(on: place(4), in: sample()))
    }

    func testTheStockDealsTheNextCardAtTheEndOfTheRow() {
        var state = sample()
        _ = rules.apply(.stock(stock), to: &state)
        XCTAssertEqual(row(state), ["7H", "2S", "9C", "7C", "KC", "4H", "3S"])
    }

    func testWonWhenOneCardIsLeft() {
        XCTAssertTrue(rules.isWon(play.position([place(1): ["7H"], discard: ["2S", "9C"]])))
        XCTAssertFalse(rules.isWon(play.position([place(1): ["7H"], stock: ["[9C]"]])), "the stock is empty too")
        XCTAssertFalse(rules.isWon(play.position([place(1): ["7H"], place(2): ["2S"]])))
    }

    /// The script's moves_left answers the table's "No moves left" without a search.
    func testMovesLeftDecidesTheOutlook() {
        XCTAssertEqual(rules.outlook(for: sample()), .movesLeft)
        let stuck = play.position([place(1): ["7H"], place(2): ["2S"], place(3): ["9C"]])
        XCTAssertEqual(rules.outlook(for: stuck), .noMovesLeft)
        XCTAssertFalse(rules.hasAnyLegalMove(in: stuck))
        let withStock = play.position([place(1): ["7H"], place(2): ["2S"], stock: ["[9C]"]])
        XCTAssertEqual(rules.outlook(for: withStock), .movesLeft)
        XCTAssertEqual(rules.ownHint(in: sample())?.move, .transfer(from: place(4), to: place(1)))
    }

    func testRandomPlay() {
        let result = play.playRandomly(games: 3, moves: 40)
        XCTAssertGreaterThan(result.moves, 60)
    }
}
