import Layouts
import Solitaire

// Accordion gets a search of its own (AccordionSearch.swift) when its layout promises, with
// `solver = "accordion"` in `[game]`, that the rules (its script's hooks) are Accordion's in every
// point that search relies on:
//
// - the row is the layout's tableau slots, in layout order; its cards fill its first places, one
//   card a place;
// - a card may go onto the card one place or three places to its left when the two are of the same
//   suit or the same rank; the card it covers leaves the game (to a foundation, the discard pile)
//   and the cards to its right close up the gap;
// - a click on the stock deals its top card to the first empty place of the row;
// - the game is won when the stock is empty and one card is left in the row.
//
// The layout's piles must be those: the row, at most one stock, and foundations for the cards that
// leave the game. A layout that makes the promise without those piles is searched as any other.

/// Where an Accordion game's piles are.
struct AccordionShape: Sendable {
    /// The row's places, in order.
    let row: [Int]
    /// The stock that deals to the row's end, if the game has one.
    let stock: Int?
    /// The layout's piles; the others are foundations, which the cards that leave the game go to.
    let pileCount: Int

    /// `nil` unless the layout promises Accordion's rules and has Accordion's piles.
    init?(rules: any Rules) {
        guard rules.layout.rules?.solver == .accordion else { return nil }
        var row: [Int] = []
        var stocks: [Int] = []
        for (index, slot) in rules.layout.slots.enumerated() {
            switch slot.kind {
            case .tableau: row.append(index)
            case .stock: stocks.append(index)
            case .foundation: break
            default: return nil
            }
        }
        guard row.count >= 2, row.count <= AccordionSearch.maxCards, stocks.count <= 1 else { return nil }
        self.row = row
        stock = stocks.first
        pileCount = rules.layout.slots.count
    }
}
