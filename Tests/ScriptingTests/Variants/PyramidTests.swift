import Layouts
import Scripting
import Solitaire
import XCTest

/// Pyramid (layouts/pyramid.lua): pairs of free cards that make 13 go to the discard pile, a King
/// alone; the stock's top card and the waste's pair too; won when every card is discarded (or,
/// with the goal option, when the pyramid is cleared).
final class PyramidTests: XCTestCase {
    let play = try! VariantPlay("pyramid")
    var rules: ScriptedRules { play.rules }

    func pile(_ id: String) -> Int { play.pile(id)! }
    var stock: Int { pile("stock") }
    var waste: Int { pile("waste") }
    var discard: Int { pile("discard") }

    func testTheDeal() {
        let state = rules.deal(seed: 7)
        let pyramid = (1...28).map { pile("pyramid.\($0)") }
        XCTAssertTrue(pyramid.allSatisfy { state.piles[$0].count == 1 && state.piles[$0][0].faceUp })
        XCTAssertEqual(state.piles[waste].count, 1)
        XCTAssertTrue(state.piles[waste][0].faceUp)
        XCTAssertEqual(state.piles[stock].count, 23)
        XCTAssertTrue(state.piles[stock].last!.faceUp, "the stock's top card lies face up")
        XCTAssertFalse(state.piles[stock][0].faceUp)
        XCTAssertEqual(state.piles[discard].count, 0)
        XCTAssertEqual(state.redealsLeft, 2, "three passes through the stock")
        XCTAssertEqual(Set(state.piles.flatMap { $0.map(\.card) }).count, 52)
    }

    /// A pyramid whose bottom row is 5♠ 8♥ K♣ 6♦ 7♣ 2♠ J♥ and whose row above starts with Q♦.
    func bottomRows() -> GameState {
        var piles: [Int: [String]] = [:]
        for (offset, card) in ["5S", "8H", "KC", "6D", "7C", "2S", "JH"].enumerated() {
            piles[pile("pyramid.\(22 + offset)")] = [card]
        }
        piles[pile("pyramid.16")] = ["QD"]
        piles[stock] = ["[3C]", "AH"]
        piles[waste] = ["9D", "4S"]
        return play.position(piles, redealsLeft: 2)
    }

    func testFreeCardsThatMakeThirteenPair() {
        var state = bottomRows()
        let five = pile("pyramid.22")
        let eight = pile("pyramid.23")
        let move = Move.transfer(from: five, to: eight)
        XCTAssertNil(rules.refusal(of: move, in: state))
        _ = rules.apply(move, to: &state)
        XCTAssertTrue(state.piles[five].isEmpty)
        XCTAssertTrue(state.piles[eight].isEmpty)
        XCTAssertEqual(state.piles[discard].map(\.description), ["8H", "5S"])
        // Q♦ is free now that both cards over it are gone: it pairs with the stock's Ace.
        XCTAssertNil(rules.refusal(of: .transfer(from: stock, to: pile("pyramid.16")), in: state))
    }

    func testCardsThatDoNotMakeThirteenAreRefused() {
        let state = bottomRows()
        let refusal = rules.refusal(of: .transfer(from: pile("pyramid.24"), to: pile("pyramid.25")), in: state)
        XCTAssertEqual(refusal?.plainMessage, "King and 6 make 19, not 13")
        let sevenOnFour = rules.refusal(of: .transfer(from: pile("pyramid.26"), to: waste), in: state)
        XCTAssertEqual(sevenOnFour?.plainMessage, "7 and 4 make 11, not 13")
    }

    func testACoveredCardIsRefused() {
        let state = bottomRows()
        // Q♦ is covered by 5♠ and 8♥; the stock's Ace would make 13 with it.
        let onCovered = rules.refusal(of: .transfer(from: stock, to: pile("pyramid.16")), in: state)
        XCTAssertEqual(onCovered?.plainMessage, "that card is covered: it cannot pair yet")
        let fromCovered = rules.refusal(of: .transfer(from: pile("pyramid.16"), to: stock), in: state)
        XCTAssertEqual(fromCovered?.plainMessage, "that card is covered: clear the two cards over it first")
    }

    func testTheStockAndTheWastePair() {
        var state = bottomRows()
        state.piles[waste] = ["9D", "QS"].map { PileCard(Card($0)!, faceUp: true) }
        let move = Move.transfer(from: stock, to: waste)
        XCTAssertNil(rules.refusal(of: move, in: state))
        _ = rules.apply(move, to: &state)
        XCTAssertEqual(state.piles[discard].map(\.description), ["QS", "AH"])
        XCTAssertEqual(state.piles[stock].map(\.description), ["3C"], "the stock's next card turns face up")
    }

    func testAKingGoesAloneByClickOrDrag() {
        var state = bottomRows()
        let king = pile("pyramid.24")
        XCTAssertEqual(rules.clickMove(on: king, in: state), .click(king))
        XCTAssertNil(rules.refusal(of: .transfer(from: king, to: discard), in: state))
        _ = rules.apply(.click(king), to: &state)
        XCTAssertEqual(state.piles[discard].map(\.description), ["KC"])
        let eight = rules.refusal(of: .transfer(from: pile("pyramid.23"), to: discard), in: state)
        XCTAssertEqual(eight?.plainMessage, "only a King goes to the discard alone: pair the others to make 13")
        XCTAssertNotEqual(rules.clickMove(on: pile("pyramid.23"), in: state), .click(pile("pyramid.23")))
    }

    func testTheStockTurnsOneCardAndTheWasteGoesBackTwice() {
        var state = bottomRows()
        _ = rules.apply(.stock(stock), to: &state)
        XCTAssertEqual(state.piles[waste].map(\.description), ["9D", "4S", "AH"])
        XCTAssertEqual(state.piles[stock].map(\.description), ["3C"])
        _ = rules.apply(.stock(stock), to: &state)
        XCTAssertTrue(state.piles[stock].isEmpty)
        XCTAssertNil(rules.refusal(of: .stock(stock), in: state))
        _ = rules.apply(.stock(stock), to: &state)
        XCTAssertEqual(state.redealsLeft, 1)
        XCTAssertEqual(state.piles[stock].map(\.description), ["[3C]", "[AH]", "[4S]", "9D"])
        state.piles[waste] = state.piles[stock]
        state.piles[stock] = []
        state.redealsLeft = 0
        XCTAssertEqual(rules.refusal(of: .stock(stock), in: state)?.plainMessage, "nothing happens")
    }

    func testWonWhenEveryCardIsDiscarded() throws {
        let deck = Card.Suit.allCases.flatMap { suit in Card.Rank.allCases.map { "\(Card($0, suit))" } }
        XCTAssertTrue(rules.isWon(play.position([discard: deck])))
        var state = play.position([discard: Array(deck.dropFirst())])
        state.piles[stock] = [PileCard(Card(deck[0])!, faceUp: true)]
        XCTAssertFalse(rules.isWon(state), "the stock must be cleared too")
        let relaxed = ScriptedRules(layout: rules.layout, options: ["goal": "pyramid"])
        XCTAssertTrue(relaxed.isWon(state), "Relaxed Pyramid: the pyramid cleared is enough")
        state.piles[pile("pyramid.1")] = state.piles[stock]
        state.piles[stock] = []
        XCTAssertFalse(relaxed.isWon(state))
    }

    func testMovesLeftWhileTheStockTurnsOrTwoFreeCardsPair() {
        XCTAssertEqual(rules.outlook(for: bottomRows()), .movesLeft)
        var state = bottomRows()
        state.piles[stock] = []
        state.piles[pile("pyramid.24")] = []  // the King
        XCTAssertEqual(rules.outlook(for: state), .movesLeft, "the waste goes back while redeals remain")
        state.redealsLeft = 0
        XCTAssertEqual(rules.outlook(for: state), .movesLeft, "5♠ and 8♥ pair")
        // Low cards only: no two make 13.
        var low: [Int: [String]] = [waste: ["4S"]]
        for (offset, card) in ["2S", "3H", "4D", "5C", "6S", "2H", "3D"].enumerated() {
            low[pile("pyramid.\(22 + offset)")] = [card]
        }
        state = play.position(low)
        XCTAssertEqual(rules.outlook(for: state), .noMovesLeft)
        XCTAssertNil(rules.ownHint(in: state))
    }

    func testTheHintNamesAPair() {
        let hint = rules.ownHint(in: bottomRows())
        XCTAssertEqual(hint?.move, .transfer(from: pile("pyramid.24"), to: discard))
        XCTAssertEqual(hint?.sentence.plainMessage, "Discard the King")
        var state = bottomRows()
        state.piles[pile("pyramid.24")] = []
        XCTAssertEqual(rules.ownHint(in: state)?.sentence.plainMessage, "Pair the 5 with the 8")
    }

    func testRandomPlay() {
        let result = play.playRandomly(games: 4, moves: 60)
        XCTAssertGreaterThan(result.moves, 100)
    }
}
