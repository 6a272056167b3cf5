import TableKit
import TerminalInput

/// One screen's worth of the app, drawn into a window: the game chooser, a game's table, the
/// balls game, a layout's preview. The host (``TableApp``) shows one at a time and switches
/// between them; the front end owns the terminal and its ``Screen``.
///
/// Input reaches a scene device-neutral: keys (and later a pad's buttons) as ``TableAction``s
/// through ``perform(_:)``, the mouse as pointer events posted to the window, which its views'
/// gesture recognizers take. A scene that simulates something (a win's cascade, bouncing balls)
/// says when it next wants ``tick(now:)``; while nothing moves it says nil, and idle costs
/// nothing.
public protocol Scene: AnyObject {
    /// The window the scene draws into.
    var window: Window { get }
    /// Does what an action asks (a key's, or a pad button's).
    func perform(_ action: TableAction)
    /// A key that is no action's (a help closes on any key).
    func handleUnboundKey(_ press: KeyPress)
    /// Lays the scene's views out again for the window's size.
    func layoutViews()
    /// Takes the scene's views out of the window (another scene is shown).
    func detach()
    /// The player asked to quit the program.
    var quitRequested: Bool { get }
    /// The player asked for the game chooser.
    var chooserRequested: Bool { get }
    /// When the scene next wants ``tick(now:)`` (a clock time), nil while nothing moves.
    var nextTick: Double? { get }
    /// Moves the scene's simulation on to `now`; called before a frame is composed.
    func tick(now: Double)
    /// A scene with a key table of its own (the layout designer's) takes each key first, before
    /// it is read as a ``TableAction``; true when it did.
    func handleKeyPress(_ press: KeyPress) -> Bool
    /// Sees each mouse report before the window's views take it (a press's modifiers: a
    /// shift-click). True when the scene took it: the rest of a press's sequence reaches nothing
    /// (a press that closes the help).
    func handleMouse(_ report: MouseReport) -> Bool
    /// What takes the scene's input now (a panel, the help, a question), in words: when it
    /// changes, the app breaks off the drag, as it does for a game's overlays.
    var inputState: String { get }
    /// Puts whatever is in hand (carried with the keyboard) back where it came from.
    func putHandBack()
}

extension Scene {
    public func handleUnboundKey(_ press: KeyPress) {}
    public var chooserRequested: Bool { false }
    public var nextTick: Double? { nil }
    public func tick(now: Double) {}
    public func handleKeyPress(_ press: KeyPress) -> Bool { false }
    public func handleMouse(_ report: MouseReport) -> Bool { false }
    public var inputState: String { "" }
    public func putHandBack() {}
}

extension ChooserScene: Scene {
    /// The chooser's actions: the cursor moves the selection, activate plays, cancel goes back.
    public func perform(_ action: TableAction) {
        switch action {
        case .moveCursor(.up), .moveCursor(.left): select(selection - 1)
        case .moveCursor(.down), .moveCursor(.right): select(selection + 1)
        case .activate: choose(selection)
        case .cancel: handle(KeyPress(.escape))
        case .quit: handle(KeyPress(.character("q")))
        default: break
        }
    }
}

extension TableScene: Scene {
    public func layoutViews() { layoutTable() }
    /// A win's cascade flies by the clock: a tick on every frame while it does.
    public var nextTick: Double? { isCascading ? -Double.infinity : nil }
    public func tick(now: Double) { advanceCelebration() }
}

extension LayoutPreview: Scene {
    /// A preview only quits (the command reads quit keys itself).
    public func perform(_ action: TableAction) {}
    public func layoutViews() { resize(width: window.size.width, height: window.size.height) }
    public func detach() { scene?.detach() }
    public var quitRequested: Bool { false }
}
