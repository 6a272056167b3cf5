import Solitaire

// Gaps' own search (GapsShape.swift says which games): depth first over the grid of cells, a
// card a byte, changed in place by a move and back when the search backs up.
//
// A move fills a gap with the one card its left neighbour asks for (any 2 at a row's start), so
// a position has a handful of moves, and the rules' hooks are asked nothing for them: a script
// that answers every move costs about a millisecond a position, the grid a few nanoseconds. A
// redeal is the exception: the cards it deals are the rules' (a shuffle the position seeds), so
// the search hands the position to the rules, clicks the redeal pile and reads the grid back. A
// redeal is tried last, after every move of the position.
//
// The key is a Zobrist hash of the grid (a random word per cell and card, the words of the
// cards where they lie added up by exclusive or, which a move changes by four words) mixed with
// the redeals left. Two positions may share a key, as in the general searches
// (docs/ARCHITECTURE.md says what that means for a proof). The 2s may go from one row's start to
// another's and back, so a path can come back on itself: as in Klondike's search, the positions
// of the path are kept apart, and once the table has forgotten one, a move onto the path is not
// followed (DepthFirstSearch.swift tells why a proof still holds). Every legal move is followed,
// so a search that runs dry proves the position lost, unless it cut a path short.
//
// A win found is played back on the table's own rules, move by move.

/// One search of a Gaps game (GapsShape.swift) from a position of the table.
struct GapsSearch {
    let shape: GapsShape
    let rules: any Rules
    let start: GameState
    /// It sees every position, so running dry proves the game lost, unless it cut a path short
    /// or a redeal gave a position it cannot hold.
    var proves: Bool { !cutShort }
    private(set) var cutShort = false
    /// It found a win the rules refused to play back, and stopped.
    private(set) var failed = false
    /// Positions expanded.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []

    /// A card a byte: `suit * 13 + rank - 1`; ``empty`` for a gap.
    private var grid: [UInt8]
    /// Per card, the cell it lies in.
    private var cellOf: [UInt8]
    private var redealsLeft: Int
    private var key: UInt64
    /// A random word per cell and card, at `cell * 52 + card`.
    private let words: [UInt64]
    /// The table's cards as the start holds them (face up), per card.
    private let pileCards: [PileCard]

    private var table: PositionTable
    private var path = PositionTable(capacity: 64)
    private var levels: [Level] = []
    private var children: [Child] = []
    /// The grids and redeals left before each redeal of the path, to go back to.
    private var beforeRedeals: [([UInt8], Int)] = []
    private let stackLimit: Int
    private var started = false

    static let empty: UInt8 = 0xFF
    static let cellCount = GapsShape.rows * GapsShape.columns

    /// A move: a card from cell `from` into the gap `to`, or a redeal (``redeal`` as `from`).
    private struct Step {
        var from: UInt8
        var to: UInt8
    }
    private static let redeal: UInt8 = 0xFE
    /// The move that led to the start.
    private static let none = Step(from: 0xFF, to: 0xFF)

    private struct Level {
        var key: UInt64
        var first: Int
        var end: Int
        var next: Int
        var move: Step
        var expandedAt: Int
    }

    private struct Child {
        var move: Step
        /// The key after the move; a redeal's is known only once dealt.
        var key: UInt64
    }

    /// The grid and the cards of a position, `nil` when the search cannot hold it: piles other
    /// than the layout's, a card in the stock, a cell of more than one card or one face down,
    /// other than the four Aces on the foundation and the other 48 cards in the cells.
    static func packing(of state: GameState, shape: GapsShape) -> (grid: [UInt8], cards: [PileCard])? {
        guard state.piles.count == shape.pileCount, state.piles[shape.stock].isEmpty else { return nil }
        let aces = state.piles[shape.foundation]
        guard aces.count == 4, aces.allSatisfy({ $0.rank == 1 }) else { return nil }
        var grid = [UInt8](repeating: empty, count: cellCount)
        var cards = [PileCard](repeating: PileCard(raw: 0), count: 52)
        var seen: UInt64 = 0
        for (cell, pile) in shape.cells.enumerated() {
            let pileCards = state.piles[pile]
            guard pileCards.count <= 1 else { return nil }
            guard let card = pileCards.first else { continue }
            guard card.faceUp, card.rank >= 2 else { return nil }
            let identity = card.suitIndex * 13 + card.rank - 1
            guard seen & 1 << UInt64(identity) == 0 else { return nil }
            seen |= 1 << UInt64(identity)
            grid[cell] = UInt8(identity)
            cards[identity] = card
        }
        guard seen.nonzeroBitCount == 48 else { return nil }
        return (grid, cards)
    }

    /// `nil` when the position is not one the search can hold (``packing(of:shape:)``).
    init?(shape: GapsShape, rules: any Rules, start: GameState, memory: Int) {
        guard let (grid, cards) = Self.packing(of: start, shape: shape) else { return nil }
        self.shape = shape
        self.rules = rules
        self.start = start
        self.grid = grid
        pileCards = cards
        redealsLeft = start.redealsLeft
        var generator = SplitMix64(seed: 0x6A09_E667_F3BC_C908)
        words = (0..<(Self.cellCount * 52)).map { _ in generator.next() }
        cellOf = [UInt8](repeating: 0, count: 52)
        key = 0
        table = PositionTable.forgetting(within: memory)
        table.keepsLargeSearches = true
        stackLimit = max(0, memory - PositionTable.slotsWithin(memory) * 9)
        children.reserveCapacity(256)
        key = gridKey()
    }

    /// The key of the grid as it is, with the redeals left.
    private mutating func gridKey() -> UInt64 {
        var hash: UInt64 = 0
        for cell in 0..<Self.cellCount where grid[cell] != Self.empty {
            cellOf[Int(grid[cell])] = UInt8(cell)
            hash ^= words[cell * 52 + Int(grid[cell])]
        }
        return hash ^ Self.redealWord(redealsLeft)
    }

    private static func redealWord(_ left: Int) -> UInt64 {
        var mixed = UInt64(truncatingIfNeeded: left) &+ 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// Its stack, in bytes.
    private var stackBytes: Int {
        levels.count * MemoryLayout<Level>.stride + children.count * MemoryLayout<Child>.stride
            + beforeRedeals.count * (Self.cellCount + 16)
    }

    /// Whether each row holds one suit from 2 to King from its first cell.
    private var isWon: Bool {
        for row in 0..<GapsShape.rows {
            let first = row * GapsShape.columns
            let two = grid[first]
            guard two != Self.empty, two % 13 == 1 else { return false }
            for column in 1..<(GapsShape.columns - 1) where grid[first + column] != two &+ UInt8(column) {
                return false
            }
        }
        return true
    }

    /// Searches until it ends (``verdict``) or has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil, !failed else { return }
        if !started {
            started = true
            if isWon { return finish([]) }
            guard positions < limit else { return }
            positions = 1
            if expand(move: Self.none) { return }
        }
        while positions < limit {
            guard let level = levels.last else {
                verdict = .impossible
                return
            }
            if level.next == level.end {
                children.removeSubrange(level.first...)
                path.remove(level.key)
                table.settle(level.key, searched: positions - level.expandedAt)
                levels.removeLast()
                if level.move.from != Self.none.from { undo(level.move) }
                continue
            }
            let child = children[level.next]
            levels[levels.count - 1].next += 1
            if levels.count >= SearchStack.shallowest && stackBytes > stackLimit {
                cutShort = true
                continue
            }
            if child.move.from == Self.redeal {
                guard dealAgain() else { continue }
                if table.hasForgotten && path.contains(key) || !table.insert(key) {
                    undo(child.move)
                    continue
                }
                if isWon {
                    levels.append(
                        Level(
                            key: key, first: children.count, end: children.count, next: children.count,
                            move: child.move, expandedAt: positions))
                    return finish(levels.dropFirst().map(\.move))
                }
            } else {
                apply(child.move)
            }
            positions += 1
            if expand(move: child.move) { return }
        }
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] { solutionMoves }

    /// Moves the card of cell `from` into the gap `to`.
    @inline(__always)
    private mutating func apply(_ move: Step) {
        let card = grid[Int(move.from)]
        grid[Int(move.to)] = card
        grid[Int(move.from)] = Self.empty
        cellOf[Int(card)] = move.to
        key ^= words[Int(move.from) * 52 + Int(card)] ^ words[Int(move.to) * 52 + Int(card)]
    }

    private mutating func undo(_ move: Step) {
        if move.from == Self.redeal {
            let (grid, left) = beforeRedeals.removeLast()
            self.grid = grid
            redealsLeft = left
            key = gridKey()
            return
        }
        apply(Step(from: move.to, to: move.from))
    }

    /// Deals again by the rules, from the position as it is; false (nothing changed) when the
    /// rules refuse, or deal a position the search cannot hold (then it no longer proves).
    private mutating func dealAgain() -> Bool {
        var state = start
        for (cell, pile) in shape.cells.enumerated() {
            state.piles[pile] = grid[cell] == Self.empty ? [] : [pileCards[Int(grid[cell])]]
        }
        state.redealsLeft = redealsLeft
        let click = Move.stock(shape.stock)
        guard rules.allows(click, in: state) else { return false }
        _ = rules.apply(click, to: &state)
        guard let (dealt, _) = Self.packing(of: state, shape: shape) else {
            cutShort = true
            return false
        }
        beforeRedeals.append((grid, redealsLeft))
        grid = dealt
        redealsLeft = state.redealsLeft
        key = gridKey()
        return true
    }

    /// Lists the moves of the position as it is and pushes them as a level; returns whether the
    /// search ended (a move won).
    private mutating func expand(move: Step) -> Bool {
        _ = path.insert(key)
        let first = children.count
        // Into the gap right after a row's run from its 2 first, then the others, a redeal last.
        for pass in 0..<2 {
            for row in 0..<GapsShape.rows {
                let first = row * GapsShape.columns
                var run = 0
                if grid[first] != Self.empty && grid[first] % 13 == 1 {
                    run = 1
                    while run < GapsShape.columns - 1 && grid[first + run] == grid[first] &+ UInt8(run) { run += 1 }
                }
                for column in 0..<GapsShape.columns {
                    let gap = first + column
                    guard grid[gap] == Self.empty, (column == run) == (pass == 0) else { continue }
                    if column == 0 {
                        for suit in 0..<4 {
                            let cell = cellOf[suit * 13 + 1]
                            if grid[Int(cell)] == UInt8(suit * 13 + 1) { list(Step(from: cell, to: UInt8(gap))) }
                        }
                        continue
                    }
                    let left = grid[gap - 1]
                    guard left != Self.empty, left % 13 != 12 else { continue }
                    list(Step(from: cellOf[Int(left) + 1], to: UInt8(gap)))
                }
            }
        }
        var won = false
        for index in first..<children.count {
            apply(children[index].move)
            won = isWon
            undo(children[index].move)
            if won {
                let winning = children[index].move
                children.removeSubrange(first...)
                levels.append(
                    Level(key: key, first: first, end: first, next: first, move: move, expandedAt: positions))
                finish(levels.dropFirst().map(\.move) + [winning])
                return true
            }
        }
        // Keep the moves to positions not seen.
        var kept = first
        for index in first..<children.count {
            let child = children[index]
            if table.hasForgotten && path.contains(child.key) { continue }
            if table.insert(child.key) {
                children[kept] = child
                kept += 1
            }
        }
        children.removeSubrange(kept...)
        if redealsLeft > 0 { children.append(Child(move: Step(from: Self.redeal, to: 0), key: 0)) }
        levels.append(
            Level(key: key, first: first, end: children.count, next: first, move: move, expandedAt: positions))
        return false
    }

    /// Appends a card's move into a gap with the key it leads to.
    @inline(__always)
    private mutating func list(_ move: Step) {
        let card = Int(grid[Int(move.from)])
        let next = key ^ words[Int(move.from) * 52 + card] ^ words[Int(move.to) * 52 + card]
        children.append(Child(move: move, key: next))
    }

    private mutating func finish(_ steps: [Step]) {
        let moves = steps.map { step in
            step.from == Self.redeal
                ? Move.stock(shape.stock)
                : Move.transfer(from: shape.cells[Int(step.from)], to: shape.cells[Int(step.to)], count: 1)
        }
        guard let won = replayedWin(moves, rules: rules, from: start) else {
            failed = true
            return
        }
        solutionMoves = won
        verdict = .solved
    }
}
