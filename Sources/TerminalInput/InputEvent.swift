/// Everything the decoder can produce.
public enum InputEvent: Hashable, Sendable {
    case key(KeyPress)
    case mouse(MouseReport)
    /// `CSI I` / `CSI O`, sent when focus reporting (xterm mode 1004) is on.
    case focusIn, focusOut
    /// Text between `CSI 200~` and `CSI 201~` (bracketed paste, mode 2004): one
    /// event, never keys. Escape sequences inside it are text.
    case paste(String)
}
