import Layouts
import Solitaire

// Aces Up gets a search of its own (AcesUpSearch.swift) when its layout promises, with
// `solver = "aces-up"` in `[game]`, that the rules (its script's hooks) are Aces Up's in every
// point that search relies on:
//
// - the columns are the layout's four tableau slots; only a column's top card moves;
// - a column's top card may be discarded (to the foundation, the discard pile) when the top card
//   of another column is of the same suit and higher, Aces ranking above Kings; an Ace is never
//   discarded;
// - a column's top card may move to an empty column, and nowhere else; nothing else moves;
// - a click on the stock deals its cards one to each column, in layout order, while it has any,
//   whether or not a column is empty; nothing turns the discard pile back;
// - the game is won when the stock is empty and each column holds one card, an Ace, the 48
//   others discarded.
//
// The layout's piles must be those: four tableau slots, one stock and one foundation. How the
// stock deals is also asked of the rules themselves: a layout whose click deals otherwise is
// searched as any other.

/// Where an Aces Up game's piles are.
struct AcesUpShape: Sendable {
    /// The four columns, in layout order: the order the stock deals to them.
    let columns: [Int]
    let stock: Int
    /// The foundation the discarded cards go to.
    let discard: Int
    let pileCount: Int

    static let columnCount = 4

    /// `nil` unless the layout promises Aces Up's rules, has Aces Up's piles and its stock deals
    /// a card to each column in order.
    init?(rules: any Rules) {
        guard rules.layout.rules?.solver == .acesUp else { return nil }
        var columns: [Int] = []
        var stocks: [Int] = []
        var foundations: [Int] = []
        for (index, slot) in rules.layout.slots.enumerated() {
            switch slot.kind {
            case .tableau: columns.append(index)
            case .stock: stocks.append(index)
            case .foundation: foundations.append(index)
            default: return nil
            }
        }
        guard columns.count == Self.columnCount, stocks.count == 1, foundations.count == 1 else { return nil }
        self.columns = columns
        stock = stocks[0]
        discard = foundations[0]
        pileCount = rules.layout.slots.count
        guard Self.dealsOneToEachColumn(rules: rules, shape: self) else { return nil }
    }

    /// Whether a click on the stock with six cards, one column empty, deals its top four cards to
    /// the columns in order, face up, and then its last two to the first two columns.
    private static func dealsOneToEachColumn(rules: any Rules, shape: AcesUpShape) -> Bool {
        let deck = Deck.ordered
        var state = GameState(piles: [[PileCard]](repeating: [], count: shape.pileCount))
        for (number, column) in shape.columns.enumerated() where number != 2 {
            state.piles[column] = [PileCard(deck[number], faceUp: true)]
        }
        let stockCards = (10..<16).map { PileCard(deck[$0], faceUp: false) }
        state.piles[shape.stock] = stockCards
        var expected = state
        for (number, column) in shape.columns.enumerated() {
            expected.piles[column].append(PileCard(stockCards[5 - number].card, faceUp: true))
        }
        expected.piles[shape.stock].removeLast(4)
        for _ in 0..<2 {
            guard rules.allows(.stock(shape.stock), in: state) else { return false }
            _ = rules.apply(.stock(shape.stock), to: &state)
            guard state == expected else { return false }
            for (number, column) in shape.columns.prefix(2).enumerated() {
                expected.piles[column].append(PileCard(stockCards[1 - number].card, faceUp: true))
            }
            expected.piles[shape.stock] = []
        }
        return true
    }
}
