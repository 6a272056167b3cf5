import Solitaire

// The own search of the games of columns and a stock (ColumnsShape.swift says which): depth first
// over the family's own positions (ColumnsBoard.swift), the moves of each ordered as a player
// orders them, with restarts, as Spider's search (SpiderSearch.swift) goes about it.
//
// Moves. Every legal move is listed but those that lead to the same position up to alike piles:
// a card or run from a column (each length the rules let move) onto a column that takes it, the
// top card of a column or of the waste onto its foundation, a card back off a foundation onto a
// column (when the rules allow it), and the stock's click. Left out, for they change nothing but
// which of two alike piles holds what: a card from one foundation to another, a whole column onto
// an empty one and a move onto any empty column but the first, once the stock deals no more to
// the columns in their order (the key then hashes the columns as a multiset).
//
// Safe cards go to the foundations by themselves, folded into the move before them
// (ColumnsBoard.swift, SolverModel.swift).
//
// They are tried best first (``score(_:)``): a card to a foundation, a card turned up (the more so
// the fewer stay face down in its column), a column emptied, a card from the waste; then the
// stock's click; then a run split, an empty column filled and a card taken back off a foundation.
//
// Two kinds of attempt take turns. A seeking attempt leaves out shuffles (a card or run lifted off
// a card it lies on in order, onto another card) and cards taken back off the foundations; it
// finds wins sooner, but running dry proves nothing. A whole attempt leaves no move out, and one
// that sees every position proves the game lost. Each attempt after the first shakes the order,
// starts from an emptied table and may expand the positions Luby's sequence gives (for its kind)
// times ``firstAttempt``, until a win or a whole attempt that runs dry.
//
// A position is claimed in the table when it is expanded; its children are looked up when they
// are listed and skipped when seen. The table forgets once full (PositionTable.swift); the keys of
// the positions on the path from the start are kept apart, and a move back to one of them (a card
// moved straight back) is never followed, so a position forgotten costs work done twice, never a
// position left out. Keys are 64-bit hashes, as in the general searches (docs/ARCHITECTURE.md says
// what that means for a proof).
//
// A win found is played back on the table's own rules, move by move.

/// One search of a game of columns and a stock (ColumnsShape.swift) from a position of the table.
struct ColumnsSearch {
    /// Positions the first attempt may expand; the others get this times a term of Luby's sequence.
    static let firstAttempt = 4096
    /// How far an attempt after the first may move a move in the order, in points of its score.
    static let shake: UInt64 = 400

    let shape: ColumnsShape
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

    private var board: ColumnsBoard
    /// The log's length at the start, after the start's own folds.
    private let startMark: Int
    private var table: PositionTable
    /// The bytes its stack may take: an eighth of its memory (the table takes at most half).
    let stackLimit: Int
    /// The stock's turns are walked to the card played (ColumnsBoard+Moves.swift) when it turns
    /// without limit. (Walked with limited redeals too, the Forty Thieves family decided fewer:
    /// over deals 1..10 in 2 s, Josephine 3 instead of 6, Streets 6 instead of 8.)
    var walksTurns: Bool { shape.waste != nil && shape.unlimitedRedeals }
    /// The attempt cut a path short at ``stackLimit``: running dry proves nothing.
    private var cutShort = false
    var stackBytes: Int {
        levels.count * MemoryLayout<Level>.stride + children.count * MemoryLayout<Child>.stride + path.bytes
    }
    /// The keys of the positions from the start to the one being expanded.
    private var path = PositionTable(capacity: 256)
    private var levels: [Level] = []
    private var children: [Child] = []
    /// Scratch: the moves of the position being expanded, and a sum of table slots read early.
    private var listed: [Child] = []
    private var moves: [ColumnsMove] = []
    private var touched: UInt64 = 0

    private var attempt = 0
    private var attemptLimit = ColumnsSearch.firstAttempt
    /// The attempt leaves shuffles and cards taken back out: it seeks a win, and running dry
    /// proves nothing. Attempts take turns, seeking first.
    private var pruning = true
    private var seeking = 1
    private var whole = 0
    private var attemptPositions = 0
    private var restarts = Restarts()
    private var started = false

    private struct Level {
        var first: Int
        var end: Int
        var next: Int
        /// The log's mark before the move that led here (none for the start), and the key.
        var mark: Int?
        var key: UInt64
    }

    private struct Child {
        var move: ColumnsMove
        var key: UInt64
        var order: Int
    }

    /// The search's position for a position of the table; `nil` when it is not one the search can
    /// hold: other piles than the layout's, a face-down card above a face-up one or on top of a
    /// column, a face-down card on the waste or the foundations, a foundation that is not its
    /// base's rank up in one suit (a dealt base not dealt yet), or unlimited redeals.
    static func board(of start: GameState, shape: ColumnsShape) -> ColumnsBoard? {
        guard start.piles.count == shape.pileCount, shape.unlimitedRedeals || start.redealsLeft < 256 else {
            return nil
        }
        let base: Int
        switch shape.foundationBase {
        case .rank(let rank): base = rank
        case .dealt: base = start.dealtBase
        case .any: return nil
        }
        guard (1...13).contains(base) else { return nil }
        var tops: [UInt8] = []
        var upCount = 0
        for pile in shape.foundations {
            let cards = start.piles[pile]
            guard
                cards.count <= 13,
                cards.enumerated().allSatisfy({
                    $1.faceUp && $1.rank == (base - 1 + $0) % 13 + 1 && $1.suitIndex == cards[0].suitIndex
                })
            else { return nil }
            tops.append(cards.last.map { $0.raw & 0x3F } ?? 0)
            upCount += cards.count
        }
        var columns: [[PileCard]] = []
        for pile in shape.columns {
            let cards = start.piles[pile]
            let down = cards.prefix { !$0.faceUp }.count
            guard cards.dropFirst(down).allSatisfy(\.faceUp), cards.isEmpty || cards.last!.faceUp else { return nil }
            columns.append(cards)
        }
        let waste = shape.waste.map { start.piles[$0] } ?? []
        guard waste.allSatisfy(\.faceUp) else { return nil }
        let stock = shape.stock.map { start.piles[$0] } ?? []
        let reserve = shape.reserve.map { start.piles[$0] } ?? []
        var cells: [PileCard?] = []
        for cell in shape.cells {
            let cards = start.piles[cell]
            guard cards.count <= 1, cards.allSatisfy(\.faceUp) else { return nil }
            cells.append(cards.first)
        }
        let total =
            columns.reduce(waste.count + stock.count + reserve.count) { $0 + $1.count } + upCount
            + cells.count { $0 != nil }
        guard total > 0, total <= 255 else { return nil }
        return ColumnsBoard(
            shape: shape, columns: columns, tops: tops, waste: waste, stock: stock, reserve: reserve, cells: cells,
            redealsLeft: shape.unlimitedRedeals ? 1 : start.redealsLeft, baseRank: UInt8(base))
    }

    /// `nil` when the position is not one the search can hold (``board(of:shape:)``).
    init?(shape: ColumnsShape, rules: any Rules, start: GameState, memory: Int) {
        guard var board = Self.board(of: start, shape: shape) else { return nil }
        board.settle()
        startMark = board.log.count
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
            if board.isWon { return finish(board.tableMoves()) }
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
                if let mark = level.mark {
                    board.takeBack(to: mark)
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
            let mark = board.play(child.move)
            _ = path.insert(child.key)
            positions += 1
            attemptPositions += 1
            if expand(mark: mark, key: child.key) { return }
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
        levels.removeAll(keepingCapacity: true)
        board.takeBack(to: startMark)
        children.removeAll(keepingCapacity: true)
        cutShort = false
        if attempt > 0 { table.removeAll() }
        path.removeAll()
        attemptPositions = 1
        positions += 1
        let key = board.key()
        _ = table.insert(key)
        _ = path.insert(key)
        return expand(mark: nil, key: key)
    }

    /// Lists the moves of the board's position and pushes them as a level, best first; returns
    /// whether the search ended (a move won).
    private mutating func expand(mark: Int?, key: UInt64) -> Bool {
        listed.removeAll(keepingCapacity: true)
        let first = children.count
        moves.removeAll(keepingCapacity: true)
        board.listMoves(seeking: pruning, walking: walksTurns, into: &moves)
        for move in moves where consider(move) { return true }
        // The table's slots of every child were read above, so that the processor waited for
        // their memory at once; a position is claimed when it is expanded, not when listed.
        for child in listed where !table.contains(child.key) && !path.contains(child.key) { children.append(child) }
        children[first...].sort { $0.order > $1.order }
        levels.append(Level(first: first, end: children.count, next: first, mark: mark, key: key))
        return false
    }

    /// Plays a move to see where it leads: a win ends the search (returns `true`); a position not
    /// seen before is listed with its score.
    private mutating func consider(_ move: ColumnsMove) -> Bool {
        var order = move.isClick ? Self.clickScore : score(move)
        let up = board.cardsUp
        let mark = board.play(move)
        if board.isWon {
            let moves = board.tableMoves()
            board.takeBack(to: mark)
            finish(moves)
            return true
        }
        // Cards folded up after the move.
        let folded = board.cardsUp - up - (board.isFoundation(move.to) && !move.isClick ? 1 : 0)
        if folded > 0 { order += 400 * folded }
        let key = board.key()
        board.takeBack(to: mark)
        touched &+= table.firstSlot(of: key)
        listed.append(
            Child(move: move, key: key, order: order + (attempt > 0 ? restarts.shaken(below: Self.shake) : 0)))
        return false
    }

    /// The click's score: after every move that gains something, before the moves that lose (a run
    /// split, an empty column filled), which it would make pointless to try first.
    static let clickScore = -100

    /// How good a move looks, before it is played: higher first.
    private func score(_ move: ColumnsMove) -> Int {
        let columns = board.columnCount
        let to = Int(move.to)
        // A card into a free cell: after what gains, before what loses; out of one: as a freed card.
        let intoCell = board.isCell(move.to) ? -1700 : 0
        if board.isCell(move.from) {
            if board.isFoundation(move.to) { return 2700 }
            return board.heights[to] == 0 ? 300 : 800
        }
        if move.from == ColumnsBoard.reservePlace {
            // A card off the reserve: what the Canfield family is won by.
            if to >= columns { return 2800 + intoCell }
            return board.heights[to] == 0 ? 700 : 900
        }
        if move.from == ColumnsBoard.wastePlace {
            // The stock's turns walked to the card come after the card on show.
            let walked = -20 * Int(move.clicks)
            if to >= columns { return 2500 + walked + intoCell }
            return (board.heights[to] == 0 ? 400 : 600) + walked
        }
        let from = Int(move.from)
        if from >= columns { return -2000 }  // a card back off a foundation
        let count = Int(move.count)
        let left = board.heights[from] - count
        var score = count
        if board.isFoundation(move.to) {
            score += 3000
        } else if board.isCell(move.to) {
            score -= 200
        } else if left == 0 && board.heights[to] == 0 {
            return -1000 + count  // a whole column onto an empty one
        }
        if left == 0 {
            score += 1500  // a column emptied
        } else if left == board.downs[from] {
            score += 1000 + 100 * max(0, 6 - left)  // a card turned up, the more so in a short column
        } else if to < columns {
            let below = Int(board.card(from, left - 1))
            let bottom = Int(board.card(from, left))
            score += shape.builds[below << 6 | bottom] ? -300 : 100  // a built run split, or a card freed
        }
        if to < columns { score += board.heights[to] == 0 ? -200 : 50 }
        return score
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
