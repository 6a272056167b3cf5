import TableKit

/// One step of the single pointer the app sees.
public struct PointerUpdate: Hashable, Sendable {
    public var phase: PointerPhase
    public var column: Int
    public var row: Int
    /// The button that began the pointer sequence (also on `.moved`/`.ended`,
    /// even when the terminal's report did not say which button it was).
    public var button: MouseButton

    public init(phase: PointerPhase, column: Int, row: Int, button: MouseButton) {
        self.phase = phase
        self.column = column
        self.row = row
        self.button = button
    }
}

/// Turns the stream of `MouseReport`s into one well-formed pointer sequence:
/// `.began`, any number of `.moved`, then exactly one `.ended` or `.cancelled`.
///
/// Terminals are sloppy about mouse state (releases without a button, motion
/// without the button bit, presses lost while unfocused), so the tracker keeps
/// its own notion of "pressed" and never lets a sequence stay open by mistake:
/// any release ends it, a new press cancels it, and `cancel()` ends it from
/// outside (focus lost, resize, Escape).
public struct PointerTracker: Sendable {
    private struct Open {
        var column: Int
        var row: Int
        var button: MouseButton
    }

    /// The open sequence, at the last position reported for it.
    private var open: Open?

    public init() {}

    public var isPressed: Bool { open != nil }

    /// Feed every MouseReport; returns 0, 1 or 2 updates (2 when a press arrives
    /// while a press is open: `.cancelled` for the open one, then `.began`).
    ///
    /// - Wheel reports and the extra buttons (`.other`) are ignored: they are not
    ///   pointer events.
    /// - While pressed, motion with or without a button bit moves the pointer,
    ///   reported only when the cell changes (a report in the same cell is at the same place).
    /// - Motion while not pressed (hover) and a release while not pressed do nothing.
    public mutating func handle(_ report: MouseReport) -> [PointerUpdate] {
        switch report.button {
        case .wheelUp, .wheelDown, .other:
            return []
        case .left, .middle, .right, .none:
            break
        }
        switch report.action {
        case .press:
            guard report.button != .none else { return [] }
            var updates: [PointerUpdate] = []
            if let cancelled = cancel() { updates.append(cancelled) }
            open = Open(column: report.column, row: report.row, button: report.button)
            updates.append(PointerUpdate(phase: .began, column: report.column, row: report.row, button: report.button))
            return updates
        case .drag, .move:
            guard var current = open else { return [] }
            guard current.column != report.column || current.row != report.row else { return [] }
            current.column = report.column
            current.row = report.row
            open = current
            return [PointerUpdate(phase: .moved, column: current.column, row: current.row, button: current.button)]
        case .release:
            guard let current = open else { return [] }
            open = nil
            return [PointerUpdate(phase: .ended, column: report.column, row: report.row, button: current.button)]
        }
    }

    /// The terminal lost focus / was resized / Escape: if a press is open,
    /// returns `.cancelled` at the last position.
    public mutating func cancel() -> PointerUpdate? {
        guard let current = open else { return nil }
        open = nil
        return PointerUpdate(phase: .cancelled, column: current.column, row: current.row, button: current.button)
    }
}
