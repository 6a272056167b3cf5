import Layouts
import Persistence
import Scripting
import Solitaire
import TableKit

/// Nothing the player did is lost: after every change the game goes to the ``keeper`` (saved
/// at once), a win or a game given up is recorded once, and a saved game comes back exactly,
/// its undo and redo records included.
extension TableScene {
    /// The game as a save keeps it.
    public var savedGame: SavedGame {
        SavedGame(
            id: gameID, variant: layout.name, layout: layoutSource, title: layout.title,
            fingerprint: layoutFingerprint, start: start, history: history, undone: undone,
            elapsed: elapsedSeconds, options: scriptOptions, assisted: demoPlayed)
    }

    /// Saves the game after a change; a won game is recorded as won and its save removed.
    func keepGame() {
        guard let keeper, interactive, !gameIsOver else { return }
        let problem: String?
        if isWon, layout.rules != nil {
            gameIsOver = true
            problem = keeper.end(savedGame, won: countedOutcome(true), discard: true)
        } else {
            problem = keeper.keep(savedGame)
        }
        // The file by its name: with its whole path first, the status line of an 80-column
        // terminal was cut before it said why ("cannot save: /home/ann/.local/state/card…").
        if let problem { notice = PathNames.namingFilesByName(problem) }
    }

    /// The player gives the game up for a new deal: a loss once they have moved, and the save goes.
    func giveUpGame() {
        guard let keeper, interactive, !gameIsOver, savedGame.playerHasMoved else { return }
        if let problem = keeper.end(savedGame, won: countedOutcome(false), discard: true) {
            notice = PathNames.namingFilesByName(problem)
        }
    }

    /// The player leaves the game (quits, or plays another): a loss once they have moved, but
    /// the save stays to be resumed; resumed and won, it counts as won instead.
    public func leaveGame() {
        guard let keeper, interactive else { return }
        if !gameIsOver, savedGame.playerHasMoved {
            // Saved once more first: the clock ran on after the last move, and the save keeps
            // the time the player left at (quit at 2:59, resumed at 2:59, counted as 2:59).
            _ = keeper.keep(savedGame)
            _ = keeper.end(savedGame, won: countedOutcome(false), discard: false)
        } else {
            keeper.leave(savedGame)
        }
    }

    /// How a game ended, for the statistics: nil for a game that is not the player's to count:
    /// a free table (not a game), a game the demo played moves of, or one from a position set
    /// out by hand (it may start a move from the end).
    func countedOutcome(_ won: Bool) -> Bool? { isCounted ? won : nil }

    /// Whether the game's end goes into the statistics (``countedOutcome(_:)``).
    var isCounted: Bool {
        guard layout.rules != nil, !demoPlayed, case .deal = start else { return false }
        return true
    }

    /// A new deal or a won deal replayed: a game of its own in saves and statistics.
    func beginNewGameRecord() {
        gameID = SavedGame.newID()
        gameIsOver = false
        demoPlayed = false
    }

    /// Puts a saved game on the table as it was: position, moves to undo, moves to redo and
    /// the clock (running again from the time it had).
    public func restore(_ saved: SavedGame, _ resumed: ResumedGame) {
        putHandBack()
        solving.demo = .off
        stopDealSearch()
        window.animator.finishAll()
        if saved.options != scriptOptions {
            scriptOptions = saved.options
            rules = rulesOf(layout, options: scriptOptions)
        }
        gameID = saved.id
        gameIsOver = false
        demoPlayed = saved.assisted
        start = saved.start
        if case .deal(let number) = saved.start { seed = number }
        state = resumed.state
        history = resumed.history
        undone = resumed.undone
        clockStop = nil
        clockStart = history.isEmpty ? nil : window.clock.now - saved.elapsed
        notice = nil
        cursorDepth = 1
        remakeCardViews()
        forgetHints()
        updateOutlook()
        refreshAnalysis()
        updateSlotLabels()
        updateCursor()
        updateStatus()
    }
}
