import Solitaire

// The open games' own search (OpenShape.swift says which games): depth first over the family's
// own positions (OpenBoard.swift), the moves of each ordered as a player orders them, with
// restarts.
//
// Moves. Every legal move is listed, a run as one move where the rules let it go at once (a
// supermove, as far as the free-cell limit allows): a card to its foundation, a run (each length
// of it the limit allows) onto a column whose top card it lies in order on, onto the first empty
// column (the columns are alike) unless it is the whole of its column, a card into the first
// empty cell (the cells are alike), a card from a cell onto a column, and, where the rules let
// cards come back, a foundation's top card onto a column or into a cell. Safe cards go up by
// themselves (OpenBoard.swift). They are tried best first: by the promise of the position each leads to
// (OpenBoard.swift).
//
// Two kinds of attempt take turns when cards may come back off the foundations. A seeking
// attempt leaves those moves out; it finds wins as soon, and running dry proves nothing. A whole
// attempt leaves no move out, and one that sees every position proves the game lost. When cards
// may not come back every attempt is whole.
//
// Restarts. A depth-first search that takes a bad turn early spends millions of positions below
// it: each attempt after the first shakes the order, starts from an emptied table and may expand
// the positions Luby's sequence gives (for its kind) times ``firstAttempt``, until a win or a
// whole attempt that runs dry (Restarts.swift).
//
// A position is claimed in the table when it is expanded; its children are looked up when they
// are listed and skipped when seen. The table forgets once full (PositionTable.swift); the keys
// of the positions on the path from the start are kept apart, and a move back to one of them is
// never followed (so no card moves straight back), so a position forgotten costs work done twice,
// never a position left out. Keys are 64-bit hashes, as in the general searches
// (docs/ARCHITECTURE.md says what that means for a proof).
//
// A win found is played back on the table's own rules, move by move.

/// One search of an open game (OpenShape.swift) from a position of the table.
struct OpenSearch {
    /// Positions the first attempt may expand; the others get this times a term of Luby's sequence.
    static let firstAttempt = 512
    /// How far an attempt after the first may move a move in the order, in points of its score.
    static let shake: UInt64 = 300
    /// The most children a seeking attempt follows from a position, the best ones.
    static let seekingWidth = 2

    let shape: OpenShape
    let rules: any Rules
    let start: GameState
    /// A whole attempt that runs dry has seen every position: it proves.
    var proves: Bool { true }
    /// It found a win the rules refused to play back, and stopped.
    private(set) var failed = false
    /// Positions expanded, over all attempts.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []

    private let startBoard: OpenBoard
    private var board: OpenBoard
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
    private var attemptLimit = OpenSearch.firstAttempt
    /// The attempt leaves cards coming back off the foundations out: it seeks a win, and running
    /// dry proves nothing.
    private var pruning: Bool
    /// Attempts of each kind so far.
    private var seeking = 0
    private var whole = 0
    private var attemptPositions = 0
    private var restarts = Restarts()
    private var started = false
    /// What the move to the position being expanded did (none for the start).
    private var expanding: OpenUndo?

    private struct Level {
        var first: Int
        var end: Int
        var next: Int
        /// What the move that led here did (none for the start), and the position's key.
        var undo: OpenUndo?
        var key: UInt64
    }

    private struct Child {
        var move: OpenMove
        var key: UInt64
        var order: Int
    }

    /// The search's position for a position of the table; `nil` when it is not one the search can
    /// hold: other piles than the layout's, a card face down, a cell with more than one card, a
    /// foundation that is not its suit from the Ace up, or cards that are not one deck.
    static func board(of start: GameState, shape: OpenShape, model: SolverModel) -> OpenBoard? {
        guard start.piles.count == shape.pileCount else { return nil }
        var seen: UInt64 = 0
        var count = 0
        func take(_ card: PileCard) -> UInt8? {
            let identity = card.raw & 0x3F
            guard card.faceUp, card.raw & 0x40 == 0, (1...13).contains(identity & 0x0F),
                seen & 1 << UInt64(identity) == 0
            else { return nil }
            seen |= 1 << UInt64(identity)
            count += 1
            return identity
        }
        var foundation = [UInt8](repeating: 0, count: 4)
        for pile in shape.foundations {
            let cards = start.piles[pile]
            guard let first = cards.first else { continue }
            let suit = first.suitIndex
            guard foundation[suit] == 0 else { return nil }
            for (place, card) in cards.enumerated() {
                guard card.suitIndex == suit, card.rank == place + 1, take(card) != nil else { return nil }
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
        guard count == 52 else { return nil }
        return OpenBoard(
            columns: columns, cells: cells, foundation: foundation, shape: shape, folds: model.folds,
            mustBeUp: model.mustBeUp)
    }

    /// `nil` when the position is not one the search can hold (``board(of:shape:model:)``).
    init?(shape: OpenShape, model: SolverModel, rules: any Rules, start: GameState, memory: Int) {
        guard let board = Self.board(of: start, shape: shape, model: model) else { return nil }
        self.shape = shape
        self.rules = rules
        self.start = start
        startBoard = board
        self.board = board
        self.board.foldAtStart()
        pruning = true
        seeking = 1
        table = PositionTable.forgetting(within: memory)
        stackLimit = max(memory / 8, 64 << 10)
        children.reserveCapacity(min(stackLimit / MemoryLayout<Child>.stride, 1 << 16))
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
            let child = children[level.next]
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

    /// Starts the next attempt: where cards may come back, seeking and whole attempts take turns,
    /// each kind as long as Luby's sequence says; returns whether the search ended.
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
        let key = board.key
        _ = table.insert(key)
        _ = path.insert(key)
        return expand(undo: nil, key: key)
    }

    /// Lists the moves of the board's position, reached by `undo`, and pushes them as a level,
    /// best first; returns whether the search ended (a move won).
    private mutating func expand(undo: OpenUndo?, key: UInt64) -> Bool {
        expanding = undo
        listed.removeAll(keepingCapacity: true)
        let first = children.count
        let columns = board.columnCount
        let emptyCells = board.emptyCells
        let firstEmptyCell = board.firstEmptyCell.map { OpenMove.firstCell + OpenPlace($0) }
        let emptyColumns = board.emptyCountingColumns
        let firstEmptyColumn = board.heights.firstIndex(of: 0)
        let ontoColumn = board.runLimit(cells: emptyCells, columns: emptyColumns)
        let ontoEmpty = board.runLimit(cells: emptyCells, columns: max(0, emptyColumns - 1))

        for from in 0..<columns {
            let height = board.heights[from]
            guard height > 0 else { continue }
            let source = OpenPlace(from)
            let top = board.top(from)
            if board.goesUp(top), consider(OpenMove(from: source, to: OpenMove.firstFoundation + top >> 4, count: 1)) {
                return true
            }
            let run = board.movableRun(from)
            let most = min(run, ontoColumn)
            for to in 0..<columns where to != from && board.heights[to] > 0 {
                let onto = board.top(to)
                // Runs build down one rank a card: only one length may fit.
                let count = most == 1 ? 1 : Int(onto & 0x0F) - Int(top & 0x0F)
                guard count >= 1 && count <= most, board.liesInOrder(board.card(from, height - count), on: onto) else {
                    continue
                }
                if consider(OpenMove(from: source, to: OpenPlace(to), count: UInt8(count))) { return true }
            }
            if let empty = firstEmptyColumn {
                // A whole column onto an empty one: the same position.
                let most = min(run, ontoEmpty, height - 1)
                for count in stride(from: 1, through: most, by: 1)
                where board.emptyTakes(board.card(from, height - count)) {
                    if consider(OpenMove(from: source, to: OpenPlace(empty), count: UInt8(count))) { return true }
                }
            }
            if let cell = firstEmptyCell, consider(OpenMove(from: source, to: cell, count: 1)) { return true }
        }
        for cell in 0..<board.cellCount {
            let card = board.cells[cell]
            guard card != 0 else { continue }
            let source = OpenMove.firstCell + OpenPlace(cell)
            if board.goesUp(card), consider(OpenMove(from: source, to: OpenMove.firstFoundation + card >> 4, count: 1))
            {
                return true
            }
            for to in 0..<columns where board.heights[to] > 0 && board.liesInOrder(card, on: board.top(to)) {
                if consider(OpenMove(from: source, to: OpenPlace(to), count: 1)) { return true }
            }
            if let empty = firstEmptyColumn, board.emptyTakes(card) {
                if consider(OpenMove(from: source, to: OpenPlace(empty), count: 1)) { return true }
            }
        }
        if shape.takesBack && !pruning {
            for suit in 0..<4 where board.foundation[suit] > 0 {
                let card = UInt8(suit << 4) | board.foundation[suit]
                let source = OpenMove.firstFoundation + OpenPlace(suit)
                for to in 0..<columns where board.heights[to] > 0 && board.liesInOrder(card, on: board.top(to)) {
                    if consider(OpenMove(from: source, to: OpenPlace(to), count: 1)) { return true }
                }
                if let empty = firstEmptyColumn, board.emptyTakes(card) {
                    if consider(OpenMove(from: source, to: OpenPlace(empty), count: 1)) { return true }
                }
                if let cell = firstEmptyCell, consider(OpenMove(from: source, to: cell, count: 1)) { return true }
            }
        }
        // The table's slots of every child were read above, so that the processor waited for
        // their memory at once; a position is claimed when it is expanded, not when listed.
        for child in listed where !table.contains(child.key) && !path.contains(child.key) { children.append(child) }
        // Best first.
        children[first...].sort { $0.order > $1.order }
        if pruning && children.count - first > Self.seekingWidth {
            children.removeSubrange((first + Self.seekingWidth)...)
        }
        levels.append(Level(first: first, end: children.count, next: first, undo: undo, key: key))
        return false
    }

    /// Plays a move to see where it leads: a win ends the search (returns `true`); a position is
    /// listed with its score.
    private mutating func consider(_ move: OpenMove) -> Bool {
        let undo = board.play(move)
        let order = board.promise() * 4
        if board.isWon {
            let path = levels.compactMap { $0.undo?.move } + (expanding.map { [$0.move] } ?? []) + [move]
            board.takeBack(undo)
            finish(path)
            return true
        }
        let key = board.key
        board.takeBack(undo)
        touched &+= table.firstSlot(of: key)
        listed.append(
            Child(move: move, key: key, order: order + (attempt > 0 ? restarts.shaken(below: Self.shake) : 0)))
        return false
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
                let suit = Int(move.from - OpenMove.firstFoundation)
                card = UInt8(suit << 4) | replay.foundation[suit]
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
