import Layouts
import Scripting
import Solitaire
import XCTest

/// Calculation, layouts/calculation.lua: foundations started by an Ace, a 2, a 3 and a 4 build by
/// ones, twos, threes and fours to the King; the stock's card goes to a foundation or a waste pile.
final class CalculationTests: XCTestCase {
    var play: VariantPlay!
    var rules: ScriptedRules { play.rules }
    var stock: Int { play.pile("stock")! }
    var turned: Int { play.pile("waste")! }
    var foundations: [Int] { rules.foundations }
    var piles: [Int] { rules.layout.slots.indices.filter { rules.layout.slots[$0].kind == .tableau } }

    static let symbols = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]

    override func setUpWithError() throws {
        play = try VariantPlay("calculation")
    }

    func testTheDealStartsTheFoundationsWithAnAceA2A3AndA4() {
        for seed: UInt64 in [1, 5, 99] {
            let state = rules.deal(seed: seed)
            XCTAssertEqual(foundations.map { state.piles[$0].map(\.rank) }, [[1], [2], [3], [4]])
            XCTAssertEqual(state.piles[stock].count, 48)
            XCTAssertTrue(state.piles[stock].allSatisfy { !$0.faceUp })
            XCTAssertTrue(state.piles[turned].isEmpty)
            XCTAssertTrue(piles.allSatisfy { state.piles[$0].isEmpty })
        }
        XCTAssertNotEqual(rules.deal(seed: 1), rules.deal(seed: 2))
    }

    /// Each foundation's whole sequence, as the published table gives it.
    func testEachFoundationCountsOnByItsFirstCardsRank() {
        let sequences = [
            "A 2 3 4 5 6 7 8 9 T J Q K", "2 4 6 8 T Q A 3 5 7 9 J K", "3 6 9 Q 2 5 8 J A 4 7 T K",
            "4 8 Q 3 7 J 2 6 T A 5 9 K",
        ]
        let suits = ["C", "D", "H", "S"]
        for (number, sequence) in sequences.enumerated() {
            let ranks = sequence.split(separator: " ").map(String.init)
            var built = [ranks[0] + "C"]
            for (index, rank) in ranks.enumerated().dropFirst() {
                for other in Self.symbols {
                    let state = play.position([foundations[number]: built, turned: [other + suits[index % 4]]])
                    let refusal = rules.refusal(of: .transfer(from: turned, to: foundations[number]), in: state)
                    XCTAssertEqual(refusal == nil, other == rank, "foundation \(number + 1) after \(built): \(other)")
                }
                built.append(rank + suits[index % 4])
            }
            let full = play.position([foundations[number]: built, turned: ["KS"]])
            XCTAssertEqual(
                rules.refusal(of: .transfer(from: turned, to: foundations[number]), in: full)?.plainMessage,
                "this foundation is finished")
        }
    }

    func testTheRefusalSaysWhatTheFoundationTakesNext() {
        let state = play.position([foundations[2]: ["3C", "6D"], turned: ["7H"]])
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: turned, to: foundations[2]), in: state)?.plainMessage,
            "this foundation builds by threes: it takes a 9 next")
    }

    func testOnlyTheTurnedCardGoesOnAWastePileWhoseTopGoesOnlyToAFoundation() {
        let state = play.position([foundations[0]: ["AC"], turned: ["9H"], piles[0]: ["KD", "2S"]])
        XCTAssertNil(rules.refusal(of: .transfer(from: turned, to: piles[1]), in: state))
        XCTAssertNil(rules.refusal(of: .transfer(from: turned, to: piles[0]), in: state))
        XCTAssertNil(rules.refusal(of: .transfer(from: piles[0], to: foundations[0]), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: piles[0], to: piles[1]), in: state)?.plainMessage,
            "only the card turned from the stock goes on a waste pile")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: piles[0], to: foundations[0], count: 2), in: state)?.plainMessage,
            "only the top card moves")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: foundations[0], to: piles[1]), in: state)?.plainMessage,
            "cards on the foundations stay there")
    }

    func testTheStockTurnsOneCardOnceTheLastOneIsPlayed() {
        var state = rules.deal(seed: 3)
        let top = state.piles[stock].last!
        XCTAssertNil(rules.refusal(of: .stock(stock), in: state))
        _ = rules.apply(.stock(stock), to: &state)
        XCTAssertEqual(state.piles[turned], [PileCard(top.card, faceUp: true)])
        XCTAssertEqual(rules.refusal(of: .stock(stock), in: state)?.plainMessage, "nothing happens")
        _ = rules.apply(.transfer(from: turned, to: piles[2]), to: &state)
        XCTAssertNil(rules.refusal(of: .stock(stock), in: state))
    }

    func testWonWhenEveryCardIsOnTheFoundations() {
        var piles: [Int: [String]] = [:]
        for number in 0..<4 {
            piles[foundations[number]] = (0..<13).map { step in
                Self.symbols[((number + 1) * (step + 1) - 1) % 13] + ["C", "D", "H", "S"][number]
            }
        }
        let won = play.position(piles)
        XCTAssertEqual(won.piles[foundations[1]].map(\.description).prefix(3), ["2D", "4D", "6D"])
        XCTAssertTrue(rules.isWon(won))
        var notYet = won
        notYet.piles[self.piles[0]] = [notYet.piles[foundations[0]].removeLast()]
        XCTAssertFalse(rules.isWon(notYet))
    }

    func testRandomPlayKeepsTheRules() {
        let result = play.playRandomly(games: 4, moves: 60)
        XCTAssertGreaterThan(result.moves, 150)
    }
}
