import Layouts
import TableKit
import TerminalInput

/// The whole app without a terminal: a window with a table scene, fed decoded terminal
/// events. The terminal front end and the end-to-end tests drive it the same way.
///
/// ```
/// let app = TableApp(layout: sandbox, seed: 1, width: 80, height: 24, clock: ManualClock())
/// app.handle(.mouse(MouseReport(action: .press, button: .left, column: 4, row: 2)))
/// app.renderFrame()
/// print(app.screenText)
/// ```
public final class TableApp {
    public let window: Window
    public let scene: TableScene
    var pointer = PointerTracker()

    public init(
        layout: TableLayout, seed: UInt64, width: Int, height: Int, clock: TableClock,
        theme: Theme = Theme(ascii: false, monochrome: false), animations: Bool = true
    ) {
        window = Window(width: max(1, width), height: max(1, height), clock: clock, background: theme.feltCell)
        window.animator.isEnabled = animations
        scene = TableScene(layout: layout, seed: seed, window: window, theme: theme)
    }

    public var wantsQuit: Bool { scene.quitRequested }

    /// Feeds one decoded terminal event.
    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let press):
            let action = KeyBindings.action(for: press)
            if scene.isShowingHelp {
                scene.closeHelp(quitting: action == .quit)  // any key closes the help
            } else if let action {
                scene.perform(action)
            }
        case .mouse(let report):
            if scene.isShowingHelp {
                // A click closes the help; it does not reach the table beneath.
                if report.action == .press { scene.closeHelp(quitting: false) }
                return
            }
            for update in pointer.handle(report) { deliver(update) }
        case .focusOut:
            cancelPointer()
        case .focusIn, .paste:
            break
        }
    }

    private func deliver(_ update: PointerUpdate) {
        guard update.button == .left else { return }
        let location = Point(x: Double(update.column) + 0.5, y: Double(update.row) + 0.5)
        window.post(PointerEvent(update.phase, at: location))
    }

    /// Focus lost, a lost release: the open drag (if any) is cancelled and the card goes back.
    public func cancelPointer() {
        _ = pointer.cancel()
        window.cancelPointer()
    }

    /// The terminal changed size: cancel any drag, lay the table out again.
    public func resize(width: Int, height: Int) {
        _ = pointer.cancel()
        window.resize(width: max(1, width), height: max(1, height))
        scene.cancelForResize()
        scene.layoutTable()
    }

    public var needsFrame: Bool { window.needsFrame }

    @discardableResult
    public func renderFrame() -> Window.Frame { window.renderFrame() }

    /// The screen as text (glyphs only), trailing spaces trimmed.
    public var screenText: String { window.canvas.trimmedText }
}

extension TableScene {
    /// A resize puts carried cards back; a drag was already cancelled by the window.
    func cancelForResize() {
        if held != nil { cancelHold() }
        drag = nil
        window.animator.finishAll()
    }
}
