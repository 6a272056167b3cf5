import Solitaire

// The Spider family's position as its search holds it (SpiderSearch.swift): the columns' cards in
// one flat buffer, played and taken back in place.
//
// What a position is. Face-down cards never move, and only the top one of a column turns up, so
// the cards face down in a column are always the first cards the start had face down there: a
// column is its count of face-down cards and its face-up cards. The stock deals in a fixed order,
// so it is the count of cards it has left. The collected runs are whatever is missing. The key hashes
// exactly that; a column whose cards are all face up once the stock is empty is hashed without its
// place, so that positions with such columns swapped share a key (no deal is left to tell them
// apart).
//
// The rules' own steps are played as the table plays them (DeclarativeRules+Automatic.swift): a
// King-to-Ace run of one suit on top of a column is collected, then a face-down card on top turns
// up, on every column a move or a deal touched.

/// A move of the search: `count` cards from column `from` onto column `to`, or a deal from the
/// stock (``deal``; once played, its `count` is the columns it reached).
struct SpiderMove: Hashable {
    var from: UInt8
    var to: UInt8
    var count: UInt8

    static let deal = SpiderMove(from: 0xFF, to: 0xFF, count: 0)
    var isDeal: Bool { from == 0xFF }
}

/// What playing a move did beyond the move itself, so that it can be taken back.
struct SpiderUndo {
    var move: SpiderMove
    /// Columns whose top card the rules turned up, a bit each.
    var turned: UInt16 = 0
    /// Columns a run was collected from, a bit each, and its suit (two bits a column).
    var collected: UInt16 = 0
    var suits: UInt32 = 0
    /// A move's two columns' hashes before it, put back as they were when it is taken back.
    var fromHash: UInt64 = 0
    var toHash: UInt64 = 0
}

/// A Spider position, played and taken back in place.
struct SpiderBoard {
    let columnCount: Int
    /// Room for a column in ``cards``: every card of the game.
    let stride: Int
    /// Column `c`'s cards, bottom first, at `cards[c * stride ..< c * stride + heights[c]]`, as
    /// `suit << 4 | rank`.
    var cards: [UInt8]
    var heights: [Int]
    /// Per column, how many of its cards (from the bottom) are face down.
    var downs: [Int]
    /// The stock's cards in the order it deals them.
    let stock: [UInt8]
    /// Cards the stock has dealt.
    var dealt: Int
    /// Per column, ``columnHash(_:)`` as it stands.
    private(set) var hashes: [UInt64] = []
    /// Runs collected, and the runs a win needs.
    var collected: Int
    let runsToWin: Int
    /// Runs go only as far as the empty columns allow (Simple Simon).
    let limitsRuns: Bool
    /// The stock deals only when no column is empty.
    let dealNeedsFilled: Bool

    var isWon: Bool { collected == runsToWin }
    var stockLeft: Int { stock.count - dealt }

    init(
        columns: [[PileCard]], stock: [PileCard], collected: Int, runsToWin: Int, limitsRuns: Bool,
        dealNeedsFilled: Bool
    ) {
        columnCount = columns.count
        let total = columns.reduce(stock.count) { $0 + $1.count }
        stride = max(total, 13)
        var cards = [UInt8](repeating: 0, count: stride * columns.count)
        for (column, pile) in columns.enumerated() {
            for (place, card) in pile.enumerated() { cards[column * stride + place] = card.raw & 0x3F }
        }
        self.cards = cards
        heights = columns.map(\.count)
        downs = columns.map { pile in pile.prefix { !$0.faceUp }.count }
        self.stock = stock.reversed().map { $0.raw & 0x3F }
        dealt = 0
        self.collected = collected
        self.runsToWin = runsToWin
        self.limitsRuns = limitsRuns
        self.dealNeedsFilled = dealNeedsFilled
        hashes = (0..<columnCount).map(columnHash)
    }

    @inline(__always)
    func card(_ column: Int, _ place: Int) -> UInt8 { cards[column * stride + place] }

    @inline(__always)
    func top(_ column: Int) -> UInt8 { cards[column * stride + heights[column] - 1] }

    /// How many cards from the top of a column form a run of one suit, each one rank below the
    /// card it lies on (0 for an empty column).
    func runLength(_ column: Int) -> Int {
        let height = heights[column]
        guard height > downs[column] else { return 0 }
        let base = column * stride
        var length = 1
        while height - length > downs[column] {
            let above = cards[base + height - length]
            let below = cards[base + height - length - 1]
            guard below == above &+ 1 else { break }
            length += 1
        }
        return length
    }

    /// The empty columns.
    var emptyColumns: Int { heights.reduce(0) { $0 + ($1 == 0 ? 1 : 0) } }

    /// Whether the stock may deal.
    var canDeal: Bool { dealt < stock.count && !(dealNeedsFilled && heights.contains(0)) }

    // MARK: Playing and taking back

    /// Plays a move and the rules' steps after it.
    mutating func play(_ move: SpiderMove) -> SpiderUndo {
        var undo = SpiderUndo(move: move)
        if move.isDeal {
            undo.move.count = UInt8(min(columnCount, stock.count - dealt))
            for column in 0..<Int(undo.move.count) {
                cards[column * stride + heights[column]] = stock[dealt]
                heights[column] += 1
                dealt += 1
                settle(column, &undo)
                hashes[column] = columnHash(column)
            }
            return undo
        }
        let from = Int(move.from)
        let to = Int(move.to)
        let count = Int(move.count)
        undo.fromHash = hashes[from]
        undo.toHash = hashes[to]
        let source = from * stride + heights[from] - count
        let target = to * stride + heights[to]
        for offset in 0..<count { cards[target + offset] = cards[source + offset] }
        heights[from] -= count
        heights[to] += count
        settle(from, &undo)
        settle(to, &undo)
        hashes[from] = columnHash(from)
        hashes[to] = columnHash(to)
        return undo
    }

    /// The rules' steps on one column: a finished run collected, then a face-down top turned up.
    private mutating func settle(_ column: Int, _ undo: inout SpiderUndo) {
        let height = heights[column]
        if height - downs[column] >= 13, card(column, height - 1) & 0x0F == 1, runLength(column) >= 13 {
            let suit = UInt32(card(column, height - 1) >> 4)
            heights[column] -= 13
            collected += 1
            undo.collected |= 1 << UInt16(column)
            undo.suits |= suit << UInt32(2 * column)
        }
        if heights[column] > 0 && heights[column] == downs[column] {
            downs[column] -= 1
            undo.turned |= 1 << UInt16(column)
        }
    }

    /// Takes back a move played by ``play(_:)``.
    mutating func takeBack(_ undo: SpiderUndo) {
        if undo.move.isDeal {
            for column in (0..<Int(undo.move.count)).reversed() {
                unsettle(column, undo)
                heights[column] -= 1
                dealt -= 1
                hashes[column] = columnHash(column)
            }
            return
        }
        let from = Int(undo.move.from)
        let to = Int(undo.move.to)
        let count = Int(undo.move.count)
        unsettle(to, undo)
        unsettle(from, undo)
        let source = to * stride + heights[to] - count
        let target = from * stride + heights[from]
        for offset in 0..<count { cards[target + offset] = cards[source + offset] }
        heights[to] -= count
        heights[from] += count
        hashes[from] = undo.fromHash
        hashes[to] = undo.toHash
    }

    private mutating func unsettle(_ column: Int, _ undo: SpiderUndo) {
        let bit = UInt16(1) << UInt16(column)
        if undo.turned & bit != 0 { downs[column] += 1 }
        if undo.collected & bit != 0 {
            let suit = UInt8(undo.suits >> UInt32(2 * column) & 3)
            let base = column * stride + heights[column]
            for offset in 0..<13 { cards[base + offset] = suit << 4 | UInt8(13 - offset) }
            heights[column] += 13
            collected -= 1
        }
    }

    // MARK: Keys

    /// A column's hash: its face-down count and its face-up cards.
    func columnHash(_ column: Int) -> UInt64 {
        var hash = UInt64(downs[column] &+ 1) &* 0x9E37_79B9_7F4A_7C15
        let base = column * stride
        for place in downs[column]..<heights[column] {
            hash = (hash ^ UInt64(cards[base + place])) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The position's key (see the top of the file).
    func key() -> UInt64 {
        let pinned = dealt < stock.count
        var key = UInt64(stockLeft) &* 0xD6E8_FEB8_6659_FD93
        for column in 0..<columnCount {
            var hash = hashes[column]
            if pinned || downs[column] > 0 { hash ^= UInt64(column &+ 1) &* 0xA076_1D64_78BD_642F }
            key = key &+ Self.mix(hash)
        }
        return key
    }

    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 { mixedKey(value) }
}
