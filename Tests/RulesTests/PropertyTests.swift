import Layouts
import Solitaire
import XCTest

/// Long runs of random legal moves on several variants: no card is lost or doubled, every move
/// reverts exactly, and undoing everything gives back the deal.
final class PropertyTests: XCTestCase {
    /// The cards of a position as a sorted list, face ignored.
    func multiset(_ state: GameState) -> [UInt8] {
        state.piles.flatMap { $0.map { $0.raw & 0x7F } }.sorted()
    }

    func testRandomPlayKeepsEveryCardAndRevertsExactly() {
        for (name, layout) in Variants.all {
            let rules = DeclarativeRules(layout: layout)
            XCTAssertEqual(DeclarativeRules.problems(in: layout), [], name)
            for seed in UInt64(1)...12 {
                let start = rules.deal(seed: seed)
                let cards = multiset(start)
                XCTAssertEqual(cards.count, layout.rules!.cardCount, "\(name) seed \(seed)")
                var state = start
                var records: [MoveRecord] = []
                var generator = SplitMix64(seed: seed &* 31 &+ 7)
                var moves: [Move] = []
                for turn in 0..<300 {
                    moves.removeAll(keepingCapacity: true)
                    rules.legalMoves(in: state, into: &moves)
                    XCTAssertEqual(rules.hasAnyLegalMove(in: state), !moves.isEmpty, "\(name) \(seed) \(turn)")
                    guard !moves.isEmpty else { break }
                    let move = moves[Int(generator.next() % UInt64(moves.count))]
                    XCTAssertNil(rules.refusal(of: move, in: state), "\(name) \(seed): \(move) listed but refused")
                    let before = state
                    let record = rules.apply(move, to: &state)
                    XCTAssertFalse(record.steps.isEmpty, "\(name) \(seed): \(move) did nothing")
                    XCTAssertEqual(multiset(state), cards, "\(name) \(seed) after \(move)")
                    var undone = state
                    undone.revert(record)
                    XCTAssertEqual(undone, before, "\(name) \(seed): \(move) does not revert")
                    records.append(record)
                    if rules.isWon(state) { break }
                }
                for record in records.reversed() { state.revert(record) }
                XCTAssertEqual(state, start, "\(name) seed \(seed): undoing everything")
            }
        }
    }

    /// The free table too: random creates, moves and deletes keep the cards and revert exactly.
    func testFreeTableRandomPlay() {
        let layout = TableLayout(
            name: "free", title: "Free",
            slots: [
                SlotLayout(id: "a", group: "a", kind: .free, position: GridPoint(column: 0, row: 0)),
                SlotLayout(id: "b", group: "b", kind: .free, position: GridPoint(column: 1, row: 0), fan: .down),
                SlotLayout(id: "c", group: "c", kind: .tableau, position: GridPoint(column: 2, row: 0), fan: .right),
                SlotLayout(id: "t", group: "t", kind: .trash, position: GridPoint(column: 3, row: 0)),
            ])
        let rules: any Rules = FreeTable(layout: layout, deckCount: 2)
        let start = rules.deal(seed: 11)
        var state = start
        var records: [MoveRecord] = []
        var generator = SplitMix64(seed: 12)
        for _ in 0..<300 {
            var moves: [Move] = []
            rules.legalMoves(in: state, into: &moves)
            XCTAssertEqual(rules.hasAnyLegalMove(in: state), !moves.isEmpty)
            guard !moves.isEmpty else { break }
            let move = moves[Int(generator.next() % UInt64(moves.count))]
            XCTAssertNil(rules.refusal(of: move, in: state), "\(move)")
            let before = state
            let record = rules.apply(move, to: &state)
            XCTAssertEqual(record.steps.count, 1)
            XCTAssertEqual(multiset(state), multiset(start))
            var undone = state
            undone.revert(record)
            XCTAssertEqual(undone, before)
            records.append(record)
        }
        XCTAssertGreaterThan(state.piles[3].count, 0, "something was deleted")
        for record in records.reversed() { state.revert(record) }
        XCTAssertEqual(state, start)
    }

    /// Every transfer the generator leaves out is refused, and every refused move is left out.
    func testLegalMovesAgreeWithRefusals() {
        for (name, layout) in Variants.all {
            let rules = DeclarativeRules(layout: layout)
            var state = rules.deal(seed: 5)
            var generator = SplitMix64(seed: 99)
            for _ in 0..<60 {
                let legal = Set(rules.legalMoves(in: state))
                for from in state.piles.indices {
                    for to in state.piles.indices {
                        for count in 1...max(1, state.piles[from].count) {
                            let move = Move.transfer(from: from, to: to, count: count)
                            XCTAssertEqual(
                                rules.refusal(of: move, in: state) == nil, legal.contains(move), "\(name): \(move)")
                        }
                    }
                    let click = Move.stock(from)
                    XCTAssertEqual(
                        rules.refusal(of: click, in: state) == nil, legal.contains(click), "\(name): \(click)")
                    XCTAssertEqual(rules.clickMove(on: from, in: state) != nil, legal.contains(click), name)
                }
                let moves = Array(legal)
                guard !moves.isEmpty else { break }
                _ = rules.apply(moves[Int(generator.next() % UInt64(moves.count))], to: &state)
            }
        }
    }

    /// Pruned move lists are a subset of the complete ones, and never empty when those are not.
    func testPrunedMovesAreASubset() {
        for (name, layout) in Variants.all {
            let rules = DeclarativeRules(layout: layout)
            var state = rules.deal(seed: 3)
            var generator = SplitMix64(seed: 4)
            for _ in 0..<100 {
                var all: [Move] = []
                var pruned: [Move] = []
                rules.legalMoves(in: state, into: &all)
                rules.legalMoves(in: state, into: &pruned, pruned: true)
                XCTAssertTrue(Set(pruned).isSubset(of: Set(all)), name)
                XCTAssertEqual(all.isEmpty, pruned.isEmpty, name)
                guard !all.isEmpty else { break }
                _ = rules.apply(all[Int(generator.next() % UInt64(all.count))], to: &state)
            }
        }
    }
}
