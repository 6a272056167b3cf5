import Layouts
import Scripting
import Solitaire
import Solver

/// Whether the game on the table can still be won, as the status line says it.
///
/// | status line | meaning                                                       |
/// | ----------- | ------------------------------------------------------------- |
/// | `solving…`  | the solver is at work on this position                        |
/// | `winnable`  | the solver found a way to win from here                       |
/// | `lost`      | proven: no sequence of moves wins from here                   |
/// | `winnable?` | the solver's budget ran out before it could tell              |
public enum Winnability: Sendable, Equatable {
    case searching
    case winnable
    case lost
    case unknown

    /// The status line's word.
    func word(ellipsis: String) -> String {
        switch self {
        case .searching: "solving" + ellipsis
        case .winnable: "winnable"
        case .lost: "lost"
        case .unknown: "winnable?"
        }
    }
}

/// What the table knows from the solver, and what it has asked of it.
struct SolverKnowledge {
    /// The search behind "still winnable?" under way, the position it searches, and whether
    /// it is the demo's longer one.
    var analysis: (ticket: BackgroundTicket, position: GameState, long: Bool)?
    /// The positions searched and what the search said (a hint's search only when it decided).
    var verdicts: [GameState: SolverVerdict] = [:]
    /// The last winning line found: where it starts and the solver's moves.
    var solution: (start: GameState, moves: [Move])?
    /// That line as the table plays it under an autoplay mode, made when first needed.
    var line: (autoplay: AutoplayMode, solution: KnownSolution)?
    /// Whether the solver works on the rules at all, asked once.
    var applies: Bool?
    var demo: DemoState = .off
    var dealSearch: DealSearch?
    /// Positions the demo's longer search has been through: an unknown there is final.
    var searchedLong: Set<GameState> = []

    /// Verdicts kept at most; past it they are forgotten together (undo then searches again).
    static let verdictsKept = 512
}

/// "Still winnable?": after every change of position (a move, undo, redo, a new deal, a
/// resumed game) the solver searches the position on the table in the background, and the
/// status line says what it found. A newer position cancels the search of an older one. What
/// was found is kept: a position searched before, or one on the winning line found (the player
/// following it, a hint, the demo), is answered at once without searching, and a move from a
/// position proven lost is lost too. Once the answer is in, nothing more happens until the
/// player does something: no timer, no polling.
extension TableScene {
    /// Whether the solver works on this game's rules at all (never on a free table).
    var solverApplies: Bool {
        if let applies = solving.applies { return applies }
        let applies = layout.rules != nil && Solver.applies(to: rules)
        solving.applies = applies
        return applies
    }

    /// What the status line says about winning, or nil when it says nothing: the setting is
    /// off, there is no background work to search with, the table is a free table, the game is
    /// won, the solver does not apply, or a winnable deal is being looked for.
    public var winnability: Winnability? {
        guard showsWinnable, background != nil, layout.rules != nil, !isWon, solving.dealSearch == nil,
            solverApplies
        else { return nil }
        if let known = knownWinnability(of: state) { return known }
        if outlook == .noMovesLeft { return .lost }
        return solving.analysis?.position == state ? .searching : nil
    }

    /// What is known about winning from a position, without searching.
    func knownWinnability(of position: GameState) -> Winnability? {
        if rules.isWon(position) || solutionLine?.contains(position) == true { return .winnable }
        switch solving.verdicts[position] {
        case .solved?: return .winnable
        case .impossible?: return .lost
        case .unknown?: return .unknown
        case nil: return nil
        }
    }

    /// The known winning line, as the table plays it under its autoplay mode.
    var solutionLine: KnownSolution? {
        guard let solution = solving.solution else { return nil }
        if let line = solving.line, line.autoplay == autoplay { return line.solution }
        let line = KnownSolution(from: solution.start, moves: solution.moves, rules: rules, autoplay: autoplay)
        solving.line = (autoplay, line)
        return line
    }

    /// The next move of the known winning line from the position on the table, if it is on it.
    var nextWinningMove: Move? { solutionLine?.nextMove(at: state) }

    /// Takes in what a search found about `position`.
    func learn(_ result: SolverResult, about position: GameState) {
        if solving.verdicts.count >= SolverKnowledge.verdictsKept {
            solving.verdicts = [:]
            solving.searchedLong = []
        }
        solving.verdicts[position] = result.verdict
        if result.verdict == .solved {
            solving.solution = (position, result.moves)
            solving.line = nil
        }
    }

    /// After a move from `before`: a position reached from one proven lost is lost as well.
    func inheritVerdict(from before: GameState) {
        if solving.verdicts[before] == .impossible, solving.verdicts[state] == nil {
            solving.verdicts[state] = .impossible
        }
    }

    /// Rules for a search on another thread. A scripted variant's rules hold a Lua state that
    /// one thread at a time may use, so each search makes its own from the layout and the
    /// script's options; declarative rules are values, shared as they are.
    public var rulesForAnotherThread: @Sendable () -> any Rules {
        if layout.script != nil {
            let layout = layout
            let options = scriptOptions
            return { rulesOf(layout, options: options) }
        }
        let rules = rules
        return { rules }
    }

    /// Starts the search of the position on the table when one is wanted and nothing is known
    /// of it yet; cancels a search of another position. Called after every change.
    func refreshAnalysis() {
        // The demo's search is wanted where nothing is known or the short search could not tell
        // (TableScene.demoBudget); the status line's where nothing is known.
        let long = solving.demo == .solving
        let known = knownWinnability(of: state)
        let wanted =
            background != nil && (showsWinnable || long) && layout.rules != nil && !isWon
            && solving.dealSearch == nil && outlook != .noMovesLeft && solverApplies
            && (known == nil || (long && known == .unknown))
        // The demo's longer search stops with the demo (a key, a click, quitting): it ran on
        // for its whole 10 s after the demo had stopped. The status line keeps what its own
        // search said (or searches, when it has said nothing yet); and a demo started while
        // the shorter search runs waits for its own.
        if let running = solving.analysis, !wanted || running.position != state || running.long != long {
            background?.cancel(running.ticket)
            solving.analysis = nil
            if running.long { solving.searchedLong.remove(running.position) }  // not searched to the end
        }
        guard wanted, solving.analysis == nil, let background else { return }
        let position = state
        let makeRules = rulesForAnotherThread
        let budget = long ? demoBudget : analysisBudget
        if long { solving.searchedLong.insert(position) }
        let ticket = background.start { isCancelled in
            Solver(rules: makeRules()).solve(from: position, budget: budget, isCancelled: isCancelled)
        } then: { [weak self] result in
            self?.analysisFinished(result, about: position)
        }
        solving.analysis = (ticket, position, long)
    }

    /// A search's answer came in.
    func analysisFinished(_ result: SolverResult, about position: GameState) {
        if solving.analysis?.position == position { solving.analysis = nil }
        learn(result, about: position)
        if solving.demo == .solving, position == state { demoSearchFinished(result) }
        updateStatus()
    }

    /// Cancels what was asked of other background work (the scene is given new work).
    func forgetSearches(in old: BackgroundWork?) {
        if let running = solving.analysis { old?.cancel(running.ticket) }
        if let ticket = solving.dealSearch?.ticket { old?.cancel(ticket) }
        solving.analysis = nil
        solving.dealSearch = nil
        if solving.demo == .solving { solving.demo = .off }
    }

    /// Forgets everything the solver said: the rules changed (a script's options).
    func forgetSolverKnowledge() {
        forgetSearches(in: background)
        solving = SolverKnowledge()
    }

    // MARK: Hints

    /// The move a hint shows first: the next move of a winning line, known or found now within
    /// the hint's short budget; nil when the solver finds none in time (the heuristic's hints
    /// are then all there is). A search that decides is kept, for the indicator too.
    func winningMoveForHint() -> Move? {
        guard layout.rules != nil, !isWon, solverApplies else { return nil }
        if let move = nextWinningMove { return move }
        guard let budget = hintBudget, knownWinnability(of: state) == nil, outlook != .noMovesLeft else { return nil }
        let result = Solver(rules: rules).solve(from: state, budget: budget)
        guard result.verdict != .unknown else { return nil }  // a longer search may still tell
        learn(result, about: state)
        refreshAnalysis()  // the indicator's search of this position is not needed any more
        updateStatus()
        return nextWinningMove
    }
}
