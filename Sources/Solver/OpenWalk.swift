// One depth-first walk of an open game's positions (OpenBoard.swift) from the start, as the open
// games' search (OpenSearch.swift) runs them: a walk may be started again from the start with its
// table emptied (an attempt), or run on across many turns without ever starting again.
//
// Moves. Every legal move is listed, a run as one move where the rules let it go at once (a
// supermove, as far as the free-cell limit allows): a card to its foundation, a run (each length
// of it the limit allows) onto a column whose top card it lies in order on, onto the first empty
// column (the columns are alike) unless it is the whole of its column, a card into the first
// empty cell (the cells are alike), a card from a cell onto a column, and, where the rules let
// cards come back, a foundation's top card onto a column or into a cell. Safe cards go up by
// themselves (OpenBoard.swift). They are tried best first: by the promise of the position each
// leads to (OpenBoard.swift), shaken a little in an attempt after the first.
//
// A seeking walk leaves out the cards that come back off the foundations and follows only the
// ``seekingWidth`` best children of a position: it finds wins as soon, and running dry proves
// nothing. A whole walk leaves no move out, and one that runs dry has seen every position (unless
// it cut a path short at its stack's limit): the game is lost.
//
// A position is claimed in the table when it is expanded; its children are looked up when they
// are listed and skipped when seen. The table forgets once full (PositionTable.swift); the keys
// of the positions on the path from the start are kept apart, and a move back to one of them is
// never followed (so no card moves straight back), so a position forgotten costs work done twice,
// never a position left out. Keys are 64-bit hashes, as in the general searches
// (docs/ARCHITECTURE.md says what that means for a proof).

/// A depth-first walk of an open game's positions, played and taken back on its own board.
struct OpenWalk {
    /// What a walk's run ended with.
    enum Outcome {
        /// It expanded as many positions as it was given, and may go on.
        case running
        /// It found a win: the moves from the start.
        case won([OpenMove])
        /// It has no position left to expand; `proves` when that shows the game lost.
        case ranDry(proves: Bool)
    }

    /// The most children a seeking walk follows from a position, the best ones.
    static let seekingWidth = 2
    /// How far an attempt after the first may move a move in the order, in points of its score.
    static let shake: UInt64 = 300

    private var board: OpenBoard
    private var table: PositionTable
    let takesBack: Bool
    /// The bytes its stack (levels, the moves still to follow, the path's keys) may take.
    let stackLimit: Int
    /// The walk cut a path short at ``stackLimit``: running dry proves nothing.
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
    /// Scratch: per identity on top of a column, those columns, a bit each (read only for the tops
    /// of the position being expanded); per column, the length of the run listed onto it.
    private var topColumns = [UInt16](repeating: 0, count: 64)
    private var runLength = [UInt8](repeating: 0, count: OpenShape.maxColumns)
    /// What the move to the position being expanded did (none for the start).
    private var expanding: OpenUndo?
    /// It leaves cards coming back off the foundations out, and all but the best children.
    private var seeking = false
    /// It shakes the order of the children.
    private var shakes = false
    /// The noise that shakes the order, drawn on from one attempt to the next.
    private var restarts = Restarts()

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

    /// A walk from `start` (its safe cards folded already), with a table of `memory` bytes at most
    /// and a stack of `stackLimit` bytes.
    init(start: OpenBoard, takesBack: Bool, memory: Int, stackLimit: Int) {
        board = start
        self.takesBack = takesBack
        table = PositionTable.forgetting(within: memory)
        self.stackLimit = stackLimit
        children.reserveCapacity(min(stackLimit / MemoryLayout<Child>.stride, 1 << 16))
    }

    /// Starts the walk again from the start, its table emptied, and expands the start (one
    /// position, counted in `positions`).
    mutating func restart(seeking: Bool, shakes: Bool, positions: inout Int) -> Outcome {
        while let level = levels.popLast() {
            if let undo = level.undo { board.takeBack(undo) }
        }
        children.removeAll(keepingCapacity: true)
        cutShort = false
        if table.count > 0 { table.removeAll() }
        path.removeAll()
        self.seeking = seeking
        self.shakes = shakes
        positions += 1
        let key = board.key
        _ = table.insert(key)
        _ = path.insert(key)
        if let moves = expand(undo: nil, key: key) { return .won(moves) }
        return .running
    }

    /// Walks on until it ends or `positions` reaches `limit`, counting each position it expands.
    mutating func run(positions: inout Int, upTo limit: Int) -> Outcome {
        while positions < limit {
            guard let level = levels.last else { return .ranDry(proves: !seeking && !cutShort) }
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
            // A path as deep as the memory allows goes no further: the walk then proves nothing.
            if stackBytes > stackLimit {
                cutShort = true
                continue
            }
            // Reached and expanded below a sibling since it was listed: nothing new.
            guard table.insert(child.key) else { continue }
            let undo = board.play(child.move)
            _ = path.insert(child.key)
            positions += 1
            if let moves = expand(undo: undo, key: child.key) { return .won(moves) }
        }
        return .running
    }

    /// Lists the moves of the board's position, reached by `undo`, and pushes them as a level,
    /// best first; returns the moves of the win when a move won.
    private mutating func expand(undo: OpenUndo?, key: UInt64) -> [OpenMove]? {
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
        // The columns' top cards, a bit each, and whose top each is (with two decks, twins may
        // top two columns): the columns a card may go onto are then the tops among the cards it
        // lies in order on.
        var tops: UInt64 = 0
        for column in 0..<columns where board.heights[column] > 0 {
            let top = board.top(column)
            if tops & 1 << UInt64(top) == 0 { topColumns[Int(top)] = 0 }
            tops |= 1 << UInt64(top)
            topColumns[Int(top)] |= 1 << UInt16(column)
        }

        for from in 0..<columns {
            let height = board.heights[from]
            guard height > 0 else { continue }
            let source = OpenPlace(from)
            let top = board.top(from)
            if board.goesUp(top),
                let won = consider(OpenMove(from: source, to: OpenMove.firstFoundation + top >> 4, count: 1))
            {
                return won
            }
            let run = board.movableRun(from)
            let most = min(run, ontoColumn)
            // Runs build down one rank a card: at most one length fits a column. The columns in
            // their order, as the moves are listed.
            var targets: UInt32 = 0
            for count in stride(from: 1, through: most, by: 1) {
                var onto = board.parents[Int(board.card(from, height - count))] & tops
                while onto != 0 {
                    var there = UInt32(topColumns[onto.trailingZeroBitCount]) & ~targets & ~(1 << UInt32(from))
                    onto &= onto &- 1
                    targets |= there
                    while there != 0 {
                        runLength[there.trailingZeroBitCount] = UInt8(count)
                        there &= there &- 1
                    }
                }
            }
            while targets != 0 {
                let to = targets.trailingZeroBitCount
                targets &= targets &- 1
                if let won = consider(OpenMove(from: source, to: OpenPlace(to), count: runLength[to])) { return won }
            }
            if let empty = firstEmptyColumn {
                // A whole column onto an empty one: the same position.
                let most = min(run, ontoEmpty, height - 1)
                for count in stride(from: 1, through: most, by: 1)
                where board.emptyTakes(board.card(from, height - count)) {
                    if let won = consider(OpenMove(from: source, to: OpenPlace(empty), count: UInt8(count))) {
                        return won
                    }
                }
            }
            if let cell = firstEmptyCell, let won = consider(OpenMove(from: source, to: cell, count: 1)) { return won }
        }
        for cell in 0..<board.cellCount {
            let card = board.cells[cell]
            guard card != 0 else { continue }
            let source = OpenMove.firstCell + OpenPlace(cell)
            if board.goesUp(card),
                let won = consider(OpenMove(from: source, to: OpenMove.firstFoundation + card >> 4, count: 1))
            {
                return won
            }
            if let won = considerOntoColumns(card, from: source, tops: tops) { return won }
            if let empty = firstEmptyColumn, board.emptyTakes(card) {
                if let won = consider(OpenMove(from: source, to: OpenPlace(empty), count: 1)) { return won }
            }
        }
        if takesBack && !seeking {
            for suit in 0..<4 where board.foundation[suit] > 0 {
                let card = board.foundationTop(suit)
                let source = OpenMove.firstFoundation + OpenPlace(suit)
                if let won = considerOntoColumns(card, from: source, tops: tops) { return won }
                if let empty = firstEmptyColumn, board.emptyTakes(card) {
                    if let won = consider(OpenMove(from: source, to: OpenPlace(empty), count: 1)) { return won }
                }
                if let cell = firstEmptyCell, let won = consider(OpenMove(from: source, to: cell, count: 1)) {
                    return won
                }
            }
        }
        // The table's slots of every child were read above, so that the processor waited for
        // their memory at once; a position is claimed when it is expanded, not when listed.
        for child in listed where !table.contains(child.key) && !path.contains(child.key) { children.append(child) }
        if seeking && children.count - first > Self.seekingWidth {
            keepTheBest(from: first)
        } else {
            sortBestFirst(from: first)
        }
        levels.append(Level(first: first, end: children.count, next: first, undo: undo, key: key))
        return nil
    }

    /// Orders the children from `first` on best first, by insertion (a few dozen at most), those of
    /// one promise in the order they were listed.
    private mutating func sortBestFirst(from first: Int) {
        children.withUnsafeMutableBufferPointer { stack in
            for index in stride(from: first + 1, to: stack.count, by: 1) {
                let child = stack[index]
                var place = index
                while place > first && stack[place - 1].order < child.order {
                    stack[place] = stack[place - 1]
                    place -= 1
                }
                stack[place] = child
            }
        }
    }

    /// Keeps only the ``seekingWidth`` best children from `first` on, best first: the ones sorting
    /// would put first, picked in one pass each.
    private mutating func keepTheBest(from first: Int) {
        for slot in first..<(first + Self.seekingWidth) {
            var best = slot
            for index in (slot + 1)..<children.count where children[index].order > children[best].order {
                best = index
            }
            if best != slot {
                // Those listed between keep their order, as a stable sort would leave them.
                let child = children[best]
                var place = best
                while place > slot {
                    children[place] = children[place - 1]
                    place -= 1
                }
                children[slot] = child
            }
        }
        children.removeSubrange((first + Self.seekingWidth)...)
    }

    /// Considers a card of a cell or a foundation onto each column whose top it lies in order
    /// on, the columns in their order.
    @inline(__always)
    private mutating func considerOntoColumns(_ card: UInt8, from source: OpenPlace, tops: UInt64) -> [OpenMove]? {
        var onto = board.parents[Int(card)] & tops
        var targets: UInt32 = 0
        while onto != 0 {
            targets |= UInt32(topColumns[onto.trailingZeroBitCount])
            onto &= onto &- 1
        }
        while targets != 0 {
            let to = targets.trailingZeroBitCount
            targets &= targets &- 1
            if let won = consider(OpenMove(from: source, to: OpenPlace(to), count: 1)) { return won }
        }
        return nil
    }

    /// Sees where a move leads (foreseen, or else played and taken back): returns the moves of
    /// the win when it won; otherwise the position is listed with its promise.
    private mutating func consider(_ move: OpenMove) -> [OpenMove]? {
        if let (key, promise) = board.foresee(move) {
            touched &+= table.firstSlot(of: key)
            let order = promise * 4 + (shakes ? restarts.shaken(below: Self.shake) : 0)
            listed.append(Child(move: move, key: key, order: order))
            return nil
        }
        let undo = board.play(move)
        let order = board.promise() * 4
        if board.isWon {
            let moves = levels.compactMap { $0.undo?.move } + (expanding.map { [$0.move] } ?? []) + [move]
            board.takeBack(undo)
            return moves
        }
        let key = board.key
        board.takeBack(undo)
        touched &+= table.firstSlot(of: key)
        listed.append(Child(move: move, key: key, order: order + (shakes ? restarts.shaken(below: Self.shake) : 0)))
        return nil
    }
}
