import Solitaire

// A game of columns and a stock as its search holds it (ColumnsSearch.swift): the columns' cards
// in one flat buffer, the foundations by their top cards, the waste and the stock as stacks, all
// played and taken back in place through a log of steps.
//
// What a position is. A foundation holds its base (the Ace, or the rank all start from) to its top
// card of one suit, counting on from the King to the Ace, so its top says it all, and the
// foundations are alike: they are hashed as a multiset of tops. A column is its cards
// and how many of them (from the bottom) are face down; face-down cards never move, so the search
// knows them, and a column is hashed by all its cards, whatever its place, unless the stock still
// deals to the columns in their order (then each column is hashed with its place). The waste and
// the stock are hashed as the sequences they are, with the redeals left (none counted when they
// are unlimited), and the reserve as its sequence: its top card is face up, the others turn up one
// by one as it is taken, and the search knows them as it knows the columns' face-down cards.
//
// The rules' own step is played as the table plays it: a face-down card left on top of a column
// turns up. Beside it the board folds safe moves (``settle()``): a card goes to a foundation by
// itself when no solution can need it elsewhere (SolverModel.swift has the argument; the card is
// taken from a column's top, or from the waste's when the stock turns one card at a time).
//
// Two sources the general search does not fold from are sound here. The waste, when the stock
// turns one card at a time: the waste less the card is the waste a solution that keeps it there
// would have, every other card reaches its top as soon or sooner, and a redeal turns the same
// cards over in the same order less that one, so each of that solution's moves stays legal or
// is not needed. A column the stock deals onto (Gypsy's), unless the stock refuses to deal while
// a column is empty: nothing can be put on the card by hand (every card that could is up), so
// in that solution the card only ever has dealt cards on it, which land one card lower here;
// the cards above it are the same, a run there is a run here, and the column empties here no
// later than there. With `deal-needs-all-filled` an earlier empty column could stop a deal, so
// nothing is folded from the columns then; nor while the columns refill from a reserve that
// still has cards (a fold that empties a column would pull the reserve's top card into it, which
// the solution that kept the card there never does).

/// A place cards lie in: a column (`0..<columns`), a foundation (`foundationBase + index`), a
/// free cell (`cellBase + index`), the reserve (``ColumnsBoard/reservePlace``), the waste (``ColumnsBoard/wastePlace``) or the stock
/// (``ColumnsBoard/stockPlace``).
typealias ColumnsPlace = UInt8

/// A move of the search: `count` cards from one place to another, after `clicks` clicks on the
/// stock (a turn of the stock walked to the waste card played), or a click on the stock.
struct ColumnsMove: Hashable {
    var from: ColumnsPlace
    var to: ColumnsPlace
    var count: UInt8
    var clicks: UInt8 = 0

    static let click = ColumnsMove(from: ColumnsBoard.stockPlace, to: ColumnsBoard.stockPlace, count: 0)
    var isClick: Bool { from == ColumnsBoard.stockPlace }
}

/// One step of the board's log: what a move, a rule's step or a fold did.
struct ColumnsStep {
    enum Kind: UInt8 {
        /// `count` cards from `from` onto `to` (a move or a fold).
        case transfer
        /// Column `from`'s top card turned up.
        case turnUp
        /// `count` cards turned from the stock onto the waste.
        case draw
        /// The waste's `count` cards back to the stock (a redeal spent).
        case redeal
        /// A card dealt onto each of the first `count` columns.
        case deal
        /// The reserve's top card onto column `to`, emptied (the rules' own step).
        case refill
    }

    var kind: Kind
    var from: ColumnsPlace = 0
    var to: ColumnsPlace = 0
    var count: UInt8 = 0
}

/// A position of a game of columns and a stock, played and taken back in place.
struct ColumnsBoard {
    static let reservePlace: ColumnsPlace = 0xFD
    static let wastePlace: ColumnsPlace = 0xFE
    static let stockPlace: ColumnsPlace = 0xFF

    let shape: ColumnsShape
    let columnCount: Int
    var foundationBase: Int { columnCount }
    /// The first free cell's place, after the foundations.
    var cellBase: Int { columnCount + tops.count }
    /// Whether a place is a foundation, or a free cell.
    @inline(__always)
    func isFoundation(_ place: ColumnsPlace) -> Bool { Int(place) >= columnCount && Int(place) < cellBase }
    @inline(__always)
    func isCell(_ place: ColumnsPlace) -> Bool { Int(place) >= cellBase && Int(place) < cellBase + cells.count }
    /// Room for a column in ``cards``: every card of the game.
    let stride: Int
    /// Column `c`'s cards, bottom first, at `cards[c * stride ..< c * stride + heights[c]]`, as
    /// `suit << 4 | rank`.
    var cards: [UInt8]
    var heights: [Int]
    /// Per column, how many of its cards (from the bottom) are face down.
    var downs: [Int]
    /// Per column, the hashes of its first `0...stride` cards, at `c * (stride + 1) + count`.
    private var prefixes: [UInt64]
    /// Per foundation, its top card (0 when empty).
    var tops: [UInt8]
    /// The rank an empty foundation takes (1 for the Ace).
    let baseRank: UInt8
    /// The waste and the stock, bottom first, and the hashes of their first cards.
    var waste: [UInt8] = []
    var stock: [UInt8] = []
    private var wastePrefixes: [UInt64] = [0]
    private var stockPrefixes: [UInt64] = [0]
    /// The reserve, bottom first (its top card face up), and the hashes of its first cards.
    var reserve: [UInt8] = []
    private var reservePrefixes: [UInt64] = [0]
    /// The free cells' cards (0 for an empty cell), and the sum of their mixed hashes: alike
    /// cells are a multiset.
    var cells: [UInt8]
    private var cellHash: UInt64 = 0
    var redealsLeft: Int
    /// The sum of the foundations' tops' mixed hashes: a multiset.
    private var foundationHash: UInt64 = 0
    /// Per identity: its copies in the game, and its copies on the foundations.
    let copies: [UInt8]
    var up: [UInt8]
    /// The identities whose every copy is on the foundations, a bit each.
    var allUp: UInt64 = 0
    var cardsUp: Int
    let cardCount: Int
    /// The log of steps from the start position.
    private(set) var log: [ColumnsStep] = []
    /// Folds from columns, and from the waste.
    let foldsColumns: Bool
    let foldsWaste: Bool

    var isWon: Bool { cardsUp == cardCount }
    /// The columns' order still matters: the stock deals to them in order.
    var pinned: Bool { shape.dealsToColumns && !stock.isEmpty }

    /// `columns`, `waste`, `stock`, `reserve` bottom first; `tops` the foundations' top cards (0
    /// for none), each foundation holding `baseRank` to its top in one suit. With unlimited
    /// redeals, `redealsLeft` is any positive number, and stays so.
    init(
        shape: ColumnsShape, columns: [[PileCard]], tops: [UInt8], waste: [PileCard], stock: [PileCard],
        reserve: [PileCard] = [], cells: [PileCard?] = [], redealsLeft: Int, baseRank: UInt8 = 1
    ) {
        self.shape = shape
        self.baseRank = baseRank
        columnCount = columns.count
        var copies = [UInt8](repeating: 0, count: 64)
        var up = [UInt8](repeating: 0, count: 64)
        for top in tops where top != 0 {
            var rank = Int(baseRank)
            while true {
                up[Int(top & 0x30) | rank] += 1
                if rank == Int(top & 0x0F) { break }
                rank = rank % 13 + 1
            }
        }
        for pile in columns + [waste, stock, reserve, cells.compactMap { $0 }] {
            for card in pile { copies[Int(card.raw & 0x3F)] += 1 }
        }
        self.cells = [UInt8](repeating: 0, count: cells.count)
        for identity in 0..<64 { copies[identity] += up[identity] }
        self.copies = copies
        self.up = up
        cardCount = copies.reduce(0) { $0 + Int($1) }
        cardsUp = up.reduce(0) { $0 + Int($1) }
        stride = max(cardCount, 13)
        cards = [UInt8](repeating: 0, count: stride * columnCount)
        prefixes = [UInt64](repeating: 0, count: (stride + 1) * columnCount)
        heights = [Int](repeating: 0, count: columnCount)
        downs = columns.map { pile in pile.prefix { !$0.faceUp }.count }
        self.tops = tops
        self.redealsLeft = redealsLeft
        foldsColumns = shape.mustBeUp != nil && !shape.dealNeedsFilled
        foldsWaste = shape.mustBeUp != nil && shape.draw == 1
        for identity in 0..<64 where copies[identity] > 0 && up[identity] == copies[identity] {
            allUp |= 1 << UInt64(identity)
        }
        for top in tops { foundationHash &+= Self.foundationMix(top) }
        for (column, pile) in columns.enumerated() {
            for card in pile { push(card.raw & 0x3F, onto: ColumnsPlace(column)) }
        }
        for card in waste { push(card.raw & 0x3F, onto: Self.wastePlace) }
        for card in stock { push(card.raw & 0x3F, onto: Self.stockPlace) }
        for card in reserve { push(card.raw & 0x3F, onto: Self.reservePlace) }
        for (cell, card) in cells.enumerated() {
            if let card { push(card.raw & 0x3F, onto: ColumnsPlace(cellBase + cell)) }
        }
    }

    /// The first empty free cell, if any.
    var firstEmptyCell: Int? { cells.firstIndex(of: 0) }

    @inline(__always)
    func card(_ column: Int, _ place: Int) -> UInt8 { cards[column * stride + place] }

    @inline(__always)
    func top(_ column: Int) -> UInt8 { cards[column * stride + heights[column] - 1] }

    /// Whether a column's top card is face up (and there is one).
    @inline(__always)
    func showsTop(_ column: Int) -> Bool { heights[column] > downs[column] }

    /// How many cards from the top of a column may move together (0 for an empty column or a
    /// face-down top): 1, the run built by the move-suit rule when runs move, or every face-up
    /// card when any face-up card moves with those on it.
    func movable(_ column: Int) -> Int {
        let height = heights[column]
        guard height > downs[column] else { return 0 }
        guard shape.movesRuns else { return 1 }
        if shape.movesFaceUp { return height - downs[column] }
        let base = column * stride
        var length = 1
        while height - length > downs[column] {
            let above = Int(cards[base + height - length])
            let below = Int(cards[base + height - length - 1])
            guard shape.runs[below << 6 | above] else { break }
            length += 1
        }
        return length
    }

    var emptyColumns: Int { heights.reduce(0) { $0 + ($1 == 0 ? 1 : 0) } }

    /// The foundation a card may go onto (the first of those alike), if any.
    @inline(__always)
    func foundation(for card: UInt8) -> Int? {
        tops.firstIndex(of: under(card))
    }

    /// The card a foundation holds under `card`: 0 (none) for the base's rank, the King's under
    /// an Ace that is not the base.
    @inline(__always)
    func under(_ card: UInt8) -> UInt8 {
        let rank = card & 0x0F
        if rank == baseRank { return 0 }
        return rank == 1 ? card & 0x30 | 13 : card &- 1
    }

    /// Whether an empty column takes a card.
    @inline(__always)
    func emptyTakes(_ card: UInt8) -> Bool {
        switch shape.empty {
        case .any: true
        case .none: false
        case .rank(let rank): Int(card & 0x0F) == rank
        case .belowBase: false  // never: ColumnsShape refuses such columns
        }
    }

    /// Whether the stock may be clicked: to deal, or to turn the waste back over.
    var canClick: Bool {
        if shape.stock == nil { return false }
        if shape.dealsToColumns { return !stock.isEmpty && !(shape.dealNeedsFilled && heights.contains(0)) }
        return !stock.isEmpty || (!waste.isEmpty && redealsLeft > 0)
    }

    /// Whether a card may go to a foundation by itself (SolverModel.swift): every card its
    /// solutions could want it for is already up.
    @inline(__always)
    func isSafe(_ card: UInt8) -> Bool {
        guard let mustBeUp = shape.mustBeUp else { return false }
        return mustBeUp[Int(card)] & ~allUp == 0
    }

    // MARK: Playing and taking back

    /// Plays a move, the rules' steps and the folds after it; returns the log's mark to take it
    /// back to.
    @discardableResult
    mutating func play(_ move: ColumnsMove) -> Int {
        let mark = log.count
        if move.isClick {
            click()
        } else {
            for _ in 0..<move.clicks { click() }
            transfer(move.from, move.to, Int(move.count))
        }
        settle()
        return mark
    }

    /// Clicks the stock: deals to the columns, turns cards onto the waste, or turns the waste back.
    private mutating func click() {
        if shape.dealsToColumns {
            let count = min(columnCount, stock.count)
            for column in 0..<count { push(pop(from: Self.stockPlace), onto: ColumnsPlace(column)) }
            log.append(ColumnsStep(kind: .deal, count: UInt8(count)))
        } else if stock.isEmpty {
            let count = waste.count
            for _ in 0..<count { push(pop(from: Self.wastePlace), onto: Self.stockPlace) }
            if !shape.unlimitedRedeals { redealsLeft -= 1 }
            log.append(ColumnsStep(kind: .redeal, count: UInt8(count)))
        } else {
            let count = min(shape.draw, stock.count)
            for _ in 0..<count { push(pop(from: Self.stockPlace), onto: Self.wastePlace) }
            log.append(ColumnsStep(kind: .draw, count: UInt8(count)))
        }
    }

    /// Turns up face-down tops and folds safe cards to the foundations, until nothing changes.
    mutating func settle() {
        var changed = true
        while changed {
            changed = false
            for column in 0..<columnCount {
                if heights[column] > 0 && heights[column] == downs[column] {
                    downs[column] -= 1
                    log.append(ColumnsStep(kind: .turnUp, from: ColumnsPlace(column)))
                }
                guard foldsColumns, heights[column] > 0, !shape.refillsFromReserve || reserve.isEmpty else { continue }
                let card = top(column)
                if isSafe(card), let foundation = foundation(for: card) {
                    transfer(ColumnsPlace(column), ColumnsPlace(foundationBase + foundation), 1)
                    changed = true
                }
            }
            if foldsColumns {
                for cell in cells.indices where cells[cell] != 0 && isSafe(cells[cell]) {
                    guard let foundation = foundation(for: cells[cell]) else { continue }
                    transfer(ColumnsPlace(cellBase + cell), ColumnsPlace(foundationBase + foundation), 1)
                    changed = true
                }
            }
            if foldsWaste, let card = waste.last, isSafe(card), let foundation = foundation(for: card) {
                transfer(Self.wastePlace, ColumnsPlace(foundationBase + foundation), 1)
                changed = true
            }
        }
    }

    /// Takes back every step logged since `mark`.
    mutating func takeBack(to mark: Int) {
        while log.count > mark {
            let step = log.removeLast()
            switch step.kind {
            case .transfer:
                let count = Int(step.count)
                if count == 1 {
                    push(pop(from: step.to), onto: step.from)
                } else {
                    // Runs move between columns only.
                    let from = Int(step.to)
                    let to = Int(step.from)
                    let source = from * stride + heights[from] - count
                    for offset in 0..<count { push(cards[source + offset], onto: ColumnsPlace(to)) }
                    heights[from] -= count
                }
            case .turnUp:
                downs[Int(step.from)] += 1
            case .draw:
                for _ in 0..<Int(step.count) { push(pop(from: Self.wastePlace), onto: Self.stockPlace) }
            case .redeal:
                for _ in 0..<Int(step.count) { push(pop(from: Self.stockPlace), onto: Self.wastePlace) }
                if !shape.unlimitedRedeals { redealsLeft += 1 }
            case .deal:
                for column in (0..<Int(step.count)).reversed() {
                    push(pop(from: ColumnsPlace(column)), onto: Self.stockPlace)
                }
            case .refill:
                push(pop(from: step.to), onto: Self.reservePlace)
            }
        }
    }

    /// Moves `count` cards (more than one between columns only) and logs it.
    private mutating func transfer(_ from: ColumnsPlace, _ to: ColumnsPlace, _ count: Int) {
        if count == 1 {
            push(pop(from: from), onto: to)
        } else {
            let source = Int(from) * stride + heights[Int(from)] - count
            for offset in 0..<count { push(cards[source + offset], onto: to) }
            heights[Int(from)] -= count
        }
        log.append(ColumnsStep(kind: .transfer, from: from, to: to, count: UInt8(count)))
        // A column the move empties takes the reserve's top card, as the rules' own step: only
        // then (a position given with a column empty beside a reserve keeps it so, as the table does).
        if Int(from) < columnCount && heights[Int(from)] == 0 && shape.refillsFromReserve && !reserve.isEmpty {
            push(pop(from: Self.reservePlace), onto: from)
            log.append(ColumnsStep(kind: .refill, to: from))
        }
    }

    @inline(__always)
    private mutating func pop(from place: ColumnsPlace) -> UInt8 {
        switch place {
        case Self.wastePlace:
            wastePrefixes.removeLast()
            return waste.removeLast()
        case Self.stockPlace:
            stockPrefixes.removeLast()
            return stock.removeLast()
        case Self.reservePlace:
            reservePrefixes.removeLast()
            return reserve.removeLast()
        default:
            let index = Int(place)
            if index < columnCount {
                heights[index] -= 1
                return cards[index * stride + heights[index]]
            }
            if index >= cellBase {
                let card = cells[index - cellBase]
                cells[index - cellBase] = 0
                cellHash &-= Self.cellMix(card)
                return card
            }
            let foundation = index - columnCount
            let card = tops[foundation]
            foundationHash &-= Self.foundationMix(card)
            tops[foundation] = under(card)
            foundationHash &+= Self.foundationMix(tops[foundation])
            up[Int(card)] -= 1
            cardsUp -= 1
            allUp &= ~(1 << UInt64(card))
            return card
        }
    }

    @inline(__always)
    private mutating func push(_ card: UInt8, onto place: ColumnsPlace) {
        switch place {
        case Self.wastePlace:
            wastePrefixes.append(Self.extend(wastePrefixes[waste.count], card))
            waste.append(card)
        case Self.stockPlace:
            stockPrefixes.append(Self.extend(stockPrefixes[stock.count], card))
            stock.append(card)
        case Self.reservePlace:
            reservePrefixes.append(Self.extend(reservePrefixes[reserve.count], card))
            reserve.append(card)
        default:
            let index = Int(place)
            if index < columnCount {
                let height = heights[index]
                cards[index * stride + height] = card
                let prefix = index * (stride + 1) + height
                prefixes[prefix + 1] = Self.extend(prefixes[prefix], card)
                heights[index] = height + 1
                return
            }
            if index >= cellBase {
                cells[index - cellBase] = card
                cellHash &+= Self.cellMix(card)
                return
            }
            let foundation = index - columnCount
            foundationHash &-= Self.foundationMix(tops[foundation])
            tops[foundation] = card
            foundationHash &+= Self.foundationMix(card)
            up[Int(card)] += 1
            cardsUp += 1
            if up[Int(card)] == copies[Int(card)] { allUp |= 1 << UInt64(card) }
        }
    }

    // MARK: Keys

    @inline(__always)
    private static func extend(_ hash: UInt64, _ card: UInt8) -> UInt64 {
        (hash ^ UInt64(card &+ 1)) &* 0x0000_0100_0000_01B3 &+ 0x9E37_79B9
    }

    @inline(__always)
    private static func cellMix(_ card: UInt8) -> UInt64 { mix(UInt64(card) ^ 0x3C6E_F372_FE94_F82B) }

    @inline(__always)
    private static func foundationMix(_ top: UInt8) -> UInt64 { mix(UInt64(top) ^ 0x5851_F42D_4C95_7F2D) }

    /// A column's hash: its cards and how many are face down.
    @inline(__always)
    func columnHash(_ column: Int) -> UInt64 {
        prefixes[column * (stride + 1) + heights[column]] &+ UInt64(downs[column] &+ 1) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The position's key (see the top of the file).
    func key() -> UInt64 {
        let pinned = self.pinned
        var key = foundationHash
        for column in 0..<columnCount {
            var hash = columnHash(column)
            if pinned { hash ^= UInt64(column &+ 1) &* 0xA076_1D64_78BD_642F }
            key = key &+ Self.mix(hash)
        }
        key = key &+ Self.mix(wastePrefixes[waste.count] ^ 0xE703_7ED1_A0B4_28DB)
        key = key &+ Self.mix(stockPrefixes[stock.count] &+ UInt64(redealsLeft) &* 0x8EBC_6AF0_9C88_C6E3)
        if !reserve.isEmpty { key = key &+ Self.mix(reservePrefixes[reserve.count] ^ 0x2545_F491_4F6C_DD1D) }
        key = key &+ cellHash
        return key
    }

    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 { mixedKey(value) }

    // MARK: The table's moves

    /// The table's moves for the steps logged from `mark` on (turn-ups are the rules' own).
    func tableMoves(from mark: Int = 0) -> [Move] {
        log[mark...].compactMap { step in
            switch step.kind {
            case .turnUp, .refill: nil
            case .draw, .redeal, .deal: Move.stock(shape.stock!)
            case .transfer: Move.transfer(from: pile(step.from), to: pile(step.to), count: Int(step.count))
            }
        }
    }

    /// The table's pile for a place.
    func pile(_ place: ColumnsPlace) -> Int {
        switch place {
        case Self.wastePlace: shape.waste!
        case Self.stockPlace: shape.stock!
        case Self.reservePlace: shape.reserve!
        default:
            if Int(place) < columnCount {
                shape.columns[Int(place)]
            } else if isCell(place) {
                shape.cells[Int(place) - cellBase]
            } else {
                shape.foundations[Int(place) - columnCount]
            }
        }
    }
}
