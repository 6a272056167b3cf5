import Solitaire

// What every search does with moves, whatever order it takes positions in (BestFirstSearch.swift,
// DepthFirstSearch.swift):
//
// - After every move the safe cards go to the foundations (SolverModel.swift): they are part of
//   the move, for the search; a solution lists them as moves of their own.
// - A stock that only turns cards onto wastes is walked round while expanding a position: the
//   clicks and a move from the waste make one move of the search (SolverModel.swift).
// - A move onto an empty pile is tried onto the first empty pile of its class only, and a whole
//   pile never moves onto an empty pile of its own class (the same position).

/// Told of each position a position's moves lead to (``SearchMoves/expand(_:into:skipsIdleShuffles:)``).
protocol ChildVisitor {
    /// A position reached by `move` (its clicks, the move and its safe moves), held in `state`,
    /// which `won` says is won. Returns `false` to stop expanding (a win was found).
    mutating func visit(_ move: PackedMove, _ state: GameState, won: Bool) -> Bool
    /// A position the stock's clicks alone lead to while its turns are walked (a position with the
    /// same key as one seen before ends the walk for a stock that does not cycle). Returns whether
    /// it is new.
    mutating func turnIsNew(_ state: GameState) -> Bool
}

/// Plays and lists a search's moves; holds the scratch buffers they need.
struct SearchMoves<R: Rules> {
    let rules: R
    let model: SolverModel
    /// The game's copies of each card, and what empty foundations take.
    let searchStart: SearchStart
    /// The stock whose turns are walked, when its clicks fit in a move.
    let turns: (pile: Int, targets: [Int])?
    /// Its positions share one key whatever the split (SolverModel.swift).
    let cycles: Bool
    let scorer: PositionScorer
    /// Whether a safe card could ever be folded: the model folds, and some foundation could take
    /// a card with no choice (Golf's, which builds up or down in any suit, never can).
    let folds: Bool

    /// Scratch: the moves of the position being expanded, and the records of moves played.
    private var moves: [Move] = []
    private var childRecords: [MoveRecord] = []
    private var turnRecords: [MoveRecord] = []

    init(rules: R, model: SolverModel, start: GameState, walksTurns: Bool, weights: CostWeights) {
        self.rules = rules
        self.model = model
        searchStart = SearchStart(model: model, state: start)
        let turns =
            !walksTurns
            ? nil
            : model.stockTurns.flatMap { turns in
                turns.targets.reduce(start.piles[turns.pile].count) { $0 + start.piles[$1].count }
                    < PackedMove.maxClicks
                    ? turns : nil
            }
        self.turns = turns
        cycles = turns != nil && model.stockCycles
        scorer = PositionScorer(model: model, start: searchStart, weights: weights, stockReach: cycles)
        folds =
            model.folds
            && (searchStart.safeToStart.contains(true)
                || model.noChoiceOnTop.contains { tops in SolverModel.identities.contains { tops[$0] } })
        moves.reserveCapacity(128)
        childRecords.reserveCapacity(64)
    }

    /// The key maker that fits these moves (a cycling stock's split left out).
    func keyer() -> PositionKeyer {
        PositionKeyer(model: model, cycle: cycles ? turns.map { ($0.pile, $0.targets[0]) } : nil)
    }

    /// Plays a move of the search (its stock clicks, the move, the safe moves after it), appending
    /// the records to `records`; returns the player's moves.
    @discardableResult
    func play(_ packed: PackedMove, on state: inout GameState, records: inout [MoveRecord]) -> [Move] {
        var played: [Move] = []
        if packed.clicks > 0, let turns {
            for _ in 0..<packed.clicks {
                records.append(rules.apply(.stock(turns.pile), to: &state))
                played.append(.stock(turns.pile))
            }
        }
        records.append(rules.apply(packed.move, to: &state))
        played.append(packed.move)
        played += foldSafeMoves(&state, records: &records)
        return played
    }

    /// Plays the start's safe moves; whether the start is won, before them or after.
    func settleStart(_ state: inout GameState, records: inout [MoveRecord]) -> Bool {
        if rules.isWon(state) { return true }
        foldSafeMoves(&state, records: &records)
        return rules.isWon(state)
    }

    /// The moves of a solution from `start`: the search's path replayed with the stock clicks and
    /// the safe moves put back in.
    func solution(from start: GameState, path: [PackedMove]) -> [Move] {
        var state = start
        var records: [MoveRecord] = []
        guard !rules.isWon(state) else { return [] }
        var solution = foldSafeMoves(&state, records: &records)
        for move in path { solution += play(move, on: &state, records: &records) }
        return solution
    }

    /// Shows `visitor` each position the moves of `state` lead to, then each position the moves
    /// from the wastes lead to after each of the stock's turns (the other moves commute with the
    /// clicks, so the positions they lead to are reached from there). `state` is as it was after.
    /// Returns `false` when the visitor stopped it.
    @discardableResult
    mutating func expand<V: ChildVisitor>(
        _ state: inout GameState, into visitor: inout V, skipsIdleShuffles: Bool
    ) -> Bool {
        guard children(of: &state, clicks: 0, wastesOnly: false, into: &visitor, skipsIdleShuffles) else {
            return false
        }
        guard let turns else { return true }
        let click = Move.stock(turns.pile)
        var going = true
        var clicks = 0
        // A cycling stock goes round once, its positions sharing one key; another goes on until
        // a position seen before.
        let round = cycles ? state.piles[turns.pile].count + state.piles[turns.targets[0]].count : PackedMove.maxClicks
        while clicks < round, rules.allows(click, in: state) {
            turnRecords.append(rules.apply(click, to: &state))
            clicks += 1
            if rules.isWon(state) {
                going = visitor.visit(PackedMove(click, afterClicks: clicks - 1), state, won: true)
                break
            }
            if !cycles {
                guard visitor.turnIsNew(state) else { break }
            }
            guard children(of: &state, clicks: clicks, wastesOnly: true, into: &visitor, skipsIdleShuffles) else {
                going = false
                break
            }
        }
        while let record = turnRecords.popLast() { state.revert(record) }
        return going
    }

    /// Shows `visitor` the positions the moves of `state` lead to, each reached by `clicks` stock
    /// clicks and the move. Returns `false` when the visitor stopped it.
    private mutating func children<V: ChildVisitor>(
        of state: inout GameState, clicks: Int, wastesOnly: Bool, into visitor: inout V, _ skipsIdleShuffles: Bool
    ) -> Bool {
        moves.removeAll(keepingCapacity: true)
        if wastesOnly && model.wastesMoveTopOnly {
            listWasteMoves(turns!.targets, in: state)
        } else {
            rules.legalMoves(in: state, into: &moves)
        }
        for move in moves {
            if let turns {
                if move.kind == .stock { continue }
                if wastesOnly && !turns.targets.contains(move.from) { continue }
            }
            if skipsIdleShuffles && move.kind == .transfer && isIdleShuffle(move, in: state) { continue }
            if move.kind == .transfer, state.piles[move.to].isEmpty {
                if !isFirstEmptyOfClass(move.to, in: state)
                    || (move.count == state.piles[move.from].count
                        && model.pileClass[move.from] == model.pileClass[move.to])
                {
                    continue
                }
            }
            var records = childRecords
            childRecords = []
            records.append(rules.apply(move, to: &state))
            foldSafeMoves(&state, records: &records)
            let going = visitor.visit(PackedMove(move, afterClicks: clicks), state, won: rules.isWon(state))
            while let record = records.popLast() { state.revert(record) }
            childRecords = records
            if !going { return false }
        }
        return true
    }

    /// The legal moves of the wastes' top cards, when only those move: each pile that might take
    /// the card by the build tables alone (an empty pile, a card it builds on) asked in turn,
    /// instead of listing every move of the position.
    private mutating func listWasteMoves(_ wastes: [Int], in state: GameState) {
        for waste in wastes {
            guard let card = state.piles[waste].last, card.faceUp else { continue }
            for pile in 0..<model.pileCount where pile != waste {
                if let top = state.piles[pile].last {
                    guard top.faceUp, model.liesInOrder(card, on: top, in: pile) else { continue }
                }
                let move = Move.transfer(from: waste, to: pile, count: 1)
                if rules.allows(move, in: state) { moves.append(move) }
            }
        }
    }

    /// A move between columns that leaves a face-up card on top of its column, a card no
    /// foundation takes now.
    private func isIdleShuffle(_ move: Move, in state: GameState) -> Bool {
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
    private func isFirstEmptyOfClass(_ pile: Int, in state: GameState) -> Bool {
        let pileClass = model.pileClass[pile]
        guard pileClass != pile else { return true }
        for other in pileClass..<pile where model.pileClass[other] == pileClass && state.piles[other].isEmpty {
            return false
        }
        return true
    }

    /// Plays the safe cards to the foundations, appending their records to `records`; returns
    /// the moves played.
    @discardableResult
    func foldSafeMoves(_ state: inout GameState, records: inout [MoveRecord]) -> [Move] {
        guard folds else { return [] }
        var played: [Move] = []
        var complete: UInt64? = nil
        var moved = true
        while moved {
            moved = false
            for source in model.foldSources {
                guard let card = state.piles[source].last, card.faceUp, scorer.canGoUp(card, in: state) else {
                    continue
                }
                if complete == nil { complete = completeIdentities(in: state) }
                let needed = model.mustBeUp[Int(card.raw & 0x3F)]
                guard complete! & needed == needed else { continue }
                for (number, foundation) in model.foundations.enumerated() {
                    if let top = state.piles[foundation].last {
                        guard model.noChoiceOnTop[number][Int(top.raw & 0x3F)] else { continue }
                    } else {
                        guard searchStart.safeToStart[number] else { continue }
                    }
                    let move = Move.transfer(from: source, to: foundation, count: 1)
                    guard rules.allows(move, in: state) else { continue }
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
    private func completeIdentities(in state: GameState) -> UInt64 {
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
