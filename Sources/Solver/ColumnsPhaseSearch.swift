import Solitaire

// A second search of the games of columns and a stock (ColumnsShape.swift), beside their
// depth-first one (ColumnsSearch.swift): it plans from one click of the stock to the next, as a
// player of Gypsy or Forty Thieves does, and it only finds wins.
//
// Why. A depth-first search takes each position's moves best first, and the stock's click comes
// after every move that gains something. In a game whose stock deals onto the columns, the first
// dive clicks as soon as nothing gains at once, buries what a few moves between columns would
// have freed, and reaches the end of the stock with a few cards up; the search then spends its
// positions trying every order of the last moves (Gypsy's deal 1: 16 of 104 cards up, a path of
// 37 moves, after every attempt of 4,096 positions).
//
// How. A phase is what can be done between two clicks. From the position just after a click (or
// the start), the search looks at up to ``phasePositions`` positions reachable without clicking
// (depth first over the seeking moves, ColumnsBoard+Moves.swift), scores each (``worth()``: cards
// on the foundations, then empty columns, cards face down and cards lying in order) and keeps the
// best ``choices`` from which the stock may be clicked. It then follows the best: plays its moves,
// clicks, and plans the next phase; when a phase's choices are spent it goes back to the phase
// before and takes its next choice. A position after a click already planned from is not planned
// again. When the stock is spent, the last phase looks four times as far for the win.
//
// Restarts. A bad choice in an early phase is rarely undone by going back from the last ones, so
// the search starts again from the start after the positions Luby's sequence gives times
// ``firstAttempt``, each attempt after the first with every position's worth shaken by up to
// ``shake`` (a card and a half on the foundations), which changes the choices kept.
//
// Over deals 1..16 of eighteen games of the family, 400,000 positions each (`--budget 400K
// --seconds none`), this search beside the depth-first one decided 200 of 288 deals, the
// depth-first search alone 174; Gypsy 14 of 16 against 3 (docs/PERFORMANCE.md).
//
// It proves nothing: a phase looks at some positions only. An attempt that spends every choice
// before its length has seen all its plan reaches (a small game, or a small endgame): the search
// then stops, and leaves the position to the depth-first search. A win found is played back on
// the table's own rules, move by move.

/// The search that plans a game of columns and a stock from one click to the next.
struct ColumnsPhaseSearch {
    /// The fewest cards the stock must hold for the search to be run (SearchPortfolio.swift):
    /// two deals of Gypsy's.
    static let stockToPlan = 16
    /// Positions a phase looks at (four times as many in the last).
    static let phasePositions = 1024
    /// Positions a phase keeps to follow.
    static let choices = 2
    /// Positions the first attempt may look at; the others get this times a term of Luby's
    /// sequence.
    static let firstAttempt = 20_000
    /// How far an attempt after the first shakes a position's worth.
    static let shake: UInt64 = 1500

    let shape: ColumnsShape
    let rules: any Rules
    let start: GameState
    /// It looks at some positions only: running dry proves nothing.
    var proves: Bool { false }
    /// It found a win the rules refused to play back, or spent every choice of an attempt, and
    /// stopped.
    private(set) var failed = false
    /// Positions looked at, over all attempts.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []

    private var board: ColumnsBoard
    /// The log's length at the start, after the start's own folds.
    private let startMark: Int
    /// The positions just after a click that a phase was planned from.
    private var planned: PositionTable
    /// The positions one phase has looked at.
    private var looked: PositionTable
    private var phases: [Phase] = []
    private var started = false
    private var restarts = Restarts()
    private var attempt = 0
    private var attemptPositions = 0
    private var attemptLimit = ColumnsPhaseSearch.firstAttempt

    /// One phase's choices: the moves from its start to each position kept, best first.
    private struct Phase {
        var choices: [[ColumnsMove]]
        var next: Int
        /// The log's mark at the phase's start.
        var mark: Int
    }

    /// `nil` when the position is not one the search can hold (``ColumnsSearch/board(of:shape:)``).
    init?(shape: ColumnsShape, rules: any Rules, start: GameState, memory: Int) {
        guard var board = ColumnsSearch.board(of: start, shape: shape) else { return nil }
        board.settle()
        startMark = board.log.count
        self.shape = shape
        self.rules = rules
        self.start = start
        self.board = board
        planned = PositionTable.forgetting(within: max(memory / 2, 64 << 10))
        looked = PositionTable(capacity: 1 << 12)
    }

    /// Searches until it finds a win or has looked at `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil, !failed else { return }
        if !started {
            started = true
            if board.isWon { return finish(board.tableMoves()) }
            if begin() { return }
        }
        while positions < limit && !failed {
            // An attempt at its length starts the next. One that spent every choice before its
            // length saw all its plan could reach: a small game, where the depth-first search
            // beside it does better, and this one stops.
            guard attemptPositions < attemptLimit, let phase = phases.last else {
                if attemptPositions < attemptLimit {
                    failed = true
                    return
                }
                attempt += 1
                attemptLimit = Self.firstAttempt * Restarts.luby(attempt)
                if begin() { return }
                continue
            }
            board.takeBack(to: phase.mark)
            if phase.next == phase.choices.count {
                phases.removeLast()
                continue
            }
            let choice = phase.choices[phase.next]
            phases[phases.count - 1].next += 1
            for move in choice { board.play(move) }
            guard board.canClick else { continue }
            board.play(.click)
            positions += 1
            if board.isWon { return finish(board.tableMoves()) }
            guard planned.insert(board.key()) else { continue }
            if plan() { return }
        }
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] { solutionMoves }

    /// Starts an attempt: plans the first phase from the start; returns whether the search ended.
    private mutating func begin() -> Bool {
        attemptPositions = 0
        phases.removeAll()
        planned.removeAll()
        board.takeBack(to: startMark)
        return plan()
    }

    /// Looks at the positions reachable from the board's without a click, and pushes the best as
    /// a phase's choices; returns whether the search ended (a win was found).
    private mutating func plan() -> Bool {
        let mark = board.log.count
        looked.removeAll()
        _ = looked.insert(board.key())
        // The best positions seen, worst first, with the moves that reach them.
        var kept: [(worth: Int, moves: [ColumnsMove])] = []
        func keep(_ worth: Int, _ moves: [ColumnsMove], count: Int) {
            guard kept.count < count || worth > kept[0].worth else { return }
            if kept.count == count { kept.removeFirst() }
            let place = kept.firstIndex { $0.worth > worth } ?? kept.count
            kept.insert((worth, moves), at: place)
        }
        let count = Self.choices
        // The stock spent: this is the last phase, and it looks further.
        let limit = board.canClick ? Self.phasePositions : Self.phasePositions * 4
        if board.canClick { keep(worth(), [], count: count) }
        var pool: [ColumnsMove] = []
        var path: [ColumnsMove] = []
        var levels: [(first: Int, end: Int, next: Int, mark: Int)] = []
        func list() {
            let first = pool.count
            board.listMoves(seeking: true, into: &pool)
            if pool.count > first && pool[pool.count - 1].isClick { pool.removeLast() }
            levels.append((first, pool.count, first, board.log.count))
        }
        list()
        var seen = 0
        while seen < limit, let level = levels.last {
            if level.next == level.end {
                levels.removeLast()
                pool.removeSubrange(level.first...)
                if !levels.isEmpty {
                    board.takeBack(to: levels[levels.count - 1].mark)
                    path.removeLast()
                }
                continue
            }
            let move = pool[level.next]
            levels[levels.count - 1].next += 1
            board.play(move)
            if board.isWon {
                finish(board.tableMoves())
                return true
            }
            guard looked.insert(board.key()) else {
                board.takeBack(to: level.mark)
                continue
            }
            seen += 1
            positions += 1
            attemptPositions += 1
            path.append(move)
            if board.canClick {
                keep(worth() + (attempt > 0 ? restarts.shaken(below: Self.shake) : 0), path, count: count)
            }
            list()
        }
        board.takeBack(to: mark)
        guard !kept.isEmpty else { return false }
        phases.append(Phase(choices: kept.reversed().map(\.moves), next: 0, mark: mark))
        return false
    }

    /// How good the board's position looks to plan from: cards on the foundations first, then
    /// empty columns, cards face down (fewer is better) and cards lying in order on the card
    /// under them. (Over the deals measured above, weights of 300, 150 and 40 decided 4 fewer, a
    /// cost for the waste's cards none more.) A reserve's cards count as face-down ones: each
    /// is a card still to free.
    private func worth() -> Int {
        var worth = board.cardsUp * 1000 - 100 * board.reserve.count
        for column in 0..<board.columnCount {
            let height = board.heights[column]
            if height == 0 {
                worth += 500
                continue
            }
            let down = board.downs[column]
            worth -= 100 * down
            if height - down >= 2 {
                for place in (down + 1)..<height
                where shape.builds[Int(board.card(column, place - 1)) << 6 | Int(board.card(column, place))] {
                    worth += 60
                }
            }
        }
        return worth
    }

    /// Plays the search's moves on the table's rules from the start; the win is the answer only
    /// if every move was legal and the last one won.
    private mutating func finish(_ moves: [Move]) {
        guard let won = replayedWin(moves, rules: rules, from: start) else {
            failed = true
            return
        }
        solutionMoves = won
        verdict = .solved
    }
}
