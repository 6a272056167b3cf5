import Layouts
import Scripting
import Solitaire
import XCTest

/// La Belle Lucie, in layouts/la-belle-lucie.toml's rules (its script only deals): eighteen fans
/// built down in suit one card at a time, foundations up in suit, and two redeals that shuffle
/// the fans and deal them in threes.
final class LaBelleLucieTests: XCTestCase {
    var play: VariantPlay!
    var rules: ScriptedRules { play.rules }
    var redeal: Int { play.pile("redeal")! }
    var fans: [Int] { rules.layout.slots.indices.filter { rules.layout.slots[$0].kind == .tableau } }
    var foundations: [Int] { rules.foundations }

    override func setUpWithError() throws {
        play = try VariantPlay("la-belle-lucie")
    }

    func testTheDealIsSeventeenFansOfThreeAndOneOfOne() {
        let state = rules.deal(seed: 8)
        XCTAssertEqual(fans.map { state.piles[$0].count }, Array(repeating: 3, count: 17) + [1])
        XCTAssertTrue(fans.allSatisfy { state.piles[$0].allSatisfy(\.faceUp) })
        XCTAssertTrue(foundations.allSatisfy { state.piles[$0].isEmpty })
        XCTAssertTrue(state.piles[redeal].isEmpty)
        XCTAssertEqual(state.redealsLeft, 2)
        XCTAssertNotEqual(state, rules.deal(seed: 9))
    }

    func testFansBuildDownInSuitOneCardAtATime() {
        let state = play.position([fans[0]: ["6H"], fans[1]: ["9C", "5H"], fans[2]: ["6S"], fans[3]: ["4H", "3H"]])
        XCTAssertNil(rules.refusal(of: .transfer(from: fans[1], to: fans[0]), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: fans[1], to: fans[2]), in: state)?.plainMessage,
            "5H goes on the 6H")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: fans[3], to: fans[1], count: 2), in: state)?.plainMessage,
            "only the top card moves")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: fans[1], to: fans[4]), in: state)?.plainMessage,
            "nothing goes on an empty column")
    }

    func testFoundationsBuildUpInSuitFromTheAce() {
        let state = play.position([
            fans[0]: ["AH"], fans[1]: ["2C"], foundations[1]: ["AC"], fans[2]: ["3C"], fans[3]: ["2D"],
        ])
        XCTAssertNil(rules.refusal(of: .transfer(from: fans[0], to: foundations[0]), in: state))
        XCTAssertNil(rules.refusal(of: .transfer(from: fans[1], to: foundations[1]), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: fans[1], to: foundations[0]), in: state)?.plainMessage,
            "only an Ace starts a foundation")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: fans[2], to: foundations[1]), in: state)?.plainMessage,
            "3C goes on the 2C")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: fans[3], to: foundations[1]), in: state)?.plainMessage,
            "2D goes on the AD")
    }

    /// As in PySolFC, whose foundations let their top card go: a foundation's top card comes back
    /// onto a fan by the fans' rule, never onto an empty fan or another foundation.
    func testAFoundationsTopCardComesBackOntoAFan() {
        let state = play.position([
            foundations[0]: ["AH", "2H", "3H"], fans[0]: ["4H"], fans[1]: ["4S"], fans[2]: ["9C"],
        ])
        XCTAssertNil(rules.refusal(of: .transfer(from: foundations[0], to: fans[0]), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: foundations[0], to: fans[1]), in: state)?.plainMessage,
            "3H goes on the 4H")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: foundations[0], to: fans[3]), in: state)?.plainMessage,
            "nothing goes on an empty column")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: foundations[0], to: foundations[1]), in: state)?.plainMessage,
            "only an Ace starts a foundation")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: foundations[0], to: fans[0], count: 2), in: state)?.plainMessage,
            "only the top card moves")

        var after = state
        _ = rules.apply(.transfer(from: foundations[0], to: fans[0]), to: &after)
        XCTAssertEqual(after.piles[foundations[0]].map(\.description), ["AH", "2H"])
        XCTAssertEqual(after.piles[fans[0]].map(\.description), ["4H", "3H"])
        XCTAssertNil(rules.takeFailure())
    }

    func testARedealShufflesTheFansAndDealsThemInThrees() {
        var state = rules.deal(seed: 21)
        // Seven cards on the foundations first: 45 are left to deal in fifteen fans of three.
        var taken = 0
        for fan in fans where taken < 7 {
            let card = state.piles[fan].removeLast()
            state.piles[foundations[0]].append(card)
            taken += 1
        }
        let before = state
        let onFans = fans.flatMap { state.piles[$0].map(\.description) }.sorted()
        XCTAssertNil(rules.refusal(of: .stock(redeal), in: state))
        let record = rules.apply(.stock(redeal), to: &state)
        XCTAssertEqual(state.redealsLeft, 1)
        XCTAssertEqual(fans.map { state.piles[$0].count }, Array(repeating: 3, count: 15) + [0, 0, 0])
        XCTAssertTrue(fans.allSatisfy { state.piles[$0].allSatisfy(\.faceUp) })
        XCTAssertEqual(fans.flatMap { state.piles[$0].map(\.description) }.sorted(), onFans)
        XCTAssertEqual(state.piles[foundations[0]], before.piles[foundations[0]])
        XCTAssertTrue(state.piles[redeal].isEmpty)
        XCTAssertNotEqual(
            fans.flatMap { state.piles[$0] }, fans.flatMap { before.piles[$0] }, "the cards are shuffled")

        // Undone and made again, the redeal shuffles the same way.
        var again = state
        again.revert(record)
        XCTAssertEqual(again, before)
        _ = rules.apply(.stock(redeal), to: &again)
        XCTAssertEqual(again, state)

        _ = rules.apply(.stock(redeal), to: &state)
        XCTAssertEqual(state.redealsLeft, 0)
        XCTAssertEqual(rules.refusal(of: .stock(redeal), in: state)?.plainMessage, "no redeals left")
        XCTAssertNil(rules.takeFailure())
    }

    func testWonWhenEveryCardIsOnTheFoundations() {
        var piles: [Int: [String]] = [:]
        for (index, suit) in ["C", "D", "H", "S"].enumerated() {
            piles[foundations[index]] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"].map {
                $0 + suit
            }
        }
        XCTAssertTrue(rules.isWon(play.position(piles)))
        var notYet = play.position(piles)
        notYet.piles[fans[0]] = [notYet.piles[foundations[3]].removeLast()]
        XCTAssertFalse(rules.isWon(notYet))
    }

    /// The script only deals: the play is the layout's rules, which the solver searches without
    /// a call into Lua (a redeal is the rules' own shuffle, drawn from the position).
    func testThePlayIsTheLayoutsRules() {
        XCTAssertEqual(rules.engine?.hooks, [.deal])
        XCTAssertNotNil(rules.declarativeRules)
    }

    func testRandomPlayKeepsTheRules() {
        let result = play.playRandomly(games: 4, moves: 40)
        XCTAssertGreaterThan(result.moves, 40)
    }
}
