import Layouts
import Solitaire
import XCTest

/// Every shipped game deals what its layout file declares: the face-down and face-up counts on each
/// pile, the rest in the stock, and every card of the game exactly once.
final class ShippedVariantsTests: XCTestCase {
    /// The shipped layouts that are games.
    func games() throws -> [TableLayout] {
        try ShippedLayouts.names.compactMap { name in
            let layout = try XCTUnwrap(ShippedLayouts.layout(named: name), name)
            return layout.rules == nil ? nil : layout
        }
    }

    func testThereAreAtLeastFortyGames() throws {
        XCTAssertGreaterThanOrEqual(try games().count, 40)
    }

    func testEveryGameDealsWhatItsFileDeclares() throws {
        for layout in try games() {
            let game = try XCTUnwrap(layout.rules)
            let rules = DeclarativeRules(layout: layout)
            // The cards of the game, without their face: 52 × decks, the game's suits repeated evenly.
            var expected: [Card: Int] = [:]
            let copies = 4 * game.decks / game.suits.count
            for suit in game.suits {
                for rank in 1...13 {
                    let card = try XCTUnwrap(Card("\(LayoutLoader.rankSymbols[rank - 1])\(suit)"))
                    expected[card, default: 0] += copies
                }
            }
            XCTAssertEqual(expected.values.reduce(0, +), game.cardCount, layout.name)

            for seed: UInt64 in [1, 2, 42, 1_000_003] {
                let state = rules.deal(seed: seed)
                XCTAssertEqual(state.piles.count, layout.slots.count, layout.name)
                var declared = 0
                var stockCards = 0
                for (index, slot) in layout.slots.enumerated() {
                    let pile = state.piles[index]
                    let groupSlots = layout.slots(inGroup: slot.group)
                    let n = try XCTUnwrap(groupSlots.firstIndex(of: slot))
                    let pileRules = game.groups[slot.group] ?? PileRules.defaults(for: slot.kind)
                    let down = pileRules.dealDown.isEmpty ? 0 : pileRules.dealDown[n]
                    let up = (pileRules.dealUp.isEmpty ? 0 : pileRules.dealUp[n]) + (pileRules.dealRank == nil ? 0 : 1)
                    if slot.kind == .stock {
                        stockCards += pile.count
                        XCTAssertTrue(
                            pile.allSatisfy { !$0.faceUp }, "\(layout.name) \(slot.id): the stock is face down")
                        continue
                    }
                    declared += down + up
                    let what = "\(layout.name) seed \(seed) \(slot.id)"
                    XCTAssertEqual(pile.filter { !$0.faceUp }.count, down, "\(what): face-down cards")
                    XCTAssertEqual(pile.filter(\.faceUp).count, up, "\(what): face-up cards")
                    if let faces = pileRules.dealFaces {
                        XCTAssertEqual(pile.map(\.faceUp), faces, "\(what): each card's face as deal-faces says")
                    } else {
                        XCTAssertTrue(
                            pile.prefix(down).allSatisfy { !$0.faceUp }, "\(what): face-down cards lie under the others"
                        )
                    }
                    if let rank = pileRules.dealRank {
                        XCTAssertTrue(pile.contains { $0.rank == rank && $0.faceUp }, "\(what): its deal-rank card")
                    }
                }
                XCTAssertEqual(stockCards, game.cardCount - declared, "\(layout.name): the stock holds the rest")
                var found: [Card: Int] = [:]
                for pile in state.piles {
                    for card in pile { found[card.card, default: 0] += 1 }
                }
                XCTAssertEqual(found, expected, "\(layout.name) seed \(seed): every card once, none lost or doubled")
            }
            XCTAssertNotEqual(
                rules.deal(seed: 1), rules.deal(seed: 2), "\(layout.name): different seeds deal different games")
        }
    }
}
