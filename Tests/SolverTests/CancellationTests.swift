import Layouts
import Solitaire
import XCTest

@testable import Solver

/// A search notices it was cancelled within a few positions even when positions are dear (a
/// script's hooks may take milliseconds each): it used to look once every 256 positions, and
/// searches of positions long gone piled up on their threads.
final class CancellationTests: XCTestCase {
    /// Klondike's rules, each listing of moves a millisecond long.
    struct DearRules: Rules {
        let base = DeclarativeRules(layout: ShippedLayouts.layout(named: "klondike")!)
        var layout: TableLayout { base.layout }
        func deal(seed: UInt64) -> GameState { base.deal(seed: seed) }
        func legalMoves(in state: GameState) -> [Move] {
            let end = ContinuousClock.now + .milliseconds(1)
            while ContinuousClock.now < end {}
            return base.legalMoves(in: state)
        }
        func refusal(of move: Move, in state: GameState) -> Refusal? { base.refusal(of: move, in: state) }
        func apply(_ move: Move, to state: inout GameState) -> MoveRecord { base.apply(move, to: &state) }
        func canPickUp(pile: Int, from index: Int, in state: GameState) -> Bool {
            base.canPickUp(pile: pile, from: index, in: state)
        }
        func clickMove(on pile: Int, in state: GameState) -> Move? { base.clickMove(on: pile, in: state) }
        func isWon(_ state: GameState) -> Bool { base.isWon(state) }
        var foundations: [Int] { base.foundations }
        func builds(_ card: PileCard, on below: PileCard, inPile pile: Int) -> Bool {
            base.builds(card, on: below, inPile: pile)
        }
    }

    func testACancelledSearchOfDearPositionsStopsWithinAFewPositions() {
        let rules = DearRules()
        let asked = Counter()
        let portfolio = SearchPortfolio(
            rules: rules, model: Solver(rules: rules).model, start: rules.deal(seed: 3),
            budget: SolverBudget(positions: 100_000), isCancelled: { asked.next() >= 2 })
        let result = portfolio.run()
        XCTAssertEqual(result.verdict, .unknown)
        XCTAssertLessThan(result.positions, 16, "noticed within a few positions, not 256")
    }

    final class Counter: @unchecked Sendable {
        private var count = 0
        func next() -> Int {
            count += 1
            return count
        }
    }
}
