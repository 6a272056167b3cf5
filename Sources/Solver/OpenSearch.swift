import Solitaire

// The open games' own search (OpenShape.swift says which games): depth-first walks over the
// family's own positions (OpenBoard.swift), the moves of each ordered as a player orders them
// (OpenWalk.swift says which moves and in what order), with restarts.
//
// Two kinds of attempt take turns. A seeking attempt leaves out the cards that come back off
// the foundations and follows only the best children of each position; it finds wins as soon,
// and running dry proves nothing. A whole attempt leaves no move out, and one that sees every
// position proves the game lost.
//
// Restarts. A depth-first search that takes a bad turn early spends millions of positions below
// it: each attempt after the first shakes the order, starts from an emptied table and may expand
// the positions Luby's sequence gives (for its kind) times ``firstAttempt``, until a win or a
// whole attempt that runs dry (Restarts.swift).
//
// A proof. Attempts that start again prove a game lost only when one of them is as long as the
// game's positions, and Luby's sequence makes those rare. So once the search has expanded
// ``standardProvingFrom`` positions, a whole walk that never starts again (its own board, table
// and stack) takes a turn after each attempt, half as long as that attempt was: it proves a loss
// in about as many positions as one plain depth-first search, at the price of a third of what
// follows (a full half cost Baker's Dozen wins that attempts find late, docs/PERFORMANCE.md). A
// walk cut short at its stack's limit proves nothing, and takes no more turns.
//
// A win found is played back on the table's own rules, move by move.

/// One search of an open game (OpenShape.swift) from a position of the table.
struct OpenSearch {
    /// Positions the first attempt may expand; the others get this times a term of Luby's sequence.
    static let firstAttempt = 512
    /// Positions expanded before the walk that proves starts taking turns.
    static let standardProvingFrom = 1 << 14

    let shape: OpenShape
    let rules: any Rules
    let start: GameState
    /// A whole attempt that runs dry has seen every position: it proves, but for two decks whose
    /// foundations give cards back. There the table's rules let an emptied foundation take
    /// another suit's Ace, which the board has no place for (a foundation a suit): such moves are
    /// left out, so a win found is one, and running dry proves nothing.
    let proves: Bool
    /// It found a win the rules refused to play back, and stopped.
    private(set) var failed = false
    /// Positions expanded, over all attempts and turns.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []

    private let startBoard: OpenBoard
    /// The start with its safe cards folded up, where every walk starts.
    private let foldedStart: OpenBoard
    /// The attempts that start again, seeking and whole in turn.
    private var attempts: OpenWalk
    /// The whole walk that never starts again, once the search has run ``provingFrom`` positions.
    private var proving: OpenWalk?
    /// The memory each walk's table and stack may take.
    private let walkMemory: Int
    /// The bytes each walk's stack may take: an eighth of the memory (the tables take at most
    /// half in all).
    private let walkStack: Int
    /// The bytes the stacks may take in all.
    var stackLimit: Int { walkStack * 2 }
    /// The bytes the stacks take now.
    var stackBytes: Int { attempts.stackBytes + (proving?.stackBytes ?? 0) }

    private var attempt = 0
    private var attemptLimit = OpenSearch.firstAttempt
    /// Where the attempt under way started and ends, in positions.
    private var attemptStart = 0
    /// The attempt under way is a seeking one.
    private var seekingNow = true
    /// Attempts of each kind so far.
    private var seeking = 0
    private var whole = 0
    /// Positions expanded before the walk that proves starts taking turns (tests start it sooner).
    var provingFrom = OpenSearch.standardProvingFrom
    /// It ended proving the game lost by the walk that never starts again.
    private(set) var provedByTheProvingWalk = false
    /// The proving walk ran dry without a proof (cut short): it takes no more turns.
    private var provingSpent = false
    /// Where the proving walk's turn ends, in positions, while it has one.
    private var provingTurnEnd: Int?
    private var started = false

    /// The search's position for a position of the table; `nil` when it is not one the search can
    /// hold: other piles than the layout's, a card face down, a cell with more than one card, a
    /// foundation that is not its suit from the Ace up, or cards that are not one deck.
    static func board(of start: GameState, shape: OpenShape, model: SolverModel) -> OpenBoard? {
        guard start.piles.count == shape.pileCount else { return nil }
        // Each identity once per deck: seen once, then (with two decks) twice.
        var seen: UInt64 = 0
        var seenTwice: UInt64 = 0
        var count = 0
        func take(_ card: PileCard) -> UInt8? {
            let identity = card.raw & 0x3F
            let bit: UInt64 = 1 << UInt64(identity)
            guard card.faceUp, card.raw & 0x40 == 0, (1...13).contains(identity & 0x0F), seenTwice & bit == 0,
                seen & bit == 0 || shape.decks == 2
            else { return nil }
            if seen & bit != 0 { seenTwice |= bit } else { seen |= bit }
            count += 1
            return identity
        }
        var foundation = [UInt8](repeating: 0, count: 4)
        for pile in shape.foundations {
            let cards = start.piles[pile]
            guard let first = cards.first else { continue }
            let suit = first.suitIndex
            guard foundation[suit] == 0 else { return nil }
            guard cards.count <= 13 * shape.decks else { return nil }
            for (place, card) in cards.enumerated() {
                guard card.suitIndex == suit, card.rank == place % 13 + 1, take(card) != nil else { return nil }
            }
            foundation[suit] = UInt8(cards.count)
        }
        var cells: [UInt8] = []
        for pile in shape.cells {
            let cards = start.piles[pile]
            guard cards.count <= 1 else { return nil }
            if let card = cards.first {
                guard let identity = take(card) else { return nil }
                cells.append(identity)
            } else {
                cells.append(0)
            }
        }
        var columns: [[UInt8]] = []
        for pile in shape.columns {
            var column: [UInt8] = []
            for card in start.piles[pile] {
                guard let identity = take(card) else { return nil }
                column.append(identity)
            }
            columns.append(column)
        }
        guard count == 52 * shape.decks else { return nil }
        // The safe moves' argument is made for one deck here: with two, nothing goes up by itself.
        return OpenBoard(
            columns: columns, cells: cells, foundation: foundation, shape: shape,
            folds: model.folds && shape.decks == 1, mustBeUp: model.mustBeUp)
    }

    /// `nil` when the position is not one the search can hold (``board(of:shape:model:)``).
    init?(shape: OpenShape, model: SolverModel, rules: any Rules, start: GameState, memory: Int) {
        guard let board = Self.board(of: start, shape: shape, model: model) else { return nil }
        self.shape = shape
        self.rules = rules
        self.start = start
        proves = shape.decks == 1 || !shape.takesBack
        startBoard = board
        var folded = board
        folded.foldAtStart()
        foldedStart = folded
        walkMemory = memory / 2
        walkStack = max(memory / 8, 64 << 10)
        attempts = OpenWalk(start: folded, takesBack: shape.takesBack, memory: walkMemory, stackLimit: walkStack)
        seeking = 1
    }

    /// Searches until it ends (``verdict``) or has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil, !failed else { return }
        if !started {
            started = true
            if foldedStart.isWon { return finish([]) }
            guard positions < limit else { return }
            attemptStart = positions
            if ended(attempts.restart(seeking: true, shakes: false, positions: &positions), whole: false) { return }
        }
        while positions < limit {
            if let turnEnd = provingTurnEnd, proving != nil {
                // In place: a copy of the walk would copy its table.
                let outcome = proving!.run(positions: &positions, upTo: min(limit, turnEnd))
                if ended(outcome, whole: true) {
                    provedByTheProvingWalk = verdict == .impossible
                    return
                }
                if case .ranDry = outcome {
                    // Cut short at its stack's limit: it proves nothing, and never walks again.
                    proving = nil
                    provingSpent = true
                }
                if positions >= turnEnd || provingSpent {
                    provingTurnEnd = nil
                    if nextAttempt() { return }
                }
                continue
            }
            let attemptEnd = attemptStart + attemptLimit
            let outcome = attempts.run(positions: &positions, upTo: min(limit, attemptEnd))
            if ended(outcome, whole: !seekingNow) { return }
            if case .ranDry = outcome {
            } else if positions < attemptEnd {
                continue
            }
            if positions >= provingFrom && !provingSpent {
                if proving == nil {
                    proving = OpenWalk(
                        start: foldedStart, takesBack: shape.takesBack, memory: walkMemory,
                        stackLimit: walkStack)
                    if ended(proving!.restart(seeking: false, shakes: false, positions: &positions), whole: true) {
                        provedByTheProvingWalk = verdict == .impossible
                        return
                    }
                }
                provingTurnEnd = positions + max((positions - attemptStart) / 2, 1)
                continue
            }
            if nextAttempt() { return }
        }
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] { solutionMoves }

    /// Whether a walk's outcome ends the search: a win, or a whole walk that ran dry and proves.
    private mutating func ended(_ outcome: OpenWalk.Outcome, whole: Bool) -> Bool {
        switch outcome {
        case .running:
            return false
        case .won(let moves):
            finish(moves)
            return true
        case .ranDry(let proves):
            guard whole && proves && self.proves else { return false }
            verdict = .impossible
            return true
        }
    }

    /// Starts the next attempt: seeking and whole attempts take turns, each kind as long as Luby's
    /// sequence says; returns whether the search ended.
    private mutating func nextAttempt() -> Bool {
        attempt += 1
        seekingNow = attempt % 2 == 0
        if seekingNow { seeking += 1 } else { whole += 1 }
        attemptLimit = Self.firstAttempt * Restarts.luby(seekingNow ? seeking : whole)
        attemptStart = positions
        return ended(attempts.restart(seeking: seekingNow, shakes: true, positions: &positions), whole: !seekingNow)
    }

    /// Plays the search's moves, with the safe moves folded after each, on the table's rules from
    /// the start; the win is the answer only if every move was legal and the last one won.
    private mutating func finish(_ moves: [OpenMove]) {
        var replay = startBoard
        var state = start
        var played: [Move] = []
        func pile(_ place: OpenPlace, card: UInt8, leaving: Bool) -> Int? {
            if place < OpenMove.firstCell { return shape.columns[Int(place)] }
            if place < OpenMove.firstFoundation { return shape.cells[Int(place - OpenMove.firstCell)] }
            let suit = Int(card >> 4)
            if let pile = shape.foundations.first(where: { state.piles[$0].last?.suitIndex == suit }) { return pile }
            return leaving ? nil : shape.foundations.first { state.piles[$0].isEmpty }
        }
        func playOnTable(from: OpenPlace, to: OpenPlace, count: Int, card: UInt8) -> Bool {
            guard let source = pile(from, card: card, leaving: true), let target = pile(to, card: card, leaving: false)
            else { return false }
            let move = Move.transfer(from: source, to: target, count: count)
            guard rules.allows(move, in: state) else { return false }
            _ = rules.apply(move, to: &state)
            played.append(move)
            return true
        }
        replay.foldAtStart()
        for entry in replay.foldLog {
            let folded = UInt8(entry & 0xFF)
            guard
                playOnTable(
                    from: OpenPlace(entry >> 8), to: OpenMove.firstFoundation + folded >> 4, count: 1, card: folded)
            else {
                failed = true
                return
            }
        }
        for move in moves {
            let card: UInt8
            if move.from < OpenMove.firstCell {
                card = replay.card(Int(move.from), replay.heights[Int(move.from)] - Int(move.count))
            } else if move.from < OpenMove.firstFoundation {
                card = replay.cells[Int(move.from - OpenMove.firstCell)]
            } else {
                card = replay.foundationTop(Int(move.from - OpenMove.firstFoundation))
            }
            guard playOnTable(from: move.from, to: move.to, count: Int(move.count), card: card) else {
                failed = true
                return
            }
            let undo = replay.play(move)
            for entry in replay.foldLog.suffix(Int(undo.folded)) {
                let folded = UInt8(entry & 0xFF)
                guard
                    playOnTable(
                        from: OpenPlace(entry >> 8), to: OpenMove.firstFoundation + folded >> 4, count: 1, card: folded)
                else {
                    failed = true
                    return
                }
            }
        }
        guard rules.isWon(state) else {
            failed = true
            return
        }
        solutionMoves = played
        verdict = .solved
    }
}
