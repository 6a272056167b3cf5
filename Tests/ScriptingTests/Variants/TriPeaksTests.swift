import Layouts
import Scripting
import Solitaire
import XCTest

/// TriPeaks (layouts/tri-peaks.lua): free cards go onto the foundation one rank up or down, any
/// suit, King and Ace neighbours; cards turn face up when uncovered; won when the peaks are cleared.
final class TriPeaksTests: XCTestCase {
    let play = try! VariantPlay("tri-peaks")
    var rules: ScriptedRules { play.rules }

    func pile(_ id: String) -> Int { play.pile(id)! }
    var stock: Int { pile("stock") }
    var foundation: Int { pile("foundation") }
    func peak(_ n: Int) -> Int { pile("peaks.\(n)") }

    func testTheDeal() {
        let state = rules.deal(seed: 3)
        for n in 1...28 {
            XCTAssertEqual(state.piles[peak(n)].count, 1, "peaks.\(n)")
            XCTAssertEqual(state.piles[peak(n)][0].faceUp, n > 18, "only the bottom row is face up: peaks.\(n)")
        }
        XCTAssertEqual(state.piles[foundation].count, 1)
        XCTAssertTrue(state.piles[foundation][0].faceUp)
        XCTAssertEqual(state.piles[stock].count, 23)
        XCTAssertFalse(state.piles[stock].contains { $0.faceUp })
    }

    /// The bottom row of the left peak and the card above two of its cards, on a foundation's 7♣.
    func leftPeak(foundation top: String = "7C") -> GameState {
        play.position([
            peak(10): ["[QD]"], peak(19): ["8H"], peak(20): ["6S"], peak(21): ["KC"], peak(22): ["AD"],
            foundation: [top], stock: ["[2C]", "[9S]"],
        ])
    }

    func testACardOneRankAwayPlaysAndUncoveredCardsTurnUp() {
        var state = leftPeak()
        XCTAssertNil(rules.refusal(of: .transfer(from: peak(19), to: foundation), in: state))
        _ = rules.apply(.transfer(from: peak(19), to: foundation), to: &state)
        XCTAssertFalse(state.piles[peak(10)][0].faceUp, "Q♦ is still covered by 6♠")
        // A click plays a card too, when it may go: 6♠ is two ranks from 8♥, one from 7♦.
        XCTAssertNil(rules.clickMove(on: peak(20), in: state))
        state.piles[foundation].append(PileCard(Card("7D")!, faceUp: true))
        XCTAssertEqual(rules.clickMove(on: peak(20), in: state), .click(peak(20)))
        _ = rules.apply(.click(peak(20)), to: &state)
        XCTAssertEqual(state.piles[foundation].last?.description, "6S")
        XCTAssertEqual(state.piles[peak(10)].map(\.description), ["QD"], "Q♦ turns face up once uncovered")
    }

    func testACardTwoRanksAwayIsRefused() {
        let state = leftPeak()
        let refusal = rules.refusal(of: .transfer(from: peak(21), to: foundation), in: state)
        XCTAssertEqual(refusal?.plainMessage, "a King goes on a Queen or an Ace, not on a 7")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: peak(19), to: peak(20)), in: state)?.plainMessage,
            "cards go onto the foundation only")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: peak(10), to: foundation), in: state)?.plainMessage,
            "that card is covered: clear the two cards over it first")
    }

    func testKingsAndAcesAreNeighbours() {
        let onKing = leftPeak(foundation: "KS")
        XCTAssertNil(rules.refusal(of: .transfer(from: peak(22), to: foundation), in: onKing), "an Ace on a King")
        let onAce = leftPeak(foundation: "AS")
        XCTAssertNil(rules.refusal(of: .transfer(from: peak(21), to: foundation), in: onAce), "a King on an Ace")
    }

    func testTheStockTurnsOneCardOntoTheFoundationWithoutRedeal() {
        var state = leftPeak()
        _ = rules.apply(.stock(stock), to: &state)
        XCTAssertEqual(state.piles[foundation].map(\.description), ["7C", "9S"])
        _ = rules.apply(.stock(stock), to: &state)
        XCTAssertTrue(state.piles[stock].isEmpty)
        XCTAssertEqual(rules.refusal(of: .stock(stock), in: state)?.plainMessage, "no redeals left")
    }

    func testWonWhenThePeaksAreCleared() {
        var state = play.position([foundation: ["7C", "8C"], stock: ["[2C]"]])
        XCTAssertTrue(rules.isWon(state), "the stock may keep cards")
        state.piles[peak(28)] = [PileCard(Card("9C")!, faceUp: true)]
        XCTAssertFalse(rules.isWon(state))
    }

    func testNoMovesLeftWhenTheStockIsOutAndNoFreeCardPlays() {
        var state = leftPeak()
        XCTAssertEqual(rules.outlook(for: state), .movesLeft)
        state.piles[stock] = []
        state.piles[foundation] = [PileCard(Card("4C")!, faceUp: true)]
        XCTAssertEqual(rules.outlook(for: state), .noMovesLeft)
    }

    func testRandomPlay() {
        let result = play.playRandomly(games: 4, moves: 60)
        XCTAssertGreaterThan(result.moves, 100)
    }
}
