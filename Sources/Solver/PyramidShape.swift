import Layouts
import Solitaire

// Pyramid gets a search of its own (PyramidSearch.swift) when its layout promises, with
// `solver = "pyramid"` in `[game]`, that the rules (its script's hooks) are Pyramid's in every
// point that search relies on:
//
// - the pyramid is the layout's 28 tableau slots, in layout order, row by row from the top: the
//   card at place k of row r is covered by places k + r and k + r + 1 (numbered from 1), and is
//   free when both are empty; the seventh row lies free;
// - the stock's top card and the waste's top card are free too;
// - two free cards whose ranks add up to 13 (Ace 1, Jack 11, Queen 12) leave the game together
//   (to a foundation, the discard pile), either dropped on the other; a free King leaves alone;
// - a click on the stock turns its top card onto the waste; once the stock is empty, a click
//   turns the whole waste back while redeals remain;
// - the game is won when every card has left the game or, where the rules say so (PySolFC's
//   Relaxed Pyramid), when the pyramid is cleared: which of the two is asked of the rules
//   themselves.
//
// The layout's piles must be those: 28 tableau slots, one stock, one waste and foundations.

/// Where a Pyramid game's piles are, and how it is won.
struct PyramidShape: Sendable {
    /// The pyramid's places, row by row from the top.
    let places: [Int]
    let stock: Int
    let waste: Int
    /// A foundation the cards that leave the game go to.
    let discard: Int
    let pileCount: Int
    /// Won once the pyramid is cleared, whatever the stock and waste hold.
    let winsCleared: Bool
    /// Per place, the places that cover it, a bit each.
    let covers: [UInt32]

    static let rows = 7
    static let placeCount = 28

    /// `nil` unless the layout promises Pyramid's rules and has Pyramid's piles.
    init?(rules: any Rules) {
        guard rules.layout.rules?.solver == .pyramid else { return nil }
        var places: [Int] = []
        var stocks: [Int] = []
        var wastes: [Int] = []
        var foundations: [Int] = []
        for (index, slot) in rules.layout.slots.enumerated() {
            switch slot.kind {
            case .tableau: places.append(index)
            case .stock: stocks.append(index)
            case .waste: wastes.append(index)
            case .foundation: foundations.append(index)
            default: return nil
            }
        }
        guard places.count == Self.placeCount, stocks.count == 1, wastes.count == 1, !foundations.isEmpty else {
            return nil
        }
        self.places = places
        stock = stocks[0]
        waste = wastes[0]
        discard = foundations[0]
        pileCount = rules.layout.slots.count
        var covers = [UInt32](repeating: 0, count: Self.placeCount)
        var place = 0
        for row in 1...Self.rows {
            for _ in 0..<row {
                if row < Self.rows { covers[place] = 1 << UInt32(place + row) | 1 << UInt32(place + row + 1) }
                place += 1
            }
        }
        self.covers = covers
        // Which win the rules play: a cleared pyramid with a card still in the stock.
        var cleared = GameState(piles: [[PileCard]](repeating: [], count: pileCount))
        var cards = Deck.ordered.map { PileCard($0, faceUp: true) }
        cleared.piles[stock] = [cards.removeLast()]
        cleared.piles[discard] = cards
        winsCleared = rules.isWon(cleared)
    }
}
