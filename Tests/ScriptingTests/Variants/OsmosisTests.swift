import Layouts
import Scripting
import Solitaire
import XCTest

/// Osmosis, layouts/osmosis.lua: foundations in suit and any order of rank, each below the first
/// taking only ranks already on the one above; four reserve piles; the stock turned by threes.
final class OsmosisTests: XCTestCase {
    var play: VariantPlay!
    var rules: ScriptedRules { play.rules }
    var stock: Int { play.pile("stock")! }
    var waste: Int { play.pile("waste")! }
    var foundations: [Int] { rules.foundations }
    var reserves: [Int] { rules.layout.slots.indices.filter { rules.layout.slots[$0].kind == .reserve } }

    override func setUpWithError() throws {
        play = try VariantPlay("osmosis")
    }

    func testTheDealIsOneFoundationCardAndFourReservesOfFour() {
        let state = rules.deal(seed: 12)
        XCTAssertEqual(foundations.map { state.piles[$0].count }, [1, 0, 0, 0])
        XCTAssertTrue(state.piles[foundations[0]][0].faceUp)
        for reserve in reserves {
            XCTAssertEqual(state.piles[reserve].map(\.faceUp), [false, false, false, true])
        }
        XCTAssertEqual(state.piles[stock].count, 35)
        XCTAssertTrue(state.piles[stock].allSatisfy { !$0.faceUp })
        XCTAssertTrue(state.piles[waste].isEmpty)
        XCTAssertEqual(state.redealsLeft, Int.max)
    }

    func testTheFirstFoundationTakesItsSuitInAnyOrder() {
        let state = play.position([foundations[0]: ["7H"], waste: ["2S", "QH"], reserves[0]: ["[3C]", "KS"]])
        XCTAssertNil(rules.refusal(of: .transfer(from: waste, to: foundations[0]), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: reserves[0], to: foundations[0]), in: state)?.plainMessage,
            "the first foundation takes only hearts")
    }

    func testALowerFoundationStartsWithTheFirstCardsRankOnceTheOneAboveHasStarted() {
        let state = play.position([
            foundations[0]: ["7H"], reserves[0]: ["7S"], reserves[1]: ["8S"], reserves[2]: ["7C"],
        ])
        XCTAssertNil(rules.refusal(of: .transfer(from: reserves[0], to: foundations[1]), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: reserves[1], to: foundations[1]), in: state)?.plainMessage,
            "an empty foundation starts with a card of the first card's rank (7)")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: reserves[2], to: foundations[2]), in: state)?.plainMessage,
            "start the foundation above this one first")
    }

    func testACardGoesDownOnlyOnceItsRankIsOnTheFoundationAbove() {
        let state = play.position([
            foundations[0]: ["7H", "2H"], foundations[1]: ["7S"], reserves[0]: ["2S"], reserves[1]: ["3S"],
            reserves[2]: ["2C"],
        ])
        XCTAssertNil(rules.refusal(of: .transfer(from: reserves[0], to: foundations[1]), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: reserves[1], to: foundations[1]), in: state)?.plainMessage,
            "a card goes here only once a card of its rank is on the foundation above")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: reserves[2], to: foundations[1]), in: state)?.plainMessage,
            "this foundation takes only spades")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: reserves[0], to: reserves[3]), in: state)?.plainMessage,
            "cards go only to the foundations")
    }

    func testAReservesNextCardTurnsUp() {
        var state = play.position([foundations[0]: ["7H"], reserves[0]: ["[9C]", "3H"]])
        _ = rules.apply(.transfer(from: reserves[0], to: foundations[0]), to: &state)
        XCTAssertEqual(state.piles[reserves[0]].map(\.description), ["9C"])
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: reserves[1], to: foundations[0]), in: state)?.plainMessage,
            "there are not that many cards there")
    }

    func testTheStockTurnsThreeCardsAndTheWasteGoesBackWithoutLimit() {
        var state = play.position(
            [foundations[0]: ["7H"], stock: ["[2C]", "[3C]", "[4C]", "[5C]"]], redealsLeft: Int.max)
        _ = rules.apply(.stock(stock), to: &state)
        XCTAssertEqual(state.piles[waste].map(\.description), ["5C", "4C", "3C"])
        _ = rules.apply(.stock(stock), to: &state)
        XCTAssertEqual(state.piles[waste].map(\.description), ["5C", "4C", "3C", "2C"])
        XCTAssertTrue(state.piles[stock].isEmpty)
        for _ in 1...3 {
            _ = rules.apply(.stock(stock), to: &state)
            XCTAssertEqual(state.piles[stock].map(\.description), ["[2C]", "[3C]", "[4C]", "[5C]"])
            XCTAssertEqual(state.redealsLeft, Int.max)
            while !state.piles[stock].isEmpty { _ = rules.apply(.stock(stock), to: &state) }
        }
    }

    func testWonWhenEveryCardIsOnTheFoundations() {
        let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
        var piles: [Int: [String]] = [:]
        for (index, suit) in ["H", "S", "C", "D"].enumerated() { piles[foundations[index]] = ranks.map { $0 + suit } }
        XCTAssertTrue(rules.isWon(play.position(piles)))
        piles[foundations[3]]!.removeLast()
        piles[waste] = ["KD"]
        XCTAssertFalse(rules.isWon(play.position(piles)))
    }

    func testRandomPlayKeepsTheRules() {
        let result = play.playRandomly(games: 4, moves: 60)
        XCTAssertGreaterThan(result.moves, 100)
    }
}
