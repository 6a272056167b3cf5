/// Where frames go: a terminal (`TerminalScreen`, through ncursesw, one per terminal) or, in
/// tests, a recording screen that keeps every cell. A scene never sees it: the front end
/// composes the window's frame and hands its changed cells to the screen.
///
/// ```
/// let frame = window.renderFrame()
/// screen.draw(frame.changes)
/// ```
public protocol Screen: AnyObject {
    /// Columns and rows now.
    var size: (width: Int, height: Int) { get }
    /// Writes one frame's changed cells and shows them.
    func draw(_ changes: [CellRun])
    /// The terminal changed size (after SIGWINCH): the screen's own copy follows.
    func resize(width: Int, height: Int)
    /// Everything must be sent again (after a resume or a resize).
    func invalidate()
}

/// A screen that lives in a terminal session: it can give the terminal back for a while
/// (Ctrl-Z) and take it again.
public protocol SessionScreen: Screen {
    /// Gives the terminal back for a while (Ctrl-Z).
    func suspend()
    /// Takes the terminal again after the game's own stop (`fg` after Ctrl-Z).
    func resume()
    /// Takes the terminal again after a stop that was not the game's own.
    func retake()
}
