import Layouts
import Solitaire
import TestSupport
import XCTest

/// `available` (a card under the top that plays, in games whose cards pair) and
/// `overlap-covers` (a pyramid whose cards lie over the row above): Aisleriot's Thirteen,
/// Treize and Yield.
final class AvailableCardsTests: XCTestCase {
    /// A column (pile 0), a waste whose cards under the top play as `available` says (1) and the
    /// discard pile pairs of 13 leave for (2).
    func table(_ available: [AvailableCard]) -> TableLayout {
        makeLayout([
            GroupSpec("T", .tableau, 1) {
                $0.build = .none
                $0.move = .top
                $0.empty = .none
            },
            GroupSpec("W", .waste, 1) { $0.available = available },
            GroupSpec("D", .foundation, 1) {
                $0.build = .none
                $0.takeBack = false
                $0.pair = .sum(13)
            },
        ])
    }

    func testTheSecondCardPairsWithTheTopCardDroppedOnTheDiscardPile() {
        let second = table([.top, .second])
        check([
            MoveCase(
                name: "6 under 7", layout: second, piles: ["QH", "2C 6S 7D", ""], move: .transfer(from: 1, to: 2)),
            MoveCase(
                name: "5 under 9 make 14", layout: second, piles: ["QH", "2C 5S 9D", ""],
                move: .transfer(from: 1, to: 2),
                refusal: "only a King goes there alone: drop a card on one it adds up to 13 with"),
            MoveCase(
                name: "not without second", layout: table([.top]), piles: ["QH", "2C 6S 7D", ""],
                move: .transfer(from: 1, to: 2),
                refusal: "only a King goes there alone: drop a card on one it adds up to 13 with"),
            MoveCase(
                name: "the bottom card does not play", layout: second, piles: ["QH", "AC 6S 7D", ""],
                move: .transfer(from: 1, to: 0, count: 3), refusal: "only the top card moves"),
        ])
        let rules = DeclarativeRules(layout: second)
        let start = position(["QH", "2C 6S 7D", "KS"])
        var state = start
        let record = rules.apply(.transfer(from: 1, to: 2), to: &state)
        XCTAssertEqual(state.piles.map(text), ["QH", "2C", "KS 6S 7D"])
        XCTAssertEqual(rules.describe(.transfer(from: 1, to: 2), in: start).plainMessage, "Pair 7D with 6S")
        state.revert(record)
        XCTAssertEqual(state, start)
    }

    func testTheBottomCardPairsAndLeavesAloneAndTheCardsOverItStayInOrder() {
        let bottom = table([.top, .second, .bottom])
        check([
            MoveCase(
                name: "bottom 6 onto 7", layout: bottom, piles: ["7H", "6S 2C 9D", ""],
                move: .transfer(from: 1, to: 0, count: 3)),
            MoveCase(
                name: "bottom King alone", layout: bottom, piles: ["7H", "KS 2C 9D", ""],
                move: .transfer(from: 1, to: 2, count: 3)),
            MoveCase(
                name: "bottom 5 onto 7", layout: bottom, piles: ["7H", "5S 2C 9D", ""],
                move: .transfer(from: 1, to: 0, count: 3), refusal: "5S and 7H do not add up to 13"),
            MoveCase(
                name: "no middle card", layout: bottom, piles: ["7H", "3S 6C 9D", ""],
                move: .transfer(from: 1, to: 0, count: 2), refusal: "only the top card moves"),
            MoveCase(
                name: "a top card onto the bottom one", layout: bottom, piles: ["4H", "9D 2C 5S", ""],
                move: .transfer(from: 0, to: 1)),
        ])
        let rules = DeclarativeRules(layout: bottom)
        for (piles, move, after) in [
            (["7H", "6S 2C 9D", "KC"], Move.transfer(from: 1, to: 0, count: 3), ["", "2C 9D", "KC 7H 6S"]),
            (["7H", "KS 2C 9D", ""], .transfer(from: 1, to: 2, count: 3), ["7H", "2C 9D", "KS"]),
            (["4H", "9D 2C 5S", ""], .transfer(from: 0, to: 1), ["", "2C 5S", "4H 9D"]),
        ] {
            let start = position(piles)
            var state = start
            let record = rules.apply(move, to: &state)
            XCTAssertEqual(state.piles.map(text), after, "\(move)")
            state.revert(record)
            XCTAssertEqual(state, start, "\(move)")
        }
        XCTAssertEqual(
            rules.describe(.transfer(from: 1, to: 0, count: 3), in: position(["7H", "6S 2C 9D", ""])).plainMessage,
            "Pair 6S with 7H")
        XCTAssertEqual(
            rules.describe(.transfer(from: 1, to: 2, count: 3), in: position(["7H", "KS 2C 9D", ""])).plainMessage,
            "Discard KS")
    }

    func testThirteensPyramidTurnsACardUpOnceBothCardsOverItAreGone() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "thirteen"))
        let rules = DeclarativeRules(layout: layout)
        let ids = layout.slots.map(\.id)
        let top = try XCTUnwrap(ids.firstIndex(of: "pyramid.1"))
        let left = try XCTUnwrap(ids.firstIndex(of: "pyramid.2"))
        let right = try XCTUnwrap(ids.firstIndex(of: "pyramid.3"))
        var piles = [String](repeating: "", count: layout.slots.count)
        piles[top] = "[KS]"
        piles[left] = "6H"
        piles[right] = "[7D]"
        var state = position(piles)
        XCTAssertEqual(rules.pickUpRefusal(pile: top, from: 0, in: state)?.plainMessage.isEmpty, false)
        piles[right] = "7D"
        state = position(piles)
        _ = rules.apply(.transfer(from: left, to: right), to: &state)
        XCTAssertEqual(text(state.piles[top]), "KS", "uncovered, the top card turns up")
        // Both cards over pyramid.2 gone, it turns up; pyramid.3, under pyramid.6 still, stays down.
        piles = [String](repeating: "", count: layout.slots.count)
        let slot = { (id: String) in ids.firstIndex(of: id)! }
        piles[slot("pyramid.2")] = "[6H]"
        piles[slot("pyramid.3")] = "[8S]"
        piles[slot("pyramid.4")] = "QC"
        piles[slot("pyramid.5")] = "AC"
        piles[slot("pyramid.6")] = "2D"
        state = position(piles)
        _ = rules.apply(.transfer(from: slot("pyramid.4"), to: slot("pyramid.5")), to: &state)
        XCTAssertEqual(text(state.piles[slot("pyramid.2")]), "6H")
        XCTAssertEqual(text(state.piles[slot("pyramid.3")]), "[8S]")
    }

    func testTheKeysAreCheckedWhereTheyAreGiven() {
        func load(_ extra: String, pair: Bool = true) -> [String] {
            let text = """
                name = "x"
                map = "S W T D"
                [game]
                [slots.S]
                kind = "stock"
                [slots.W]
                kind = "waste"
                \(extra)
                [slots.T]
                kind = "tableau"
                deal-up = 1
                overlap-covers = true
                [slots.D]
                kind = "foundation"
                \(pair ? "pair = \"sum-13\"" : "")
                """
            return LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description)
        }
        let noOverlap =
            "x.toml:12:1: warning: overlap-covers has no effect on group 'tableau': none of its slots lies over part "
            + "of another (draw the rows overlapping, with grid = [0.5, 0.5])"
        XCTAssertEqual(load("available = [\"top\", \"bottom\"]"), [noOverlap])
        XCTAssertEqual(
            load("available = [\"bottom\"]"),
            ["x.toml:8:13: error: available must name \"top\": the top card of a pile always plays", noOverlap])
        XCTAssertEqual(
            load("available = [\"top\", \"middle\"]"),
            [
                "x.toml:8:21: error: available must be an array of \"top\", \"second\" and \"bottom\", found a string "
                    + "(\"middle\") at position 2", noOverlap,
            ])
        XCTAssertEqual(
            load("available = [\"top\", \"second\"]", pair: false),
            ["x.toml:8:1: error: available needs cards that pair: give a discard pile pair (group 'waste')", noOverlap])
    }

    func testTheSummarySaysWhichCardsPlay() throws {
        let treize = try XCTUnwrap(ShippedLayouts.layout(named: "treize")).rulesSummary.joined(separator: " ")
        XCTAssertTrue(treize.contains("The bottom card of the waste plays too, as its top card does."), treize)
        XCTAssertTrue(
            treize.contains("The top card of the waste pairs with the card under it too: drop it on the discard pile."),
            treize)
        XCTAssertTrue(
            treize.contains("plays only once the cards lying over it, in the row below, are gone."), treize)
    }
}
