import Solitaire

// The search: depth first from the start, each position expanded at most once.
//
// One position is kept and changed in place: a move is applied going down and reverted coming
// back (its record holds every step, automatic ones included). After each move the safe cards go
// to the foundations (SolverModel.swift) as moves of their own on the path. A position whose key
// the table already holds is not expanded again. The moves of a position are tried best first
// (MoveOrdering.swift).
//
// The first position that is won ends the search: the path is the solution. When the last
// position has been expanded with no win, the game is lost whatever is played. A budget of
// positions or time, or cancellation, ends it with `.unknown`.

/// One depth-first search from a start position.
struct DepthFirstSearch<R: Rules> {
    /// A position on the path whose moves are being tried.
    struct Frame {
        /// Its moves are `moves[start..<end]`, best first; `next` is the next to try.
        var start: Int
        var end: Int
        var next: Int
        /// `path[pathStart...]` are the records that led here from the frame below.
        var pathStart: Int
    }

    let rules: R
    let model: SolverModel
    let keyer: PositionKeyer
    let budget: SolverBudget
    let isCancelled: () -> Bool
    let startTime = ContinuousClock.now

    var state: GameState
    var table = PositionTable()
    var positions = 0
    /// The moves applied from the start, folded safe moves included.
    var path: [MoveRecord] = []
    var frames: [Frame] = []
    /// The frames' moves, one stretch per frame.
    var moves: [Move] = []
    var ordering: MoveOrdering<R>
    /// Per card identity, how many copies the game has.
    let copies: [Int]

    init(rules: R, start: GameState, budget: SolverBudget, isCancelled: @escaping () -> Bool) {
        self.rules = rules
        let model = SolverModel(rules: rules, start: start)
        self.model = model
        keyer = PositionKeyer(model: model)
        self.budget = budget
        self.isCancelled = isCancelled
        state = start
        ordering = MoveOrdering(rules: rules, model: model)
        var copies = [Int](repeating: 0, count: 64)
        for pile in start.piles { for card in pile { copies[Int(card.raw & 0x3F)] += 1 } }
        self.copies = copies
    }

    mutating func run() -> SolverResult {
        if rules.isWon(state) { return result(.solved) }
        foldSafeMoves()
        if rules.isWon(state) { return result(.solved) }
        _ = table.insert(keyer.key(state))
        if let stop = expand(pathStart: 0) { return result(stop) }
        while let frame = frames.last {
            if frame.next == frame.end {
                frames.removeLast()
                moves.removeLast(frame.end - frame.start)
                revertPath(to: frame.pathStart)
                continue
            }
            let move = moves[frame.next]
            frames[frames.count - 1].next += 1
            let pathStart = path.count
            path.append(rules.apply(move, to: &state))
            foldSafeMoves()
            if rules.isWon(state) { return result(.solved) }
            guard table.insert(keyer.key(state)) else {
                revertPath(to: pathStart)
                continue
            }
            if let stop = expand(pathStart: pathStart) { return result(stop) }
        }
        return result(.impossible)
    }

    /// Lists the moves of the current position as a new frame, unless the budget is spent or the
    /// search cancelled (then the verdict that ends the search).
    private mutating func expand(pathStart: Int) -> SolverVerdict? {
        if positions >= budget.positions { return .unknown }
        if positions & 255 == 0 && positions > 0 {
            if isCancelled() { return .unknown }
            if let seconds = budget.seconds, elapsed() >= seconds { return .unknown }
        }
        positions += 1
        let start = moves.count
        ordering.appendOrderedMoves(in: &state, to: &moves)
        frames.append(Frame(start: start, end: moves.count, next: start, pathStart: pathStart))
        return nil
    }

    private mutating func revertPath(to count: Int) {
        while path.count > count { state.revert(path.removeLast()) }
    }

    /// Plays the safe cards to the foundations, each as a move on the path.
    private mutating func foldSafeMoves() {
        guard model.folds else { return }
        var onFoundations: [Int]? = nil
        var moved = true
        while moved {
            moved = false
            for source in model.foldSources {
                guard let card = state.piles[source].last, card.faceUp else { continue }
                if onFoundations == nil { onFoundations = countOnFoundations() }
                let identity = Int(card.raw & 0x3F)
                guard model.needers[identity].allSatisfy({ onFoundations![$0] == copies[$0] }) else { continue }
                for (index, foundation) in model.foundations.enumerated() {
                    if let top = state.piles[foundation].last {
                        guard model.noChoiceOnTop[index][Int(top.raw & 0x3F)] else { continue }
                    } else {
                        guard model.fixedBase[index] else { continue }
                    }
                    let move = Move.transfer(from: source, to: foundation, count: 1)
                    guard rules.refusal(of: move, in: state) == nil else { continue }
                    path.append(rules.apply(move, to: &state))
                    onFoundations![identity] += 1
                    moved = true
                    break
                }
            }
        }
    }

    private func countOnFoundations() -> [Int] {
        var counts = [Int](repeating: 0, count: 64)
        for foundation in model.foundations {
            for card in state.piles[foundation] { counts[Int(card.raw & 0x3F)] += 1 }
        }
        return counts
    }

    private func elapsed() -> Double {
        let duration = ContinuousClock.now - startTime
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private func result(_ verdict: SolverVerdict) -> SolverResult {
        SolverResult(
            verdict: verdict, moves: verdict == .solved ? path.map(\.move) : [], positions: positions,
            seconds: elapsed())
    }
}
