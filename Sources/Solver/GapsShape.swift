import Layouts
import Solitaire

// Gaps (Montana) gets a search of its own (GapsSearch.swift) when its layout promises, with
// `solver = "gaps"` in `[game]`, that the rules (its script's hooks) are Gaps' in every point
// that search relies on:
//
// - four rows of thirteen cells, the tableau slots in layout order, each holding one card or
//   none; the Aces are out of the game, on the one foundation, and stay there;
// - a card moves only from a cell into an empty cell (a gap): into a gap at the start of a row
//   any 2 (one from another row's start too); into any other gap the card one rank higher, in
//   suit, than the card on its left, nothing when that cell is empty or holds a King;
// - a click on the stock (the redeal pile, empty between moves) while redeals are left deals
//   the cards again; what it deals is asked of the rules, position by position;
// - the game is won when each row holds one suit from 2 to King, from its first cell on.
//
// The layout's piles must be those: one stock, one foundation and 52 tableau slots.

/// Where a Gaps game's piles are.
struct GapsShape: Sendable {
    /// The redeal pile.
    let stock: Int
    /// Where the Aces lie, out of the game.
    let foundation: Int
    /// The cells, row by row, left to right.
    let cells: [Int]
    let pileCount: Int

    static let rows = 4
    static let columns = 13

    /// `nil` unless the layout promises Gaps' rules and has Gaps' piles.
    init?(rules: any Rules) {
        guard rules.layout.rules?.solver == .gaps else { return nil }
        var stocks: [Int] = []
        var foundations: [Int] = []
        var cells: [Int] = []
        for (index, slot) in rules.layout.slots.enumerated() {
            switch slot.kind {
            case .stock: stocks.append(index)
            case .foundation: foundations.append(index)
            case .tableau: cells.append(index)
            default: return nil
            }
        }
        guard stocks.count == 1, foundations.count == 1, cells.count == Self.rows * Self.columns else { return nil }
        stock = stocks[0]
        foundation = foundations[0]
        self.cells = cells
        pileCount = rules.layout.slots.count
    }
}
