import Solitaire

// The search that proves: depth first, as Solvitaire and Freecell Solver search. From the position
// on top of a stack it lists the moves (SearchMoves.swift: safe cards folded in, the stock's
// turns walked), keeps those that lead to a position not seen before (by its 64-bit key in the
// transposition table: PositionKey.swift), orders them by the cost of where they lead
// (PositionScore.swift) and follows the cheapest first; a position with no new moves left is
// taken back. A position is claimed when it is first listed, so each is expanded once, by the
// first position that reached it.
//
// What it keeps is the stack (each level's moves, its move records) and the keys of the positions
// seen: 8 bytes a slot in a table at most three quarters full, 11 to 21 bytes a position, against
// the best-first search's ~200 (BestFirstSearch.swift). The table is bounded by the budget's
// memory. When the stack runs out every position reachable from the start has been expanded and
// none wins: the game is lost whatever is played (with the caveat of 64-bit keys: two positions
// that share a key count as one, docs/ARCHITECTURE.md).
//
// When the table is full it forgets old keys to take new ones (PositionTable.swift), and the
// proof still holds: a position forgotten is only expanded again when it is reached again, work
// done twice, never a position left out. What must never be forgotten are the positions on the
// path from the start to the one being expanded: a move back to one of them would start the path
// over, round and round. Their keys are kept apart, in ``SearchLister/path``, and a move to one of them is
// never followed. Only a path deeper than the memory allows (``stackLimit``) is cut short, and a
// search that cut one proves nothing.

/// One depth-first search from a start position.
struct DepthFirstSearch<R: Rules> {
    let rules: R
    let start: GameState
    /// It sees every position, so running dry proves the game lost, unless it left some out: the
    /// idle shuffles it skips, or a path it cut short.
    var proves: Bool { !skipsIdleShuffles && !cutShort }
    /// A path filled the stack's share of memory and its moves were not followed.
    private(set) var cutShort = false
    /// The bytes its stack may take: its memory less what its table takes when full, though
    /// never fewer than ``SearchStack/shallowest`` levels. A level's bytes are counted as they come: the
    /// level, its moves still to follow and the records of its moves (``stackBytes``).
    let stackLimit: Int

    /// What the stack holds now, in bytes: each level, each move still to follow, each move
    /// record (a record's steps are an array of their own: counted at 64 bytes).
    var stackBytes: Int {
        levels.count * MemoryLayout<SearchLevel>.stride + lister.children.count * MemoryLayout<SearchChild>.stride
            + records.count * (MemoryLayout<MoveRecord>.stride + 64)
    }
    /// Leaves idle moves between columns out (SearchSettings): it then proves nothing.
    let skipsIdleShuffles: Bool

    var mover: SearchMoves<R>
    var state: GameState
    var lister: SearchLister
    /// The levels of the stack: the first is the start's.
    var levels: [SearchLevel] = []
    /// The records of the moves played from the start to ``state``.
    var records: [MoveRecord] = []
    /// Positions expanded.
    var positions = 0

    /// Keys its table may hold: the search stops when it is full, with no answer.
    init(rules: R, model: SolverModel, start: GameState, settings: SearchSettings, memory: Int) {
        self.rules = rules
        mover = SearchMoves(
            rules: rules, model: model, start: start, walksTurns: settings.walksTurns, weights: settings.weights)
        var slots = 64
        while slots * 16 <= memory { slots <<= 1 }
        var table = PositionTable(capacity: 1 << 14, limit: slots * 3 / 4)
        table.forgets = true
        table.keepsLargeSearches = true
        lister = SearchLister(keyer: mover.keyer(), scorer: mover.scorer, table: table)
        // Eight bytes a slot, and a byte of weight (PositionTable.swift).
        stackLimit = max(0, memory - slots * 9)
        self.start = start
        state = start
        skipsIdleShuffles = settings.skipsIdleShuffles
        records.reserveCapacity(1024)
    }

    /// How the search ended, once it has.
    private(set) var verdict: SolverVerdict?
    /// It never fills: once its table is full it goes on forgetting old positions
    /// (PositionTable.swift), and its proofs still hold.
    var isFull: Bool { false }
    /// With `.solved`: the path of the search's moves (stock clicks and safe moves left out).
    private var winningPath: [PackedMove] = []
    private var started = false

    /// Searches until the search ends (``verdict`` says how) or it has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil else { return }
        if !started {
            started = true
            if mover.settleStart(&state, records: &records) { return finish(.solved) }
            let key = lister.keyer.key(state)
            _ = lister.table.insert(key)
            guard positions < limit else { return }
            positions = 1
            if expand(reachedBy: PackedMove(.stock(0)), key: key, recordsBefore: records.count) { return }
        }
        while positions < limit {
            guard let level = levels.last else { return finish(.impossible) }
            if level.next == level.end {
                while records.count > level.recordsBefore { state.revert(records.removeLast()) }
                lister.children.removeSubrange(level.first...)
                lister.path.remove(level.key)
                lister.table.settle(level.key, searched: positions - level.expandedAt)
                levels.removeLast()
                continue
            }
            let child = lister.children[level.next]
            levels[levels.count - 1].next += 1
            if levels.count >= SearchStack.shallowest && stackBytes > stackLimit {
                cutShort = true
                continue
            }
            let before = records.count
            mover.play(child.move, on: &state, records: &records)
            positions += 1
            if expand(reachedBy: child.move, key: child.key, recordsBefore: before) { return }
        }
    }

    /// Lists the new moves of ``state`` and pushes them as a level. Returns whether a move won
    /// (the search is then finished).
    private mutating func expand(reachedBy move: PackedMove, key: UInt64, recordsBefore: Int) -> Bool {
        _ = lister.path.insert(key)
        let first = lister.children.count
        mover.expand(&state, into: &lister, skipsIdleShuffles: skipsIdleShuffles)
        if let won = lister.winningMove {
            finish(.solved, path: levels.isEmpty ? [won] : levels.dropFirst().map(\.move) + [move, won])
            return true
        }
        lister.children[first...].sort { $0.cost < $1.cost }
        levels.append(
            SearchLevel(
                first: first, end: lister.children.count, next: first, recordsBefore: recordsBefore, move: move,
                key: key, expandedAt: positions))
        return false
    }

    private mutating func finish(_ verdict: SolverVerdict, path: [PackedMove] = []) {
        self.verdict = verdict
        winningPath = path
    }

    /// The moves of the solution, from the start. Empty unless the search ended `.solved`.
    func solution() -> [Move] {
        guard verdict == .solved else { return [] }
        return mover.solution(from: start, path: winningPath)
    }
}

/// What the depth-first searches (this one and KlondikeSearch.swift) share of their stacks.
enum SearchStack {
    /// The levels a path may always go to, whatever the memory: a path is cut short only deeper.
    static var shallowest: Int { 2048 }
}

/// One level of a depth-first search's stack: its new moves (a range of ``SearchLister/children``, cheapest first),
/// the next to follow, and what led to it.
struct SearchLevel {
    var first: Int
    var end: Int
    var next: Int
    /// The search's records' count before the move to this level was played.
    var recordsBefore: Int
    var move: PackedMove
    /// The key of the position whose moves these are.
    var key: UInt64
    /// The search's positions expanded when this one was.
    var expandedAt: Int
}

/// A move to a new position, with the cost of where it leads.
struct SearchChild {
    var move: PackedMove
    var cost: Int32
    var key: UInt64
}

/// A depth-first search's positions seen, and the new moves of the position being expanded.
struct SearchLister: ChildVisitor {
    let keyer: PositionKeyer
    let scorer: PositionScorer
    var table = PositionTable()
    /// The keys of the positions on the path from the start to the one being expanded: a table
    /// that never forgets, as deep as the path.
    var path = PositionTable(capacity: 64)
    var children: [SearchChild] = []
    var winningMove: PackedMove?

    mutating func visit(_ move: PackedMove, _ state: GameState, won: Bool) -> Bool {
        if won {
            winningMove = move
            return false
        }
        let key = keyer.key(state)
        // A position on the path is being expanded already (its key may have been forgotten by
        // the table): following a move back to it would go round.
        guard !(table.hasForgotten && path.contains(key)) else { return true }
        if table.insert(key) {
            children.append(
                SearchChild(move: move, cost: Int32(truncatingIfNeeded: scorer.cost(state)), key: key))
        }
        return true
    }

    mutating func turnIsNew(_ state: GameState) -> Bool { table.insert(keyer.key(state)) }
}
