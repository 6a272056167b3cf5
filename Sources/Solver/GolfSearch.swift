import Solitaire

// The Golf family's own search (GolfShape.swift says which games): depth first, as Shlomi Fish's
// black-hole-solve searches these games.
//
// Cards only leave the columns and the stock, and only for the foundation, whose top card's rank
// is all that decides what it takes next. So a position is whole in a few numbers: how many cards
// each column still holds, how many the stock holds, and the rank on top of the foundation. They
// are packed into one 64-bit word, its key, which is the position itself and not a hash of it:
// two positions share a key only when they are the same position, so a game proved lost is
// proved lost with no caveat (the general searches' keys are hashes: docs/ARCHITECTURE.md). Every
// move takes a card from a column or the stock, so no move leads back to a position on the path:
// the table may forget positions when full (they are then expanded again when met again), and a
// proof still holds.
//
// Once the stock is empty every card left in the columns must go up, each a neighbour of the one
// before, and a position where that cannot be is dead and not followed:
//
// - some rank still in the columns cannot be reached from the foundation's top through ranks
//   still in the columns (black-hole-solve's rank reach prune): its cards can never go up;
// - the ranks left and the top's do not close a circle (in Golf, whose King and Ace are not
//   neighbours, they never do; in Black Hole once a rank is gone), so they fall into two colours,
//   every neighbour of a rank of the other colour: the cards then go up in alternate colours,
//   the first of the colour the top's is not, and there must be as many of that colour as of the
//   top's, or one more. This proves Black Hole's lost deals in a fifth fewer positions.
//
// A win found is played back on the table's own rules, move by move, so its moves are the
// player's and each was checked legal by the rules.

/// One search of a Golf-like game (GolfShape.swift) from a position of the table.
struct GolfSearch {
    let shape: GolfShape
    let rules: any Rules
    let start: GameState
    /// It sees every position (paths are never longer than the cards): running dry proves.
    var proves: Bool { true }
    /// It found a win the rules refused to play back, and stopped.
    private(set) var failed = false
    /// Positions expanded.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []

    /// Per column, its cards' ranks from the bottom, ``depth`` a column.
    private let ranks: [UInt8]
    private let depth: Int
    /// The stock's ranks from the bottom: the next card turned is the last one left.
    private let stockRanks: [UInt8]
    /// Per move (a column's number, or the column count for the stock), what it takes off the key.
    private let units: [UInt64]
    /// Where the foundation's rank lies in the key.
    private let topShift: UInt64

    // The position being expanded.
    private var heights: [UInt8]
    private var stockLeft: Int
    private var top: Int
    private var columnCards: Int
    /// Per rank, the cards of that rank left in the columns, and a bit for each rank with any.
    private var rankCounts: [Int16]
    private var present: UInt16
    private var key: UInt64
    /// The columns that still hold cards, a bit each (what ``GolfShape/blockers`` asks about).
    private var occupied: UInt64

    private var table: PositionTable
    private var levels: [Level] = []
    private var children: [Child] = []
    private var started = false
    /// Scratch: the moves of the position being expanded; the sum of their first table slots
    /// read ahead (kept so that the reads are not left out).
    private var listed: [Child] = []
    private var touched: UInt64 = 0

    private struct Level {
        var first: Int
        var end: Int
        var next: Int
        /// The move that led here (-1 for the start), and the foundation's rank before it.
        var move: Int
        var previousTop: Int
        /// The position's key as the table stores it, and the positions expanded when it was.
        var key: UInt64
        var expandedAt: Int
    }

    private struct Child {
        var move: Int
        /// The key of the position it leads to, as the table stores it.
        var key: UInt64
        var order: Int
    }

    /// The bit every key has set, so that no key is zero (PositionTable.swift).
    static var marker: UInt64 { 1 << 62 }

    /// How a position of the table packs into a key: bits a column's height, bits the stock's
    /// count, the most cards a column holds. `nil` when the position is not one the search can
    /// hold: a card outside the game's piles, a face-down card in a column, more cards than the
    /// key has room for, a foundation too small for them.
    static func packing(of start: GameState, shape: GolfShape) -> (heightBits: UInt64, stockBits: UInt64, depth: Int)? {
        guard start.piles.count > max(shape.foundation, shape.columns.max()!, shape.stock ?? 0) else { return nil }
        for (index, pile) in start.piles.enumerated()
        where index != shape.foundation && index != shape.stock && !shape.columns.contains(index) {
            guard pile.isEmpty else { return nil }
        }
        var depth = 1
        var occupied: UInt64 = 0
        for (index, column) in shape.columns.enumerated() where !start.piles[column].isEmpty {
            occupied |= 1 << UInt64(index)
        }
        for (index, column) in shape.columns.enumerated() {
            // A face-down card only where cards still cover it (TriPeaks turns it up once free).
            guard start.piles[column].allSatisfy(\.faceUp) || shape.blockers[index] & occupied != 0 else {
                return nil
            }
            depth = max(depth, start.piles[column].count)
        }
        let stockCount = shape.stock.map { start.piles[$0].count } ?? 0
        let heightBits = UInt64(Int.bitWidth - depth.leadingZeroBitCount)
        let stockBits = UInt64(Int.bitWidth - stockCount.leadingZeroBitCount)
        guard heightBits * UInt64(shape.columns.count) + stockBits + 4 <= 62, start.cardCount <= shape.capacity else {
            return nil
        }
        return (heightBits, stockBits, depth)
    }

    /// `nil` when the position is not one the search can hold (``packing(of:shape:)``).
    init?(shape: GolfShape, rules: any Rules, start: GameState, memory: Int) {
        guard let (heightBits, stockBits, depth) = Self.packing(of: start, shape: shape) else { return nil }
        let columnPiles = shape.columns.map { start.piles[$0] }
        let stockCards = shape.stock.map { start.piles[$0] } ?? []
        let columnBits = heightBits * UInt64(shape.columns.count)
        var ranks = [UInt8](repeating: 0, count: shape.columns.count * depth)
        for (column, pile) in columnPiles.enumerated() {
            for (index, card) in pile.enumerated() { ranks[column * depth + index] = UInt8(card.rank) }
        }
        self.ranks = ranks
        self.depth = depth
        stockRanks = stockCards.map { UInt8($0.rank) }
        units = shape.columns.indices.map { 1 << (heightBits * UInt64($0)) } + [1 << columnBits]
        topShift = columnBits + stockBits
        heights = columnPiles.map { UInt8($0.count) }
        stockLeft = stockCards.count
        top = start.piles[shape.foundation].last?.rank ?? 0
        columnCards = columnPiles.reduce(0) { $0 + $1.count }
        var rankCounts = [Int16](repeating: 0, count: 14)
        for pile in columnPiles { for card in pile { rankCounts[card.rank] += 1 } }
        self.rankCounts = rankCounts
        present = 0
        for rank in 1...13 where rankCounts[rank] > 0 { present |= 1 << UInt16(rank) }
        var key = Self.marker | UInt64(top) << topShift | UInt64(stockLeft) << columnBits
        for (column, height) in heights.enumerated() { key |= UInt64(height) << (heightBits * UInt64(column)) }
        self.key = key
        occupied = 0
        for (column, height) in heights.enumerated() where height > 0 { occupied |= 1 << UInt64(column) }
        self.shape = shape
        self.rules = rules
        self.start = start
        table = PositionTable.forgetting(within: memory)
        table.keepsLargeSearches = true
        children.reserveCapacity(64)
    }

    /// The key as the table holds it (``PositionTable/spread(_:)``).
    @inline(__always)
    static func stored(_ key: UInt64) -> UInt64 { PositionTable.spread(key) }

    /// Whether a position with these cards left wins: the columns clear and, unless that wins,
    /// the stock too.
    @inline(__always)
    private func wins(columnCards: Int, stock: Int) -> Bool {
        columnCards == 0 && (shape.winsCleared || stock == 0)
    }

    /// Searches until it ends (``verdict``) or has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil, !failed else { return }
        if !started {
            started = true
            if wins(columnCards: columnCards, stock: stockLeft) { return finish([]) }
            guard positions < limit else { return }
            positions = 1
            _ = table.insert(Self.stored(key))
            if expand(move: -1, previousTop: top) { return }
        }
        while positions < limit {
            guard let level = levels.last else {
                verdict = .impossible
                return
            }
            if level.next == level.end {
                children.removeSubrange(level.first...)
                table.settle(level.key, searched: positions - level.expandedAt)
                levels.removeLast()
                if level.move >= 0 { undo(level.move, previousTop: level.previousTop) }
                continue
            }
            let child = children[level.next]
            levels[levels.count - 1].next += 1
            let previousTop = top
            play(child.move)
            positions += 1
            if expand(move: child.move, previousTop: previousTop) { return }
        }
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] { solutionMoves }

    /// The rank a move puts on the foundation.
    @inline(__always)
    private func rank(of move: Int) -> Int {
        move < heights.count
            ? Int(ranks[move * depth + Int(heights[move]) - 1]) : Int(stockRanks[stockLeft - 1])
    }

    private mutating func play(_ move: Int) {
        let rank = rank(of: move)
        if move < heights.count {
            heights[move] -= 1
            if heights[move] == 0 { occupied &= ~(1 << UInt64(move)) }
            columnCards -= 1
            rankCounts[rank] -= 1
            if rankCounts[rank] == 0 { present &= ~(1 << UInt16(rank)) }
        } else {
            stockLeft -= 1
        }
        key = (key &- units[move]) & ~(0xF << topShift) | UInt64(rank) << topShift
        top = rank
    }

    private mutating func undo(_ move: Int, previousTop: Int) {
        if move < heights.count {
            heights[move] += 1
            occupied |= 1 << UInt64(move)
            columnCards += 1
            let rank = Int(ranks[move * depth + Int(heights[move]) - 1])
            rankCounts[rank] += 1
            present |= 1 << UInt16(rank)
        } else {
            stockLeft += 1
        }
        key = (key &+ units[move]) & ~(0xF << topShift) | UInt64(previousTop) << topShift
        top = previousTop
    }

    /// The ranks that go on any of `ranks`, a bit each.
    @inline(__always)
    private static func followers(of ranks: UInt16, follows: UnsafeBufferPointer<UInt16>) -> UInt16 {
        var next: UInt16 = 0
        var bits = ranks
        while bits != 0 {
            next |= follows[bits.trailingZeroBitCount]
            bits &= bits - 1
        }
        return next
    }

    /// Whether every rank in `present` can still go up from `top`, one rank after another
    /// through ranks in `present` (what must hold once the stock is empty).
    @inline(__always)
    private static func reachesAll(_ present: UInt16, from top: Int, follows: UnsafeBufferPointer<UInt16>) -> Bool {
        var reached: UInt16 = 0
        var frontier: UInt16 = 1 << UInt16(top)
        while frontier != 0 {
            let next = followers(of: frontier, follows: follows) & present & ~reached
            reached |= next
            frontier = next
        }
        return present & ~reached == 0
    }

    /// Whether the cards left could still go up one after another, each a neighbour of the one
    /// before, where their ranks and `top`'s do not close a circle (the column ranks of
    /// `present`, with one card of rank `removed` gone: a move's child). Such ranks fall into two
    /// colours, every neighbour of a rank of the other colour, `top`'s colour first: so the
    /// cards go up in alternate colours, the first of the other colour, and those of the other
    /// colour must number as many as those of `top`'s, or one more.
    @inline(__always)
    private static func alternates(
        _ present: UInt16, from top: Int, removing removed: Int, follows: UnsafeBufferPointer<UInt16>,
        rankCounts: UnsafeBufferPointer<Int16>
    ) -> Bool {
        let ranks = present | 1 << UInt16(top)
        // Every rank there: with King and Ace neighbours, thirteen ranks close a circle of odd
        // length, which has no two colours (found without the walk below, in most positions).
        if ranks == 0x3FFE && follows[13] & 1 << 1 != 0 { return true }
        var colours: (UInt16, UInt16) = (1 << UInt16(top), 0)
        var seen = colours.0
        var frontier = colours.0
        var odd = false
        while frontier != 0 {
            let next = followers(of: frontier, follows: follows) & ranks & ~seen
            seen |= next
            odd.toggle()
            if odd { colours.1 |= next } else { colours.0 |= next }
            frontier = next
        }
        // Two-coloured only when no rank is next to one of its own colour.
        var bits = ranks
        while bits != 0 {
            let rank = bits.trailingZeroBitCount
            bits &= bits - 1
            let own = colours.0 & 1 << UInt16(rank) != 0 ? colours.0 : colours.1
            if follows[rank] & own != 0 { return true }
        }
        var counts = (0, 0)
        bits = present
        while bits != 0 {
            let rank = bits.trailingZeroBitCount
            bits &= bits - 1
            let cards = Int(rankCounts[rank]) - (rank == removed ? 1 : 0)
            if colours.0 & 1 << UInt16(rank) != 0 { counts.0 += cards } else { counts.1 += cards }
        }
        return counts.1 - counts.0 == 0 || counts.1 - counts.0 == 1
    }

    /// Lists the new moves of the position and pushes them as a level; returns whether the search
    /// ended (a move won). The table slots of all the moves' positions are read before any is
    /// inserted, so that the processor waits for their memory at once rather than one by one.
    private mutating func expand(move: Int, previousTop: Int) -> Bool {
        let first = children.count
        let takes = top == 0 ? shape.starts : shape.follows[top]
        let count = heights.count
        listed.removeAll(keepingCapacity: true)
        var touched: UInt64 = 0
        for candidate in 0...count {
            let rank: Int
            var childPresent = present
            var childCards = columnCards
            var childStock = stockLeft
            if candidate < count {
                guard heights[candidate] > 0, shape.blockers[candidate] & occupied == 0 else { continue }
                rank = Int(ranks[candidate * depth + Int(heights[candidate]) - 1])
                guard takes & 1 << UInt16(rank) != 0 else { continue }
                if rankCounts[rank] == 1 { childPresent &= ~(1 << UInt16(rank)) }
                childCards -= 1
            } else {
                guard stockLeft > 0 else { continue }
                rank = Int(stockRanks[stockLeft - 1])
                childStock -= 1
            }
            if wins(columnCards: childCards, stock: childStock) {
                levels.append(
                    Level(
                        first: first, end: first, next: first, move: move, previousTop: previousTop, key: 0,
                        expandedAt: positions))
                finish(levels.dropFirst().map(\.move) + [candidate])
                return true
            }
            if childStock == 0 {
                let clears = shape.follows.withUnsafeBufferPointer { follows in
                    rankCounts.withUnsafeBufferPointer { counts in
                        Self.reachesAll(childPresent, from: rank, follows: follows)
                            && (!shape.isSymmetric
                                || Self.alternates(
                                    childPresent, from: rank, removing: candidate < count ? rank : 0, follows: follows,
                                    rankCounts: counts))
                    }
                }
                guard clears else { continue }
            }
            let stored = Self.stored((key &- units[candidate]) & ~(0xF << topShift) | UInt64(rank) << topShift)
            touched &+= table.firstSlot(of: stored)
            // The stock last; of the columns, the one with the most cards left first.
            listed.append(Child(move: candidate, key: stored, order: candidate < count ? Int(heights[candidate]) : -1))
        }
        self.touched = touched
        for child in listed where table.insert(child.key) {
            var index = children.count
            children.append(child)
            while index > first && children[index - 1].order < child.order {
                children.swapAt(index, index - 1)
                index -= 1
            }
        }
        levels.append(
            Level(
                first: first, end: children.count, next: first, move: move, previousTop: previousTop,
                key: Self.stored(key), expandedAt: positions))
        return false
    }

    /// Plays the search's moves on the table's rules from the start; the win is the answer only
    /// if every move was legal and the last one won.
    private mutating func finish(_ moves: [Int]) {
        let played = moves.map {
            $0 < shape.columns.count
                ? Move.transfer(from: shape.columns[$0], to: shape.foundation, count: 1) : Move.stock(shape.stock!)
        }
        guard let won = replayedWin(played, rules: rules, from: start) else {
            failed = true
            return
        }
        solutionMoves = won
        verdict = .solved
    }
}
