import TableKit
import TerminalInput
import XCTest

/// Drives a window headless as a player would, in the spirit of Textual's pilot: it clicks,
/// drags and types by screen cell or by view, and says which view each press landed on.
/// Pressing "on" a view that is covered by another (or not on screen) fails the test.
///
/// Cells are 0-based columns and rows, as in ``MouseReport``. Input goes in as decoded
/// terminal events (through the app's own path when there is an app); every step draws a
/// frame onto a ``RecordingScreen``, and the clock moves only when told.
///
/// ```
/// let pilot = Pilot(window: window, clock: clock)
/// pilot.click(on: button)          // fails if something else is on top of the button
/// pilot.drag(from: card, to: 40, 12)
/// XCTAssertEqual(pilot.screen.text, expected)
/// ```
public final class Pilot {
    public let window: Window
    public let clock: ManualClock
    /// What the frames drew, with colours.
    public let screen: RecordingScreen
    /// The view the last press landed on (nil: none, or nothing pressed yet).
    public private(set) var lastHit: View?

    private let input: (InputEvent) -> Void
    private let render: () -> Window.Frame

    /// A pilot for an app: `input` is how the app takes decoded terminal events, `render`
    /// how it draws a frame.
    public init(
        window: Window, clock: ManualClock, input: @escaping (InputEvent) -> Void,
        render: @escaping () -> Window.Frame
    ) {
        self.window = window
        self.clock = clock
        self.input = input
        self.render = render
        screen = RecordingScreen(width: window.size.width, height: window.size.height)
        frame()
    }

    /// A pilot for a bare window: mouse reports go through a ``PointerTracker`` to the window
    /// as pointer events at cell centres (left is primary, right secondary); keys go to `onKey`.
    public convenience init(window: Window, clock: ManualClock, onKey: @escaping (KeyPress) -> Void = { _ in }) {
        var tracker = PointerTracker()
        self.init(
            window: window, clock: clock,
            input: { event in
                switch event {
                case .mouse(let report):
                    for update in tracker.handle(report) {
                        let location = Point(x: Double(update.column) + 0.5, y: Double(update.row) + 0.5)
                        window.post(PointerEvent(update.phase, at: location, button: Pilot.button(update.button)))
                    }
                case .key(let press):
                    onKey(press)
                case .focusOut:
                    _ = tracker.cancel()
                    window.cancelPointer()
                case .focusIn, .paste:
                    break
                }
            },
            render: { window.renderFrame() })
    }

    static func button(_ button: MouseButton) -> PointerEvent.Button {
        switch button {
        case .right: .secondary
        case .middle: .middle
        default: .primary
        }
    }

    // MARK: Frames and time

    /// Draws a frame onto the screen (a new window size starts the screen afresh).
    public func frame() {
        let (width, height) = window.size
        if screen.width != width || screen.height != height { screen.resize(width: width, height: height) }
        screen.draw(render().changes)
    }

    /// Moves the clock and draws a frame.
    public func advance(_ seconds: Double) {
        clock.advance(by: seconds)
        frame()
    }

    /// Waits out the double-tap interval, so the next press starts a new tap series.
    public func pause() { advance(window.multiTapInterval + 0.15) }

    /// Feeds one decoded event and draws a frame.
    public func send(_ event: InputEvent) {
        input(event)
        frame()
    }

    // MARK: Where things are

    /// The view a press at a cell would land on.
    public func view(at x: Int, _ y: Int) -> View? {
        window.hitTest(window.convert(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), to: window))
    }

    /// The middle cell of a view on screen; nil when it is not in this window.
    public func centre(of view: View) -> (x: Int, y: Int)? {
        guard let rect = window.screenCellRect(of: view), !rect.isEmpty else { return nil }
        return (rect.x + rect.width / 2, rect.y + rect.height / 2)
    }

    /// Whether a press that hit `hit` landed on `expected`: on it or on a view inside it.
    public static func lands(_ hit: View?, on expected: View) -> Bool {
        hit.map { $0 === expected || $0.isDescendant(of: expected) } ?? false
    }

    /// A view for messages: its type and where it is on screen.
    public func describe(_ view: View?) -> String {
        guard let view else { return "no view" }
        let place = window.screenCellRect(of: view).map { " at \($0)" } ?? " (not in the window)"
        return "\(Swift.type(of: view))\(place)"
    }

    // MARK: Pointer

    /// Presses at a cell and returns the view hit. With `expected`, the press must land on
    /// that view or inside it, or the test fails.
    @discardableResult
    public func press(
        _ x: Int, _ y: Int, button: MouseButton = .left, on expected: View? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> View? {
        let hit = view(at: x, y)
        lastHit = hit
        if let expected, !Pilot.lands(hit, on: expected) {
            XCTFail(
                "the press at (\(x), \(y)) landed on \(describe(hit)), not on \(describe(expected))", file: file,
                line: line)
        }
        send(.mouse(MouseReport(action: .press, button: button, column: x, row: y)))
        return hit
    }

    /// Moves the pressed pointer to a cell (a drag report).
    public func move(_ x: Int, _ y: Int, button: MouseButton = .left) {
        send(.mouse(MouseReport(action: .drag, button: button, column: x, row: y)))
    }

    /// Releases the pointer at a cell.
    public func release(_ x: Int, _ y: Int, button: MouseButton = .left) {
        send(.mouse(MouseReport(action: .release, button: button, column: x, row: y)))
    }

    /// Presses and releases on one cell; returns the view hit (see ``press(_:_:button:on:file:line:)``).
    @discardableResult
    public func click(
        _ x: Int, _ y: Int, button: MouseButton = .left, on expected: View? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> View? {
        let hit = press(x, y, button: button, on: expected, file: file, line: line)
        release(x, y, button: button)
        return hit
    }

    /// Clicks the middle of a view; the click must land on it (or inside it).
    @discardableResult
    public func click(
        on view: View, button: MouseButton = .left, file: StaticString = #filePath, line: UInt = #line
    ) -> View? {
        guard let cell = centre(of: view) else {
            XCTFail("cannot click \(describe(view)): it is not on screen", file: file, line: line)
            return nil
        }
        return click(cell.x, cell.y, button: button, on: view, file: file, line: line)
    }

    /// Presses at one cell, moves one cell at a time (columns first, then rows) to another,
    /// and releases there. Returns the view the press landed on.
    @discardableResult
    public func drag(
        from start: (x: Int, y: Int), to end: (x: Int, y: Int), button: MouseButton = .left,
        on expected: View? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> View? {
        let hit = press(start.x, start.y, button: button, on: expected, file: file, line: line)
        var (x, y) = start
        while x != end.x {
            x += x < end.x ? 1 : -1
            move(x, y, button: button)
        }
        while y != end.y {
            y += y < end.y ? 1 : -1
            move(x, y, button: button)
        }
        release(end.x, end.y, button: button)
        return hit
    }

    /// Drags a view by its middle to a cell; the press must land on the view.
    @discardableResult
    public func drag(
        _ view: View, to end: (x: Int, y: Int), button: MouseButton = .left, file: StaticString = #filePath,
        line: UInt = #line
    ) -> View? {
        guard let start = centre(of: view) else {
            XCTFail("cannot drag \(describe(view)): it is not on screen", file: file, line: line)
            return nil
        }
        return drag(from: start, to: end, button: button, on: view, file: file, line: line)
    }

    // MARK: Keys

    public func key(_ key: Key, _ modifiers: Modifiers = []) {
        send(.key(KeyPress(key, modifiers: modifiers)))
    }

    /// Types characters one key at a time.
    public func type(_ text: String) {
        for character in text { key(.character(character)) }
    }

    // MARK: Checks

    /// The recorded screen must show exactly what the window composed: frames sent every change.
    public func assertScreenMatchesWindow(file: StaticString = #filePath, line: UInt = #line) {
        guard !screen.matches(window.canvas) else { return }
        XCTFail(
            "the frames' changes left the screen unlike the window:\n"
                + screen.differences(from: window.canvas).joined(separator: "\n"), file: file, line: line)
    }
}
