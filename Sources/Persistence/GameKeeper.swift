import Layouts
import Solitaire

/// What the app asks of whoever keeps its games: to save each game as it changes, record how
/// games end, and find a saved game to resume. ``FileGameKeeper`` keeps them in the XDG
/// folders; tests may keep them anywhere.
public protocol GameKeeper: AnyObject {
    /// Saves the game as it stands (after every move, undo, redo and restart). Returns a
    /// problem to show the player, in one line, or nil.
    func keep(_ game: SavedGame) -> String?

    /// The game ended: won, or lost (a new deal, a quit, or another game, after moves); `won`
    /// is nil for a free table, which is not a game to count. Each game is counted once,
    /// however often it ends (a lost game resumed and won counts as won). With `discard` the
    /// save goes (won, or given up for a new deal); otherwise it stays to be resumed.
    func end(_ game: SavedGame, won: Bool?, discard: Bool) -> String?

    /// The game is no longer on screen in this process: it stays saved, and may be offered
    /// again, here or in another terminal.
    func leave(_ game: SavedGame)

    /// The newest saved game of a variant that no other process plays, replayed under the
    /// layout's rules, and taken (no other process offers it now). Saves that cannot be
    /// resumed are moved aside on the way (see ``takeProblems()``).
    func resume(variant: String, layout: TableLayout) -> (saved: SavedGame, resumed: ResumedGame)?

    /// As ``resume(variant:layout:)``, of the saved games of deal `deal` only: starting a deal
    /// that has a save offers that save, so every save can be reached.
    func resume(variant: String, layout: TableLayout, deal: UInt64) -> (saved: SavedGame, resumed: ResumedGame)?

    /// Every game that may be resumed (not played elsewhere), newest first: for the chooser.
    /// Saves that cannot be read, or whose game no longer exists, are moved aside.
    func savedGames() -> [SavedGame]

    /// What went wrong since last asked (a save moved aside, a write that failed), a line each.
    func takeProblems() -> [String]

    /// Why the last save of the game failed, while it has not been saved since: on the way out
    /// the program says it again and exits with an error, for the game is not saved.
    var unsavedProblem: String? { get }

    /// Why a game's result could not be recorded in the statistics, when one could not since the
    /// keeper was made: it is among ``takeProblems()`` too, so that the way out says it again,
    /// and the program exits with an error, for the result is lost.
    var unrecordedProblem: String? { get }

    /// The variant's line of statistics for the win panel, at most `width` characters, or nil.
    func statisticsLine(variant: String, width: Int) -> String?
}
