import Layouts
import Scripting
import Solitaire
import XCTest

/// Aces Up (layouts/aces-up.lua over the layout's deal and stock): a top card is discarded when a
/// higher card of its suit tops another column, Aces high; a top card may move to an empty column;
/// won when the four Aces are left alone.
final class AcesUpTests: XCTestCase {
    let play = try! VariantPlay("aces-up")
    var rules: ScriptedRules { play.rules }

    func pile(_ id: String) -> Int { play.pile(id)! }
    var stock: Int { pile("stock") }
    var discard: Int { pile("discard") }
    func column(_ n: Int) -> Int { pile("tableau.\(n)") }

    func testTheDealAndTheStock() {
        var state = rules.deal(seed: 2)
        XCTAssertEqual((1...4).map { state.piles[column($0)].count }, [1, 1, 1, 1])
        XCTAssertEqual(state.piles[stock].count, 48)
        _ = rules.apply(.stock(stock), to: &state)
        XCTAssertEqual((1...4).map { state.piles[column($0)].count }, [2, 2, 2, 2], "a card to each column")
        XCTAssertTrue((1...4).allSatisfy { state.piles[column($0)].last!.faceUp })
    }

    func columns() -> GameState {
        play.position([
            column(1): ["3S", "5H"], column(2): ["9H"], column(3): ["2C", "QC"], column(4): ["AC"],
            stock: ["[4D]", "[4S]", "[KD]", "[JH]"],
        ])
    }

    func testALowerCardOfASuitIsDiscarded() {
        var state = columns()
        XCTAssertNil(rules.refusal(of: .transfer(from: column(1), to: discard), in: state), "5♥ under 9♥")
        XCTAssertNil(rules.refusal(of: .transfer(from: column(3), to: discard), in: state), "Q♣ under the Ace")
        XCTAssertEqual(rules.clickMove(on: column(1), in: state), .click(column(1)))
        _ = rules.apply(.click(column(1)), to: &state)
        XCTAssertEqual(state.piles[discard].map(\.description), ["5H"])
    }

    func testAHighestCardStays() {
        let state = columns()
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: column(2), to: discard), in: state)?.plainMessage,
            "a card is discarded only when a higher card of its suit tops another column")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: column(4), to: discard), in: state)?.plainMessage,
            "an Ace ranks highest: it is never discarded")
        XCTAssertNil(rules.clickMove(on: column(2), in: state))
    }

    func testATopCardMovesOnlyToAnEmptyColumn() {
        var state = columns()
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: column(2), to: column(1)), in: state)?.plainMessage,
            "a card moves only to an empty column")
        state.piles[column(4)] = []
        XCTAssertNil(rules.refusal(of: .transfer(from: column(3), to: column(4)), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: column(3), to: column(4), count: 2), in: state)?.plainMessage,
            "only a column's top card moves")
    }

    func testWonWhenTheAcesAreLeftAlone() {
        let deck = Card.Suit.allCases.flatMap { suit in Card.Rank.allCases.dropFirst().map { "\(Card($0, suit))" } }
        XCTAssertEqual(deck.count, 48)
        var state = play.position([
            discard: deck, column(1): ["AC"], column(2): ["AD"], column(3): ["AH"], column(4): ["AS"],
        ])
        XCTAssertTrue(rules.isWon(state))
        state.piles[column(4)] = []
        state.piles[column(3)].insert(PileCard(Card("AS")!, faceUp: true), at: 0)
        XCTAssertFalse(rules.isWon(state), "an Ace to a column")
    }

    func testNoMovesLeftWithoutDealsDiscardsOrCardsToUncover() {
        XCTAssertEqual(rules.outlook(for: columns()), .movesLeft)
        var state = play.position([column(1): ["5H"], column(2): ["9S"], column(3): ["QC"]])
        XCTAssertEqual(rules.outlook(for: state), .noMovesLeft, "a lone card moved to the empty column changes nothing")
        state.piles[column(2)].insert(PileCard(Card("TS")!, faceUp: true), at: 0)
        XCTAssertEqual(rules.outlook(for: state), .movesLeft, "9♠ to the empty column, then it discards")
        state.piles[column(2)] = ["9S", "TD"].map { PileCard(Card($0)!, faceUp: true) }
        XCTAssertEqual(rules.outlook(for: state), .noMovesLeft, "the table's search finds nothing to uncover")
    }

    func testRandomPlay() {
        let result = play.playRandomly(games: 4, moves: 60)
        XCTAssertGreaterThan(result.moves, 100)
    }
}
