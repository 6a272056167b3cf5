/// How one game ended: the line the statistics file keeps for it.
///
/// A game is known by its `gameID`: recording a result for a game already recorded replaces the
/// old result, so a game left (a loss) and later resumed and won counts once, as a win.
///
///     GameResult(gameID: "klondike-12345-1763699800", variant: "klondike", title: "Klondike",
///                won: true, moves: 87, seconds: 192.5, endedAt: 1_763_700_000)
public struct GameResult: Hashable, Sendable {
    /// What tells this game from every other: the same ID for the same game, resumed or not.
    public var gameID: String
    /// The layout's short name (`klondike`, `freecell`): what `cardtable stats VARIANT` takes.
    public var variant: String
    /// The layout's title (`Klondike`), shown in tables and on the win panel.
    public var title: String
    public var won: Bool
    /// Moves made (as the status line counts them).
    public var moves: Int
    /// Time played, from the first move; kept to the millisecond.
    public var seconds: Double
    /// When the game ended, in Unix seconds: results are ordered by it for streaks.
    public var endedAt: Int64

    public init(
        gameID: String, variant: String, title: String, won: Bool, moves: Int, seconds: Double, endedAt: Int64
    ) {
        self.gameID = gameID
        self.variant = variant
        self.title = title
        self.won = won
        self.moves = moves
        self.seconds = seconds
        self.endedAt = endedAt
    }
}
