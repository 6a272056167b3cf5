import Layouts
import Scripting
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

    /// Baker's Game's foundations give cards back: each is keyed whole. FreeCell's (Microsoft's
    /// rules) and Golf's never do: their top and count.
    func testOnlyPilesCardsNeverLeaveAreKeyedByTheirTop() {
        let bakersGame = shippedLayout("bakers-game")
        let model = SolverModel(rules: DeclarativeRules(layout: bakersGame), pileCount: bakersGame.slots.count)
        XCTAssertEqual(Set(model.sights), [.all])
        let freeCell = shippedLayout("freecell")
        let closed = SolverModel(rules: DeclarativeRules(layout: freeCell), pileCount: freeCell.slots.count)
        XCTAssertEqual(
            freeCell.slots.indices.filter { closed.sights[$0] == .top },
            freeCell.slots.indices.filter { freeCell.slots[$0].kind == .foundation })
        XCTAssertEqual(SolverModel(rules: DeclarativeRules(layout: layout), pileCount: 4).sights[1], .top)
    }

    /// A layout's promise: a script's discard pile keyed by its count alone, a foundation by its
    /// top and count; a pile it promises nothing of, whole.
    func testAScriptsPilesAreKeyedAsTheLayoutPromises() {
        for (name, pile, sight) in [("pyramid", "discard", SearchSight.count), ("tri-peaks", "foundation", .top)] {
            let layout = shippedLayout(name)
            let rules = rulesOf(layout)
            let model = SolverModel(rules: rules, pileCount: layout.slots.count)
            let index = layout.slots.firstIndex { $0.group == pile }!
            XCTAssertEqual(model.sights[index], sight, name)
            XCTAssertEqual(model.sights.filter { $0 != .all }.count, 1, "\(name): the other piles whole")
        }
        let osmosis = shippedLayout("osmosis")
        XCTAssertEqual(
            Set(SolverModel(rules: rulesOf(osmosis), pileCount: osmosis.slots.count).sights), [.all],
            "Osmosis's script reads whole foundations: nothing promised, nothing left out")
    }

    /// Keyed by count: two positions that differ only in which cards the pile holds are one.
    func testAPileSeenByItsCountIsKeyedByItsCount() {
        let layout = shippedLayout("nestor")
        let rules = rulesOf(layout)
        let model = SolverModel(rules: rules, pileCount: layout.slots.count)
        let keyer = PositionKeyer(model: model, cycle: nil)
        let discard = model.sights.firstIndex(of: .count)!
        var one = rules.deal(seed: 1)
        var other = one
        one.piles[discard] = [PileCard(Card("5H")!, faceUp: true), PileCard(Card("5S")!, faceUp: true)]
        other.piles[discard] = [PileCard(Card("9C")!, faceUp: true), PileCard(Card("9D")!, faceUp: true)]
        XCTAssertEqual(keyer.key(one), keyer.key(other))
        other.piles[discard].removeLast()
        XCTAssertNotEqual(keyer.key(one), keyer.key(other))
    }
}

/// Where the rules never look at a card's suit, the key keeps ranks alone.
final class RanksAloneKeyTests: XCTestCase {
    private func model(_ layout: TableLayout, rules: (any Rules)? = nil) -> SolverModel {
        SolverModel(rules: rules ?? DeclarativeRules(layout: layout), pileCount: layout.slots.count)
    }

    /// Golf's rules never look at suits: two positions whose cards differ only in suit are one,
    /// and a rank, a face or an order still tells positions apart.
    func testSuitsAreLeftOutWhereTheRulesNeverLookAtThem() {
        let golf = SmallGames.golf(columns: 2)
        let keyer = PositionKeyer(model: model(golf), cycle: nil)
        func state(_ foundation: String, _ columns: [String], up: Bool = true) -> GameState {
            func cards(_ text: String) -> [PileCard] {
                text.split(separator: " ").map { PileCard(Card(String($0))!, faceUp: up) }
            }
            return GameState(piles: [[], cards(foundation)] + columns.map(cards), redealsLeft: 0)
        }
        let base = keyer.key(state("3S 4H 5C", ["9D 2C 7H 8S JD QC KH 4S TS", "KS"]))
        XCTAssertEqual(base, keyer.key(state("3S 4H 5D", ["9H 2S 7C 8D JC QH KS 4D TC", "KD"])))
        XCTAssertNotEqual(base, keyer.key(state("3S 4H 5C", ["9D 2C 7H 8S JD QC KH 4S 9S", "KS"])))
        XCTAssertNotEqual(base, keyer.key(state("3S 4H 5C", ["9D 2C 8H 7S JD QC KH 4S TS", "KS"])))
        XCTAssertNotEqual(base, keyer.key(state("3S 4H 5C", ["9D 2C 7H 8S JD QC KH 4S TS", "KS"], up: false)))
    }

    /// Every rule that looks at suits keeps them in the key: a build or run in suit or colour, a
    /// suit run collected, a discard by suit, a pair by suit, a script, a shuffling redeal, a
    /// win by runs of one suit.
    func testRulesThatLookAtSuitsKeepThem() {
        XCTAssertTrue(model(SmallGames.golf(columns: 2)).seesRanksAlone)
        XCTAssertTrue(model(SmallGames.suitless(reserves: 1, columns: 2)).seesRanksAlone)
        XCTAssertFalse(model(SmallGames.klondike(draw: 1, redeals: .unlimited, columns: 3, top: 3)).seesRanksAlone)
        XCTAssertFalse(model(SmallGames.spider(columns: 2)).seesRanksAlone, "runs move in one suit")
        XCTAssertFalse(model(SmallGames.bakersGame(cells: 1, columns: 2)).seesRanksAlone)
        XCTAssertFalse(
            model(SmallGames.suitless(reserves: 1, columns: 2, win: .runs)).seesRanksAlone, "won by runs of one suit")
        for name in ["fortunes", "cover", "spider-1-suit", "la-belle-lucie", "tri-peaks", "klondike", "freecell"] {
            let layout = shippedLayout(name)
            XCTAssertFalse(model(layout, rules: rulesOf(layout)).seesRanksAlone, name)
        }
    }

    /// The shipped games whose rules never look at suits.
    func testTheShippedGamesThatSeeRanksAlone() {
        var seeing: [String] = []
        for name in ShippedLayouts.names {
            guard let layout = ShippedLayouts.layout(named: name) else { continue }
            if model(layout, rules: rulesOf(layout)).seesRanksAlone { seeing.append(name) }
        }
        XCTAssertEqual(
            seeing,
            [
                "bristol", "doublets", "golf", "all-in-a-row", "eliminator", "napoleons-tomb", "auld-lang-syne",
                "sir-tommy", "block-ten", "fourteen", "gay-gordons", "helsinki", "isabel", "jamestown", "neighbor",
                "quatorze", "pileon", "thirteen", "treize", "yield",
            ])
    }
}
