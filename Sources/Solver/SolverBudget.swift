import Solitaire

// What a search may spend and what it answers.

/// How much a search may spend: positions expanded, and wall time.
public struct SolverBudget: Sendable, Equatable {
    /// The most positions the search expands (each position is expanded at most once).
    public var positions: Int
    /// The most wall time, in seconds; `nil` for no limit.
    public var seconds: Double?

    public init(positions: Int, seconds: Double? = nil) {
        self.positions = positions
        self.seconds = seconds
    }

    /// Short: a hint while the player waits (about 50 ms in a release build).
    public static let hint = SolverBudget(positions: 20_000, seconds: 0.05)
    /// The live "still winnable" indicator, worked out in the background after each move.
    public static let outlook = SolverBudget(positions: 300_000, seconds: 2)
    /// The `solve` command's default. A position the search has seen costs it about 180 bytes
    /// (a Klondike deal searched to 2M positions peaked at 356 MB), so this bounds a search at
    /// about 1 GB; FreeCell needs under 40,000 positions for any of deals 1 to 1000 and 153,000
    /// to prove deal 11982 lost.
    public static let command = SolverBudget(positions: 5_000_000, seconds: 120)
}

/// What a search found out about a position.
public enum SolverVerdict: String, Sendable, Equatable {
    /// A win was found: the result holds its moves.
    case solved
    /// Proven: no sequence of moves wins (every reachable position was seen).
    case impossible
    /// The budget ran out, or the search was cancelled, before either was known.
    case unknown
}

/// A search's answer, with what it cost.
public struct SolverResult: Sendable {
    public var verdict: SolverVerdict
    /// With `.solved`: the player's moves from the start position, each legal in turn under the
    /// rules, the last one winning. Empty otherwise (and when the start is already won).
    public var moves: [Move]
    /// Positions expanded.
    public var positions: Int
    /// Wall time spent, in seconds.
    public var seconds: Double

    public init(verdict: SolverVerdict, moves: [Move] = [], positions: Int, seconds: Double) {
        self.verdict = verdict
        self.moves = moves
        self.positions = positions
        self.seconds = seconds
    }
}
