import Layouts
import Solitaire

// Calculation gets a search of its own (CalculationSearch.swift) when its layout promises, with
// `solver = "calculation"` in `[game]`, that the rules (its script's hooks) are Calculation's in
// every point that search relies on:
//
// - four foundations, each started by the card at its bottom; a foundation takes a card whose
//   rank is its top card's plus its bottom card's, counted round from the King to the Ace,
//   whatever the suit, until it holds 13 cards; an empty foundation takes nothing;
// - a click on the stock turns its top card onto the waste, only while the waste is empty; the
//   waste's card goes to a foundation that takes it or onto any waste pile (a tableau slot);
// - only the top card of a waste pile moves, and only to a foundation that takes it; nothing
//   tells the waste piles apart;
// - no redeal; the game is won when all 52 cards are on the foundations.
//
// The layout's piles must be those: one stock, one waste, four foundations and waste piles.

/// Where a Calculation game's piles are.
struct CalculationShape: Sendable {
    let stock: Int
    /// The pile the stock turns its card onto.
    let waste: Int
    /// The four foundations, in layout order.
    let foundations: [Int]
    /// The waste piles, in layout order.
    let piles: [Int]
    let pileCount: Int

    /// The most waste piles a position's key has room for.
    static let maxPiles = 8

    /// `nil` unless the layout promises Calculation's rules and has Calculation's piles.
    init?(rules: any Rules) {
        guard rules.layout.rules?.solver == .calculation else { return nil }
        var stocks: [Int] = []
        var wastes: [Int] = []
        var foundations: [Int] = []
        var piles: [Int] = []
        for (index, slot) in rules.layout.slots.enumerated() {
            switch slot.kind {
            case .stock: stocks.append(index)
            case .waste: wastes.append(index)
            case .foundation: foundations.append(index)
            case .tableau: piles.append(index)
            default: return nil
            }
        }
        guard stocks.count == 1, wastes.count == 1, foundations.count == 4, !piles.isEmpty,
            piles.count <= Self.maxPiles
        else { return nil }
        stock = stocks[0]
        waste = wastes[0]
        self.foundations = foundations
        self.piles = piles
        pileCount = rules.layout.slots.count
    }
}
