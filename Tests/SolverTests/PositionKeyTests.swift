import Layouts
import Solitaire
import XCTest

@testable import Solver

/// What a position's key keeps and what it leaves out.
final class PositionKeyTests: XCTestCase {
    let layout = SmallGames.golf(columns: 2)

    func keyer() -> PositionKeyer {
        let rules = DeclarativeRules(layout: layout)
        return PositionKeyer(model: SolverModel(rules: rules, pileCount: layout.slots.count), cycle: nil)
    }

    /// Piles: stock, foundation, two columns.
    func state(foundation: String, columns: [String]) -> GameState {
        func cards(_ text: String) -> [PileCard] {
            text.split(separator: " ").map { PileCard(Card(String($0))!, faceUp: true) }
        }
        return GameState(piles: [[], cards(foundation)] + columns.map(cards), redealsLeft: 0)
    }

    /// Golf's one foundation keeps its cards: the order under its top card does not change the
    /// game, so the key leaves it out.
    func testTheOrderUnderTheSoleFoundationsTopIsLeftOut() {
        let keyer = keyer()
        XCTAssertEqual(
            keyer.key(state(foundation: "3S 4H 5C", columns: ["9D", "KS"])),
            keyer.key(state(foundation: "4H 3S 5C", columns: ["9D", "KS"])))
    }

    /// Its top card decides what may go on it next, and the other piles are the game (the
    /// columns as a set: they play alike).
    func testItsTopCardAndTheOtherPilesAreKept() {
        let keyer = keyer()
        let base = keyer.key(state(foundation: "3S 4H 5C", columns: ["9D", "KS"]))
        XCTAssertNotEqual(base, keyer.key(state(foundation: "3S 5C 4H", columns: ["9D", "KS"])))
        XCTAssertNotEqual(base, keyer.key(state(foundation: "3S 4H 5C", columns: ["9D", "QS"])))
        XCTAssertNotEqual(base, keyer.key(state(foundation: "3S 4H 5C", columns: ["9D KS", ""])))
        XCTAssertEqual(base, keyer.key(state(foundation: "3S 4H 5C", columns: ["KS", "9D"])))
    }

    /// FreeCell's foundations are four: each is keyed whole.
    func testSeveralFoundationsAreKeyedWhole() {
        let freeCell = shippedLayout("freecell")
        let model = SolverModel(rules: DeclarativeRules(layout: freeCell), pileCount: freeCell.slots.count)
        XCTAssertNil(model.soleSink)
        XCTAssertEqual(SolverModel(rules: DeclarativeRules(layout: layout), pileCount: 4).soleSink, 1)
    }
}
