import Layouts
import Solitaire
import TestSupport
import XCTest

/// Cards from text, bottom first: `"[8D] 7S"` is a face-down 8D under a face-up 7S.
func cards(_ text: String) -> [PileCard] {
    text.split(separator: " ").map { token in
        let faceDown = token.hasPrefix("[")
        let name = String(token.filter { $0 != "[" && $0 != "]" })
        guard let card = Card(name) else { fatalError("not a card: \(token)") }
        return PileCard(card, faceUp: !faceDown)
    }
}

/// A pile as text, the way ``cards(_:)`` reads it.
func text(_ pile: [PileCard]) -> String { pile.map(\.description).joined(separator: " ") }

/// A position: one text per pile, in layout order.
func position(_ piles: [String], redeals: Int = 0, dealtBase: Int = 0) -> GameState {
    GameState(piles: piles.map(cards), redealsLeft: redeals, dealtBase: dealtBase)
}

/// One move in one position and what the rules should say of it.
struct MoveCase {
    var name: String
    var layout: TableLayout
    var piles: [String]
    var move: Move
    /// `nil`: legal.
    var refusal: String?
    var redeals = 0
    var dealtBase = 0
}

extension XCTestCase {
    /// Checks each case's refusal (or its legality) and that `legalMoves` agrees.
    func check(_ cases: [MoveCase], file: StaticString = #filePath, line: UInt = #line) {
        for item in cases {
            let rules = DeclarativeRules(layout: item.layout)
            let state = position(item.piles, redeals: item.redeals, dealtBase: item.dealtBase)
            XCTAssertEqual(state.piles.count, item.layout.slots.count, item.name, file: file, line: line)
            XCTAssertEqual(
                rules.refusal(of: item.move, in: state)?.plainMessage, item.refusal, item.name, file: file, line: line)
            XCTAssertEqual(
                rules.legalMoves(in: state).contains(item.move), item.refusal == nil, "\(item.name): legalMoves",
                file: file, line: line)
        }
    }
}

/// A table of `count` columns of one group `T` with the tableau defaults changed by `change`.
func columns(_ count: Int = 2, _ change: (inout PileRules) -> Void = { _ in }) -> TableLayout {
    makeLayout([GroupSpec("T", .tableau, count, change)])
}

/// A column `T` (pile 0) and one more group (pile 1).
func columnAnd(
    _ kind: SlotKind, capacity: Int? = nil, _ change: (inout PileRules) -> Void = { _ in },
    column: (inout PileRules) -> Void = { _ in }
) -> TableLayout {
    makeLayout([GroupSpec("T", .tableau, 1, column), GroupSpec("X", kind, 1, capacity: capacity, change)])
}
