/// One pointer (mouse) event in window coordinates: the terminal's stand-in for a touch.
///
/// A pointer sequence is `began`, any number of `moved`, then `ended` or `cancelled`.
/// Motion with no button held (hover) is not a pointer event; the input layer drops it.
public struct PointerEvent: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        case began
        case moved
        case ended
        case cancelled
    }

    public enum Button: Equatable, Sendable {
        case primary
        case secondary
        case middle
    }

    public var phase: Phase
    /// Location in window (screen) cells.
    public var location: Point
    public var button: Button
    /// Seconds on the window's clock; filled in by the window when zero.
    public var timestamp: Double

    public init(_ phase: Phase, at location: Point, button: Button = .primary, timestamp: Double = 0) {
        self.phase = phase
        self.location = location
        self.button = button
        self.timestamp = timestamp
    }

    public init(_ phase: Phase, x: Double, y: Double, button: Button = .primary) {
        self.init(phase, at: Point(x: x, y: y), button: button)
    }
}
