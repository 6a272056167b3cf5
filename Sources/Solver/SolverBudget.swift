import Solitaire

// What a search may spend and what it answers.

/// How much a search may spend: positions expanded, wall time and memory.
public struct SolverBudget: Sendable, Equatable {
    /// The most positions the searches expand together (each expands a position at most once).
    public var positions: Int
    /// The most wall time, in seconds; `nil` for no limit.
    public var seconds: Double?
    /// The most bytes the searches keep of the positions they have seen: three quarters for the
    /// depth-first search's table of keys (8 bytes a slot, full at three quarters: about 11 bytes
    /// a position), a quarter for the best-first search's (about 200 bytes a position). A search
    /// that fills its share stops; when both have, the answer is unknown (SearchPortfolio.swift).
    public var memory: Int

    public init(positions: Int, seconds: Double? = nil, memory: Int? = nil) {
        self.positions = positions
        self.seconds = seconds
        self.memory = memory ?? SolverBudget.memory(for: positions)
    }

    /// Memory enough for the depth-first search to keep every position of `positions`, and at
    /// least 16 MiB (the best-first searches' share is then whole).
    public static func memory(for positions: Int) -> Int {
        positions > Int.max / 32 ? Int.max : max(positions * 32, 16 << 20)
    }

    /// Short: a hint while the player waits (about 50 ms in a release build), in 2 MiB.
    public static let hint = SolverBudget(positions: 20_000, seconds: 0.05, memory: 2 << 20)
    /// The live "still winnable" indicator, worked out in the background after each move, in
    /// 4 MiB, so that the program with the search running stays within 11 MiB: the depth-first
    /// search's 2 MiB table holds 196,608 positions, the best-first search 1 MiB. Its 2 s end
    /// it before its positions run out (as many as the command's): Klondike's own search expands
    /// about 2M positions a second.
    public static let outlook = SolverBudget(positions: 5_000_000, seconds: 2, memory: 4 << 20)
    /// The `solve` command's default, in 256 MiB (12.6M positions for the depth-first search).
    /// FreeCell needs under 40,000 positions for any of deals 1 to 1000 and about 400,000 to
    /// prove deal 11982 lost.
    public static let command = SolverBudget(positions: 5_000_000, seconds: 120, memory: 256 << 20)
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
