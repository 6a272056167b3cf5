import TableKit
import TerminalInput

/// How the player asked for the table back from the second screen.
public enum TableReturn: Equatable, Sendable {
    /// Ctrl-C on the second screen.
    case controlC
    /// The controller's "bring the table here" button, on the first terminal.
    case button
}

/// The first terminal's side while the table shows on a second screen: a window of its own
/// with the controller in it, and its own pointer (the table's is the second terminal's).
public final class ControllerScreen {
    public let window: Window
    let view: ControllerView
    var pointer = PointerTracker()
    /// What the second screen is, as said: "/dev/pts/3 (xterm-256color, 100x30)".
    public internal(set) var name: String

    init(window: Window, view: ControllerView, name: String) {
        self.window = window
        self.view = view
        self.name = name
    }

    /// The controller's content now.
    public var summary: ControllerSummary { view.summary }

    /// Where the table is, for the controller's title bar.
    var place: String { "on the second screen \(name)" }
}

/// A second screen (the seed's external display, in terminal form): while one is joined, the
/// scene's window (the table, the chooser, the balls) is drawn on it at its size and takes its
/// mouse, and the first terminal shows the controller (``ControllerView``) in a window of its
/// own. Keys from either terminal act on the game. When the second screen leaves, the window
/// comes back to the first terminal's size and is drawn there whole; the cards in hand go back.
/// Joining and leaving are said on the status line, as the seed's connect and disconnect
/// notifications.
///
/// ```
/// app.secondScreenJoined(name: "/dev/pts/3 (xterm-256color, 100x30)", width: 100, height: 30)
/// second.draw(app.renderFrame().changes)              // the table, on the second terminal
/// first.draw(app.renderControllerFrame()!.changes)     // the controller, on the first
/// app.handle(secondScreen: .mouse(report))             // the table's mouse
/// app.secondScreenLeft(reason: "its terminal closed")
/// ```
extension TableApp {
    /// Whether the table shows on a second screen.
    public var isOnSecondScreen: Bool { controller != nil }

    /// A second screen joined, `width` by `height`: the table moves to it and the first terminal
    /// gets the controller, at the size the table had. A second call changes the name and size.
    public func secondScreenJoined(name: String, width: Int, height: Int) {
        if let controller {
            controller.name = name
        } else {
            let first = window.size
            let controllerWindow = Window(
                width: first.width, height: first.height, clock: window.clock, background: controllerBackground)
            let view = ControllerView(summary: controllerSummary(place: ""), theme: theme)
            view.frame = Rect(x: 0, y: 0, width: Double(first.width), height: Double(first.height))
            controllerWindow.addSubview(view)
            let controller = ControllerScreen(window: controllerWindow, view: view, name: name)
            view.onButton = { [unowned self] button in press(button) }
            self.controller = controller
        }
        tableReturnRequest = nil
        announce("Second screen joined: \(name)")
        resize(width: width, height: height)
        refreshController()
    }

    /// The second screen left (for `reason`): the table comes back to the first terminal, drawn
    /// whole at its size; cards in hand on either screen go back.
    public func secondScreenLeft(reason: String) {
        guard let controller else { return }
        let first = controller.window.size
        _ = controller.pointer.cancel()
        controller.window.cancelPointer()
        self.controller = nil
        tableReturnRequest = nil
        putHandBack()
        announce("Second screen left: \(reason)")
        resize(width: first.width, height: first.height)
    }

    /// Feeds one decoded event from the second terminal: keys act on the game as the first
    /// terminal's do, the mouse works the table, and Ctrl-C asks for the table back.
    public func handle(secondScreen event: InputEvent) {
        guard controller != nil else { return }
        if case .key(let press) = event, press.key == .control("c") {
            tableReturnRequest = .controlC
            return
        }
        handleOnTable(event)
    }

    /// The first terminal changed size while the table is on the second screen.
    public func resizeController(width: Int, height: Int) {
        guard let controller else { return }
        _ = controller.pointer.cancel()
        controller.window.resize(width: max(1, width), height: max(1, height))
        controller.view.frame = Rect(x: 0, y: 0, width: Double(max(1, width)), height: Double(max(1, height)))
        controller.view.relayout()
    }

    /// The controller's frame for the first terminal (nil while the table is there).
    public func renderControllerFrame() -> Window.Frame? {
        guard let controller else { return nil }
        refreshController()
        return controller.window.renderFrame()
    }

    /// The first terminal's window: the controller's while the table is on the second screen,
    /// else the table's.
    public var firstScreenWindow: Window { controller?.window ?? window }

    /// What the game plays, in a line for `cardtable screen`'s list: "Klondike #5 · 12 moves",
    /// "Balls · level 3 of 10", "the game chooser".
    public var playingDescription: String {
        if let game {
            let moves = game.history.count == 1 ? "1 move" : "\(game.history.count) moves"
            return "\(playingTitle) · \(moves)"
        }
        if let balls { return "Balls · level \(balls.game.levelIndex + 1) of \(balls.game.levels.count)" }
        return playingTitle
    }

    /// What the game plays, named: "Klondike #5", "Balls", "the game chooser".
    public var playingTitle: String {
        if let game { return game.layout.rules != nil ? "\(game.layout.title) \(game.dealName)" : game.layout.title }
        if balls != nil { return "Balls" }
        if chooser != nil { return "the game chooser" }
        return "CardTable"
    }

    /// The controller's content follows the game (drawn again only when it changed).
    func refreshController() {
        guard let controller else { return }
        controller.view.summary = controllerSummary(place: controller.place)
    }

    /// A line for the status line's start: in a game (until the next move), or in the balls.
    public func announce(_ notice: String) {
        if let game {
            game.notice = notice
            game.updateStatus()
        } else if let balls {
            balls.notice = notice
        }
    }

    private var controllerBackground: Cell {
        Cell(
            " ", foreground: theme.panel.foreground ?? .white, background: theme.panel.background ?? .black,
            attributes: [])
    }

    /// The first terminal's mouse, while it shows the controller.
    func handle(_ event: InputEvent, on controller: ControllerScreen) {
        switch event {
        case .mouse(let report):
            for update in controller.pointer.handle(report) where update.button == .left {
                let location = Point(x: Double(update.column) + 0.5, y: Double(update.row) + 0.5)
                controller.window.post(PointerEvent(update.phase, at: location, button: .primary))
            }
        case .focusOut:
            _ = controller.pointer.cancel()
            controller.window.cancelPointer()
        case .key, .focusIn, .paste:
            break
        }
    }

    /// A controller button: its key, as if typed, or the table brought back.
    private func press(_ button: ControllerSummary.Button) {
        switch button.action {
        case .key(let key): handleOnTable(.key(KeyPress(key)))
        case .bringTableBack: tableReturnRequest = .button
        }
    }
}
