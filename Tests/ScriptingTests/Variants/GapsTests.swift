import Layouts
import Scripting
import Solitaire
import XCTest

/// Gaps (Montana), layouts/gaps.lua: four rows of thirteen with the Aces out, a gap taking the
/// card after its left neighbour in suit, and two redeals that shuffle the cards not in order.
final class GapsTests: XCTestCase {
    var play: VariantPlay!
    var rules: ScriptedRules { play.rules }
    var redeal: Int { play.pile("redeal")! }
    var aces: Int { play.pile("aces")! }

    /// The pile of the cell at a row and column, both from 1.
    func cell(_ row: Int, _ column: Int) -> Int { play.pile("tableau")! + (row - 1) * 13 + column - 1 }

    var cells: [Int] { (1...4).flatMap { row in (1...13).map { cell(row, $0) } } }

    override func setUpWithError() throws {
        play = try VariantPlay("gaps")
    }

    func testTheDealIsFourRowsOfThirteenWithTheAcesTakenOut() {
        let state = rules.deal(seed: 5)
        XCTAssertEqual(cells.count, 52)
        XCTAssertEqual(state.piles[aces].map(\.rank), [1, 1, 1, 1])
        XCTAssertEqual(cells.filter { state.piles[$0].isEmpty }.count, 4)
        XCTAssertTrue(cells.allSatisfy { state.piles[$0].count <= 1 && state.piles[$0].allSatisfy(\.faceUp) })
        XCTAssertTrue(state.piles[redeal].isEmpty)
        XCTAssertEqual(state.redealsLeft, 2)
        XCTAssertNotEqual(state, rules.deal(seed: 6))
    }

    func testAGapTakesTheNextCardInSuitOfItsLeftNeighbour() {
        let state = play.position([cell(1, 4): ["4H"], cell(2, 1): ["5H"], cell(2, 2): ["6H"], cell(3, 3): ["5S"]])
        XCTAssertNil(rules.refusal(of: .transfer(from: cell(2, 1), to: cell(1, 5)), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: cell(2, 2), to: cell(1, 5)), in: state)?.plainMessage,
            "this gap takes the 5 of hearts, the card after the one on its left")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: cell(3, 3), to: cell(1, 5)), in: state)?.plainMessage,
            "this gap takes the 5 of hearts, the card after the one on its left")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: cell(3, 3), to: cell(2, 1)), in: state)?.plainMessage,
            "a card moves only into a gap")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: cell(3, 3), to: cell(1, 7)), in: state)?.plainMessage,
            "a gap right of another gap takes nothing until that one is filled")
    }

    func testAGapAtTheStartOfARowTakesA2AndNothingFollowsAKing() {
        let state = play.position([cell(1, 2): ["2C"], cell(2, 5): ["KD"], cell(3, 3): ["9S"]])
        XCTAssertNil(rules.refusal(of: .transfer(from: cell(1, 2), to: cell(4, 1)), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: cell(3, 3), to: cell(4, 1)), in: state)?.plainMessage,
            "a gap at the start of a row takes a 2")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: cell(3, 3), to: cell(2, 6)), in: state)?.plainMessage,
            "nothing follows a King: this gap stays empty")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: cell(3, 3), to: aces), in: state)?.plainMessage,
            "cards move only into gaps")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: aces, to: cell(4, 1)), in: state.adding("AS", to: aces))?.plainMessage,
            "the Aces are out of the game")
    }

    /// moves_left: a gap that can be filled, or a redeal that would deal something; not gaps
    /// after Kings with no redeal left.
    func testMovesLeftWhileAGapFillsOrARedealIsLeft() {
        // Every cell full but four, each right of its row's King; each row runs down from the
        // Queen, so no row is in order and nothing fits.
        var cards: [Int: [String]] = [:]
        for (row, suit) in ["C", "D", "H", "S"].enumerated() {
            for column in 1...11 {
                cards[cell(row + 1, column)] = [String(Card.Rank(rawValue: 14 - column)!.symbol) + suit]
            }
            cards[cell(row + 1, 12)] = ["K" + suit]
        }
        var stuck = play.position(cards, redealsLeft: 0)
        XCTAssertEqual(rules.outlook(for: stuck), .noMovesLeft)
        stuck.redealsLeft = 1
        XCTAssertEqual(rules.outlook(for: stuck), .movesLeft, "a redeal is left")
        stuck.redealsLeft = 0
        XCTAssertEqual(rules.outlook(for: rules.deal(seed: 5)), .movesLeft)
    }

    func testAClickOnAGapFillsItWhenOneCardFits() {
        var state = play.position([cell(1, 4): ["4H"], cell(3, 3): ["5H"], cell(2, 7): ["2C"], cell(4, 4): ["2D"]])
        XCTAssertEqual(rules.clickMove(on: cell(1, 5), in: state), .click(cell(1, 5)))
        _ = rules.apply(.click(cell(1, 5)), to: &state)
        XCTAssertEqual(state.piles[cell(1, 5)].map(\.description), ["5H"])
        XCTAssertTrue(state.piles[cell(3, 3)].isEmpty)
        // Two 2s could start a row: the click does not choose.
        XCTAssertNil(rules.clickMove(on: cell(2, 1), in: state))
        XCTAssertNil(rules.clickMove(on: cell(3, 4), in: state), "nothing follows a gap")
    }

    func testTheHintExtendsARowsRunFirst() throws {
        let state = play.position([
            cell(1, 1): ["2H"], cell(1, 2): ["3H"], cell(2, 4): ["7C"], cell(3, 3): ["8C"], cell(4, 9): ["4H"],
            cell(4, 10): ["2S"],
        ])
        let hint = try XCTUnwrap(rules.ownHint(in: state))
        XCTAssertEqual(hint.move, .transfer(from: cell(4, 9), to: cell(1, 3)))
        XCTAssertEqual(hint.sentence.plainMessage, "Move the 4 of hearts into the gap after the 3")
        var next = state
        _ = rules.apply(hint.move, to: &next)
        XCTAssertEqual(
            rules.ownHint(in: next)?.sentence.plainMessage, "Start a row with the 2 of spades")
    }

    func testWonWhenEveryRowRunsFrom2ToKingInOneSuit() {
        var piles: [Int: [String]] = [aces: ["AC", "AD", "AH", "AS"]]
        for (row, suit) in ["C", "D", "H", "S"].enumerated() {
            for (column, rank) in ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"].enumerated() {
                piles[cell(row + 1, column + 1)] = [rank + suit]
            }
        }
        let won = play.position(piles)
        XCTAssertTrue(rules.isWon(won))
        var notYet = won
        notYet.piles[cell(2, 13)] = notYet.piles[cell(2, 12)]
        notYet.piles[cell(2, 12)] = []
        XCTAssertFalse(rules.isWon(notYet))
        XCTAssertFalse(rules.isWon(rules.deal(seed: 1)))
    }
}

extension GapsTests {
    func testARedealKeepsTheRunsAndLeavesAGapAfterEach() throws {
        var state = rules.deal(seed: 9)
        // Make a run of two at the start of row 1 by hand: 2♠ 3♠.
        let two = try XCTUnwrap(cells.first { state.piles[$0].first?.description == "2S" })
        let three = try XCTUnwrap(cells.first { state.piles[$0].first?.description == "3S" })
        state.piles.swapAt(two, cell(1, 1))
        state.piles.swapAt(three == cell(1, 1) ? two : three, cell(1, 2))
        let before = state
        XCTAssertNil(rules.refusal(of: .stock(redeal), in: state))
        let record = rules.apply(.stock(redeal), to: &state)
        XCTAssertEqual(state.redealsLeft, 1)
        XCTAssertEqual(state.cardCount, 52)
        XCTAssertTrue(state.piles[redeal].isEmpty)
        XCTAssertEqual(state.piles[cell(1, 1)].map(\.description), ["2S"])
        XCTAssertEqual(state.piles[cell(1, 2)].map(\.description), ["3S"])
        XCTAssertTrue(state.piles[cell(1, 3)].isEmpty, "a gap after the run")
        for row in 2...4 {
            let run = state.piles[cell(row, 1)].first?.rank == 2 ? 1 : 0
            XCTAssertTrue(state.piles[cell(row, run + 1)].isEmpty, "row \(row): a gap after its run")
        }
        XCTAssertEqual(cells.filter { state.piles[$0].isEmpty }.count, 4)
        XCTAssertNotEqual(state, before)

        // Undone and made again, the redeal shuffles the same way.
        var again = state
        again.revert(record)
        XCTAssertEqual(again, before)
        _ = rules.apply(.stock(redeal), to: &again)
        XCTAssertEqual(again, state)

        // The second redeal, and then none.
        _ = rules.apply(.stock(redeal), to: &state)
        XCTAssertEqual(state.redealsLeft, 0)
        XCTAssertEqual(rules.refusal(of: .stock(redeal), in: state)?.plainMessage, "nothing happens")
        XCTAssertNil(rules.takeFailure())
    }

    func testRandomPlayKeepsTheRules() {
        let result = play.playRandomly(games: 3, moves: 30)
        XCTAssertGreaterThan(result.moves, 50)
    }
}

extension GameState {
    /// The position with one card more on top of a pile.
    fileprivate func adding(_ card: String, to pile: Int) -> GameState {
        var state = self
        state.piles[pile].append(PileCard(Card(card)!, faceUp: true))
        return state
    }
}
