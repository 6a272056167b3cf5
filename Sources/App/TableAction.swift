/// The one action vocabulary: mouse gestures, keys and (later) gamepad buttons all become
/// these, so every way of playing reaches the same code.
public enum TableAction: Equatable, Sendable {
    public enum Direction: Equatable, Sendable { case up, down, left, right }

    /// Move the keyboard cursor to the nearest slot in a direction (a held card follows).
    case moveCursor(Direction)
    /// Enter or Space on the cursor's slot: deal a card onto an empty slot, pick up the
    /// top card, or drop the held card.
    case activate
    /// Put a held or dragged card back where it came from.
    case cancel
    case toggleHelp
    case quit
}
