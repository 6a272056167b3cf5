import Layouts
import Scripting
import Solitaire
import XCTest

/// Monte Carlo (layouts/monte-carlo.lua): touching cards of equal rank pair off to the discard
/// pile; a stock click closes the gaps and deals into the places left at the end.
final class MonteCarloTests: XCTestCase {
    let play = try! VariantPlay("monte-carlo")
    var rules: ScriptedRules { play.rules }

    func pile(_ id: String) -> Int { play.pile(id)! }
    var stock: Int { pile("stock") }
    var discard: Int { pile("discard") }
    /// The place at `row` and `column` of the square, from 1.
    func place(_ row: Int, _ column: Int) -> Int { pile("grid.\((row - 1) * 5 + column)") }

    func testTheDeal() {
        let state = rules.deal(seed: 9)
        for n in 1...25 {
            XCTAssertEqual(state.piles[pile("grid.\(n)")].count, 1)
            XCTAssertTrue(state.piles[pile("grid.\(n)")][0].faceUp)
        }
        XCTAssertEqual(state.piles[stock].count, 27)
        XCTAssertEqual(state.piles[discard].count, 0)
    }

    func square() -> GameState {
        play.position([
            place(1, 1): ["7H"], place(1, 2): ["7S"], place(2, 2): ["9C"], place(3, 3): ["9D"],
            place(1, 5): ["7C"], place(5, 1): ["KH"], place(4, 5): ["KS"], place(2, 1): ["4D"],
            stock: ["[2C]", "[3C]"],
        ])
    }

    func testTouchingCardsOfEqualRankPair() {
        var state = square()
        XCTAssertNil(rules.refusal(of: .transfer(from: place(1, 2), to: place(1, 1)), in: state), "side by side")
        XCTAssertNil(rules.refusal(of: .transfer(from: place(3, 3), to: place(2, 2)), in: state), "corner to corner")
        _ = rules.apply(.transfer(from: place(3, 3), to: place(2, 2)), to: &state)
        XCTAssertEqual(state.piles[discard].map(\.description), ["9C", "9D"])
        XCTAssertTrue(state.piles[place(2, 2)].isEmpty && state.piles[place(3, 3)].isEmpty)
    }

    func testCardsApartOrOfOtherRanksAreRefused() {
        let state = square()
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: place(1, 5), to: place(1, 2)), in: state)?.plainMessage,
            "the two cards must touch: side by side, one above the other, or corner to corner")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: place(2, 1), to: place(1, 1)), in: state)?.plainMessage,
            "a 4 pairs only with another 4, not with a 7")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: place(1, 1), to: discard), in: state)?.plainMessage,
            "drop a card on its partner: the two go to the discard pile together")
        // The square's edges do not wrap: K♥ at the start of row 5 and K♠ at the end of row 4.
        XCTAssertNotNil(rules.refusal(of: .transfer(from: place(5, 1), to: place(4, 5)), in: state))
    }

    func testAClickPairsACardWithItsOnlyPartner() {
        var state = square()
        XCTAssertEqual(rules.clickMove(on: place(2, 2), in: state), .click(place(2, 2)))
        _ = rules.apply(.click(place(2, 2)), to: &state)
        XCTAssertEqual(state.piles[discard].map(\.description), ["9C", "9D"])
        XCTAssertNil(rules.clickMove(on: place(2, 1), in: state), "4♦ has no partner")
    }

    func testTheStockClosesTheGapsAndDeals() {
        var state = square()
        _ = rules.apply(.stock(stock), to: &state)
        let cards = (1...25).map { state.piles[pile("grid.\($0)")].first?.description ?? "-" }
        // The cards move up in reading order; the next places take the stock's cards, its top first.
        XCTAssertEqual(cards.prefix(10), ["7H", "7S", "7C", "4D", "9C", "9D", "KS", "KH", "3C", "2C"])
        XCTAssertTrue(cards.dropFirst(10).allSatisfy { $0 == "-" })
        XCTAssertTrue(state.piles[stock].isEmpty)
        XCTAssertEqual(
            rules.refusal(of: .stock(stock), in: state)?.plainMessage, "nothing happens", "no gap before a card")
    }

    func testWonWhenEveryCardIsDiscarded() {
        let deck = Card.Suit.allCases.flatMap { suit in Card.Rank.allCases.map { "\(Card($0, suit))" } }
        XCTAssertTrue(rules.isWon(play.position([discard: deck])))
        XCTAssertFalse(rules.isWon(play.position([discard: Array(deck.dropLast()), place(1, 1): [deck.last!]])))
    }

    func testMovesLeftWhilePairsOrGapsRemain() {
        XCTAssertEqual(rules.outlook(for: square()), .movesLeft)
        let apart = play.position([place(1, 1): ["7H"], place(1, 3): ["7S"]])
        XCTAssertEqual(rules.outlook(for: apart), .movesLeft, "the gap between them closes")
        let closed = play.position([place(1, 1): ["7H"], place(1, 2): ["8S"], place(1, 3): ["7S"]])
        XCTAssertEqual(rules.outlook(for: closed), .noMovesLeft)
        XCTAssertEqual(rules.ownHint(in: square())?.sentence.plainMessage, "Pair the two 7s")
    }

    func testRandomPlay() {
        let result = play.playRandomly(games: 4, moves: 60)
        XCTAssertGreaterThan(result.moves, 40)
    }
}
