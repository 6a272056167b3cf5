/// Which mouse button a report is about.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
    /// No button: plain motion, or an X10-style release that does not say which
    /// button went up.
    case none
    case wheelUp, wheelDown
    /// Any other button, numbered like xterm numbers them: 6/7 horizontal
    /// wheel, 8...11 the extra (back/forward...) buttons.
    case other(Int)
}

public enum MouseAction: Hashable, Sendable {
    case press, release
    /// Motion with a button held.
    case drag
    /// Motion with no button held (any-event tracking, mode 1003).
    case move
}

/// One mouse report from the terminal, in 0-based cell coordinates.
public struct MouseReport: Hashable, Sendable {
    public var action: MouseAction
    public var button: MouseButton
    /// 0-based; never negative.
    public var column: Int
    /// 0-based; never negative.
    public var row: Int
    public var modifiers: Modifiers

    public init(action: MouseAction, button: MouseButton, column: Int, row: Int, modifiers: Modifiers = []) {
        self.action = action
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}
