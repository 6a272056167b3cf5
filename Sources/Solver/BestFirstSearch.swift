import Solitaire

// The search: best first. Positions wait in a priority queue by their cost (PositionScore.swift)
// plus the moves that led to them, and the least is expanded next: its moves are played one by
// one, each position reached for the first time (by its key: PositionKey.swift) joins the queue,
// and the move is taken back.
//
// - Moves are played and listed as every search does (SearchMoves.swift): safe cards folded in,
//   the stock's turns walked.
// - A position is stored compactly once it is expanded (StateArena.swift); a position waiting in
//   the queue is only its parent and the move from it, played again when its turn comes.
// - The first won position ends the search; the solution is rebuilt from the parents and replayed
//   from the start to put the safe moves back in.
// - When the queue runs dry, every reachable position has been seen and none wins: the game is
//   lost whatever is played.
// - It runs in steps (`run(upTo:)`), so that several searches can take turns and a budget or a
//   cancellation can stop them between steps (SearchPortfolio.swift). A position is one expanded
//   from the queue, the stock's turns walked with it included.

/// One best-first search from a start position.
struct BestFirstSearch<R: Rules> {
    let rules: R
    let model: SolverModel
    let start: GameState
    /// Leaves idle moves between columns out (SearchPortfolio.swift).
    let skipsIdleShuffles: Bool
    /// Whether running out of positions proves the game lost (it sees every position).
    var proves: Bool { !skipsIdleShuffles }

    var mover: SearchMoves<R>
    /// The position being worked on.
    var state: GameState
    /// The expanded position `state` holds when it is not between moves.
    var current: Int32 = -1
    var frontier: SearchFrontier
    var arena: StateArena
    var positions = 0
    var records: [MoveRecord] = []

    /// The most positions it expands: it stops there, answering nothing (its memory is bounded).
    let maxPositions: Int

    /// `memory`: the bytes it may keep, about 200 a position expanded.
    init(rules: R, model: SolverModel, start: GameState, settings: SearchSettings, memory: Int = .max) {
        maxPositions = max(1, memory / BestFirstSearch.bytesPerPosition)
        self.rules = rules
        self.model = model
        mover = SearchMoves(
            rules: rules, model: model, start: start, walksTurns: settings.walksTurns, weights: settings.weights)
        skipsIdleShuffles = settings.skipsIdleShuffles
        frontier = SearchFrontier(keyer: mover.keyer(), scorer: mover.scorer)
        self.start = start
        state = start
        arena = StateArena(pileCount: start.piles.count)
        records.reserveCapacity(64)
    }

    /// What a position expanded costs it, with the positions it queued: about 180 bytes measured
    /// (a Klondike deal searched to 2M positions peaked at 356 MB), counted as 200.
    static var bytesPerPosition: Int { 200 }

    /// How the search ended, once it has.
    private(set) var verdict: SolverVerdict?
    /// It expanded as many positions as its memory allows: it can answer nothing more.
    var isFull: Bool { positions >= maxPositions && verdict == nil }
    /// With `.solved`: the path of the search's moves (stock clicks and safe moves left out).
    private var winningPath: [PackedMove] = []
    private var started = false

    /// Searches until the search ends (``verdict`` says how) or it has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil else { return }
        if !started {
            started = true
            let won = mover.settleStart(&state, records: &records)
            records.removeAll()
            if won { return finish(.solved) }
            _ = frontier.table.insert(frontier.keyer.key(state))
            guard positions < limit else { return }
            current = arena.append(state, parent: -1, move: PackedMove(.stock(0)))
            positions = 1
            if let ended = expandCurrent() { return ended }
        }
        let limit = min(limit, maxPositions)
        while positions < limit, let next = frontier.queue.popMin() {
            if next.parent != current {
                arena.load(next.parent, into: &state)
                current = next.parent
            }
            mover.play(next.move, on: &state, records: &records)
            records.removeAll(keepingCapacity: true)
            current = arena.append(state, parent: next.parent, move: next.move)
            positions += 1
            if let ended = expandCurrent() { return ended }
        }
        if frontier.queue.count == 0 && positions < limit { finish(.impossible) }
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

    /// Queues the positions the current position's moves lead to. Returns `()` when a move wins
    /// (the search is then finished), else `nil`.
    private mutating func expandCurrent() -> Void? {
        frontier.parent = current
        frontier.depthCost = mover.scorer.weights.depthEighths * (Int(arena.depths[Int(current)]) + 1) / 8
        mover.expand(&state, into: &frontier, skipsIdleShuffles: skipsIdleShuffles)
        guard let won = frontier.winningMove else { return nil }
        return finish(.solved, path: arena.path(to: current) + [won])
    }
}

/// A best-first search's positions seen and those waiting to be expanded; told of each new child.
struct SearchFrontier: ChildVisitor {
    let keyer: PositionKeyer
    let scorer: PositionScorer
    var table = PositionTable()
    var queue = PriorityQueue()
    var sequence: UInt32 = 0
    /// The position whose children are being queued, and their cost for the moves to them.
    var parent: Int32 = -1
    var depthCost = 0
    /// The move that won, when one did.
    var winningMove: PackedMove?

    mutating func visit(_ move: PackedMove, _ state: GameState, won: Bool) -> Bool {
        if won {
            winningMove = move
            return false
        }
        if table.insert(keyer.key(state)) {
            let cost = min(scorer.cost(state) + depthCost, 0xF_FFFF)
            sequence &+= 1
            queue.push(
                WaitingPosition(
                    key: UInt64(cost) << 32 | UInt64(UInt32.max - sequence), parent: parent, move: move))
        }
        return true
    }

    mutating func turnIsNew(_ state: GameState) -> Bool { table.insert(keyer.key(state)) }
}
