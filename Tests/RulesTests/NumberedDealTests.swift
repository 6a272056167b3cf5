import Layouts
import Solitaire
import XCTest

/// Numbered deals: FreeCell's deals are Microsoft's, card for card, and every game numbers its
/// deals the same way.
final class NumberedDealTests: XCTestCase {
    func shipped(_ name: String) throws -> DeclarativeRules {
        DeclarativeRules(layout: try XCTUnwrap(ShippedLayouts.layout(named: name), name))
    }

    /// The tableau of a FreeCell-like deal as rows across the columns (`JD 2D 9H …`), the way
    /// published deals are printed; columns read downwards.
    func rows(_ state: GameState, columns: Range<Int>) -> String {
        let height = columns.map { state.piles[$0].count }.max() ?? 0
        return (0..<height).map { row in
            columns.compactMap { column in
                let pile = state.piles[column]
                return row < pile.count ? pile[row].card.description : nil
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// Microsoft's deals as `make-microsoft-freecell-board N` (freecell-solver) prints them, turned
    /// into rows, tens as `T`.
    static let published: [UInt64: String] = [
        1: """
        JD 2D 9H JC 5D 7H 7C 5H
        KD KC 9S 5S AD QC KH 3H
        2S KS 9D QD JS AS AH 3C
        4C 5C TS QH 4H AC 4D 7S
        3S TD 4S TH 8H 2C JH 7D
        6D 8S 8D QS 6C 3D 8C TC
        6S 9C 2H 6H
        """,
        1000: """
        8C 3H KD 7C 6D 6H TC 9C
        5C 4C 8S KH 5H 6S QD 5S
        9H JC 7H 4D AD TS KS QS
        JS 3C JD 4H AC 2C 3D TH
        QC 9S QH 4S 6C 2D AS 2S
        3S 8D JH 8H 9D AH 7D TD
        7S 5D 2H KC
        """,
        11982: """
        AH AS 4H AC 2D 6S TS JS
        3D 3H QS QC 8S 7H AD KS
        KD 6H 5S 4D 9H JH 9S 3C
        JC 5D 5C 8C 9D TD KH 7C
        6C 2C TH QH 6D TC 4S 7S
        JD 7D 8H 9C 2H QD 4C 5H
        KC 8D 2S 3S
        """,
        2_147_483_647: """
        9S 2H 7C 5H 4C 6D 3D 4S
        JH TC TD QS 3S KH 8D JC
        7S 6C 3H 8S KD TS 9D 4D
        5S AD TH 3C 2C AH 2D 9H
        5D QH 8C 6H 6S QD 4H JS
        5C JD AS QC AC KC 2S KS
        7D 9C 7H 8H
        """,
    ]

    func testFreeCellDealsAreMicrosoftsDeals() throws {
        let rules = try shipped("freecell")
        for (number, deal) in NumberedDealTests.published.sorted(by: { $0.key < $1.key }) {
            let state = rules.deal(seed: number)
            XCTAssertEqual(rows(state, columns: 8..<16), deal, "deal \(number)")
            XCTAssertTrue(state.piles[0..<8].allSatisfy(\.isEmpty), "deal \(number): cells and foundations empty")
            XCTAssertTrue(state.piles.joined().allSatisfy(\.faceUp), "deal \(number): every card face up")
        }
    }

    /// Microsoft's `rand()` after `srand(1)`: 41, 18467, 6334, 26500, 19169.
    func testTheGeneratorIsMicrosoftsRand() {
        var generator = MicrosoftDeal.Generator(seed: 1)
        XCTAssertEqual((0..<5).map { _ in generator.next() }, [41, 18467, 6334, 26500, 19169])
    }

    func testTheOrderIsRankFirst() {
        let deck = MicrosoftDeal.orderedDeck(suits: Card.Suit.allCases, decks: 1)
        XCTAssertEqual(deck.prefix(6).map(\.card.description), ["AC", "AD", "AH", "AS", "2C", "2D"])
        XCTAssertEqual(deck.last?.card.description, "KS")
        let double = MicrosoftDeal.orderedDeck(suits: Card.Suit.allCases, decks: 2)
        XCTAssertEqual(
            double.prefix(9).map(\.card.description), ["AC", "AD", "AH", "AS", "AC", "AD", "AH", "AS", "2C"],
            "each rank once per deck before the next rank")
        let spades = MicrosoftDeal.orderedDeck(suits: [.spades], decks: 2)
        XCTAssertEqual(spades.count, 104)
        XCTAssertEqual(spades.prefix(9).map(\.card.description), Array(repeating: "AS", count: 8) + ["2S"])
    }

    func testNumbersOutsideTheRangeAreReduced() throws {
        let last = DeclarativeRules.dealNumbers.upperBound
        XCTAssertEqual(DeclarativeRules.dealNumbers.lowerBound, 1)
        XCTAssertEqual(last, 2_147_483_647)
        XCTAssertEqual(MicrosoftDeal.dealNumber(for: 1000), 1000)
        XCTAssertEqual(MicrosoftDeal.dealNumber(for: 0), last)
        XCTAssertEqual(MicrosoftDeal.dealNumber(for: last + 1000), 1000)
        XCTAssertEqual(MicrosoftDeal.dealNumber(for: last * 3), last)
        XCTAssertTrue(DeclarativeRules.dealNumbers.contains(MicrosoftDeal.dealNumber(for: .max)))
        let rules = try shipped("freecell")
        XCTAssertEqual(rules.deal(seed: last + 1000), rules.deal(seed: 1000))
        XCTAssertEqual(rules.deal(seed: 0), rules.deal(seed: last))
        XCTAssertNotEqual(rules.deal(seed: 1000), rules.deal(seed: 1001))
    }

    /// Baker's Game deals FreeCell's columns; Eight Off deals the same cards in the same order,
    /// its first four to the cells it fills, then the columns row by row.
    func testTheFreeCellFamilySharesTheNumbering() throws {
        let freeCell = try shipped("freecell")
        let bakers = try shipped("bakers-game")
        let eightOff = try shipped("eight-off")
        for number: UInt64 in [1, 1000, 11982, 31_465] {
            let deal = freeCell.deal(seed: number)
            XCTAssertEqual(bakers.deal(seed: number), deal, "Baker's Game deal \(number)")

            var drawn = MicrosoftDeal.orderedDeck(suits: Card.Suit.allCases, decks: 1)
            MicrosoftDeal.shuffle(&drawn, dealNumber: number)
            let freeCellOrder = (0..<52).map { index in deal.piles[8 + index % 8][index / 8].card }
            XCTAssertEqual(freeCellOrder, drawn.map(\.card), "FreeCell deal \(number) is the drawn order")

            let eight = eightOff.deal(seed: number)
            let tableau = eightOff.layout.slots.indices.filter { eightOff.layout.slots[$0].kind == .tableau }
            let cells = [0, 2, 4, 6].map { eight.piles[$0][0].card }
            let columns = (0..<48).map { index in eight.piles[tableau[index % 8]][index / 8].card }
            XCTAssertEqual(cells + columns, drawn.map(\.card), "Eight Off deal \(number)")
        }
    }

    /// Every shipped game deals all its cards exactly once, whatever the number, and different
    /// numbers deal different games.
    func testEveryGameDealsEveryCardOnceForEveryNumber() throws {
        for name in ShippedLayouts.names {
            guard let layout = ShippedLayouts.layout(named: name), let game = layout.rules else { continue }
            let rules = DeclarativeRules(layout: layout)
            let expected = DeclarativeRules.orderedCards(for: game).map(\.raw).sorted()
            var deals: Set<GameState> = []
            for number: UInt64 in [1, 2, 617, 1000, 11982, 2_147_483_647] {
                let state = rules.deal(seed: number)
                XCTAssertEqual(
                    state.piles.joined().map { $0.raw & 0x7F }.sorted(), expected, "\(name) deal \(number)")
                deals.insert(state)
            }
            XCTAssertEqual(deals.count, 6, "\(name): six numbers, six deals")
        }
    }

    /// The stock deals the cards in the order the shuffle drew them: its top card is the next one.
    func testTheStockDealsInDrawnOrder() throws {
        let rules = try shipped("klondike")
        let state = rules.deal(seed: 7)
        var drawn = DeclarativeRules.orderedCards(for: try XCTUnwrap(rules.layout.rules))
        MicrosoftDeal.shuffle(&drawn, dealNumber: 7)
        XCTAssertEqual(state.piles[0].reversed().map(\.card), drawn.dropFirst(28).map(\.card))
    }
}
