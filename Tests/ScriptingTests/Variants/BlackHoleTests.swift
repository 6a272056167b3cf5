import Layouts
import Scripting
import Solitaire
import XCTest

/// Black Hole: seventeen fans of three and a hole that takes a card one rank above or below its
/// top card, suits ignored, King and Ace neighbours. Its script (layouts/black-hole.lua) only
/// deals the Ace of Spades into the hole; the play is the layout's own rules, and their words.
final class BlackHoleTests: XCTestCase {
    var play: VariantPlay!
    var rules: ScriptedRules { play.rules }
    var hole: Int { play.pile("hole")! }
    /// The pile of fan `n`, from 1.
    func fan(_ n: Int) -> Int { rules.layout.slots.indices.filter { rules.layout.slots[$0].kind == .tableau }[n - 1] }

    override func setUpWithError() throws {
        play = try VariantPlay("black-hole")
    }

    func testTheDealIsSeventeenFansOfThreeAndTheAceOfSpadesInTheHole() {
        for seed: UInt64 in [1, 2, 77] {
            let state = rules.deal(seed: seed)
            XCTAssertEqual(state.piles[hole].map(\.description), ["AS"])
            let fans = (1...17).map { state.piles[fan($0)] }
            XCTAssertTrue(fans.allSatisfy { $0.count == 3 && $0.allSatisfy(\.faceUp) })
            XCTAssertEqual(state.cardCount, 52)
        }
        XCTAssertNotEqual(rules.deal(seed: 1), rules.deal(seed: 2))
    }

    func testTheHoleTakesACardOneRankAboveOrBelowItsTop() {
        let state = play.position([hole: ["AS", "2D"], fan(1): ["9C", "3H"], fan(2): ["AC"], fan(3): ["5S"]])
        XCTAssertNil(rules.refusal(of: .transfer(from: fan(1), to: hole), in: state))
        XCTAssertNil(rules.refusal(of: .transfer(from: fan(2), to: hole), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: fan(3), to: hole), in: state)?.plainMessage,
            "5S goes on a 4 or 6")
    }

    func testKingAndAceAreNeighbours() {
        let state = play.position([hole: ["AS"], fan(1): ["KD"], fan(2): ["QH"]])
        XCTAssertNil(rules.refusal(of: .transfer(from: fan(1), to: hole), in: state))
        let onKing = play.position([hole: ["KS"], fan(1): ["AD"], fan(2): ["2H"]])
        XCTAssertNil(rules.refusal(of: .transfer(from: fan(1), to: hole), in: onKing))
        XCTAssertNotNil(rules.refusal(of: .transfer(from: fan(2), to: hole), in: onKing))
    }

    func testOnlyTopCardsMoveAndOnlyIntoTheHole() {
        let state = play.position([hole: ["AS"], fan(1): ["2C", "9H"], fan(2): ["TD"]])
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: fan(1), to: hole, count: 2), in: state)?.plainMessage,
            "only the top card moves")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: fan(1), to: fan(2)), in: state)?.plainMessage,
            "nothing goes on a column")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: fan(1), to: fan(3)), in: state)?.plainMessage,
            "nothing goes on an empty column")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: hole, to: fan(3)), in: state)?.plainMessage,
            "cards cannot leave the foundations")
        XCTAssertFalse(rules.hasAnyLegalMove(in: state), "9♥ and 10♦ do not touch the Ace")
    }

    func testWonWhenEveryCardIsInTheHole() {
        let deck = rules.deal(seed: 3).piles.flatMap { $0.map(\.description) }
        let won = play.position([hole: deck])
        XCTAssertTrue(rules.isWon(won))
        var notYet = won
        notYet.piles[fan(5)] = [notYet.piles[hole].removeLast()]
        XCTAssertFalse(rules.isWon(notYet))
    }

    func testRandomPlayKeepsTheRules() {
        let result = play.playRandomly(games: 8, moves: 60)
        XCTAssertGreaterThan(result.moves, 20)
    }
}
