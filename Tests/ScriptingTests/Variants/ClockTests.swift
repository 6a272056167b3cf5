import Layouts
import Scripting
import Solitaire
import XCTest

/// Clock (layouts/clock.lua over the layout's deal): the face-up card goes under the pile of its
/// rank and that pile's next card turns up; won when every card is face up before the fourth King.
final class ClockTests: XCTestCase {
    let play = try! VariantPlay("clock")
    var rules: ScriptedRules { play.rules }

    func pile(_ id: String) -> Int { play.pile(id)! }
    var kings: Int { pile("kings") }
    func hour(_ n: Int) -> Int { pile("hour.\(n)") }

    func testTheDeal() {
        let state = rules.deal(seed: 6)
        for n in 1...12 {
            XCTAssertEqual(state.piles[hour(n)].count, 4)
            XCTAssertFalse(state.piles[hour(n)].contains { $0.faceUp })
        }
        XCTAssertEqual(state.piles[kings].count, 4)
        XCTAssertEqual(state.piles[kings].map(\.faceUp), [false, false, false, true], "the centre's top card is up")
    }

    /// The centre's 7♥ is face up; the 7 o'clock pile has 2♣ on top.
    func clock() -> GameState {
        play.position([
            kings: ["[3D]", "[KS]", "7H"], hour(7): ["[9S]", "[2C]"], hour(2): ["2D", "[5C]"],
            hour(5): ["[5S]", "5H"],
        ])
    }

    func testTheFaceUpCardGoesUnderThePileOfItsRank() {
        var state = clock()
        let move = Move.transfer(from: kings, to: hour(7))
        XCTAssertNil(rules.refusal(of: move, in: state))
        _ = rules.apply(move, to: &state)
        XCTAssertEqual(state.piles[hour(7)].map(\.description), ["7H", "[9S]", "2C"], "under it; 2♣ turns up")
        XCTAssertEqual(state.piles[kings].map(\.description), ["[3D]", "[KS]"])
        // A click sends the 2♣ home too.
        XCTAssertEqual(rules.clickMove(on: hour(7), in: state), .click(hour(7)))
        _ = rules.apply(.click(hour(7)), to: &state)
        XCTAssertEqual(state.piles[hour(2)].map(\.description), ["2C", "2D", "5C"])
    }

    func testACardOfThePileItWasTurnedFromGoesUnderItAtAClick() {
        var state = clock()
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: hour(5), to: kings), in: state)?.plainMessage,
            "a 5 goes under its own pile: click it")
        _ = rules.apply(.click(hour(5)), to: &state)
        XCTAssertEqual(state.piles[hour(5)].map(\.description), ["5H", "5S"])
        XCTAssertEqual(state.piles[kings].map(\.description), ["[3D]", "[KS]", "7H"], "the centre lent its top")
    }

    func testAnythingElseIsRefused() {
        let state = clock()
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: kings, to: hour(8)), in: state)?.plainMessage,
            "a 7 goes under the 7 o'clock pile")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: hour(7), to: hour(2)), in: state)?.plainMessage,
            "only the face-up card moves; the next one turns up by itself")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: hour(2), to: hour(3)), in: state)?.plainMessage,
            "only the face-up card moves; the next one turns up by itself")
        XCTAssertNil(rules.clickMove(on: hour(2), in: state))
    }

    func testWonWhenEveryCardIsFaceUpAtHome() {
        var piles: [Int: [String]] = [:]
        for rank in Card.Rank.allCases {
            let home = rank == .king ? kings : hour(rank.rawValue)
            piles[home] = Card.Suit.allCases.map { "\(Card(rank, $0))" }
        }
        XCTAssertTrue(rules.isWon(play.position(piles)))
        var lost = piles
        lost[hour(3)] = ["[3C]", "3D", "3H", "3S"]
        XCTAssertFalse(rules.isWon(play.position(lost)))
        XCTAssertFalse(rules.hasAnyLegalMove(in: play.position(lost)), "the fourth King ended the game")
    }

    func testNoMovesLeftOnceTheFourthKingIsHome() {
        XCTAssertEqual(rules.outlook(for: clock()), .movesLeft)
        var piles: [Int: [String]] = [kings: ["KC", "KD", "KH", "KS"], hour(3): ["3D", "[3C]"]]
        XCTAssertEqual(rules.outlook(for: play.position(piles)), .noMovesLeft)
        piles[hour(3)] = ["[3C]", "3D"]
        XCTAssertEqual(rules.outlook(for: play.position(piles)), .movesLeft, "3♦ has yet to go under its pile")
    }

    func testRandomPlay() {
        let result = play.playRandomly(games: 6, moves: 60)
        XCTAssertGreaterThan(result.moves, 200)
    }
}
