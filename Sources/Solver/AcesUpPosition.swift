import Solitaire

// How Aces Up's own search (AcesUpSearch.swift) holds a position: each card of the columns and
// the stock gets a number, and a column is the set of its cards' numbers, a bit each.
//
// Numbers. The cards in the columns at the start are numbered column by column, bottom first;
// the stock's cards after them, in the order it deals them. A card only ever lands on a column by
// a deal, on top of cards already dealt, or alone on an empty column: so a column's cards lie in
// the order of their numbers, the lowest at the bottom, always, and a column is whole in its set
// of numbers, its top card the highest. The stock deals its cards in order, so it is whole in
// how many it holds; and the discard pile is every card in neither (the rules decide nothing by
// its order: the layout's `search-sees = "count"`).

/// The cards of one search, by number: what each is, and what it takes to discard it.
struct AcesUpDeck {
    /// The cards, by number: `suit << 4 | rank`.
    let cards: [UInt8]
    /// Per number, the numbers of the cards of its suit that rank higher (Aces high): the cards
    /// whose being on top of another column lets it be discarded.
    let higher: [UInt64]
    /// Per number, the numbers of the cards of its suit that rank lower.
    let lower: [UInt64]
    /// The numbers of the Aces.
    let aces: UInt64
    /// Every number.
    let all: UInt64

    init(cards: [UInt8]) {
        self.cards = cards
        func value(_ card: UInt8) -> Int { card & 0x0F == 1 ? 14 : Int(card & 0x0F) }
        var higher = [UInt64](repeating: 0, count: cards.count)
        var lower = [UInt64](repeating: 0, count: cards.count)
        var aces: UInt64 = 0
        for (number, card) in cards.enumerated() {
            if card & 0x0F == 1 { aces |= 1 << UInt64(number) }
            for (other, otherCard) in cards.enumerated() where otherCard & 0x30 == card & 0x30 {
                if value(otherCard) > value(card) { higher[number] |= 1 << UInt64(other) }
                if value(otherCard) < value(card) { lower[number] |= 1 << UInt64(other) }
            }
        }
        self.higher = higher
        self.lower = lower
        self.aces = aces
        all = cards.isEmpty ? 0 : UInt64.max >> UInt64(64 - cards.count)
    }

    /// The numbers of the cards still in a stock that holds `stock` cards: the last ones.
    @inline(__always)
    func stockNumbers(_ stock: Int) -> UInt64 {
        all & ~((1 << UInt64(cards.count - stock)) &- 1)
    }
}

/// A position of Aces Up: the four columns' cards, a bit a number (``AcesUpDeck``), and how many
/// cards the stock holds.
struct AcesUpPosition: Hashable {
    var columns: SIMD4<UInt64>
    var stock: Int
    /// Cards covered by a deal that could have been discarded before it, a bit a number: each may
    /// be taken out, as if discarded then, once it is uncovered (AcesUpSearch.swift).
    var deferred: UInt64 = 0

    /// The number of a column's top card; the column must hold one.
    @inline(__always)
    static func top(_ column: UInt64) -> Int { 63 - column.leadingZeroBitCount }

    /// The top cards of the columns, a bit each.
    @inline(__always)
    var tops: UInt64 {
        var tops: UInt64 = 0
        for column in 0..<4 where columns[column] != 0 { tops |= 1 << UInt64(Self.top(columns[column])) }
        return tops
    }

    /// Whether a column is empty.
    @inline(__always)
    var hasEmptyColumn: Bool { columns[0] == 0 || columns[1] == 0 || columns[2] == 0 || columns[3] == 0 }

    /// Every card in a column or the stock.
    @inline(__always)
    func alive(_ deck: AcesUpDeck) -> UInt64 {
        columns[0] | columns[1] | columns[2] | columns[3] | deck.stockNumbers(stock)
    }

    /// Won: the stock empty and each column holding one card, an Ace.
    @inline(__always)
    func isWon(_ deck: AcesUpDeck) -> Bool {
        guard stock == 0 else { return false }
        for column in 0..<4 where columns[column].nonzeroBitCount != 1 || columns[column] & deck.aces == 0 {
            return false
        }
        return true
    }

    /// The position after the stock deals: its next cards, one to each column in order while it
    /// has any.
    @inline(__always)
    func dealt(_ deck: AcesUpDeck) -> AcesUpPosition {
        var next = self
        let first = deck.cards.count - stock
        for column in 0..<min(4, stock) { next.columns[column] |= 1 << UInt64(first + column) }
        next.stock -= min(4, stock)
        return next
    }

    /// The key the table holds for the position. While a column is empty, every card alone in a
    /// column can be moved to any column that is empty or holds a card alone, in any order (one
    /// at a time, through the empty column), and back: such positions are won or lost alike, so
    /// they share a key, with each card alone counted whatever its column. The other columns count
    /// with their place: the stock deals to each its own card.
    @inline(__always)
    var key: UInt64 {
        let pooled = hasEmptyColumn
        var key = mixedKey(UInt64(stock) ^ 0x5851_F42D_4C95_7F2D)
        if deferred != 0 { key &+= mixedKey(deferred ^ 0x6A09_E667_F3BC_C908) }
        for column in 0..<4 {
            let cards = columns[column]
            guard cards != 0 else { continue }
            if pooled && cards & (cards - 1) == 0 {
                key &+= mixedKey(cards ^ 0x1405_7B7E_F767_814F)
            } else {
                key &+= mixedKey(cards ^ Self.columnSalts[column])
            }
        }
        return key
    }

    private static let columnSalts: SIMD4<UInt64> = [
        0x2545_F491_4F6C_DD1D, 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB,
    ]
}
