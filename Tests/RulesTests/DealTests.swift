import Layouts
import Solitaire
import TestSupport
import XCTest

/// The deal: counts per pile, faces, the deck's make-up, deal-rank and kings-to-bottom.
final class DealTests: XCTestCase {
    /// `(face down, face up)` per pile.
    func faces(_ state: GameState) -> [[Int]] {
        state.piles.map { pile in [pile.filter { !$0.faceUp }.count, pile.filter(\.faceUp).count] }
    }

    func counts(_ state: GameState) -> [String: Int] {
        var counts: [String: Int] = [:]
        for pile in state.piles {
            for card in pile { counts[card.card.description, default: 0] += 1 }
        }
        return counts
    }

    func testKlondike() {
        let rules = DeclarativeRules(layout: Variants.klondike())
        let state = rules.deal(seed: 42)
        XCTAssertEqual(
            faces(state),
            [
                [24, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 1], [1, 1], [2, 1], [3, 1], [4, 1], [5, 1],
                [6, 1],
            ])
        for pile in 6..<13 { XCTAssertTrue(state.piles[pile].last!.faceUp) }
        XCTAssertEqual(counts(state).count, 52)
        XCTAssertTrue(counts(state).values.allSatisfy { $0 == 1 })
        XCTAssertEqual(rules.deal(seed: 42), state, "the same seed deals the same game")
        XCTAssertNotEqual(rules.deal(seed: 43), state)
        XCTAssertEqual(state.redealsLeft, .max)
        XCTAssertFalse(rules.isWon(state))
    }

    /// Row by row: the first row gives one card to each column, left to right.
    func testDealsRowByRow() {
        let layout = makeLayout([GroupSpec("T", .tableau, 3) { $0.dealUp = [2, 2, 2] }, GroupSpec("S", .stock, 1)])
        let rules = DeclarativeRules(layout: layout)
        let state = rules.deal(seed: 9)
        var deck = DeclarativeRules.orderedCards(for: layout.rules!)
        MicrosoftDeal.shuffle(&deck, dealNumber: 9)
        let first = deck.prefix(6).map(\.card)
        XCTAssertEqual(state.piles[0].map(\.card), [first[0], first[3]])
        XCTAssertEqual(state.piles[1].map(\.card), [first[1], first[4]])
        XCTAssertEqual(state.piles[2].map(\.card), [first[2], first[5]])
        XCTAssertEqual(
            state.piles[3].map(\.card), deck.dropFirst(6).reversed().map(\.card),
            "the rest to the stock, the next card drawn on top")
    }

    func testFreeCellSpiderYukonGolf() {
        let freeCell = DeclarativeRules(layout: Variants.freeCell()).deal(seed: 1)
        XCTAssertEqual(
            faces(freeCell).suffix(8), [[0, 7], [0, 7], [0, 7], [0, 7], [0, 6], [0, 6], [0, 6], [0, 6]])
        XCTAssertEqual(freeCell.cardCount, 52)

        let spider = DeclarativeRules(layout: Variants.spider()).deal(seed: 1)
        XCTAssertEqual(spider.piles[0].count, 50)
        XCTAssertEqual(faces(spider).suffix(10).map { $0[0] }, [5, 5, 5, 5, 4, 4, 4, 4, 4, 4])
        XCTAssertEqual(faces(spider).suffix(10).map { $0[1] }, Array(repeating: 1, count: 10))
        XCTAssertEqual(counts(spider).count, 13, "spades only")
        XCTAssertTrue(counts(spider).values.allSatisfy { $0 == 8 })
        XCTAssertTrue(counts(spider).keys.allSatisfy { $0.hasSuffix("S") })

        let yukon = DeclarativeRules(layout: Variants.yukon()).deal(seed: 1)
        XCTAssertEqual(yukon.cardCount, 52)
        XCTAssertEqual(faces(yukon).suffix(7), [[0, 1], [1, 5], [2, 5], [3, 5], [4, 5], [5, 5], [6, 5]])

        let golf = DeclarativeRules(layout: Variants.golf()).deal(seed: 1)
        XCTAssertEqual(golf.piles.map(\.count), [17, 0, 5, 5, 5, 5, 5, 5, 5], "deal-up with one entry counts for all")
    }

    func testCanfieldDealtBase() {
        let rules = DeclarativeRules(layout: Variants.canfield())
        for seed in UInt64(1)...5 {
            let state = rules.deal(seed: seed)
            XCTAssertEqual(
                faces(state),
                [[34, 0], [0, 0], [12, 1], [0, 1], [0, 0], [0, 0], [0, 0], [0, 1], [0, 1], [0, 1], [0, 1]])
            XCTAssertEqual(state.dealtBase, state.piles[3][0].rank)
        }
    }

    func testSuitsAndDecks() {
        for decks in 1...4 {
            let layout = makeLayout([GroupSpec("S", .stock, 1), GroupSpec("W", .waste, 1)], decks: decks)
            let state = DeclarativeRules(layout: layout).deal(seed: UInt64(decks))
            XCTAssertEqual(state.cardCount, 52 * decks)
            XCTAssertEqual(counts(state).count, 52)
            XCTAssertTrue(counts(state).values.allSatisfy { $0 == decks }, "\(decks) decks")
        }
        let twoSuits = makeLayout([GroupSpec("S", .stock, 1), GroupSpec("W", .waste, 1)], suits: ["H", "S"])
        let state = DeclarativeRules(layout: twoSuits).deal(seed: 1)
        XCTAssertEqual(counts(state).count, 26)
        XCTAssertTrue(counts(state).values.allSatisfy { $0 == 2 })
        XCTAssertEqual(Set(counts(state).keys.map { $0.last! }), ["H", "S"])
    }

    func testDealRank() {
        let layout = makeLayout([
            GroupSpec("F", .foundation, 4) { $0.dealRank = 1 },
            GroupSpec("T", .tableau, 8) { $0.dealUp = [6] },
        ])
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        let state = DeclarativeRules(layout: layout).deal(seed: 3)
        XCTAssertEqual(state.piles.map(\.count), [1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6])
        XCTAssertEqual(state.piles.prefix(4).map { text($0) }, ["AC", "AD", "AH", "AS"], "suits in deck order")
        XCTAssertFalse(state.piles.dropFirst(4).joined().contains { $0.rank == 1 })
    }

    func testKingsToBottom() {
        func layout(_ kings: Bool) -> TableLayout {
            makeLayout([
                GroupSpec("T", .tableau, 4) {
                    $0.dealDown = [6]
                    $0.dealUp = [7]
                    $0.kingsToBottom = kings
                }
            ])
        }
        for seed in UInt64(1)...5 {
            let plain = DeclarativeRules(layout: layout(false)).deal(seed: seed)
            let state = DeclarativeRules(layout: layout(true)).deal(seed: seed)
            for (pile, original) in zip(state.piles, plain.piles) {
                let kings = original.filter { $0.rank == 13 }.count
                XCTAssertTrue(pile.prefix(kings).allSatisfy { $0.rank == 13 })
                XCTAssertEqual(pile.map { $0.card.description }.sorted(), original.map { $0.card.description }.sorted())
                XCTAssertEqual(pile.map(\.faceUp), original.map(\.faceUp), "each position keeps its face")
                XCTAssertEqual(
                    pile.filter { $0.rank != 13 }.map(\.card), original.filter { $0.rank != 13 }.map(\.card),
                    "the others keep their order")
            }
        }
    }

    func testWinConditions() {
        let foundations = DeclarativeRules(
            layout: makeLayout([GroupSpec("F", .foundation, 2), GroupSpec("T", .tableau, 1)]))
        XCTAssertTrue(foundations.isWon(position(["AS 2S", "AH", ""])))
        XCTAssertFalse(foundations.isWon(position(["AS", "AH", "2S"])))
        let cleared = DeclarativeRules(layout: Variants.golf())
        var piles = Array(repeating: "", count: 9)
        piles[0] = "[AS] [2S]"
        piles[1] = "KH QH"
        XCTAssertTrue(cleared.isWon(position(piles)), "the stock may keep cards")
        piles[5] = "3C"
        XCTAssertFalse(cleared.isWon(position(piles)))
    }
}
