import Solitaire
import Solver
import TableKit

/// Where the demo is.
enum DemoState: Equatable {
    case off
    /// Waiting for the solver to find a winning line from here.
    case solving
    /// Playing the line: the next move is due at this time (window clock).
    case playing(nextStep: Double)
}

/// The demo (`D`): the table plays the winning line from the position on it, one move at a
/// time at a pace the eye can follow, each move animated as the player's moves are. Each demo
/// move is a real move: it is saved, and undo takes it back. Any key or click stops the demo
/// where it is and does nothing else (the app sees to that).
///
/// When no line is known yet, the solver looks for one in the background first and the status
/// line says so; when the game is proven lost, or the search finds nothing in its budget, the
/// status line says that instead. If the table leaves the line (autoplay sent up a card the line
/// needed elsewhere), the demo searches again from where it is.
///
/// Like the clock, the demo asks the front end to be woken: ``nextDemoStep`` is when its next
/// move is due, and ``demoTicked()`` plays it. No timer is needed while it waits for the solver
/// or once it has stopped.
extension TableScene {
    /// Between the demo's moves, at normal animation speed (the animation's own time scale
    /// stretches or shortens it).
    static let demoPace = 0.5

    /// The demo is playing or waiting for the solver.
    public var isPlayingDemo: Bool { solving.demo != .off }

    /// When the demo's next move is due (window clock); nil unless the demo is playing.
    public var nextDemoStep: Double? {
        if case .playing(let next) = solving.demo { return next }
        return nil
    }

    /// What the status line says while the demo plays.
    static let demoNotice = "Demo: any key stops it"

    /// Starts the demo from the position on the table.
    func startDemo() {
        guard layout.rules != nil else { return }
        putHandBack()
        if isWon { return }
        guard solverApplies else {
            notice = "No demo: the solver does not play this game"
            return
        }
        if outlook == .noMovesLeft || knownWinnability(of: state) == .lost {
            notice = "No demo: this game cannot be won from here"
            return
        }
        if nextWinningMove != nil {
            beginPlayingDemo()
            return
        }
        if knownWinnability(of: state) == .unknown {
            // The status line's short search could not tell: the demo, which the player waits
            // for, searches again with a longer budget (TableScene.demoBudget; refreshAnalysis).
            guard background != nil, !solving.searchedLong.contains(state) else {
                notice = "No demo: the solver found no win from here in time"
                return
            }
        }
        guard background != nil else {
            // No background work (a headless table): a short search here, as a hint's.
            let budget = hintBudget ?? .hint
            let result = Solver(rules: rules).solve(from: state, budget: budget)
            learn(result, about: state)
            solving.demo = .solving
            demoSearchFinished(result)
            return
        }
        solving.demo = .solving
        notice = "Demo: looking for a win" + theme.glyphs.ellipsis
        refreshAnalysis()
    }

    /// The demo's search answered.
    func demoSearchFinished(_ result: SolverResult) {
        switch result.verdict {
        case .solved where nextWinningMove != nil:
            beginPlayingDemo()
        case .solved, .unknown:
            solving.demo = .off
            notice = "No demo: the solver found no win from here in time"
        case .impossible:
            solving.demo = .off
            notice = "No demo: this game cannot be won from here"
        }
        refreshAnalysis()
        updateCursor()
        updateStatus()
    }

    /// Plays the first move now; the others follow at the demo's pace.
    private func beginPlayingDemo() {
        cursorVisible = false
        solving.demo = .playing(nextStep: window.clock.now)
        notice = TableScene.demoNotice
        demoTicked()
    }

    /// Plays the demo's next move if it is due (the front end's timer calls this).
    public func demoTicked() {
        guard case .playing(let due) = solving.demo, window.clock.now >= due - 0.0005 else { return }
        guard let move = nextWinningMove else {
            // Off the line: look again from here.
            solving.demo = .off
            startDemo()
            updateStatus()
            return
        }
        demoPlayed = true  // before the move: a winning move records the win at once
        guard attempt(move), let record = history.last else {
            solving.demo = .off
            notice = "Demo stopped: its move was refused"
            updateStatus()
            return
        }
        if isWon {
            solving.demo = .off
        } else {
            // The next move once this one's cards and the cards autoplay sent after it have landed.
            let animated = window.animator.isEnabled ? window.animator.timeScale : 1
            let landing = Double(record.steps.count) * TableScene.autoplayStagger
            solving.demo = .playing(nextStep: window.clock.now + (TableScene.demoPace + landing) * animated)
            notice = TableScene.demoNotice
        }
        updateCursor()
        updateStatus()
    }

    /// Stops the demo where it is (any key or click): the moves it made stay, and undo takes
    /// them back one by one.
    public func stopDemo() {
        guard solving.demo != .off else { return }
        solving.demo = .off
        notice = "Demo stopped"
        cursorVisible = true
        refreshAnalysis()  // a search made for the demo alone stops
        updateCursor()
        updateStatus()
    }
}
