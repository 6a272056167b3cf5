import Solitaire

// An open game's position as its search holds it (OpenSearch.swift): the columns' cards in one
// flat buffer, the free cells, and per suit the rank its foundation has reached, played and taken
// back in place.
//
// What a position is. Every card is face up and the foundations are determined by the cards
// missing elsewhere, so a position is its columns and its cells. The columns are all of one rules
// and nothing tells them apart (no stock deals to them, nothing refills them), and so are the
// cells: the key hashes the columns as a multiset of columns and the cells as a multiset of cards
// (OpenShape.swift says which rules those are). Each column keeps the hash of each of its
// heights, so that a card put on or taken off changes its hash at once.
//
// Safe moves. When the search's model allows it (SolverModel.swift's argument), a card on top
// of a column or in a cell goes to its foundation by itself, folded into the move before it,
// once every card that ``SolverModel/mustBeUp`` names is there: no solution needs it elsewhere.
// The folded moves are logged, so that taking a move back takes them back too.

/// Where a card lies, for a move of the open search: a column (0..<16), a cell (16..<32) or a
/// suit's foundation (32 + suit).
typealias OpenPlace = UInt8

/// A move of the open search: `count` cards from `from` onto `to` (``OpenPlace``).
struct OpenMove: Hashable {
    var from: OpenPlace
    var to: OpenPlace
    var count: UInt8

    static let firstCell: OpenPlace = 16
    static let firstFoundation: OpenPlace = 32
}

/// What playing a move did beyond the move itself, so that it can be taken back.
struct OpenUndo {
    var move: OpenMove
    /// Safe moves folded after it, the last ones of the board's log.
    var folded: UInt8
}

/// An open game's position, played and taken back in place.
struct OpenBoard {
    let columnCount: Int
    let cellCount: Int
    /// Room for a column in ``cards`` (a column never holds more than the 52 cards).
    static let stride = 64
    /// Column `c`'s cards, bottom first, at `cards[c * stride ..< c * stride + heights[c]]`, as
    /// identities `suit << 4 | rank`.
    private(set) var cards: [UInt8]
    private(set) var heights: [Int]
    /// Column `c`'s hash at height `h` (its first `h` cards) at `prefixHashes[c * stride + h]`.
    private(set) var prefixHashes: [UInt64]
    /// Column `c`'s cards out of order (a card not in order on the one below it) among its first
    /// `h` cards, at `prefixDisorder[c * stride + h]`.
    private(set) var prefixDisorder: [UInt8]
    /// The length of the run in order on top of column `c`'s first `h` cards, at
    /// `prefixRun[c * stride + h]` (0 for none).
    private var prefixRun: [UInt8]
    /// The cards out of order in every column, the sum of each column's ``prefixDisorder`` at its
    /// height.
    private(set) var disorder = 0
    /// Per copy of a card (its identity, and that plus 64 for a second deck's), where it lies
    /// when it is in a column (`column * stride + place`), ``inCell`` when it is in a cell, or
    /// ``gone`` when it is up (or there is no such copy). Twins are not told apart: a move takes
    /// whichever copy's entry names the place it leaves.
    private(set) var location: [UInt16]
    static let inCell: UInt16 = 0xFFFF
    static let gone: UInt16 = 0xFFFE
    /// The empty cells, and the empty columns (whatever they take).
    private(set) var emptyCells = 0
    private(set) var emptyColumns = 0
    /// The cells' cards, 0 for an empty cell.
    private(set) var cells: [UInt8]
    /// Per suit, the cards on its foundation (with two decks, up to 26: Ace to King twice).
    private(set) var foundation: [UInt8]
    /// Per suit, the rank its foundation takes next (0 once it is whole).
    private(set) var nextRank: [UInt8]
    /// One deck or two, and the cards of all of them.
    let decks: Int
    let cardCount: Int
    /// The identities on the foundations, a bit each.
    private(set) var up: UInt64 = 0
    /// The position's key, kept as moves are played.
    private(set) var key: UInt64 = 0
    /// Cards on the foundations.
    private(set) var upCount = 0

    let inOrder: [Bool]
    /// Per identity, the identities it lies in order on, a bit each.
    let parents: [UInt64]
    let movesRuns: Bool
    let limitsRuns: Bool
    let emptyColumn: OpenShape.EmptyColumn
    let takesBack: Bool
    /// Safe moves are folded; per identity, the identities that must be up first.
    let folds: Bool
    let mustBeUp: [UInt64]
    /// The places of the safe moves folded, as `place << 8 | card`, in the order played.
    private(set) var foldLog: [UInt16] = []

    var isWon: Bool { upCount == cardCount }

    init(columns: [[UInt8]], cells: [UInt8], foundation: [UInt8], shape: OpenShape, folds: Bool, mustBeUp: [UInt64]) {
        columnCount = columns.count
        cellCount = cells.count
        var cards = [UInt8](repeating: 0, count: Self.stride * columns.count)
        for (column, pile) in columns.enumerated() {
            for (place, card) in pile.enumerated() { cards[column * Self.stride + place] = card }
        }
        self.cards = cards
        heights = columns.map(\.count)
        prefixHashes = [UInt64](repeating: 0, count: Self.stride * columns.count)
        prefixDisorder = [UInt8](repeating: 0, count: Self.stride * columns.count)
        prefixRun = [UInt8](repeating: 0, count: Self.stride * columns.count)
        location = [UInt16](repeating: Self.gone, count: 128)
        self.cells = cells
        self.foundation = foundation
        decks = shape.decks
        cardCount = 52 * shape.decks
        nextRank = foundation.map { Self.rank(after: $0, decks: shape.decks) }
        inOrder = shape.inOrder
        parents = shape.parents
        movesRuns = shape.movesRuns
        limitsRuns = shape.limitsRuns
        emptyColumn = shape.emptyColumn
        takesBack = shape.takesBack
        self.folds = folds
        self.mustBeUp = mustBeUp
        foldLog.reserveCapacity(256)
        for suit in 0..<4 {
            for count in 0..<Int(foundation[suit]) { up |= 1 << UInt64(suit << 4 | (count % 13 + 1)) }
            upCount += Int(foundation[suit])
        }
        for column in 0..<columnCount {
            let base = column * Self.stride
            prefixHashes[base] = Self.emptyColumnHash
            for place in 0..<heights[column] {
                let card = cards[base + place]
                prefixHashes[base + place + 1] = Self.extend(prefixHashes[base + place], by: card)
                let outOfOrder = place > 0 && !shape.inOrder[Int(cards[base + place - 1]) << 6 | Int(card)]
                prefixDisorder[base + place + 1] = prefixDisorder[base + place] + (outOfOrder ? 1 : 0)
                prefixRun[base + place + 1] = outOfOrder ? 1 : prefixRun[base + place] + 1
                relocate(card, from: Self.gone, to: UInt16(base + place))
            }
            key &+= Self.mix(prefixHashes[base + heights[column]])
            disorder += Int(prefixDisorder[base + heights[column]])
            if heights[column] == 0 { emptyColumns += 1 }
        }
        for card in cells where card != 0 {
            key &+= Self.cellHash(card)
            relocate(card, from: Self.gone, to: Self.inCell)
        }
        emptyCells = cells.filter { $0 == 0 }.count
    }

    // MARK: Reading

    @inline(__always)
    func card(_ column: Int, _ place: Int) -> UInt8 { cards[column &* Self.stride &+ place] }

    @inline(__always)
    func top(_ column: Int) -> UInt8 { cards[column &* Self.stride &+ heights[column] &- 1] }

    /// Whether `above` lies in order on `below` in a column.
    @inline(__always)
    func liesInOrder(_ above: UInt8, on below: UInt8) -> Bool { inOrder[Int(below) << 6 | Int(above)] }

    /// Whether a card goes on its foundation next.
    @inline(__always)
    func goesUp(_ card: UInt8) -> Bool { card & 0x0F == nextRank[Int(card >> 4)] }

    /// The top card of a suit's foundation (which must hold one).
    @inline(__always)
    func foundationTop(_ suit: Int) -> UInt8 { UInt8(suit << 4) | ((foundation[suit] &- 1) % 13 &+ 1) }

    /// The rank a foundation holding `count` cards takes next, 0 once it is whole.
    static func rank(after count: UInt8, decks: Int) -> UInt8 { Int(count) >= 13 * decks ? 0 : count % 13 + 1 }

    /// Notes that a copy of `card` went from one place (``location``) to another.
    @inline(__always)
    private mutating func relocate(_ card: UInt8, from old: UInt16, to new: UInt16) {
        let first = Int(card)
        if location[first] == old { location[first] = new } else { location[first | 64] = new }
    }

    /// Whether a card that goes up is safe to fold (``SolverModel/mustBeUp``).
    @inline(__always)
    func isSafe(_ card: UInt8) -> Bool { folds && mustBeUp[Int(card)] & ~up == 0 }

    /// How many cards from the top of a column may be picked up together (0 for an empty one):
    /// a run in order, or the top card alone.
    @inline(__always)
    func movableRun(_ column: Int) -> Int {
        let height = heights[column]
        guard height > 0 else { return 0 }
        guard movesRuns else { return 1 }
        return Int(prefixRun[column &* Self.stride &+ height])
    }

    /// Whether an empty column takes a run whose bottom card is `card`.
    @inline(__always)
    func emptyTakes(_ card: UInt8) -> Bool {
        switch emptyColumn {
        case .any: true
        case .none: false
        case .rank(let rank): Int(card & 0x0F) == rank
        }
    }

    /// The empty columns that count for the free-cell limit (those that take any card).
    var emptyCountingColumns: Int { emptyColumn == .any ? emptyColumns : 0 }

    /// The first empty cell, if any (the cells are alike: the search fills only the first).
    var firstEmptyCell: Int? { cells.firstIndex(of: 0) }

    /// The most cards a run may carry onto a column, by the free-cell limit, with `cells` empty
    /// cells and `columns` counting empty columns besides the target.
    @inline(__always)
    func runLimit(cells: Int, columns: Int) -> Int {
        guard movesRuns else { return 1 }
        guard limitsRuns else { return 52 }
        return (cells + 1) << columns
    }

    /// How promising the position looks, higher better: cards up, the card each foundation
    /// wants next buried under few others, columns in order, free cells and empty columns (the
    /// weights were chosen by measuring FreeCell's deals 1..1000, docs/PERFORMANCE.md). Read off
    /// counts kept as cards move, so it costs a look at four cards.
    func promise() -> Int {
        promise(
            upCount: upCount, emptyCells: emptyCells, emptyColumns: emptyColumns, disorder: disorder, buried: buried())
    }

    /// The promise of a position with these counts (``promise()``).
    @inline(__always)
    func promise(upCount: Int, emptyCells: Int, emptyColumns: Int, disorder: Int, buried: Int) -> Int {
        upCount * 64 + emptyCells * 24 + emptyColumns * 32 - disorder * 6 - buried * 12
    }

    /// The cards above the card each foundation wants next, over the four.
    @inline(__always)
    func buried() -> Int { buried(lifting: 0, from: -1, downTo: 0, onto: -1) }

    /// The cards above the card each foundation wants next (the least buried copy with two
    /// decks), over the four, once `count` cards are lifted off column `source` (-1 for none),
    /// leaving `rest`, and put on column `target` (-1 for none): a wanted card under the run
    /// loses the run from above it, one in the target column gains it, one in the run keeps
    /// what lies above it.
    @inline(__always)
    func buried(lifting count: Int, from source: Int, downTo rest: Int, onto target: Int) -> Int {
        @inline(__always)
        func depth(_ place: UInt16) -> Int {
            if place >= Self.gone { return place == Self.inCell ? 0 : Self.stride }
            let column = Int(place) / Self.stride
            let at = Int(place) % Self.stride
            let above = heights[column] &- 1 &- at
            if column == source && at < rest { return above &- count }
            return column == target ? above &+ count : above
        }
        var buried = 0
        for suit in 0..<4 where nextRank[suit] != 0 {
            let wanted = suit << 4 | Int(nextRank[suit])
            var least = depth(location[wanted])
            if decks > 1 { least = min(least, depth(location[wanted | 64])) }
            buried += least
        }
        return buried
    }

    // MARK: Playing and taking back

    /// Plays a move and the safe moves after it.
    mutating func play(_ move: OpenMove) -> OpenUndo {
        transfer(from: move.from, to: move.to, count: Int(move.count))
        let logged = foldLog.count
        if folds && mayFold(move) { foldSafeCards() }
        return OpenUndo(move: move, folded: UInt8(foldLog.count - logged))
    }

    /// Takes back a move played by ``play(_:)``.
    mutating func takeBack(_ undo: OpenUndo) {
        for _ in 0..<undo.folded {
            let entry = foldLog.removeLast()
            let card = UInt8(entry & 0xFF)
            transfer(from: OpenMove.firstFoundation + card >> 4, to: OpenPlace(entry >> 8), count: 1)
        }
        transfer(from: undo.move.to, to: undo.move.from, count: Int(undo.move.count))
    }

    /// Whether a card may have become safe by a move: before it no card on top was (every move
    /// folds what it makes safe), and only a card sent up makes others safe, so only the card
    /// the move uncovered, or the card a foundation gave back, may be.
    @inline(__always)
    private func mayFold(_ move: OpenMove) -> Bool {
        if move.from < OpenMove.firstCell, heights[Int(move.from)] > 0 {
            let card = top(Int(move.from))
            if goesUp(card) && isSafe(card) { return true }
        }
        if move.to >= OpenMove.firstFoundation { return true }
        if move.from >= OpenMove.firstFoundation {
            let card = move.to < OpenMove.firstCell ? top(Int(move.to)) : cells[Int(move.to - OpenMove.firstCell)]
            return goesUp(card) && isSafe(card)
        }
        return false
    }

    /// Plays the safe cards of the start to their foundations (logged as folded moves), so that
    /// after every move no card on top is safe.
    mutating func foldAtStart() {
        if folds { foldSafeCards() }
    }

    /// Plays every safe card to its foundation, until none is left.
    private mutating func foldSafeCards() {
        var moved = true
        while moved {
            moved = false
            for column in 0..<columnCount where heights[column] > 0 {
                let card = top(column)
                if goesUp(card) && isSafe(card) {
                    transfer(from: OpenPlace(column), to: OpenMove.firstFoundation + card >> 4, count: 1)
                    foldLog.append(UInt16(column) << 8 | UInt16(card))
                    moved = true
                }
            }
            for cell in 0..<cellCount where cells[cell] != 0 {
                let card = cells[cell]
                if goesUp(card) && isSafe(card) {
                    transfer(
                        from: OpenMove.firstCell + OpenPlace(cell), to: OpenMove.firstFoundation + card >> 4, count: 1)
                    foldLog.append(UInt16(Int(OpenMove.firstCell) + cell) << 8 | UInt16(card))
                    moved = true
                }
            }
        }
    }

    /// Moves `count` cards, keeping the key; no rule is checked.
    @inline(__always)
    private mutating func transfer(from: OpenPlace, to: OpenPlace, count: Int) {
        if from < OpenMove.firstCell && to < OpenMove.firstCell {
            let source = Int(from)
            let target = Int(to)
            let sourceBase = source * Self.stride
            let targetBase = target * Self.stride
            let sourceHeight = heights[source]
            let targetHeight = heights[target]
            key &-= Self.mix(prefixHashes[sourceBase + sourceHeight])
            key &-= Self.mix(prefixHashes[targetBase + targetHeight])
            disorder -= Int(prefixDisorder[sourceBase + sourceHeight]) + Int(prefixDisorder[targetBase + targetHeight])
            var hash = prefixHashes[targetBase + targetHeight]
            var outOfOrder = prefixDisorder[targetBase + targetHeight]
            var run = prefixRun[targetBase + targetHeight]
            var below: UInt8? = targetHeight > 0 ? cards[targetBase + targetHeight - 1] : nil
            for offset in 0..<count {
                let card = cards[sourceBase + sourceHeight - count + offset]
                let place = targetBase + targetHeight + offset
                cards[place] = card
                hash = Self.extend(hash, by: card)
                prefixHashes[place + 1] = hash
                if let below, liesInOrder(card, on: below) {
                    run += 1
                } else {
                    if below != nil { outOfOrder += 1 }
                    run = 1
                }
                prefixDisorder[place + 1] = outOfOrder
                prefixRun[place + 1] = run
                relocate(card, from: UInt16(sourceBase + sourceHeight - count + offset), to: UInt16(place))
                below = card
            }
            heights[source] = sourceHeight - count
            heights[target] = targetHeight + count
            if sourceHeight == count { emptyColumns += 1 }
            if targetHeight == 0 { emptyColumns -= 1 }
            key &+= Self.mix(prefixHashes[sourceBase + sourceHeight - count])
            key &+= Self.mix(hash)
            disorder += Int(prefixDisorder[sourceBase + sourceHeight - count]) + Int(outOfOrder)
            return
        }
        let (card, left) = lift(from)
        drop(card, on: to, leaving: left)
    }

    /// Takes one card off a place: the card, and where it lay (``location``).
    @inline(__always)
    private mutating func lift(_ place: OpenPlace) -> (UInt8, UInt16) {
        if place < OpenMove.firstCell {
            let column = Int(place)
            let base = column * Self.stride
            let height = heights[column]
            key &-= Self.mix(prefixHashes[base + height])
            key &+= Self.mix(prefixHashes[base + height - 1])
            disorder -= Int(prefixDisorder[base + height]) - Int(prefixDisorder[base + height - 1])
            heights[column] = height - 1
            if height == 1 { emptyColumns += 1 }
            return (cards[base + height - 1], UInt16(base + height - 1))
        }
        if place < OpenMove.firstFoundation {
            let cell = Int(place - OpenMove.firstCell)
            let card = cells[cell]
            cells[cell] = 0
            emptyCells += 1
            key &-= Self.cellHash(card)
            return (card, Self.inCell)
        }
        let suit = Int(place - OpenMove.firstFoundation)
        let card = foundationTop(suit)
        foundation[suit] -= 1
        nextRank[suit] = Self.rank(after: foundation[suit], decks: decks)
        up &= ~(1 << UInt64(card))
        upCount -= 1
        return (card, Self.gone)
    }

    /// Puts one card on a place.
    @inline(__always)
    private mutating func drop(_ card: UInt8, on place: OpenPlace, leaving left: UInt16) {
        if place < OpenMove.firstCell {
            let column = Int(place)
            let base = column * Self.stride
            let height = heights[column]
            let hash = Self.extend(prefixHashes[base + height], by: card)
            cards[base + height] = card
            prefixHashes[base + height + 1] = hash
            let outOfOrder = height > 0 && !liesInOrder(card, on: cards[base + height - 1])
            prefixDisorder[base + height + 1] = prefixDisorder[base + height] + (outOfOrder ? 1 : 0)
            prefixRun[base + height + 1] = height > 0 && !outOfOrder ? prefixRun[base + height] + 1 : 1
            if outOfOrder { disorder += 1 }
            relocate(card, from: left, to: UInt16(base + height))
            heights[column] = height + 1
            if height == 0 { emptyColumns -= 1 }
            key &-= Self.mix(prefixHashes[base + height])
            key &+= Self.mix(hash)
            return
        }
        if place < OpenMove.firstFoundation {
            cells[Int(place - OpenMove.firstCell)] = card
            emptyCells -= 1
            relocate(card, from: left, to: Self.inCell)
            key &+= Self.cellHash(card)
            return
        }
        let suit = Int(card >> 4)
        foundation[suit] += 1
        nextRank[suit] = Self.rank(after: foundation[suit], decks: decks)
        relocate(card, from: left, to: Self.gone)
        up |= 1 << UInt64(card)
        upCount += 1
    }

    // MARK: Keys

    static let emptyColumnHash: UInt64 = 0x243F_6A88_85A3_08D3

    @inline(__always)
    static func extend(_ hash: UInt64, by card: UInt8) -> UInt64 {
        (hash ^ UInt64(card)) &* 0x0000_0100_0000_01B3 &+ 0x9E37_79B9_7F4A_7C15
    }

    @inline(__always)
    static func cellHash(_ card: UInt8) -> UInt64 { mix(UInt64(card) &+ 0x5851_F42D_4C95_7F2D) }

    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 { mixedKey(value) }
}
