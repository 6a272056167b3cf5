/// How the mouse moves cards. Both modes drag; they differ in what a click on a card does.
public enum MouseMode: String, CaseIterable, Sendable {
    /// Cards are dragged onto a pile; a click on a card does nothing (the stock's deals).
    case drag
    /// Click-to-move: a click on a card plays it where it obviously goes, or picks it up to
    /// be put down by a click on a pile.
    case click
}
