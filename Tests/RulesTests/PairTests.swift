import Layouts
import Solitaire
import TestSupport
import XCTest

/// `pair` on a discard pile: two cards that may move and pair up leave together when one is
/// dropped on the other; a card that makes a sum alone leaves by itself; nothing else goes there.
final class PairTests: XCTestCase {
    /// Three columns (piles 0 to 2), a reserve (3) and the discard pile (4).
    func table(_ rule: PairRule) -> TableLayout {
        makeLayout([
            GroupSpec("T", .tableau, 3) {
                $0.build = .none
                $0.move = .top
                $0.empty = .none
            },
            GroupSpec("R", .reserve, 1),
            GroupSpec("D", .foundation, 1) {
                $0.build = .none
                $0.takeBack = false
                $0.pair = rule
            },
        ])
    }

    func testCardsThatPairLeaveTogetherAndOthersAreRefusedInThePairsWords() {
        let fourteen = table(.sum(14))
        check([
            MoveCase(
                name: "6 and 8 make 14", layout: fourteen, piles: ["2C 6S", "8D", "KH", "AS", ""],
                move: .transfer(from: 0, to: 1, count: 1)),
            MoveCase(
                name: "from the reserve", layout: fourteen, piles: ["2C 6S", "8D", "KH", "AS", ""],
                move: .transfer(from: 3, to: 2, count: 1)),
            MoveCase(
                name: "6 and 13 do not", layout: fourteen, piles: ["2C 6S", "8D", "KH", "AS", ""],
                move: .transfer(from: 0, to: 2, count: 1), refusal: "6S and KH do not add up to 14"),
            MoveCase(
                name: "only the top card", layout: fourteen, piles: ["6S 2C", "8D", "KH", "AS", ""],
                move: .transfer(from: 0, to: 1, count: 2), refusal: "only the top card moves"),
            MoveCase(
                name: "nothing alone with 14", layout: fourteen, piles: ["2C 6S", "8D", "KH", "AS", ""],
                move: .transfer(from: 3, to: 4, count: 1),
                refusal: "drop a card on the card it pairs with, and both go there"),
            MoveCase(
                name: "not onto an empty column", layout: fourteen, piles: ["2C 6S", "", "KH", "AS", ""],
                move: .transfer(from: 0, to: 1, count: 1), refusal: "nothing goes on an empty column"),
        ])
        let thirteen = table(.sum(13))
        check([
            MoveCase(
                name: "a King alone", layout: thirteen, piles: ["2C 6S", "8D", "KH", "AS", ""],
                move: .transfer(from: 2, to: 4, count: 1)),
            MoveCase(
                name: "no other card alone", layout: thirteen, piles: ["2C 6S", "8D", "KH", "AS", ""],
                move: .transfer(from: 0, to: 4, count: 1),
                refusal: "only a King goes there alone: drop a card on one it adds up to 13 with"),
        ])
        check([
            MoveCase(
                name: "one rank", layout: table(.sameRank), piles: ["2C 6S", "6D", "KH", "AS", ""],
                move: .transfer(from: 1, to: 0, count: 1)),
            MoveCase(
                name: "not one rank", layout: table(.sameRank), piles: ["2C 6S", "8D", "KH", "AS", ""],
                move: .transfer(from: 1, to: 0, count: 1), refusal: "8D and 6S are not of one rank"),
            MoveCase(
                name: "one suit", layout: table(.sameSuit), piles: ["2C 6S", "8D", "KH", "AS", ""],
                move: .transfer(from: 3, to: 0, count: 1)),
            MoveCase(
                name: "not one suit", layout: table(.sameSuit), piles: ["2C 6S", "8D", "KH", "AS", ""],
                move: .transfer(from: 1, to: 0, count: 1), refusal: "8D and 6S are not of one suit"),
        ])
    }

    func testAPairLandsOnItsMateAndBothLeaveAndUndoPutsThemBack() {
        let rules = DeclarativeRules(layout: table(.sum(14)))
        let start = position(["2C 6S", "8D", "KH", "AS", "QC 2D"])
        var state = start
        let record = rules.apply(.transfer(from: 0, to: 1, count: 1), to: &state)
        XCTAssertEqual(record.steps.map { [$0.from, $0.to, $0.count] }, [[0, 1, 1], [1, 4, 2]])
        XCTAssertEqual(state.piles.map(text), ["2C", "", "KH", "AS", "QC 2D 8D 6S"])
        XCTAssertEqual(rules.describe(.transfer(from: 0, to: 1, count: 1), in: start).plainMessage, "Pair 6S with 8D")
        state.revert(record)
        XCTAssertEqual(state, start)
    }

    func testEveryPairIsListedBothWaysAndOnceWhenPruned() {
        let rules = DeclarativeRules(layout: table(.sum(13)))
        let state = position(["2C 6S", "7D", "KH", "6H", ""])
        let moves = Set(rules.legalMoves(in: state))
        XCTAssertEqual(
            moves,
            [
                .transfer(from: 0, to: 1, count: 1), .transfer(from: 1, to: 0, count: 1),
                .transfer(from: 1, to: 3, count: 1), .transfer(from: 3, to: 1, count: 1),
                .transfer(from: 2, to: 4, count: 1),
            ])
        var pruned: [Move] = []
        rules.legalMoves(in: state, into: &pruned, pruned: true)
        XCTAssertEqual(
            Set(pruned),
            [
                .transfer(from: 0, to: 1, count: 1), .transfer(from: 1, to: 3, count: 1),
                .transfer(from: 2, to: 4, count: 1),
            ])
        XCTAssertTrue(rules.isWon(position(["", "", "", "", "2C 6S 7D KH 6H"])))
    }

    func testTheLayoutKeyIsCheckedWhereItIsGiven() throws {
        func load(_ group: String) -> [String] {
            let text = """
                name = "x"
                map = "T T D"
                [game]
                [slots.T]
                kind = "tableau"
                deal-up = 26
                \(group == "T" ? "pair = \"sum-14\"" : "")
                [slots.D]
                kind = "foundation"
                \(group == "D" ? "pair = \"sum-27\"" : "")
                """
            return LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description)
        }
        XCTAssertEqual(
            load("T"),
            [
                "x.toml:7:1: error: pair goes on the foundation cards leave for (a discard pile), not on group "
                    + "'tableau' (its kind is tableau)"
            ])
        XCTAssertEqual(
            load("D"),
            [
                "x.toml:10:8: error: pair must be \"sum-N\" (N from 2 to 26: ranks adding up to N, with pairs of "
                    + "ranks such as \"+KQ\" after it), \"same-rank\" or \"same-suit\", found \"sum-27\""
            ])
    }

    func testTheSummarySaysHowPairsLeave() throws {
        let summary = try XCTUnwrap(ShippedLayouts.layout(named: "fourteen")).rulesSummary
        XCTAssertTrue(
            summary.contains(
                "Two cards that may move, whose ranks add up to 14 (Ace 1, Jack 11, Queen 12, King 13), go to the "
                    + "discard pile together: drop one on the other."), "\(summary)")
        XCTAssertEqual(table(.sum(13)).rulesSummary.filter { $0.contains("King goes alone") }.count, 1)
        XCTAssertEqual(summary.last, "Win by moving every card to the discard pile.")
    }

    /// Cover: two cards of one suit leave, their spaces are filled from the stock at once, and
    /// the game is won when the stock is empty, whatever is left on the table.
    func testCoverRefillsFromTheStockAndIsWonWhenTheStockIsEmpty() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "cover"))
        let rules = DeclarativeRules(layout: layout)
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        // Piles: the stock, four spaces, the discard pile.
        var state = position(["[2C] [3H]", "5S", "KS", "9D", "AH", ""])
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 2, count: 1), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 3, to: 4, count: 1), in: state)?.plainMessage,
            "9D and AH are not of one suit")
        XCTAssertNil(rules.clickMove(on: 0, in: state), "a click on the stock deals nothing")
        _ = rules.apply(.transfer(from: 1, to: 2, count: 1), to: &state)
        XCTAssertEqual(state.piles.map(text), ["", "3H", "2C", "9D", "AH", "KS 5S"])
        XCTAssertTrue(rules.isWon(state), "the stock is empty")
        XCTAssertFalse(rules.isWon(position(["[2C]", "5S", "KS", "9D", "AH", ""])))
        XCTAssertEqual(
            layout.rulesSummary.last, "Win by emptying the stock, whatever is left on the table.")
    }

    func testWinningOnAnEmptyStockNeedsAStock() {
        let text = """
            name = "x"
            map = "T T"
            [game]
            win = "stock-empty"
            [slots.T]
            kind = "tableau"
            deal-up = 26
            """
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description),
            ["x.toml:4:7: error: win = \"stock-empty\" needs a stock: the game is won once the stock is empty"])
    }
}

extension PairTests {
    /// `pair = "sum-11+KQ+JJ"`: ranks adding up to 11, or a pair of ranks the game names (Gay
    /// Gordons' King and Queen, two Jacks); nothing leaves alone, and no other pair goes.
    func testASumWithNamedPairsOfRanks() throws {
        XCTAssertEqual(PairRule(name: "sum-11+KQ+JJ"), .sumOr(11, pairs: [12 << 4 | 13, 11 << 4 | 11]))
        XCTAssertEqual(PairRule(name: "sum-11+KQ+JJ")?.name, "sum-11+QK+JJ", "each pair written low first")
        XCTAssertNil(PairRule(name: "sum-11+K"))
        XCTAssertNil(PairRule(name: "sum-11+KX"))
        XCTAssertNil(PairRule(name: "sum-11+"))
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "gay-gordons"))
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        let rules = DeclarativeRules(layout: layout)
        // The reserve, five columns, the discard pile, five columns.
        var state = position(["4C 2D", "9C", "KH", "QS", "JD", "JC", "", "TS", "AH", "QD", "6H", "5H"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 0, to: 1, count: 1), in: state), "2 and 9")
        XCTAssertNil(rules.refusal(of: .transfer(from: 2, to: 3, count: 1), in: state), "King and Queen")
        XCTAssertNil(rules.refusal(of: .transfer(from: 4, to: 5, count: 1), in: state), "two Jacks")
        XCTAssertNil(rules.refusal(of: .transfer(from: 7, to: 8, count: 1), in: state), "10 and Ace")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 3, to: 9, count: 1), in: state)?.plainMessage,
            "QS and QD do not add up to 11, nor are they a pair the game names")
        XCTAssertNotNil(rules.refusal(of: .transfer(from: 4, to: 6, count: 1), in: state), "a Jack never goes alone")
        _ = rules.apply(.transfer(from: 2, to: 3, count: 1), to: &state)
        XCTAssertEqual(state.piles[6].count, 2)
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "Two cards that may move, whose ranks add up to 11 (Ace 1), or a King and a Queen, or two Jacks, go to the discard pile together: drop one on the other."
            ), "\(layout.rulesSummary)")
    }

    /// Block Ten: tens never leave, and the spaces fill from the stock.
    func testBlockTensTensStay() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "block-ten"))
        let rules = DeclarativeRules(layout: layout)
        // The stock, three places, the discard pile, six places.
        var state = position(["[3C] [5D]", "TC", "TD", "QH", "", "QS", "4C", "6C", "8H", "2H", "9S"])
        XCTAssertNotNil(rules.refusal(of: .transfer(from: 1, to: 2, count: 1), in: state), "two 10s")
        XCTAssertNotNil(rules.refusal(of: .transfer(from: 1, to: 4, count: 1), in: state), "a 10 alone")
        _ = rules.apply(.transfer(from: 3, to: 5, count: 1), to: &state)
        XCTAssertEqual(text(state.piles[3]), "5D", "filled from the stock")
        XCTAssertEqual(text(state.piles[5]), "3C")
        XCTAssertNil(rules.refusal(of: .transfer(from: 6, to: 7, count: 1), in: state), "4 and 6")
    }
}
