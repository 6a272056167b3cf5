/// Where a game begins: a numbered deal, or a position given as text (`--position`).
public enum GameStart: Hashable, Sendable {
    /// Deal number `n` of the game (``Rules/deal(seed:)``).
    case deal(UInt64)
    /// A position set out by hand; restarting comes back to it.
    case position(GameState)
}
