import Layouts
import Solitaire
import XCTest

/// Where a double-click sends cards: a foundation, else onto a card, else an empty column, else a
/// free cell; never back where they are.
final class BestMoveTests: XCTestCase {
    let rules = DeclarativeRules(layout: Variants.freeCell())

    /// A FreeCell position: four cells, four foundations, eight columns.
    func freeCell(cells: [String] = ["", "", "", ""], foundations: [String] = ["", "", "", ""], _ columns: [String])
        -> GameState
    {
        position(cells + foundations + columns + Array(repeating: "", count: 8 - columns.count))
    }

    /// Every column filled with something that takes nothing, after `columns`.
    func full(_ columns: [String]) -> [String] {
        columns + Array(repeating: "2H", count: 8 - columns.count)
    }

    func testFoundationFirst() {
        let state = freeCell(foundations: ["AS", "", "", ""], full(["9C 2S", "3H"]))
        XCTAssertEqual(rules.bestMove(from: 8, count: 1, in: state), .transfer(from: 8, to: 4))
        XCTAssertEqual(rules.foundationMove(from: 8, in: state), .transfer(from: 8, to: 4))
        XCTAssertNil(rules.foundationMove(from: 9, in: state))
    }

    func testOntoACardOverAnEmptyColumnOverACell() {
        let onto = freeCell(["9C 7S", "8H"])
        XCTAssertEqual(rules.bestMove(from: 8, count: 1, in: onto), .transfer(from: 8, to: 9), "onto 8H")
        let empty = freeCell(full(["9C 7S", "8S"]).dropLast())
        XCTAssertEqual(rules.bestMove(from: 8, count: 1, in: empty), .transfer(from: 8, to: 15), "an empty column")
        let cell = freeCell(cells: ["KD", "", "", ""], full(["9C 7S", "8S"]))
        XCTAssertEqual(rules.bestMove(from: 8, count: 1, in: cell), .transfer(from: 8, to: 1), "the first free cell")
        let nowhere = freeCell(cells: ["KD", "KH", "KC", "KS"], full(["9C 7S", "8S"]))
        XCTAssertNil(rules.bestMove(from: 8, count: 1, in: nowhere))
    }

    func testRuns() {
        let state = freeCell(["9C 8H 7S", "9S"])
        XCTAssertEqual(rules.bestMove(from: 8, count: 2, in: state), .transfer(from: 8, to: 9, count: 2))
        XCTAssertEqual(
            rules.bestMove(from: 8, count: 1, in: state), .transfer(from: 8, to: 10), "7S alone: an empty column")
        XCTAssertNil(rules.bestMove(from: 8, count: 3, in: state), "a whole column does not hop to an empty column")
    }

    /// A card never hops to an equivalent place: a cell's card to another cell, a whole column to
    /// an empty column.
    func testNeverBackWhereTheyAre() {
        let inCell = freeCell(cells: ["7S", "", "", ""], full(["8S"]))
        XCTAssertNil(rules.bestMove(from: 0, count: 1, in: inCell), "not to the next cell")
        let withColumn = freeCell(cells: ["7S", "", "", ""], full(["8S"]).dropLast())
        XCTAssertEqual(rules.bestMove(from: 0, count: 1, in: withColumn), .transfer(from: 0, to: 15))

        let alone = freeCell(full(["7S"]).dropLast())
        XCTAssertEqual(
            rules.bestMove(from: 8, count: 1, in: alone), .transfer(from: 8, to: 0), "a free cell, not the empty column"
        )
    }

    func testNothingFromAFoundationOrTheStock() {
        let state = freeCell(foundations: ["AS", "", "", ""], ["2H"])
        XCTAssertNil(rules.bestMove(from: 4, count: 1, in: state))
        XCTAssertNil(rules.foundationMove(from: 4, in: state))
        let klondike = DeclarativeRules(layout: Variants.klondike())
        let dealt = klondike.deal(seed: 3)
        XCTAssertNil(klondike.bestMove(from: 0, count: 1, in: dealt))
        XCTAssertNil(rules.bestMove(from: 8, count: 2, in: freeCell(["9C 7S", "8H"])), "7S alone moves")
    }

    /// Whatever the position, a best move is legal and never a no-op.
    func testBestMovesAreLegal() {
        for (name, layout) in Variants.all {
            let rules = DeclarativeRules(layout: layout)
            var state = rules.deal(seed: 11)
            var generator = SplitMix64(seed: 5)
            for _ in 0..<80 {
                for pile in state.piles.indices {
                    for count in 1...max(1, state.piles[pile].count) {
                        guard let move = rules.bestMove(from: pile, count: count, in: state) else { continue }
                        XCTAssertNil(rules.refusal(of: move, in: state), "\(name): \(move)")
                        XCTAssertEqual(move.from, pile)
                        XCTAssertEqual(move.count, count)
                        XCTAssertNotEqual(move.to, pile)
                    }
                }
                let moves = rules.legalMoves(in: state)
                guard !moves.isEmpty else { break }
                _ = rules.apply(moves[Int(generator.next() % UInt64(moves.count))], to: &state)
            }
        }
    }
}
