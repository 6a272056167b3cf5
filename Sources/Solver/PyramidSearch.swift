import Solitaire

// Pyramid's own search (PyramidShape.swift says which games): depth first, over positions held
// whole in one 64-bit word.
//
// A position. Cards only leave, and the stock and waste only turn, so a position is: which of
// the pyramid's 28 places still hold their card; which cards of the stock and waste are still
// there, numbered in the order the stock turns them (the waste's first); where the waste ends and
// the stock begins (the number of the stock's top card, or the count when the stock is empty);
// and the redeals left. That is 28 + 26 + 5 + 3 bits: the key is the position itself, not a
// hash of it, so a game proved lost is proved lost with no caveat. No move leads back to a
// position on the path (each takes cards away, turns the stock on, or spends a redeal), so the
// table may forget when full and a proof still holds.
//
// A free King leaves alone, and the search does nothing else while one is free: no card is ever
// paired with a King, and with the King gone every card free before is still free, the stock and
// waste turn the same cards less one, and every move that was legal still is (a click that would
// have turned the King does nothing to want). So a position with a free King is won exactly when
// it is won with the King gone.
//
// Two free cards of the pyramid that can only ever leave with each other pair at once, alone
// too (``forcedPair(in:)``). And a position is dead, and not followed, once the cards that must
// still leave cannot pair off, rank with rank that makes 13, no card of the pyramid with one it
// lies above or below (``cardsCanPairOff(_:ranks:)``, a matching of at most four cards and four):
// Pyramid's deals 1..20 took 15.2M positions without it (one deal left unknown at 5M), 2.3M
// with a simpler test (every card has some partner left) and 1.2M with this one.
//
// A win found is played back on the table's own rules, move by move, so its moves are the
// player's and each was checked legal by the rules.

/// One search of a Pyramid game (PyramidShape.swift) from a position of the table.
struct PyramidSearch {
    let shape: PyramidShape
    let rules: any Rules
    let start: GameState
    /// It sees every position (paths are never longer than the moves left): running dry proves.
    var proves: Bool { true }
    /// It found a win the rules refused to play back, and stopped.
    private(set) var failed = false
    /// Positions expanded.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []

    /// The ranks of the pyramid's places (0 for a place empty at the start).
    private let placeRanks: [Int]
    /// The stock and waste's cards in the order the stock turns them, the waste's first: ranks.
    private let streamRanks: [Int]
    private let startPosition: Position
    /// Per rank, the places whose card has that rank, a bit each.
    private let rankPlaces: [UInt32]
    /// Per rank, the stream's cards of that rank, a bit each.
    private let rankStream: [UInt32]
    /// Per place, the places its card lies above or below, at any distance (a card can never
    /// pair with one of those: one of the two always covers the other), and itself.
    private let related: [UInt32]
    private var table: PositionTable
    private var levels: [Level] = []
    private var children: [Child] = []
    private var started = false
    /// Scratch: the free cards of the position being expanded (a place, or 28 + a stream
    /// number, with its rank), and its moves.
    private var free: [(card: Int, rank: Int)] = []
    private var listed: [Child] = []
    /// The sum of the table slots read ahead (kept so that the reads are not left out).
    private var touched: UInt64 = 0

    /// The most cards the stock and waste may hold, and the most redeals, that a key has room for.
    static let maxStream = 26
    static let maxRedeals = 7
    /// The bit every key has set, so that no key is zero (PositionTable.swift).
    static var marker: UInt64 { 1 << 62 }

    private static let streamShift: UInt64 = 28
    private static let boundaryShift: UInt64 = 54
    private static let redealsShift: UInt64 = 59

    /// A position as the search holds it.
    struct Position: Hashable {
        var pyramid: UInt32
        var stream: UInt32
        /// The number of the stock's top card, or the stream's length when the stock is empty.
        var boundary: Int
        var redeals: Int

        var key: UInt64 {
            PyramidSearch.marker | UInt64(pyramid) | UInt64(stream) << PyramidSearch.streamShift
                | UInt64(boundary) << PyramidSearch.boundaryShift | UInt64(redeals) << PyramidSearch.redealsShift
        }
    }

    private struct Level {
        var first: Int
        var end: Int
        var next: Int
        var position: Position
        /// The move that led here (``Child/move``; unused for the start).
        var move: Step
        /// The positions expanded when this one was.
        var expandedAt: Int
    }

    /// A move of the search: what leaves the game, or a turn of the stock.
    enum Step: Hashable {
        /// A card leaves alone (a King), from a place (0…27) or the stream (28 + its number).
        case alone(Int)
        /// Two cards leave together: the first dropped on the second.
        case pair(Int, Int)
        /// A click on the stock: a card turned, or the waste turned back.
        case turn
    }

    private struct Child {
        var move: Step
        var position: Position
    }

    /// The position the search starts from; `nil` when it is not one the search can hold: piles
    /// other than the layout's, a place with more than one card or a face-down card, a stock top
    /// face down, more stock and waste cards or redeals than a key has room for.
    static func packing(of start: GameState, shape: PyramidShape) -> (
        position: Position, placeRanks: [Int], streamRanks: [Int]
    )? {
        guard start.piles.count == shape.pileCount else { return nil }
        var pyramid: UInt32 = 0
        var placeRanks = [Int](repeating: 0, count: PyramidShape.placeCount)
        for (place, pile) in shape.places.enumerated() {
            guard pile < start.piles.count, start.piles[pile].count <= 1 else { return nil }
            if let card = start.piles[pile].first {
                guard card.faceUp else { return nil }
                pyramid |= 1 << UInt32(place)
                placeRanks[place] = card.rank
            }
        }
        let waste = start.piles[shape.waste]
        let stock = start.piles[shape.stock]
        guard stock.last?.faceUp ?? true else { return nil }
        let streamRanks = (waste + stock.reversed()).map(\.rank)
        guard streamRanks.count <= maxStream, start.redealsLeft <= maxRedeals, start.redealsLeft >= 0 else {
            return nil
        }
        let stream: UInt32 = streamRanks.isEmpty ? 0 : UInt32((1 << streamRanks.count) - 1)
        let position = Position(pyramid: pyramid, stream: stream, boundary: waste.count, redeals: start.redealsLeft)
        return (position, placeRanks, streamRanks)
    }

    /// `nil` when the position is not one the search can hold (``packing(of:shape:)``).
    init?(shape: PyramidShape, rules: any Rules, start: GameState, memory: Int) {
        guard let (position, placeRanks, streamRanks) = Self.packing(of: start, shape: shape) else { return nil }
        self.shape = shape
        self.rules = rules
        self.start = start
        self.placeRanks = placeRanks
        self.streamRanks = streamRanks
        startPosition = position
        var rankPlaces = [UInt32](repeating: 0, count: 14)
        for (place, rank) in placeRanks.enumerated() where rank > 0 { rankPlaces[rank] |= 1 << UInt32(place) }
        self.rankPlaces = rankPlaces
        var rankStream = [UInt32](repeating: 0, count: 14)
        for (number, rank) in streamRanks.enumerated() { rankStream[rank] |= 1 << UInt32(number) }
        self.rankStream = rankStream
        // Above: the covers' covers, from the bottom row up; below: the places a place is above.
        var above = shape.covers
        for place in (0..<PyramidShape.placeCount).reversed() {
            var bits = shape.covers[place]
            while bits != 0 {
                above[place] |= above[bits.trailingZeroBitCount]
                bits &= bits - 1
            }
        }
        related = (0..<PyramidShape.placeCount).map { place in
            var mask = above[place] | 1 << UInt32(place)
            for other in 0..<PyramidShape.placeCount where above[other] & 1 << UInt32(place) != 0 {
                mask |= 1 << UInt32(other)
            }
            return mask
        }
        table = PositionTable.forgetting(within: memory)
        table.keepsLargeSearches = true
        levels.reserveCapacity(128)
        children.reserveCapacity(1024)
    }

    /// Whether a position is won.
    @inline(__always)
    private func wins(_ position: Position) -> Bool {
        position.pyramid == 0 && (shape.winsCleared || position.stream == 0)
    }

    /// Searches until it ends (``verdict``) or has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil, !failed else { return }
        if !started {
            started = true
            if wins(startPosition) { return finish([]) }
            guard positions < limit else { return }
            positions = 1
            guard cardsCanPairOff(startPosition) else {
                verdict = .impossible
                return
            }
            _ = table.insert(PositionTable.spread(startPosition.key))
            if expand(startPosition, move: .turn) { return }
        }
        while positions < limit {
            guard let level = levels.last else {
                verdict = .impossible
                return
            }
            if level.next == level.end {
                children.removeSubrange(level.first...)
                table.settle(PositionTable.spread(level.position.key), searched: positions - level.expandedAt)
                levels.removeLast()
                continue
            }
            let child = children[level.next]
            levels[levels.count - 1].next += 1
            positions += 1
            if expand(child.position, move: child.move) { return }
        }
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] { solutionMoves }

    /// The stock's top card at or after `from` (its number), or the stream's length.
    @inline(__always)
    private func stockTop(_ stream: UInt32, from: Int) -> Int {
        let above = stream >> UInt32(from)
        return above == 0 ? streamRanks.count : from + above.trailingZeroBitCount
    }

    /// The position after a click on the stock: its top card turned onto the waste, or, once it
    /// is empty, the waste turned back while redeals remain; `nil` when the click does nothing.
    @inline(__always)
    private func turned(_ position: Position) -> Position? {
        var next = position
        if position.boundary < streamRanks.count {
            next.boundary = stockTop(position.stream, from: position.boundary + 1)
        } else if position.stream != 0 && position.redeals > 0 {
            next.redeals -= 1
            next.boundary = stockTop(position.stream, from: 0)
        } else {
            return nil
        }
        return next
    }

    /// Whether the cards that must still leave the game can still pair off, rank with rank that
    /// makes 13 (Ace with Queen, 2 with Jack, … 6 with 7; Kings leave alone). Two cards of the
    /// pyramid pair only when neither lies above the other, at any distance; a card of the stock
    /// or waste may pair with any card. So for each two ranks, the pyramid's cards of one rank
    /// matched with the pyramid's of the other (as many pairs as can be) must leave no more of
    /// either unmatched than the stock and waste hold of the other rank; and when every card must
    /// leave, the two ranks must have as many cards left. Cards only leave, so a position that
    /// fails this never wins: it is dead.
    @inline(__always)
    private func cardsCanPairOff(_ position: Position, ranks: ClosedRange<Int> = 1...6) -> Bool {
        for rank in ranks {
            let partner = 13 - rank
            var left = rankPlaces[rank] & position.pyramid
            let right = rankPlaces[partner] & position.pyramid
            let leftStream = (rankStream[rank] & position.stream).nonzeroBitCount
            let rightStream = (rankStream[partner] & position.stream).nonzeroBitCount
            let lefts = left.nonzeroBitCount
            let rights = right.nonzeroBitCount
            if !shape.winsCleared && lefts + leftStream != rights + rightStream { return false }
            let needed = max(lefts - rightStream, rights - leftStream)
            guard needed > 0 else { continue }
            guard lefts <= 4, rights <= 4 else { continue }
            // With no card of the one rank above or below one of the other, as many pair as the
            // fewer.
            var blocked = false
            var each = left
            while each != 0 && !blocked {
                blocked = right & related[each.trailingZeroBitCount] != 0
                each &= each - 1
            }
            guard blocked else {
                if min(lefts, rights) < needed { return false }
                continue
            }
            // Which of the right's cards (numbered in place order) each left card may pair with,
            // four bits a left card.
            var adjacency: UInt32 = 0
            var index: UInt32 = 0
            while left != 0 {
                let place = left.trailingZeroBitCount
                left &= left - 1
                let partners = right & ~related[place]
                var bits: UInt32 = 0
                var others = right
                var number: UInt32 = 0
                while others != 0 {
                    let other = others.trailingZeroBitCount
                    others &= others - 1
                    if partners & 1 << UInt32(other) != 0 { bits |= 1 << number }
                    number += 1
                }
                adjacency |= bits << (4 * index)
                index += 1
            }
            if Self.largestMatching(adjacency, lefts: lefts, from: 0, used: 0) < needed { return false }
        }
        return true
    }

    /// The most pairs of a matching between up to four left cards and up to four right ones,
    /// `adjacency` four bits a left card (bit `j`: it may pair with right card `j`), from left
    /// card `first` on, with the right cards of `used` taken.
    static func largestMatching(_ adjacency: UInt32, lefts: Int, from first: Int, used: UInt32) -> Int {
        guard first < lefts else { return 0 }
        var best = largestMatching(adjacency, lefts: lefts, from: first + 1, used: used)
        var choices = adjacency >> (4 * UInt32(first)) & 0xF & ~used
        while choices != 0 && best < lefts - first {
            let right = choices.trailingZeroBitCount
            choices &= choices - 1
            best = max(
                best, 1 + largestMatching(adjacency, lefts: lefts, from: first + 1, used: used | 1 << UInt32(right)))
        }
        return best
    }

    /// Two free cards of the pyramid that can only ever leave with each other, when there are:
    /// each is the other's only partner left (no card of the rank that makes 13 with it in the
    /// stock or waste, none in a place neither above nor below it but the other). A solution
    /// must pair them, and pairing them first keeps every later move legal (taking cards off
    /// the pyramid only uncovers), so the search makes that move alone.
    @inline(__always)
    private func forcedPair(in position: Position) -> (Int, Int)? {
        for a in free where a.card < PyramidShape.placeCount {
            let partners = rankPlaces[13 - a.rank] & position.pyramid & ~related[a.card]
            guard partners.nonzeroBitCount == 1, rankStream[13 - a.rank] & position.stream == 0 else { continue }
            let b = partners.trailingZeroBitCount
            guard shape.covers[b] & position.pyramid == 0, rankStream[a.rank] & position.stream == 0,
                rankPlaces[a.rank] & position.pyramid & ~related[b] == 1 << UInt32(a.card)
            else { continue }
            return (a.card, b)
        }
        return nil
    }

    /// Lists the moves of `position` and pushes them as a level; returns whether the search ended
    /// (a move won).
    private mutating func expand(_ position: Position, move: Step) -> Bool {
        let first = children.count
        // The free cards: places uncovered, then the waste's and the stock's top cards.
        free.removeAll(keepingCapacity: true)
        listed.removeAll(keepingCapacity: true)
        var bits = position.pyramid
        while bits != 0 {
            let place = bits.trailingZeroBitCount
            bits &= bits - 1
            if shape.covers[place] & position.pyramid == 0 { free.append((place, placeRanks[place])) }
        }
        let below = position.stream & ((1 << UInt32(position.boundary)) - 1)
        if below != 0 {
            let top = 31 - below.leadingZeroBitCount
            free.append((PyramidShape.placeCount + top, streamRanks[top]))
        }
        if position.boundary < streamRanks.count {
            free.append((PyramidShape.placeCount + position.boundary, streamRanks[position.boundary]))
        }
        if let king = free.first(where: { $0.rank == 13 }) {
            listed.append(Child(move: .alone(king.card), position: taking(king.card, from: position)))
        } else if let (a, b) = forcedPair(in: position) {
            listed.append(Child(move: .pair(a, b), position: taking(a, b, from: position)))
        } else {
            for (index, a) in free.enumerated() {
                for b in free[(index + 1)...] where a.rank + b.rank == 13 {
                    listed.append(Child(move: .pair(a.card, b.card), position: taking(a.card, b.card, from: position)))
                }
            }
            if let next = turned(position) { listed.append(Child(move: .turn, position: next)) }
        }
        levels.append(
            Level(first: first, end: first, next: first, position: position, move: move, expandedAt: positions))
        // The moves that win or live, and the table slots of their positions read before any is
        // inserted, so that the processor waits for their memory at once rather than one by one.
        var living = 0
        var touched: UInt64 = 0
        for index in listed.indices {
            let child = listed[index]
            if wins(child.position) {
                finish(levels.dropFirst().map(\.move) + [child.move])
                return true
            }
            // Only the two ranks of the cards a move takes away can have stopped pairing off
            // (the start was checked whole; a turn of the stock takes nothing away).
            if case .pair(let card, _) = child.move {
                let rank = rank(of: card)
                guard cardsCanPairOff(child.position, ranks: min(rank, 13 - rank)...min(rank, 13 - rank)) else {
                    continue
                }
            }
            touched &+= table.firstSlot(of: PositionTable.spread(child.position.key))
            listed[living] = child
            living += 1
        }
        self.touched = touched
        for child in listed[..<living] where table.insert(PositionTable.spread(child.position.key)) {
            children.append(child)
        }
        levels[levels.count - 1].end = children.count
        // Deepest first: the moves listed last (the stock's turn last of all) are tried last.
        return false
    }

    /// The rank of a card of the search (a place, or 28 + a stream number).
    @inline(__always)
    private func rank(of card: Int) -> Int {
        card < PyramidShape.placeCount ? placeRanks[card] : streamRanks[card - PyramidShape.placeCount]
    }

    /// The position with one card or two (a place, or 28 + a stream number; -1 for none) gone.
    @inline(__always)
    private func taking(_ card: Int, _ other: Int = -1, from position: Position) -> Position {
        var next = position
        for taken in [card, other] where taken >= 0 {
            if taken < PyramidShape.placeCount {
                next.pyramid &= ~(1 << UInt32(taken))
            } else {
                next.stream &= ~(1 << UInt32(taken - PyramidShape.placeCount))
            }
        }
        next.boundary = stockTop(next.stream, from: position.boundary)
        return next
    }

    /// The pile a card of the search lies in at the moment: its place, or the waste or stock.
    private func pile(of card: Int, in position: Position) -> Int {
        guard card >= PyramidShape.placeCount else { return shape.places[card] }
        return card - PyramidShape.placeCount < position.boundary ? shape.waste : shape.stock
    }

    /// Plays the search's moves on the table's rules from the start; the win is the answer only
    /// if every move was legal and the last one won.
    private mutating func finish(_ steps: [Step]) {
        var position = startPosition
        var moves: [Move] = []
        for step in steps {
            switch step {
            case .alone(let card):
                moves.append(.transfer(from: pile(of: card, in: position), to: shape.discard, count: 1))
                position = taking(card, from: position)
            case .pair(let a, let b):
                moves.append(.transfer(from: pile(of: a, in: position), to: pile(of: b, in: position), count: 1))
                position = taking(a, b, from: position)
            case .turn:
                moves.append(.stock(shape.stock))
                position = turned(position) ?? position
            }
        }
        guard let won = replayedWin(moves, rules: rules, from: start) else {
            failed = true
            return
        }
        solutionMoves = won
        verdict = .solved
    }
}
