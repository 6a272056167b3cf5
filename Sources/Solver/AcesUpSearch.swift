import Solitaire

// Aces Up's own search (AcesUpShape.swift says which games): depth first over positions held as
// plain values (AcesUpPosition.swift: each column a set of card numbers, the stock a count), with
// a table of 64-bit keys.
//
// Moves. A discard (a column's top card, when a higher card of its suit tops another column), a
// move of a top card to an empty column, a deal. While a column is empty, the cards alone in
// their columns can be moved among the empty columns and their own, one at a time through an
// empty one, in any order and back: such positions are won or lost alike, and the key counts
// them as one (``AcesUpPosition/key``). So the search never moves a card that is alone (that
// leads to a position of the same key), moves a top card of a deeper column to one empty column
// only (moving it to another leads to a position of the same key), and deals from every way the
// cards alone can lie over the empty columns and their own (the stock deals to each column its
// own card, so there they differ). A deal then tells the rules how to lay them first.
//
// Within a deal (between two clicks on the stock) the highest top card of a suit stays on top:
// nothing covers it, and nothing is higher to discard it (moved, it is on top of another column).
// So a card that can be discarded can be discarded until the next deal, and the card that lets it
// can be replaced, as the higher card of a discard, by that highest top card.
//
// Discards that cannot matter, made alone. Let P be a position with a card x on top that can be
// discarded, and P' = P with x discarded. If no card of x's suit that ranks lower is left in the
// columns or the stock, or the stock is empty, P' is won whenever P is: whatever is played from P
// can be played from P', move for move, with P' always P with x taken out (if x is still there).
// A deal deals the same cards to the same columns; a card other than x on top in P is on top of
// the same column in P', and a column empty in P is empty in P'; so every move of P not of x is
// legal in P' with the same outcome, but a discard that needs x as the higher card: x can be that
// only for a lower card of its suit (there is none), and with the stock empty the highest top card
// of x's suit, higher than x, is on top too (above). A move of x in P (to an empty column, or its
// discard) is left out in P'. A win of P has discarded x (an Ace is never discarded, so x is not
// one), so the same moves win from P'. The search then does nothing else.
//
// Discards deferred. Any other card x that can be discarded is discarded only when that lets
// something new be played (``opensPlay``: its column empties, or the card it uncovers can be
// discarded, is the higher card another top card needs, or can go to an empty column). Otherwise
// it stays, and if the next deal covers it, it is deferred (``AcesUpPosition/deferred``): once
// uncovered, the search either takes it out, which is the same as having discarded it before that
// deal, or keeps it. This loses no win. A win that discards x, then plays moves that do not touch
// x's column (nor use the card x uncovers), then touches it, can discard x just before it touches
// it: the moves between are legal with x there (x only adds a higher card), and x can still be
// discarded then (it is the same deal). A win that discards x and touches its column only after
// the deal is matched by the position where x was kept and deferred: until x is uncovered the two
// have the same top cards, and the same empty columns and columns of one card (a column that lost
// x would hold the card x covered and the dealt one); when x is uncovered (the win uncovers the
// card below x then, or empties the column), x is taken out and the two are the same. Taking a
// deferred card out is legal on the table: it could be discarded just before the deal that
// covered it, and from that deal until it is uncovered it lay under other cards, the higher card
// of nothing. A deferred card uncovered that can be discarded then is kept (it is a top card like
// any other: discarding it now is the same as taking it out); one that can be the higher card of
// no card left is taken out (as above). All this holds while each deal covers every column: with
// a stock whose count is not a multiple of four (a position from a file) every discard is tried.
//
// No path comes back on itself: a deal empties the stock further, a discard or a card taken out
// leaves fewer cards, a move to an empty column lowers the sum of the squares of the columns'
// heights, and keeping a deferred card leaves fewer deferred, with nothing else changed. So the
// table may forget when full (a position forgotten is searched again when met again, never left
// out), and a search that runs dry proves the position lost, with the caveat of 64-bit keys that
// are hashes (docs/ARCHITECTURE.md): two positions that share a key count as one.
//
// A first attempt seeks: it makes every discard it can at once (as most players do), which is
// not always best (a card kept can be the higher card of a later discard) but finds most wins in
// a few thousand positions. It proves nothing: when it runs dry, or has expanded
// ``seekingPositions``, the search starts over, from an emptied table, by the rules above.
//
// Children are tried discards first, then moves to an empty column (first those that uncover a
// card that can then be discarded, or that give an Ace a column of its own), deals last (the
// cards alone left where they lie first).
//
// A win found is played back on the table's own rules, move by move: each deferred card taken
// out discarded before its deal (``finish(_:)``), so its moves are the player's and each was
// checked legal by the rules.

/// One search of an Aces Up game (AcesUpShape.swift) from a position of the table.
struct AcesUpSearch {
    let shape: AcesUpShape
    let rules: any Rules
    let start: GameState
    /// After its first attempt it sees every position but those the file's header proves it may
    /// leave out: running dry then proves.
    var proves: Bool { true }
    /// It found a win the rules refused to play back, and stopped.
    private(set) var failed = false
    /// Positions expanded.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []
    /// The first attempt, which makes every discard it can at once: it finds most wins in a few
    /// thousand positions, and proves nothing (the file's header).
    private var seeking = true
    /// Positions the first attempt may expand.
    static let seekingPositions = 100_000

    private let deck: AcesUpDeck
    private let startPosition: AcesUpPosition
    private var table: PositionTable
    private var levels: [Level] = []
    private var children: [Child] = []
    private var started = false
    /// Scratch: the moves of the position being expanded, and the sum of the table slots read
    /// ahead for them (kept so that the reads are not left out).
    private var listed: [Child] = []
    private var touched: UInt64 = 0

    /// A move of the search, by column number (0 to 3).
    enum Step: Hashable {
        /// The column's top card to the discard pile.
        case discard(Int)
        /// A column's top card to an empty column.
        case toEmpty(from: Int, to: Int)
        /// A click on the stock, after the cards alone are laid as the position it leads to says.
        case deal
        /// A deferred card just uncovered, taken out: discarded before the deal that covered it.
        case takeOut(Int)
        /// A deferred card just uncovered, kept: it was not discarded.
        case keep(Int)
    }

    private struct Level {
        var first: Int
        var end: Int
        var next: Int
        var position: AcesUpPosition
        /// The move that led here (unused for the start).
        var step: Step
        /// The positions expanded when this one was.
        var expandedAt: Int
    }

    private struct Child {
        var step: Step
        var position: AcesUpPosition
        var key: UInt64
        var order: Int
    }

    /// The cards by number and the position the search starts from; `nil` when it is not one the
    /// search can hold: piles other than the layout's, not one whole deck of 52 cards, a face-down
    /// card in a column.
    static func packing(of start: GameState, shape: AcesUpShape) -> (deck: AcesUpDeck, position: AcesUpPosition)? {
        guard start.piles.count == shape.pileCount, start.cardCount == 52 else { return nil }
        var seen: UInt64 = 0
        for pile in start.piles {
            for card in pile {
                let identity = UInt64(card.raw & 0x3F)
                guard seen & 1 << identity == 0 else { return nil }
                seen |= 1 << identity
            }
        }
        var cards: [UInt8] = []
        var columns = SIMD4<UInt64>(repeating: 0)
        for (number, column) in shape.columns.enumerated() {
            for card in start.piles[column] {
                guard card.faceUp else { return nil }
                columns[number] |= 1 << UInt64(cards.count)
                cards.append(card.raw & 0x3F)
            }
        }
        let stock = start.piles[shape.stock]
        cards += stock.reversed().map { $0.raw & 0x3F }
        return (AcesUpDeck(cards: cards), AcesUpPosition(columns: columns, stock: stock.count))
    }

    /// `nil` when the position is not one the search can hold (``packing(of:shape:)``).
    init?(shape: AcesUpShape, rules: any Rules, start: GameState, memory: Int) {
        guard let (deck, position) = Self.packing(of: start, shape: shape) else { return nil }
        self.shape = shape
        self.rules = rules
        self.start = start
        self.deck = deck
        startPosition = position
        table = PositionTable.forgetting(within: memory)
        table.keepsLargeSearches = true
        levels.reserveCapacity(128)
        children.reserveCapacity(1024)
    }

    /// Searches until it ends (``verdict``) or has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil, !failed else { return }
        if !started {
            started = true
            if startPosition.isWon(deck) { return finish([]) }
            guard positions < limit else { return }
            if begin() { return }
        }
        while positions < limit {
            if seeking && positions >= Self.seekingPositions {
                seeking = false
                if begin() { return }
                continue
            }
            guard let level = levels.last else {
                if seeking {
                    seeking = false
                    if begin() { return }
                    continue
                }
                verdict = .impossible
                return
            }
            if level.next == level.end {
                children.removeSubrange(level.first...)
                table.settle(level.position.key, searched: positions - level.expandedAt)
                levels.removeLast()
                continue
            }
            let child = children[level.next]
            levels[levels.count - 1].next += 1
            positions += 1
            if expand(child.position, step: child.step) { return }
        }
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] { solutionMoves }

    /// Starts over from the start, with the table emptied; returns whether the search ended.
    private mutating func begin() -> Bool {
        table.removeAll()
        levels.removeAll(keepingCapacity: true)
        children.removeAll(keepingCapacity: true)
        positions += 1
        _ = table.insert(startPosition.key)
        return expand(startPosition, step: .deal)
    }

    /// Every order of `0..<n`, for n up to 4: the ways the cards alone may lie.
    private static let orders: [[[Int]]] = (0...4).map { count in
        var orders: [[Int]] = [[]]
        for _ in 0..<count {
            orders = orders.flatMap { order in (0..<count).filter { !order.contains($0) }.map { order + [$0] } }
        }
        return orders
    }

    /// Lists the moves of `position` and pushes them as a level; returns whether the search ended
    /// (a move won). The table slots of all the moves' positions are read before any is
    /// inserted, so that the processor waits for their memory at once rather than one by one.
    private mutating func expand(_ position: AcesUpPosition, step: Step) -> Bool {
        let first = children.count
        listed.removeAll(keepingCapacity: true)
        let tops = position.tops
        if position.deferred & tops != 0 {
            // A deferred card uncovered: taken out or kept, before anything else.
            let card = (position.deferred & tops).trailingZeroBitCount
            let column = (0..<4).first { position.columns[$0] & 1 << UInt64(card) != 0 }!
            var kept = position
            kept.deferred &= ~(1 << UInt64(card))
            var takenOut = kept
            takenOut.columns[column] &= ~(1 << UInt64(card))
            if tops & deck.higher[card] != 0 {
                // It can be discarded now: kept, it is a top card like any other.
                listed.append(Child(step: .keep(column), position: kept, key: 0, order: 200))
            } else if position.alive(deck) & deck.lower[card] == 0 {
                // It can be the higher card of none: taken out (the file's header).
                listed.append(Child(step: .takeOut(column), position: takenOut, key: 0, order: 300))
            } else {
                listed.append(Child(step: .takeOut(column), position: takenOut, key: 0, order: 300))
                listed.append(Child(step: .keep(column), position: kept, key: 0, order: 200))
            }
        } else {
            listMoves(position, tops: tops)
        }
        var touched: UInt64 = 0
        for index in listed.indices {
            if listed[index].position.isWon(deck) {
                levels.append(
                    Level(first: first, end: first, next: first, position: position, step: step, expandedAt: positions))
                finish(
                    levels.dropFirst().map { ($0.step, $0.position) } + [(listed[index].step, listed[index].position)])
                return true
            }
            let key = listed[index].position.key
            listed[index].key = key
            touched &+= table.firstSlot(of: key)
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
            Level(first: first, end: children.count, next: first, position: position, step: step, expandedAt: positions)
        )
        return false
    }

    /// Whether the search defers discards in a position: while the stock deals four cards at
    /// every click, so that a deal covers every column.
    @inline(__always)
    private static func defers(_ position: AcesUpPosition) -> Bool {
        position.stock > 0 && position.stock % 4 == 0
    }

    /// The moves of a position with no deferred card on top: a discard that cannot matter alone
    /// (the file's header); otherwise the discards that let something new be played, the moves
    /// to an empty column and the deals.
    private mutating func listMoves(_ position: AcesUpPosition, tops: UInt64) {
        let alive = position.alive(deck)
        let defers = Self.defers(position)
        for column in 0..<4 where position.columns[column] != 0 {
            let top = AcesUpPosition.top(position.columns[column])
            guard tops & deck.higher[top] != 0 else { continue }
            var next = position
            next.columns[column] &= ~(1 << UInt64(top))
            let child = Child(step: .discard(column), position: next, key: 0, order: 300)
            if seeking || position.stock == 0 || alive & deck.lower[top] == 0 {
                listed = [child]
                return
            }
            if !defers || opensPlay(next, column: column) { listed.append(child) }
        }
        if position.hasEmptyColumn { listMovesToEmpty(position) }
        if position.stock > 0 { listDeals(position, tops: tops, defers: defers) }
    }

    /// Whether a discard from `column`, which led to `position`, lets something be played that
    /// could not be before: the column is empty, or its new top card can be discarded, or is the
    /// higher card another top card needs to be discarded, or there is an empty column (where
    /// the new top card, or another, may go).
    @inline(__always)
    private func opensPlay(_ position: AcesUpPosition, column: Int) -> Bool {
        guard position.columns[column] != 0, !position.hasEmptyColumn else { return true }
        let uncovered = AcesUpPosition.top(position.columns[column])
        let tops = position.tops
        return tops & deck.higher[uncovered] != 0 || tops & deck.lower[uncovered] != 0
    }

    /// The top card of each column of two cards or more, to the first empty column.
    private mutating func listMovesToEmpty(_ position: AcesUpPosition) {
        var empty = 0
        while position.columns[empty] != 0 { empty += 1 }
        for column in 0..<4 where position.columns[column].nonzeroBitCount >= 2 {
            let top = AcesUpPosition.top(position.columns[column])
            var next = position
            next.columns[column] &= ~(1 << UInt64(top))
            next.columns[empty] = 1 << UInt64(top)
            // Better first: one that uncovers a card that can then be discarded, or moves an Ace.
            let uncovered = AcesUpPosition.top(next.columns[column])
            var order = 200
            if next.tops & deck.higher[uncovered] != 0 { order += 20 }
            if deck.aces & 1 << UInt64(top) != 0 { order += 10 }
            listed.append(Child(step: .toEmpty(from: column, to: empty), position: next, key: 0, order: order))
        }
    }

    /// A deal; while a column is empty, one from each way the cards alone can lie over the
    /// columns that are empty or hold a card alone, as they lie first.
    private mutating func listDeals(_ position: AcesUpPosition, tops: UInt64, defers: Bool) {
        // The top cards that could be discarded are covered deferred.
        var deferredTops: UInt64 = 0
        if defers {
            var bits = tops
            while bits != 0 {
                let top = bits.trailingZeroBitCount
                bits &= bits - 1
                if tops & deck.higher[top] != 0 { deferredTops |= 1 << UInt64(top) }
            }
        }
        var position = position
        position.deferred |= deferredTops
        var places: [Int] = []
        var lone = 0
        for column in 0..<4 where position.columns[column].nonzeroBitCount <= 1 {
            places.append(column)
            if position.columns[column] != 0 { lone += 1 }
        }
        guard lone > 0, lone < places.count else {
            listed.append(Child(step: .deal, position: position.dealt(deck), key: 0, order: 100))
            return
        }
        let contents = places.map { position.columns[$0] }
        for order in Self.orders[places.count] {
            // Empty columns are all alike: one order of them only.
            var lastEmpty = -1
            var repeated = false
            for source in order where contents[source] == 0 {
                if source < lastEmpty { repeated = true }
                lastEmpty = source
            }
            if repeated { continue }
            var laid = position
            for (place, source) in order.enumerated() { laid.columns[places[place]] = contents[source] }
            let asTheyLie = order == Array(0..<places.count)
            listed.append(Child(step: .deal, position: laid.dealt(deck), key: 0, order: asTheyLie ? 100 : 90))
        }
    }

    /// The rules' moves that lay the cards alone of `from` as they lie in `to`, where the two
    /// differ only in where those cards lie, one of their columns empty: first each card whose
    /// column is empty goes there, and when none is (the cards left out of place make rounds,
    /// each wanting the column of the next), a card of a round goes to an empty column.
    private func laying(_ from: SIMD4<UInt64>, as to: SIMD4<UInt64>) -> [Move] {
        var lying = from
        var moves: [Move] = []
        while lying != to {
            var moved = false
            for target in 0..<4 where lying[target] == 0 && to[target] != 0 {
                guard let source = (0..<4).first(where: { lying[$0] == to[target] }) else { continue }
                moves.append(.transfer(from: shape.columns[source], to: shape.columns[target], count: 1))
                lying[target] = lying[source]
                lying[source] = 0
                moved = true
                break
            }
            if moved { continue }
            guard let source = (0..<4).first(where: { lying[$0] != 0 && lying[$0] != to[$0] }),
                let empty = (0..<4).first(where: { lying[$0] == 0 })
            else { break }
            moves.append(.transfer(from: shape.columns[source], to: shape.columns[empty], count: 1))
            lying[empty] = lying[source]
            lying[source] = 0
        }
        return moves
    }

    /// Plays the search's moves on the table's rules from the start; the win is the answer only
    /// if every move was legal and the last one won. A deferred card the search took out is
    /// discarded just before the deal that covered it, lowest first in each suit (so that the
    /// higher card it needs is still on top: the highest top card of a suit is never deferred),
    /// and every later move is the same on a table without it.
    private mutating func finish(_ path: [(step: Step, position: AcesUpPosition)]) {
        let parents = [startPosition] + path.map(\.position).dropLast()
        // Per deal (by its place in the path), the deferred cards it covered that were taken out.
        var takenOutAt = [Int: UInt64]()
        for (index, (step, position)) in path.enumerated() {
            guard case .takeOut(let column) = step else { continue }
            let card = parents[index].columns[column] & ~position.columns[column]
            let deal = (0..<index).last { parents[$0].deferred & card == 0 && path[$0].position.deferred & card != 0 }!
            takenOutAt[deal, default: 0] |= card
        }
        var gone: UInt64 = 0
        var moves: [Move] = []
        for (index, (step, position)) in path.enumerated() {
            let parent = parents[index]
            switch step {
            case .discard(let column):
                moves.append(.transfer(from: shape.columns[column], to: shape.discard, count: 1))
            case .toEmpty(let from, let to):
                moves.append(.transfer(from: shape.columns[from], to: shape.columns[to], count: 1))
            case .takeOut, .keep:
                break
            case .deal:
                let early = takenOutAt[index] ?? 0
                let order = (0..<deck.cards.count).filter { early & 1 << UInt64($0) != 0 }.sorted {
                    value(deck.cards[$0]) < value(deck.cards[$1])
                }
                for card in order {
                    let column = (0..<4).first { parent.columns[$0] & 1 << UInt64(card) != 0 }!
                    moves.append(.transfer(from: shape.columns[column], to: shape.discard, count: 1))
                }
                gone |= early
                let dealtCards = deck.stockNumbers(parent.stock) & ~deck.stockNumbers(position.stock)
                let table = parent.columns & SIMD4(repeating: ~gone)
                moves += laying(table, as: position.columns & SIMD4(repeating: ~(dealtCards | gone)))
                moves.append(.stock(shape.stock))
            }
        }
        guard let won = replayedWin(moves, rules: rules, from: start) else {
            failed = true
            return
        }
        solutionMoves = won
        verdict = .solved
    }

    /// A card's value, Aces high.
    private func value(_ card: UInt8) -> Int { card & 0x0F == 1 ? 14 : Int(card & 0x0F) }
}
