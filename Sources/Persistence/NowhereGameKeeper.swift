import Layouts
import Solitaire

/// The keeper when the environment says nowhere to keep games (neither `HOME` nor the XDG
/// variables an absolute path): nothing is saved or recorded, and that is said as a failed
/// save is, on the status line after the first move and again on the way out, with exit
/// status 1. The game played on and was lost without a word.
public final class NowhereGameKeeper: GameKeeper {
    /// Why nothing is kept.
    public static let reason = "HOME is not set to a folder (nor XDG_STATE_HOME): nothing is kept"
    /// Why, in few words, for the status line: the whole reason left no room on an 80-column
    /// line for the game's title, moves and clock. The way out says the whole reason.
    public static let briefReason = "HOME is not set"

    private var said = false
    public private(set) var unsavedProblem: String?
    public private(set) var unrecordedProblem: String?
    private var problems: [String] = []

    public init() {}

    public func keep(_ game: SavedGame) -> String? {
        guard game.playerHasMoved else {
            unsavedProblem = nil
            return nil
        }
        unsavedProblem = "cannot save: " + Self.reason
        defer { said = true }
        return said ? nil : "cannot save: " + Self.briefReason
    }

    public func end(_ game: SavedGame, won: Bool?, discard: Bool) -> String? {
        if discard { unsavedProblem = nil }
        guard won != nil, unrecordedProblem == nil else { return nil }
        let problem = "cannot record the statistics: " + Self.reason
        unrecordedProblem = problem
        problems.append(problem)
        return "cannot record the statistics: " + Self.briefReason
    }

    public func leave(_ game: SavedGame) {}

    public func resume(variant: String, layout: TableLayout) -> (saved: SavedGame, resumed: ResumedGame)? { nil }

    public func resume(variant: String, layout: TableLayout, deal: UInt64) -> (saved: SavedGame, resumed: ResumedGame)?
    { nil }

    public func savedGames() -> [SavedGame] { [] }

    public func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    public func statisticsLine(variant: String, width: Int) -> String? { nil }
}
