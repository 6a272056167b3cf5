import Solitaire

// Accordion's own search (AccordionShape.swift says which games): depth first over the row of
// cards, with the whole stock dealt first and restarts.
//
// Dealing first. A card dealt goes to the row's end, and a fold (a card onto the card one or three
// places to its left) depends on that card and those left of it alone: so every fold stays legal
// when more cards lie to the right, and the row ends the same whichever way folds and deals are
// interleaved. The game is won only once the stock is empty, so a position is won exactly when
// the same position with every stock card dealt is won. The search deals them all and folds from
// there, as a player of the open game does (every card seen before the first fold). A position is
// then the row alone: its cards in order.
//
// Keys. A row of up to 52 cards does not fit in 64 bits, so the key is a hash: a polynomial in
// the cards, which a fold changes at one place and shifts past another, so a child's hash comes
// from its parent's in a few steps. Two rows may then share a key, as in the general searches
// (docs/ARCHITECTURE.md says what that means for a proof). Every fold takes a card away, so no
// path comes back on itself: the table may forget, and a search that runs dry still proves.
//
// Restarts. Nearly every deal is won (Blake and Gent: 99.9995%), but a depth-first search that
// takes a bad turn early spends millions of positions below it. The search tries the folds
// leftmost first, then again and again with the order shaken, from an emptied table, each
// attempt allowed the positions Luby's sequence gives (1, 1, 2, 1, 1, 2, 4, … times
// ``firstAttempt``: short attempts mostly, and now and then one twice as long as any before),
// until a win, or until one attempt sees every position without a win: that one proves the
// position lost. With the status line's 4 MiB it won every one of deals 1..10000 within 2 s,
// the slowest in 0.43 s; doubling each attempt left five of them unknown after 5M positions
// (its long attempts outgrew the table, which then forgets and expands positions again), and
// one fixed order left several unknown among a thousand.
//
// A win found is played back on the table's own rules, move by move, so its moves are the
// player's and each was checked legal by the rules.

/// One search of an Accordion game (AccordionShape.swift) from a position of the table.
struct AccordionSearch {
    /// The most places a row may have.
    static let maxCards = 104
    /// Positions the first attempt may expand; the others get this times a term of Luby's sequence.
    static let firstAttempt = 1024
    /// How far an attempt after the first may move a fold in the order, in steps of a place.
    static let shake: UInt64 = 100

    let shape: AccordionShape
    let rules: any Rules
    let start: GameState
    /// An attempt that runs dry has seen every position: it proves.
    var proves: Bool { true }
    /// It found a win the rules refused to play back, and stopped.
    private(set) var failed = false
    /// Positions expanded, over all attempts.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []

    /// The stock clicks made before the first fold: every card the stock holds.
    private let dealt: Int
    /// The row with every card dealt, its cards as `suit << 4 | rank`.
    private let deal: [UInt8]
    private let width: Int
    /// The hash's base to the power of each place, and the base's inverse (which exists: it is odd).
    private let powers: [UInt64]
    private let inverse: UInt64

    private var attempt = 0
    private var attemptLimit = AccordionSearch.firstAttempt
    private var attemptPositions = 0
    private var restarts = Restarts()
    private var started = false

    private var table: PositionTable
    /// Level `k`'s row at `rows[k * width ..< k * width + lengths[k]]`; level 0 is the deal.
    private var rows: [UInt8]
    private var lengths: [Int]
    private var hashes: [UInt64]
    private var levels: [Level] = []
    private var children: [Child] = []
    /// Scratch: the hash of each prefix of the row being expanded, and its folds.
    private var prefixes: [UInt64]
    private var listed: [Child] = []
    private var touched: UInt64 = 0

    private struct Level {
        var first: Int
        var end: Int
        var next: Int
        /// The fold that led here (-1 for the deal): ``Child/move``.
        var move: Int
    }

    private struct Child {
        /// The place of the card that moves, times four, plus how many places left it goes.
        var move: Int
        var hash: UInt64
        var order: Int
    }

    /// The row from the position's cards, with the stock's dealt after them; `nil` when the
    /// position is not one the search can hold: piles other than the layout's, a place with more
    /// than one card, a gap in the row, a stock the row has no room for, or no card at all.
    static func row(of start: GameState, shape: AccordionShape) -> [UInt8]? {
        guard start.piles.count == shape.pileCount else { return nil }
        var cards: [UInt8] = []
        var ended = false
        for place in shape.row {
            let pile = start.piles[place]
            guard pile.count <= 1, !(ended && !pile.isEmpty) else { return nil }
            if let card = pile.first { cards.append(card.raw & 0x3F) } else { ended = true }
        }
        let stock = shape.stock.map { start.piles[$0] } ?? []
        guard !(cards.isEmpty && stock.isEmpty), cards.count + stock.count <= shape.row.count else { return nil }
        return cards + stock.reversed().map { $0.raw & 0x3F }
    }

    /// `nil` when the position is not one the search can hold (``row(of:shape:)``).
    init?(shape: AccordionShape, rules: any Rules, start: GameState, memory: Int) {
        guard let deal = Self.row(of: start, shape: shape) else { return nil }
        self.shape = shape
        self.rules = rules
        self.start = start
        self.deal = deal
        dealt = shape.stock.map { start.piles[$0].count } ?? 0
        width = deal.count
        let base: UInt64 = 0x9E37_79B9_7F4A_7C15
        var inverse = base
        for _ in 0..<6 { inverse = inverse &* (2 &- base &* inverse) }
        self.inverse = inverse
        var powers = [UInt64](repeating: 1, count: width + 1)
        for index in 1...width { powers[index] = powers[index - 1] &* base }
        self.powers = powers
        rows = [UInt8](repeating: 0, count: width * width)
        lengths = [Int](repeating: 0, count: width)
        hashes = [UInt64](repeating: 0, count: width)
        prefixes = [UInt64](repeating: 0, count: width + 1)
        table = PositionTable.forgetting(within: memory)
        children.reserveCapacity(4 * width)
    }

    /// The key the table holds for a row: its hash and length, mixed so the table's slots are spread.
    @inline(__always)
    private static func stored(_ hash: UInt64, length: Int) -> UInt64 {
        var mixed = hash &+ UInt64(length) &* 0xD6E8_FEB8_6659_FD93
        mixed ^= mixed >> 32
        mixed &*= 0xD6E8_FEB8_6659_FD93
        mixed ^= mixed >> 32
        return mixed
    }

    /// Searches until it ends (``verdict``) or has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil, !failed else { return }
        if !started {
            started = true
            if width == 1 { return finish([]) }
            guard positions < limit else { return }
            if begin() { return }
        }
        while positions < limit {
            if attemptPositions >= attemptLimit {
                attempt += 1
                attemptLimit = Self.firstAttempt * Restarts.luby(attempt + 1)
                if begin() { return }
                continue
            }
            guard let level = levels.last else {
                verdict = .impossible
                return
            }
            if level.next == level.end {
                children.removeSubrange(level.first...)
                levels.removeLast()
                continue
            }
            let child = children[level.next]
            levels[levels.count - 1].next += 1
            fold(child, from: levels.count - 1)
            positions += 1
            attemptPositions += 1
            if expand(move: child.move) { return }
        }
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] { solutionMoves }

    /// Starts an attempt from the deal, with the table emptied; returns whether the search ended.
    private mutating func begin() -> Bool {
        if attempt > 0 { table.removeAll() }
        levels.removeAll(keepingCapacity: true)
        children.removeAll(keepingCapacity: true)
        attemptPositions = 1
        positions += 1
        for (place, card) in deal.enumerated() { rows[place] = card }
        lengths[0] = width
        hashes[0] = hash(ofLevel: 0)
        _ = table.insert(Self.stored(hashes[0], length: width))
        return expand(move: -1)
    }

    /// Writes the row `child` leads to from level `parent`'s row, at the level after it.
    private mutating func fold(_ child: Child, from parent: Int) {
        let place = child.move >> 2
        let gap = child.move & 3
        let length = lengths[parent]
        let from = parent * width
        let to = from + width
        rows.withUnsafeMutableBufferPointer { rows in
            for index in 0..<place { rows[to + index] = rows[from + index] }
            rows[to + place - gap] = rows[from + place]
            for index in place..<(length - 1) { rows[to + index] = rows[from + index + 1] }
        }
        lengths[parent + 1] = length - 1
        hashes[parent + 1] = child.hash
        assert(child.hash == hash(ofLevel: parent + 1), "a fold's hash differs from its row's")
    }

    /// The hash of a level's row, worked out whole (the search works it out from the parent's).
    private func hash(ofLevel level: Int) -> UInt64 {
        var hash: UInt64 = 0
        for place in 0..<lengths[level] { hash = hash &+ UInt64(rows[level * width + place]) &* powers[place] }
        return hash
    }

    /// Whether two cards match: the same suit or the same rank.
    @inline(__always)
    private static func matches(_ a: UInt8, _ b: UInt8) -> Bool {
        (a ^ b) & 0x0F == 0 || (a ^ b) & 0x30 == 0
    }

    /// Lists the folds of the row of the level after the last and pushes them as a level; returns
    /// whether the search ended (a fold won). The table slots of all the folds' rows are read
    /// before any is inserted, so that the processor waits for their memory at once.
    private mutating func expand(move: Int) -> Bool {
        let depth = levels.count
        let length = lengths[depth]
        let base = depth * width
        let hash = hashes[depth]
        let first = children.count
        listed.removeAll(keepingCapacity: true)
        var touched: UInt64 = 0
        var sum: UInt64 = 0
        for place in 0..<length {
            prefixes[place] = sum
            sum = sum &+ UInt64(rows[base + place]) &* powers[place]
        }
        prefixes[length] = sum
        for place in 1..<length {
            let card = rows[base + place]
            let after = (hash &- prefixes[place + 1]) &* inverse
            for gap in stride(from: 3, through: 1, by: -2) where place >= gap {
                let covered = rows[base + place - gap]
                guard Self.matches(card, covered) else { continue }
                let childHash =
                    prefixes[place] &+ (UInt64(card) &- UInt64(covered)) &* powers[place - gap] &+ after
                if length == 2 {
                    levels.append(Level(first: first, end: first, next: first, move: move))
                    finish(levels.dropFirst().map(\.move) + [place << 2 | gap])
                    return true
                }
                let stored = Self.stored(childHash, length: length - 1)
                touched &+= table.firstSlot(of: stored)
                // Leftmost first, and of one card the fold three places left first; shaken after
                // the first attempt.
                let order = -4 * place + gap + (attempt > 0 ? restarts.shaken(below: Self.shake) : 0)
                listed.append(Child(move: place << 2 | gap, hash: childHash, order: order))
            }
        }
        self.touched = touched
        for child in listed
        where table.insert(Self.stored(child.hash, length: length - 1)) {
            var index = children.count
            children.append(child)
            while index > first && children[index - 1].order < child.order {
                children.swapAt(index, index - 1)
                index -= 1
            }
        }
        levels.append(Level(first: first, end: children.count, next: first, move: move))
        return false
    }

    /// Plays the deals and the search's folds on the table's rules from the start; the win is the
    /// answer only if every move was legal and the last one won.
    private mutating func finish(_ folds: [Int]) {
        let moves =
            (shape.stock.map { Array(repeating: Move.stock($0), count: dealt) } ?? [])
            + folds.map { Move.transfer(from: shape.row[$0 >> 2], to: shape.row[($0 >> 2) - ($0 & 3)], count: 1) }
        guard let won = replayedWin(moves, rules: rules, from: start) else {
            failed = true
            return
        }
        solutionMoves = won
        verdict = .solved
    }
}
