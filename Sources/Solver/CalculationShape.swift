import Layouts
import Solitaire

// Calculation gets a search of its own (CalculationSearch.swift) when its layout promises, with
// `solver = "calculation"` in `[game]`, that the rules (its script's hooks) are Calculation's in
// every point that search relies on:
//
// - four foundations, each started by the card at its bottom; a foundation takes a card whose
//   rank is its top card's plus its bottom card's, counted round from the King to the Ace,
//   whatever the suit, until it holds 13 cards (so one started by an Ace builds up by one, as
//   Sir Tommy's do); an empty foundation takes an Ace when its group's base is the Ace (`base =
//   "A"`, a foundation's default: Sir Tommy), and nothing otherwise (Calculation's, `base =
//   "any"`, which the deal starts);
// - a click on the stock turns its top card onto the waste, only while the waste is empty; the
//   waste's card goes to a foundation that takes it or onto any waste pile (a tableau or
//   reserve slot);
// - only the top card of a waste pile moves, and only to a foundation that takes it; nothing
//   tells the waste piles apart;
// - no redeal; the game is won when all 52 cards are on the foundations.
//
// The layout's piles must be those: one stock, one waste, four foundations and waste piles (all
// tableau slots or all reserve slots).

/// Where a Calculation game's piles are.
struct CalculationShape: Sendable {
    let stock: Int
    /// The pile the stock turns its card onto.
    let waste: Int
    /// The four foundations, in layout order.
    let foundations: [Int]
    /// The waste piles, in layout order.
    let piles: [Int]
    /// Per foundation, in the order of ``foundations``: whether it takes an Ace while empty (its
    /// group's base is the Ace); one that does not must be started by the deal.
    let acesStart: [Bool]
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
            case .tableau, .reserve: piles.append(index)
            default: return nil
            }
        }
        let slots = rules.layout.slots
        guard Set(piles.map { slots[$0].kind }).count <= 1 else { return nil }
        guard stocks.count == 1, wastes.count == 1, foundations.count == 4, !piles.isEmpty,
            piles.count <= Self.maxPiles
        else { return nil }
        stock = stocks[0]
        waste = wastes[0]
        self.foundations = foundations
        self.piles = piles
        let groups = rules.layout.rules?.groups ?? [:]
        acesStart = foundations.map { foundation in
            (groups[slots[foundation].group] ?? PileRules.defaults(for: .foundation)).base == .rank(1)
        }
        pileCount = rules.layout.slots.count
    }
}
