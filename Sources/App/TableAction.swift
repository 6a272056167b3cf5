import Layouts

/// The one action vocabulary: mouse gestures, keys and gamepad buttons (through the keys they
/// stand for: GamepadBindings.swift) all become these, so every way of playing reaches the same
/// code.
public enum TableAction: Hashable, Sendable {
    public enum Direction: Hashable, Sendable { case up, down, left, right }

    /// Move the keyboard cursor to the nearest slot in a direction (cards in hand follow).
    case moveCursor(Direction)
    /// Jump the cursor to a pile of a kind: the `number`th (1-based) of that kind, or with
    /// `nil` the next one after the cursor's (cycling).
    case jump(SlotKind, number: Int?)
    /// Move the cursor to the next pile in the table's order (or with `forward` false, the one
    /// before), going round.
    case nextPile(forward: Bool)
    /// Take in one card more of the run under the cursor.
    case deeper
    /// Take in one card fewer.
    case shallower
    /// Enter or Space on the cursor's pile: pick up the cards under the cursor, drop the
    /// cards in hand, or do what a click on the pile does (the stock deals).
    case activate
    /// Click the stock, wherever the cursor is.
    case dealFromStock
    /// Put cards in hand back where they came from.
    case cancel
    /// Take back the last move.
    case undo
    /// Make again the last move taken back.
    case redo
    /// Deal the same game again from the start.
    case restart
    /// Deal a new game.
    case newGame
    /// Show the next useful move (pressed again, the one after).
    case hint
    /// Play the winning line from here, move by move, until a key or a click stops it.
    case demo
    /// Switch between dragging cards and click-to-move.
    case toggleMouseMode
    /// Cycle autoplay to the foundations: off, safe cards only, all cards.
    case cycleAutoplay
    /// Leave the game for the game chooser.
    case openChooser
    /// Open the settings screen (the app shows it over the game).
    case openSettings
    case showHelp
    /// Pause the game: the clock stops under a panel that says what comes next.
    case pause
    case quit
}
