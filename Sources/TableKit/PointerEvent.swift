/// Where a pointer sequence is: `began`, any number of `moved`, then `ended` or `cancelled`.
/// The one phase vocabulary of pointer events, touches and the terminal's pointer tracker.
public enum PointerPhase: Hashable, Sendable {
    case began
    case moved
    case ended
    case cancelled
}

/// One pointer (mouse) event in window coordinates: the terminal's stand-in for a touch.
///
/// Motion with no button held (hover) is not a pointer event; the input layer drops it.
public struct PointerEvent: Equatable, Sendable {
    public enum Button: Equatable, Sendable {
        case primary
        case secondary
        case middle
    }

    public var phase: PointerPhase
    /// Location in window (screen) cells.
    public var location: Point
    public var button: Button
    /// Seconds on the window's clock; filled in by the window when zero.
    public var timestamp: Double

    public init(_ phase: PointerPhase, at location: Point, button: Button = .primary, timestamp: Double = 0) {
        self.phase = phase
        self.location = location
        self.button = button
        self.timestamp = timestamp
    }

    public init(_ phase: PointerPhase, x: Double, y: Double, button: Button = .primary) {
        self.init(phase, at: Point(x: x, y: y), button: button)
    }
}
