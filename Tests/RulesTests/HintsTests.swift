import Layouts
import Solitaire
import TestSupport
import XCTest

/// Hints: useful moves best first, in the game's words; moves that only shuffle left out.
final class HintsTests: XCTestCase {
    /// Stock (redealt as often as you like), waste, four foundations, four columns taking a King when
    /// empty.
    let klondike = DeclarativeRules(
        layout: makeLayout([
            GroupSpec("S", .stock, 1) { $0.redeals = .unlimited },
            GroupSpec("W", .waste, 1),
            GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, 4) { $0.empty = .rank(13) },
        ]))
    let freeCell = DeclarativeRules(layout: Variants.freeCell())

    /// Six FreeCell columns of red cards: none builds on another, none uncovers anything to do.
    static let redPairs = ["KD QH", "KH QD", "JD 6H", "JH 6D", "5D 3H", "5H 3D"]

    func sentences(_ hints: [Hint]) -> [String] { hints.map(\.sentence.plainMessage) }

    func testBestFirst() {
        let state = position(
            ["[5D]", "6C", "AC", "", "", "", "[9S] 2C", "[KH] 7S", "8D", "9C 7H"], redeals: .max)
        let hints = klondike.hints(in: state)
        XCTAssertEqual(
            sentences(hints),
            ["Move 2C to a foundation", "Move 7S onto 8D", "Move 6C onto 7H", "Deal from the stock"])
        XCTAssertEqual(
            hints.map(\.move),
            [.transfer(from: 6, to: 2), .transfer(from: 7, to: 8), .transfer(from: 1, to: 9), .stock(0)])
        XCTAssertEqual(hints[1].sentence.cards.map(\.description), ["7S", "8D"], "cards stay cards")
        for hint in hints { XCTAssertNil(klondike.refusal(of: hint.move, in: state), "\(hint.move) is legal") }
    }

    /// A built run moved to an equal place, a lone King to another empty column: no hints.
    func testShufflingIsNoHint() {
        let state = position(["", "", "", "", "", "", "8H 7S", "8D", "KS", ""])
        XCTAssertTrue(klondike.legalMoves(in: state).count >= 2, "there are moves")
        XCTAssertEqual(sentences(klondike.hints(in: state)), [])

        let cells = position(["7S", "", "", "", "", "", "", ""] + HintsTests.redPairs + ["9D 4H", "9H 4D"])
        XCTAssertEqual(sentences(freeCell.hints(in: cells)), [], "7S from cell to cell is no hint")
    }

    func testTheStockComesLast() {
        let redeal = position(["", "5D 6C", "", "", "", "", "8H 7S", "8D", "KS", ""], redeals: .max)
        XCTAssertEqual(sentences(klondike.hints(in: redeal)), ["Turn the waste over"], "nothing else helps")
        let deal = position(["[5D]", "6C", "", "", "", "", "8H 7S", "7D", "KS", ""], redeals: .max)
        XCTAssertEqual(sentences(klondike.hints(in: deal)), ["Move 6C onto 7D", "Deal from the stock"])
    }

    /// Moving a King out of a column turns a card up; an empty column then takes it.
    func testKingToAnEmptyColumn() {
        let state = position(["", "", "", "", "", "", "[2C] KH", "", "9S", "9C"])
        XCTAssertEqual(sentences(klondike.hints(in: state)), ["Move KH to an empty column"])
    }

    /// The move that gives back the position before the last move is no hint.
    func testUndoingTheLastMoveIsNoHint() {
        let previous = position(["", "", "", "", "", "", "", "", "4D 8H 7C", "9C"] + HintsTests.redPairs)
        XCTAssertEqual(sentences(freeCell.hints(in: previous)).first, "Move 8H and 1 more onto 9C")
        XCTAssertFalse(
            sentences(freeCell.hints(in: previous)).contains("Move 7C to a free cell"), "7C lies well on 8H")
        var state = previous
        _ = freeCell.apply(.transfer(from: 8, to: 0), to: &state)
        XCTAssertTrue(sentences(freeCell.hints(in: state)).contains("Move 7C onto 8H"))
        XCTAssertFalse(sentences(freeCell.hints(in: state, previous: previous)).contains("Move 7C onto 8H"))
        XCTAssertEqual(sentences(freeCell.hints(in: state, previous: previous)).first, "Move 8H onto 9C")
    }

    /// The last move undone by moving the card to another free cell is no hint either.
    func testUndoingIntoAnotherCellIsNoHint() {
        let previous = position(["KH", "", "", "", "", "", "", "", ""] + HintsTests.redPairs + ["9D 4H"])
        var state = previous
        _ = freeCell.apply(.transfer(from: 0, to: 8), to: &state)
        XCTAssertEqual(sentences(freeCell.hints(in: state)), ["Move KH to a free cell"], "it empties a column")
        XCTAssertEqual(sentences(freeCell.hints(in: state, previous: previous)), [])
    }

    /// When nothing looks useful, the first move of the shortest way to progress: 4H and 5D to the
    /// cells free the Ace.
    func testAMoveThatLeadsSomewhere() {
        let columns = ["KD QH", "KH QD", "JD 6H", "JH 6D", "5H 3D", "9D 3H", "9H 4D", "AH 5D 4H"]
        let state = position(["KC", "KS", "", "", "", "", "", ""] + columns)
        let hints = freeCell.hints(in: state)
        XCTAssertEqual(sentences(hints), ["Move 4H to a free cell"])
        XCTAssertEqual(hints.first?.move, .transfer(from: 15, to: 2))
    }

    func testAWonGameHasNoHints() {
        let suits = ["C", "D", "H", "S"]
        let foundations = suits.map { suit in "A23456789TJQK".map { "\($0)\(suit)" }.joined(separator: " ") }
        let won = position(["", "", "", ""] + foundations + Array(repeating: "", count: 8))
        XCTAssertFalse(freeCell.legalMoves(in: won).isEmpty, "cards may come back off the foundations")
        XCTAssertEqual(freeCell.hints(in: won), [])
    }

    /// Spider builds in any suit but moves runs of one suit: 5H is better on 6H than on 6S.
    func testARunThatJoinsItsSuit() {
        let spider = DeclarativeRules(layout: Variants.spider(suits: ["H", "S"]))
        func spiderPosition(_ first: String, _ second: String) -> GameState {
            position([""] + Array(repeating: "", count: 8) + [first, second] + Array(repeating: "KH", count: 8))
        }
        XCTAssertEqual(sentences(spider.hints(in: spiderPosition("6S 5H", "6H"))), ["Move 5H onto 6H"])
        XCTAssertEqual(sentences(spider.hints(in: spiderPosition("6S", "6H 5H"))), [])
    }

    func testSentences() {
        let state = position(["", "", "", "", "", "", "", "", "9C 8H 7S", "KH", "", "", "", "", "", ""])
        XCTAssertEqual(freeCell.describe(.transfer(from: 8, to: 0), in: state).plainMessage, "Move 7S to a free cell")
        XCTAssertEqual(
            freeCell.describe(.transfer(from: 9, to: 10), in: state).plainMessage, "Move KH to an empty column")
        XCTAssertEqual(
            freeCell.describe(.transfer(from: 8, to: 9, count: 3), in: state).plainMessage,
            "Move 9C and 2 more onto KH")
        XCTAssertEqual(freeCell.describe(.transfer(from: 8, to: 4), in: state).plainMessage, "Move 7S to a foundation")
        let golf = DeclarativeRules(layout: Variants.golf())
        let dealt = golf.deal(seed: 1)
        XCTAssertEqual(golf.describe(.stock(0), in: dealt).plainMessage, "Deal from the stock")
        let top = dealt.piles[2].last!.card
        XCTAssertEqual(
            golf.describe(.transfer(from: 2, to: 1), in: dealt).parts,
            [
                .text("Move "), .card(top), .text(" to the foundation"),
            ])
    }

    /// In play, every hint is a legal move and the stock click, if any, is the last.
    func testHintsAreLegalInPlay() {
        for (name, layout) in Variants.all {
            let rules = DeclarativeRules(layout: layout)
            var state = rules.deal(seed: 21)
            var generator = SplitMix64(seed: 8)
            for _ in 0..<80 {
                let hints = rules.hints(in: state)
                XCTAssertEqual(Set(hints.map(\.move)).count, hints.count, "\(name): no hint twice")
                for (index, hint) in hints.enumerated() {
                    XCTAssertNil(rules.refusal(of: hint.move, in: state), "\(name): \(hint.move)")
                    XCTAssertEqual(hint.sentence, rules.describe(hint.move, in: state))
                    if hint.move.kind == .stock { XCTAssertEqual(index, hints.count - 1, "\(name): the stock last") }
                }
                let moves = rules.legalMoves(in: state)
                guard !moves.isEmpty else { break }
                _ = rules.apply(moves[Int(generator.next() % UInt64(moves.count))], to: &state)
            }
        }
    }
}
