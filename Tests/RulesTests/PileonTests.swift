import Layouts
import Solitaire
import TestSupport
import XCTest

/// Pileon's vocabulary: `build = "same-rank"` (with runs of one rank moving together),
/// `freeze` (a full pile built in order is finished) and `win = "sets"`.
final class PileonTests: XCTestCase {
    let layout = ShippedLayouts.layout(named: "pileon")!
    var rules: DeclarativeRules { DeclarativeRules(layout: layout) }

    /// Fifteen piles: the given texts first, the rest empty.
    func table(_ piles: [String]) -> GameState {
        position(piles + Array(repeating: "", count: 15 - piles.count))
    }

    func testCardsOfOneRankBuildAndMoveTogetherUpToFour() {
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        let state = table(["2C 7S 7H", "KD 7D", "9C 9D 9H 9S", "5C", "8H"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 0, to: 1, count: 2), in: state), "two 7s onto a 7")
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 5, count: 1), in: state), "onto an empty pile")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 4, to: 0, count: 1), in: state)?.plainMessage, "8H goes on an 8")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 0, to: 1, count: 3), in: state)?.plainMessage,
            "that run is not in sequence")
        var full = state
        full.piles[1] = cards("KD 7D 7C")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 0, to: 1, count: 2), in: full)?.plainMessage,
            "a column holds 4 cards")
    }

    func testAFullPileOfOneRankTurnsOverAndStays() {
        var state = table(["7S 7H", "7D 7C", "5C"])
        let record = rules.apply(.transfer(from: 0, to: 1, count: 2), to: &state)
        XCTAssertEqual(text(state.piles[1]), "7D 7C 7S [7H]", "the finished pile's top card turned over")
        XCTAssertEqual(record.steps.last?.automatic, true)
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 1, to: 3, count: 1), in: state)?.plainMessage,
            "that pile is finished: its cards stay")
        XCTAssertFalse(rules.legalMoves(in: state).contains { $0.from == 1 })
        state.revert(record)
        XCTAssertEqual(state.piles.prefix(2).map(text), ["7S 7H", "7D 7C"])
        // Four cards not of one rank are not finished.
        var mixed = table(["7S 7H", "7D 8C"])
        _ = rules.apply(.transfer(from: 0, to: 1, count: 1), to: &mixed)
        XCTAssertEqual(mixed.piles[1].last?.faceUp, true)
    }

    func testWonWhenEveryPileIsEmptyOrFinished() {
        var piles: [String] = []
        for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"] {
            piles.append("\(rank)C \(rank)D \(rank)H [\(rank)S]")
        }
        XCTAssertTrue(rules.isWon(table(piles)))
        piles[0] = "AC AD AH AS"  // face up, not yet turned: still four of a rank
        XCTAssertTrue(rules.isWon(table(piles)))
        piles[0] = "AC AD AH"
        XCTAssertFalse(rules.isWon(table(piles)))
        XCTAssertEqual(
            layout.rulesSummary.last, "Win by leaving every tableau pile empty or holding four cards of one rank.")
    }

    func testFinishedPilesNeedACapacity() {
        let text = """
            name = "x"
            map = "T T"
            [game]
            win = "sets"
            [slots.T]
            kind = "tableau"
            deal-up = 26
            build = "same-rank"
            freeze = true
            """
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description),
            [
                "x.toml:4:7: warning: win = \"sets\" is never met while group 'tableau' has no capacity: every "
                    + "tableau pile that holds cards must be full",
                "x.toml:9:1: warning: freeze has no effect on group 'tableau' without a capacity: a pile is finished "
                    + "when it is full",
            ])
    }

    /// Sets are made of cards: a tableau dealt empty (every card still in the stock) is not won
    /// before the first move, nor is one whose cards are all in sets but for those in the stock.
    func testATableauDealtEmptyIsNotWonAndEveryCardMustBeInASet() throws {
        let text = """
            name = "x"
            map = "S T T T T"
            [game]
            win = "sets"
            [slots.S]
            kind = "stock"
            deal-to = "tableau"
            [slots.T]
            kind = "tableau"
            capacity = 4
            build = "same-rank"
            suit = "any"
            empty = "any"
            """
        let loaded = LayoutLoader.load(text: text, file: "x.toml")
        XCTAssertEqual(loaded.diagnostics.map(\.description), [])
        let rules = DeclarativeRules(layout: try XCTUnwrap(loaded.layout))
        let start = rules.deal(seed: 1)
        XCTAssertEqual(start.piles[0].count, 52)
        XCTAssertFalse(rules.isWon(start), "no card is in a set yet")
        let sets = position(["", "AC AD AH AS", "2C 2D 2H 2S", "", ""])
        XCTAssertTrue(rules.isWon(sets), "every card in a set")
        XCTAssertFalse(rules.isWon(position(["3C", "AC AD AH AS", "2C 2D 2H 2S", "", ""])), "a card left in the stock")
        XCTAssertFalse(rules.isWon(position(["", "", "", "", ""])), "no cards at all")
    }

    func testCardsOnAFoundationAreNotInSets() {
        let text = """
            name = "x"
            map = "F T T"
            [game]
            win = "sets"
            [slots.F]
            kind = "foundation"
            [slots.T]
            kind = "tableau"
            capacity = 26
            deal-up = 26
            """
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description),
            [
                "x.toml:4:7: warning: win = \"sets\" is never met while a card is on group 'foundation': every card "
                    + "must be in a finished tableau pile"
            ])
    }
}
