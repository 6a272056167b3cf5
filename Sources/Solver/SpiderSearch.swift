import Solitaire

// The Spider family's own search (SpiderShape.swift says which games): depth first over the
// family's own positions (SpiderBoard.swift), the moves of each ordered as a player orders them,
// with restarts.
//
// Moves. Every legal move is listed: a run of one suit from the top of a column (each length of
// it), onto a card one rank above its bottom card or onto an empty column, and the stock's deal.
// They are tried best first (``score(_:)``): a finished run, a card turned up (the more so the
// fewer stay face down in its column), a column emptied, a run joined to a card of its suit, a run
// lifted off a card it was not in order on; then the deal; then a run split and an empty column
// filled.
//
// Two kinds of attempt take turns. A seeking attempt leaves shuffles out (``isShuffle``: a run
// lifted off a card it lies on in order onto another card where it lies no better, which only
// changes which of two alike cards is on top); it finds wins far sooner (Spider with two suits:
// 30 of deals 1..30 within 1M positions, against 13 without), but running dry proves nothing. A
// whole attempt leaves no move out, and one that sees every position proves the game lost.
//
// Restarts. A depth-first search that takes a bad turn early spends millions of positions below
// it, as Accordion's does (AccordionSearch.swift): each attempt after the first shakes the order,
// starts from an emptied table and may expand the positions Luby's sequence gives (for its kind)
// times ``firstAttempt``, until a win or a whole attempt that runs dry.
//
// A position is claimed in the table when it is expanded; its children are looked up when they
// are listed (all their slots read at once) and skipped when seen. The table forgets once full
// (PositionTable.swift); the keys of the positions on the path from the start are kept apart,
// and a move back to one of them is never followed, so a position forgotten costs work done
// twice, never a position left out. Keys are 64-bit hashes, as in the general searches
// (docs/ARCHITECTURE.md says what that means for a proof).
//
// A win found is played back on the table's own rules, move by move.

/// One search of a Spider-shaped game (SpiderShape.swift) from a position of the table.
struct SpiderSearch {
    /// Positions the first attempt may expand; the others get this times a term of Luby's sequence.
    static let firstAttempt = 4096
    /// How far an attempt after the first may move a move in the order, in points of its score.
    static let shake: UInt64 = 400

    let shape: SpiderShape
    let rules: any Rules
    let start: GameState
    /// A whole attempt that runs dry has seen every position: it proves (a seeking one that runs
    /// dry only ends its turn).
    var proves: Bool { true }
    /// It found a win the rules refused to play back, and stopped.
    private(set) var failed = false
    /// Positions expanded, over all attempts.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []

    private var board: SpiderBoard
    private var table: PositionTable
    /// The bytes its stack (levels, the moves still to follow, the path's keys) may take: an
    /// eighth of its memory (the table takes at most half).
    let stackLimit: Int
    /// The attempt cut a path short at ``stackLimit``: running dry proves nothing.
    private var cutShort = false
    /// The bytes its stack takes now.
    var stackBytes: Int {
        levels.count * MemoryLayout<Level>.stride + children.count * MemoryLayout<Child>.stride + path.bytes
    }
    /// The keys of the positions from the start to the one being expanded.
    private var path = PositionTable(capacity: 256)
    private var levels: [Level] = []
    private var children: [Child] = []
    /// Scratch: the moves of the position being expanded, and a sum of table slots read early.
    private var listed: [Child] = []
    private var touched: UInt64 = 0

    private var attempt = 0
    private var attemptLimit = SpiderSearch.firstAttempt
    /// The attempt leaves shuffles out (``isShuffle``): it seeks a win, and running dry proves
    /// nothing. Attempts take turns, seeking first.
    private var pruning = true
    /// Attempts of each kind so far.
    private var seeking = 1
    private var whole = 0
    private var attemptPositions = 0
    private var restarts = Restarts()
    private var started = false
    /// What the move to the position being expanded did (none for the start).
    private var expanding: SpiderUndo?

    private struct Level {
        var first: Int
        var end: Int
        var next: Int
        /// What the move that led here did (none for the start), and the position's key.
        var undo: SpiderUndo?
        var key: UInt64
    }

    private struct Child {
        var move: SpiderMove
        var key: UInt64
        var order: Int
    }

    /// The search's position for a position of the table; `nil` when it is not one the search can
    /// hold: other piles than the layout's, a face-down card above a face-up one or on top of a
    /// column, a foundation that is not one finished run, or cards that are not whole runs.
    static func board(of start: GameState, shape: SpiderShape) -> SpiderBoard? {
        guard start.piles.count == shape.pileCount else { return nil }
        var collected = 0
        for pile in shape.foundations {
            let cards = start.piles[pile]
            guard !cards.isEmpty else { continue }
            guard cards.count == 13,
                cards.enumerated().allSatisfy({ $1.rank == 13 - $0 && $1.suitIndex == cards[0].suitIndex })
            else { return nil }
            collected += 1
        }
        var columns: [[PileCard]] = []
        var total = 0
        for pile in shape.columns {
            let cards = start.piles[pile]
            let down = cards.prefix { !$0.faceUp }.count
            guard cards.dropFirst(down).allSatisfy(\.faceUp), cards.isEmpty || cards.last!.faceUp else { return nil }
            columns.append(cards)
            total += cards.count
        }
        let stock = shape.stock.map { start.piles[$0] } ?? []
        total += stock.count
        guard total > 0, total % 13 == 0, collected + total / 13 == shape.foundations.count else { return nil }
        return SpiderBoard(
            columns: columns, stock: stock, collected: collected, runsToWin: shape.foundations.count,
            limitsRuns: shape.limitsRuns, dealNeedsFilled: shape.dealNeedsFilled)
    }

    /// `nil` when the position is not one the search can hold (``board(of:shape:)``).
    init?(shape: SpiderShape, rules: any Rules, start: GameState, memory: Int) {
        guard let board = Self.board(of: start, shape: shape) else { return nil }
        self.shape = shape
        self.rules = rules
        self.start = start
        self.board = board
        table = PositionTable.forgetting(within: memory)
        stackLimit = max(memory / 8, 64 << 10)
        children.reserveCapacity(stackLimit / MemoryLayout<Child>.stride)
    }

    /// Searches until it ends (``verdict``) or has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil, !failed else { return }
        if !started {
            started = true
            if board.isWon { return finish([]) }
            guard positions < limit else { return }
            if begin() { return }
        }
        while positions < limit {
            if attemptPositions >= attemptLimit {
                if nextAttempt() { return }
                continue
            }
            guard let level = levels.last else {
                if !pruning && !cutShort {
                    verdict = .impossible
                    return
                }
                if nextAttempt() { return }
                continue
            }
            if level.next == level.end {
                children.removeSubrange(level.first...)
                levels.removeLast()
                if let undo = level.undo {
                    board.takeBack(undo)
                    path.remove(level.key)
                }
                continue
            }
            let child = children[levels[levels.count - 1].next]
            levels[levels.count - 1].next += 1
            // A path as deep as the memory allows goes no further: the attempt then proves nothing.
            if stackBytes > stackLimit {
                cutShort = true
                continue
            }
            // Reached and expanded below a sibling since it was listed: nothing new.
            guard table.insert(child.key) else { continue }
            let undo = board.play(child.move)
            _ = path.insert(child.key)
            positions += 1
            attemptPositions += 1
            if expand(undo: undo, key: child.key) { return }
        }
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] { solutionMoves }

    /// Starts the next attempt: seeking and whole attempts take turns, each kind as long as Luby's
    /// sequence says; returns whether the search ended.
    private mutating func nextAttempt() -> Bool {
        attempt += 1
        pruning = attempt % 2 == 0
        if pruning { seeking += 1 } else { whole += 1 }
        attemptLimit = Self.firstAttempt * Restarts.luby(pruning ? seeking : whole)
        return begin()
    }

    /// Starts an attempt from the start, with the table emptied; returns whether the search ended.
    private mutating func begin() -> Bool {
        while let level = levels.popLast() {
            if let undo = level.undo { board.takeBack(undo) }
        }
        children.removeAll(keepingCapacity: true)
        cutShort = false
        if attempt > 0 { table.removeAll() }
        path.removeAll()
        attemptPositions = 1
        positions += 1
        let key = board.key()
        _ = table.insert(key)
        _ = path.insert(key)
        return expand(undo: nil, key: key)
    }

    /// Lists the moves of the board's position, reached by `undo`, and pushes them as a level,
    /// best first; returns whether the search ended (a move won).
    private mutating func expand(undo: SpiderUndo?, key: UInt64) -> Bool {
        expanding = undo
        listed.removeAll(keepingCapacity: true)
        let first = children.count
        let empties = board.emptyColumns
        let columns = board.columnCount
        for from in 0..<columns {
            let height = board.heights[from]
            let run = board.runLength(from)
            guard run > 0 else { continue }
            for count in 1...run {
                let bottom = board.card(from, height - count)
                for to in 0..<columns where to != from {
                    let onto = board.heights[to]
                    if onto == 0 {
                        // A whole column onto an empty one, once no deal is left: the same position.
                        if count == height && board.stockLeft == 0 { continue }
                        if board.limitsRuns && count > 1 << (empties - 1) { continue }
                    } else {
                        let top = board.top(to)
                        guard top & 0x0F == bottom & 0x0F + 1 else { continue }
                        if board.limitsRuns && count > 1 << empties { continue }
                        if pruning && isShuffle(from: from, count: count, onto: top, to: to) { continue }
                    }
                    if consider(SpiderMove(from: UInt8(from), to: UInt8(to), count: UInt8(count))) { return true }
                }
            }
        }
        if board.canDeal, consider(.deal) { return true }
        // The table's slots of every child were read above, so that the processor waited for
        // their memory at once; a position is claimed when it is expanded, not when listed.
        for child in listed where !table.contains(child.key) && !path.contains(child.key) { children.append(child) }
        // Best first.
        children[first...].sort { $0.order > $1.order }
        levels.append(Level(first: first, end: children.count, next: first, undo: undo, key: key))
        return false
    }

    /// Plays a move to see where it leads: a win ends the search (returns `true`); a position not
    /// seen before is listed with its score.
    private mutating func consider(_ move: SpiderMove) -> Bool {
        var order = move.isDeal ? Self.dealScore : score(move)
        let undo = board.play(move)
        if undo.collected != 0 { order += 10_000 }
        if board.isWon {
            let path = levels.compactMap { $0.undo?.move } + (expanding.map { [$0.move] } ?? []) + [move]
            board.takeBack(undo)
            finish(path)
            return true
        }
        let key = board.key()
        board.takeBack(undo)
        touched &+= table.firstSlot(of: key)
        listed.append(
            Child(move: move, key: key, order: order + (attempt > 0 ? restarts.shaken(below: Self.shake) : 0)))
        return false
    }

    /// A move a seeking attempt leaves out: a run lifted off a card it lies on in order, onto
    /// another non-empty column, where it lies no better (in suit off a card of its suit, unless
    /// it finishes a run there; off a card of another suit, onto one of another suit). It only
    /// changes which of two alike cards is on top.
    private func isShuffle(from: Int, count: Int, onto top: UInt8, to: Int) -> Bool {
        let left = board.heights[from] - count
        guard left > board.downs[from] else { return false }
        let bottom = board.card(from, left + 0)
        let below = board.card(from, left - 1)
        if below == bottom + 1 { return !(top == bottom + 1 && count + board.runLength(to) >= 13) }
        return below & 0x0F == bottom & 0x0F + 1 && top != bottom + 1
    }

    /// A deal's score: after every move that gains something, before the moves that lose (a run
    /// split, an empty column filled), which it would make pointless to try first.
    static let dealScore = -100

    /// How good a move looks, before it is played: higher first. The weights were chosen by
    /// measuring deals 1..30 of Spider (2 suits), Spiderette, Will o' the Wisp and Simple Simon
    /// (docs/PERFORMANCE.md).
    private func score(_ move: SpiderMove) -> Int {
        let from = Int(move.from)
        let to = Int(move.to)
        let count = Int(move.count)
        let left = board.heights[from] - count
        let bottom = board.card(from, left)
        // A whole column onto an empty one: the same cards in another place.
        if left == 0 && board.heights[to] == 0 { return -1000 + count }
        var score = count
        if left == 0 {
            score += 1500  // a column emptied
        } else if left == board.downs[from] {
            score += 1000 + 100 * max(0, 6 - left)  // a card turned up, the more so in a short column
        } else {
            let below = board.card(from, left - 1)
            if below == bottom + 1 {
                score -= 300  // a run of one suit split
            } else if below & 0x0F == bottom & 0x0F + 1 {
                score -= 50  // lifted off a card of another suit it lay on in order
            } else {
                score += 100  // lifted off a card it lay on out of order
            }
        }
        if board.heights[to] == 0 {
            score -= 200  // an empty column filled
        } else {
            score += board.top(to) == bottom + 1 ? 300 : 50  // onto a card of its suit, or of another
        }
        return score
    }

    /// Plays the search's moves on the table's rules from the start; the win is the answer only
    /// if every move was legal and the last one won.
    private mutating func finish(_ moves: [SpiderMove]) {
        let played = moves.map { move in
            move.isDeal
                ? Move.stock(shape.stock!)
                : Move.transfer(
                    from: shape.columns[Int(move.from)], to: shape.columns[Int(move.to)], count: Int(move.count))
        }
        guard let won = replayedWin(played, rules: rules, from: start) else {
            failed = true
            return
        }
        solutionMoves = won
        verdict = .solved
    }
}
