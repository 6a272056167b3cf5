/// One pointer sequence (press, drags, release) as the gesture recognizers see it.
/// The view it landed on keeps it until it ends: that is the pointer grab.
public final class Touch {
    /// The view hit when the sequence began.
    public let view: View?
    /// 1 for a single press, 2 for the second press of a double click, and so on: presses of
    /// the same button within ``Window/multiTapInterval`` of the last tap and at the same place
    /// (``isSamePlace(_:_:)``) count up.
    public let tapCount: Int
    public internal(set) var phase: PointerPhase = .began
    /// Location in window coordinates.
    public internal(set) var location: Point
    public internal(set) var previousLocation: Point
    public let startLocation: Point
    public internal(set) var timestamp: Double
    public let button: PointerEvent.Button

    init(view: View?, location: Point, tapCount: Int, timestamp: Double, button: PointerEvent.Button) {
        self.view = view
        self.location = location
        self.previousLocation = location
        self.startLocation = location
        self.tapCount = tapCount
        self.timestamp = timestamp
        self.button = button
    }

    /// Moves the touch on: the old location becomes the previous one.
    func advance(to location: Point, at time: Double, phase: PointerPhase) {
        previousLocation = self.location
        self.location = location
        timestamp = time
        self.phase = phase
    }

    /// The location in a view's coordinates (window coordinates for nil).
    public func location(in view: View?) -> Point {
        view?.convert(location, from: nil) ?? location
    }

    public func previousLocation(in view: View?) -> Point {
        view?.convert(previousLocation, from: nil) ?? previousLocation
    }
}

// MARK: - The same place

extension Touch {
    /// Whether two pointer locations are at the same place: in the same cell. A press and its
    /// release at the same place make a tap; a press at the same place as the last tap (with the
    /// same button, soon enough) counts up the tap series. The terminal's pointer tracker uses
    /// the same rule: it reports motion only when the cell changes.
    public static func isSamePlace(_ a: Point, _ b: Point) -> Bool {
        a.x.rounded(.down) == b.x.rounded(.down) && a.y.rounded(.down) == b.y.rounded(.down)
    }
}
