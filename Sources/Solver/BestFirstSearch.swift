import Solitaire

// The search: best first. Positions wait in a priority queue by their cost (PositionScore.swift)
// plus the moves that led to them, and the least is expanded next: its moves are played one by
// one, each position reached for the first time (by its key: PositionKey.swift) joins the queue,
// and the move is taken back.
//
// - After every move the safe cards go to the foundations (SolverModel.swift): they are part of
//   the move, for the search; the solution lists them as moves of their own.
// - A stock that only turns cards onto wastes is walked round while expanding a position: the
//   clicks and a move from the waste make one move of the search (SolverModel.swift).
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
    let keyer: PositionKeyer
    let scorer: PositionScorer
    let start: GameState
    /// The game's copies of each card, and what empty foundations take.
    let searchStart: SearchStart
    /// The stock whose turns are walked, when its clicks fit in a move.
    let turns: (pile: Int, targets: [Int])?
    /// Its positions share one key whatever the split (SolverModel.swift).
    let cycles: Bool
    /// Leaves idle moves between columns out (SearchPortfolio.swift).
    let skipsIdleShuffles: Bool
    /// Whether running out of positions proves the game lost (it sees every position).
    var proves: Bool { !skipsIdleShuffles }

    /// The position being worked on.
    var state: GameState
    /// The expanded position `state` holds when it is not between moves.
    var current: Int32 = -1
    var table = PositionTable()
    var arena: StateArena
    var queue = PriorityQueue()
    var sequence: UInt32 = 0
    var positions = 0
    /// Scratch: the moves of the position being expanded, and the records of moves played.
    var moves: [Move] = []
    var records: [MoveRecord] = []
    var turnRecords: [MoveRecord] = []

    init(rules: R, model: SolverModel, start: GameState, settings: SearchSettings) {
        self.rules = rules
        self.model = model
        searchStart = SearchStart(model: model, state: start)
        let turns =
            !settings.walksTurns
            ? nil
            : model.stockTurns.flatMap { turns in
                turns.targets.reduce(start.piles[turns.pile].count) { $0 + start.piles[$1].count }
                    < PackedMove.maxClicks
                    ? turns : nil
            }
        self.turns = turns
        cycles = turns != nil && model.stockCycles
        skipsIdleShuffles = settings.skipsIdleShuffles
        scorer = PositionScorer(model: model, start: searchStart, weights: settings.weights, stockReach: cycles)
        keyer = PositionKeyer(model: model, cycle: cycles ? turns.map { ($0.pile, $0.targets[0]) } : nil)
        self.start = start
        state = start
        arena = StateArena(pileCount: start.piles.count)
        moves.reserveCapacity(128)
        records.reserveCapacity(64)
    }

    /// How the search ended, once it has.
    private(set) var verdict: SolverVerdict?
    /// With `.solved`: the path of the search's moves (stock clicks and safe moves left out).
    private var winningPath: [PackedMove] = []
    private var started = false

    /// Searches until the search ends (``verdict`` says how) or it has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil else { return }
        if !started {
            started = true
            if rules.isWon(state) { return finish(.solved) }
            foldSafeMoves()
            records.removeAll()
            if rules.isWon(state) { return finish(.solved) }
            _ = table.insert(keyer.key(state))
            guard positions < limit else { return }
            current = arena.append(state, parent: -1, move: PackedMove(.stock(0)))
            positions = 1
            if let ended = expandCurrent() { return ended }
        }
        while positions < limit, let next = queue.popMin() {
            if next.parent != current {
                arena.load(next.parent, into: &state)
                current = next.parent
            }
            play(next.move)
            records.removeAll(keepingCapacity: true)
            current = arena.append(state, parent: next.parent, move: next.move)
            positions += 1
            if let ended = expandCurrent() { return ended }
        }
        if queue.count == 0 && positions < limit { finish(.impossible) }
    }

    private mutating func finish(_ verdict: SolverVerdict, path: [PackedMove] = []) {
        self.verdict = verdict
        winningPath = path
    }

    /// The moves of the solution, from the start: the search's path replayed with the stock
    /// clicks and the safe moves put back in. Empty unless the search ended `.solved`.
    mutating func solution() -> [Move] {
        guard verdict == .solved else { return [] }
        var solution: [Move] = []
        state = start
        records.removeAll()
        if !rules.isWon(state) {
            solution += foldSafeMoves()
            for move in winningPath { solution += play(move) }
        }
        records.removeAll()
        return solution
    }

    /// Plays a move of the search (its stock clicks, the move, the safe moves after it), keeping
    /// the records in `records`; returns the player's moves.
    @discardableResult
    private mutating func play(_ packed: PackedMove) -> [Move] {
        var played: [Move] = []
        if packed.clicks > 0, let turns {
            for _ in 0..<packed.clicks {
                records.append(rules.apply(.stock(turns.pile), to: &state))
                played.append(.stock(turns.pile))
            }
        }
        records.append(rules.apply(packed.move, to: &state))
        played.append(packed.move)
        played += foldSafeMoves()
        return played
    }

    /// Plays each move of the current position, queues the new positions and takes the move back;
    /// then the same from each position the stock's turns lead to (moves from the wastes only: the
    /// others commute with the clicks, so the positions they lead to are reached from there).
    /// Returns `()` when a move wins (the search is then finished), else `nil`.
    private mutating func expandCurrent() -> Void? {
        if let won = generateChildren(clicks: 0, wastesOnly: false) { return finish(.solved, path: won) }
        guard let turns else { return nil }
        let click = Move.stock(turns.pile)
        var ended: Void? = nil
        var clicks = 0
        // A cycling stock goes round once, its positions sharing one key; another goes on until
        // a position seen before.
        let round = cycles ? state.piles[turns.pile].count + state.piles[turns.targets[0]].count : PackedMove.maxClicks
        while clicks < round, rules.refusal(of: click, in: state) == nil {
            turnRecords.append(rules.apply(click, to: &state))
            clicks += 1
            if rules.isWon(state) {
                ended = finish(.solved, path: arena.path(to: current) + [PackedMove(click, afterClicks: clicks - 1)])
                break
            }
            if !cycles {
                guard table.insert(keyer.key(state)) else { break }
            }
            if let won = generateChildren(clicks: clicks, wastesOnly: true) {
                ended = finish(.solved, path: won)
                break
            }
        }
        while let record = turnRecords.popLast() { state.revert(record) }
        return ended
    }

    /// Queues the new positions the moves of `state` lead to, each reached from the current
    /// position by `clicks` stock clicks and the move; returns the path to a win when a move wins.
    private mutating func generateChildren(clicks: Int, wastesOnly: Bool) -> [PackedMove]? {
        moves.removeAll(keepingCapacity: true)
        if wastesOnly && model.wastesMoveTopOnly {
            listWasteMoves(turns!.targets)
        } else {
            rules.legalMoves(in: state, into: &moves)
        }
        let depthCost = scorer.weights.depthEighths * (Int(arena.depths[Int(current)]) + 1) / 8
        for move in moves {
            if let turns {
                if move.kind == .stock { continue }
                if wastesOnly && !turns.targets.contains(move.from) { continue }
            }
            if skipsIdleShuffles && move.kind == .transfer && isIdleShuffle(move) { continue }
            if move.kind == .transfer, state.piles[move.to].isEmpty {
                // Onto an empty pile: only the first of its class, and never a whole pile onto one
                // of its own class (the same position).
                if !isFirstEmptyOfClass(move.to)
                    || (move.count == state.piles[move.from].count
                        && model.pileClass[move.from] == model.pileClass[move.to])
                {
                    continue
                }
            }
            records.append(rules.apply(move, to: &state))
            foldSafeMoves()
            if rules.isWon(state) {
                while let record = records.popLast() { state.revert(record) }
                return arena.path(to: current) + [PackedMove(move, afterClicks: clicks)]
            }
            if table.insert(keyer.key(state)) {
                let cost = min(scorer.cost(state) + depthCost, 0xF_FFFF)
                sequence &+= 1
                queue.push(
                    WaitingPosition(
                        key: UInt64(cost) << 32 | UInt64(UInt32.max - sequence), parent: current,
                        move: PackedMove(move, afterClicks: clicks)))
            }
            while let record = records.popLast() { state.revert(record) }
        }
        return nil
    }

    /// The legal moves of the wastes' top cards, when only those move: each pile that might take
    /// the card by the build tables alone (an empty pile, a card it builds on) asked in turn,
    /// instead of listing every move of the position.
    private mutating func listWasteMoves(_ wastes: [Int]) {
        for waste in wastes {
            guard let card = state.piles[waste].last, card.faceUp else { continue }
            for pile in 0..<model.pileCount where pile != waste {
                if let top = state.piles[pile].last {
                    guard top.faceUp, model.liesInOrder(card, on: top, in: pile) else { continue }
                }
                let move = Move.transfer(from: waste, to: pile, count: 1)
                if rules.refusal(of: move, in: state) == nil { moves.append(move) }
            }
        }
    }

    /// A move between columns that leaves a face-up card on top of its column, a card no
    /// foundation takes now.
    private func isIdleShuffle(_ move: Move) -> Bool {
        guard model.kinds[move.from] == .tableau, model.kinds[move.to] == .tableau else { return false }
        let source = state.piles[move.from]
        guard source.count > move.count else { return false }
        let exposed = source[source.count - move.count - 1]
        guard exposed.faceUp else { return false }
        for (number, foundation) in model.foundations.enumerated() {
            if let top = state.piles[foundation].last {
                if model.liesInOrder(exposed, on: top, in: foundation) { return false }
            } else if searchStart.startsEmpty[number] & SolverModel.bit(Int(exposed.raw & 0x3F)) != 0 {
                return false
            }
        }
        return true
    }

    @inline(__always)
    private func isFirstEmptyOfClass(_ pile: Int) -> Bool {
        let pileClass = model.pileClass[pile]
        guard pileClass != pile else { return true }
        for other in pileClass..<pile where model.pileClass[other] == pileClass && state.piles[other].isEmpty {
            return false
        }
        return true
    }

    /// Plays the safe cards to the foundations, keeping their records in `records`; returns the
    /// moves played.
    @discardableResult
    private mutating func foldSafeMoves() -> [Move] {
        guard model.folds else { return [] }
        var played: [Move] = []
        var complete: UInt64? = nil
        var moved = true
        while moved {
            moved = false
            for source in model.foldSources {
                guard let card = state.piles[source].last, card.faceUp, scorer.canGoUp(card, in: state) else {
                    continue
                }
                if complete == nil { complete = completeIdentities() }
                let needed = model.mustBeUp[Int(card.raw & 0x3F)]
                guard complete! & needed == needed else { continue }
                for (number, foundation) in model.foundations.enumerated() {
                    if let top = state.piles[foundation].last {
                        guard model.noChoiceOnTop[number][Int(top.raw & 0x3F)] else { continue }
                    } else {
                        guard searchStart.safeToStart[number] else { continue }
                    }
                    let move = Move.transfer(from: source, to: foundation, count: 1)
                    guard rules.refusal(of: move, in: state) == nil else { continue }
                    records.append(rules.apply(move, to: &state))
                    played.append(move)
                    complete = nil
                    moved = true
                    break
                }
            }
        }
        return played
    }

    /// The identities (a bit each) whose every copy is on a foundation.
    private func completeIdentities() -> UInt64 {
        var counts = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &counts) { counts in
            for foundation in model.foundations {
                for card in state.piles[foundation] { counts[Int(card.raw & 0x3F)] &+= 1 }
            }
            var complete: UInt64 = 0
            for identity in SolverModel.identities where Int(counts[identity]) == searchStart.copies[identity] {
                complete |= SolverModel.bit(identity)
            }
            return complete
        }
    }
}
