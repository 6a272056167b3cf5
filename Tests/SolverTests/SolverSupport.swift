import Layouts
import Solitaire
import Solver
import XCTest

/// A shipped layout by name; fails the test when it is missing.
func shippedLayout(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> TableLayout {
    guard let layout = ShippedLayouts.layout(named: name) else {
        XCTFail("no shipped layout \(name)", file: file, line: line)
        fatalError()
    }
    return layout
}

extension XCTestCase {
    /// Plays `moves` from `state` under `rules`, each checked legal, and checks the end is won.
    func assertReplaysToWin(
        _ moves: [Move], from state: GameState, rules: any Rules, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var state = state
        for (index, move) in moves.enumerated() {
            if let refusal = rules.refusal(of: move, in: state) {
                XCTFail("\(message): move \(index) \(move) refused: \(refusal)", file: file, line: line)
                return
            }
            _ = rules.apply(move, to: &state)
        }
        XCTAssertTrue(rules.isWon(state), "\(message): the moves do not win", file: file, line: line)
    }
}

/// A position from text, one string per pile in layout order, each card by name, bottom first
/// (`"[8D] 7S"`: a face-down 8D under a face-up 7S).
func position(_ piles: [String], redeals: Int = 0) -> GameState {
    GameState(
        piles: piles.map { text in
            text.split(separator: " ").map { token in
                let name = String(token.filter { $0 != "[" && $0 != "]" })
                guard let card = Card(name) else { fatalError("not a card: \(token)") }
                return PileCard(card, faceUp: !token.hasPrefix("["))
            }
        }, redealsLeft: redeals)
}
