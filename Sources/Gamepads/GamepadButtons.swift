// A gamepad's records turned into presses of the kernel's standard gamepad controls: the face
// buttons by compass point, shoulders, start and select, and four directions from whichever of
// d-pad, hat or left stick the pad has. What a press does is the app's to say (its bindings).

/// The controls of the kernel's standard gamepad layout (Documentation/input/gamepad.rst).
public enum GamepadButton: String, CaseIterable, Sendable {
    case south, east, north, west
    case leftShoulder, rightShoulder
    case select, start
    case up, down, left, right

    /// The button's key code (BTN_*), for the buttons that have one.
    static let byCode: [UInt16: GamepadButton] = [
        0x130: .south, 0x131: .east, 0x133: .north, 0x134: .west,
        0x136: .leftShoulder, 0x137: .rightShoulder, 0x13A: .select, 0x13B: .start,
        0x220: .up, 0x221: .down, 0x222: .left, 0x223: .right,
    ]
}

/// The range of an absolute axis, as the device reports it.
public struct AxisRange: Equatable, Sendable {
    public var minimum: Int32
    public var maximum: Int32

    public init(minimum: Int32, maximum: Int32) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The usual range of a stick (what a device that cannot be asked is taken to have).
    public static let stick = AxisRange(minimum: -32768, maximum: 32767)

    /// `value` from -1 (minimum) to 1 (maximum).
    func unit(_ value: Int32) -> Double {
        let middle = (Double(minimum) + Double(maximum)) / 2
        let half = max(1, (Double(maximum) - Double(minimum)) / 2)
        return max(-1, min(1, (Double(value) - middle) / half))
    }
}

/// Turns one pad's records into button presses.
///
/// A stick counts as pushed in a direction past ``push`` of its travel, and is ready to push
/// again only once back within ``deadZone`` of the centre, so a stick resting a little off centre
/// (as worn ones do) or wobbling at the threshold gives no presses. Hats (d-pads reported as an
/// axis) press when they go from centre to a side.
public struct GamepadButtonReader: Sendable {
    /// Past this share of its travel, a stick is pushed.
    public static let push = 0.5
    /// Within this share of its travel, a stick is back at the centre.
    public static let deadZone = 0.25

    private var ranges: [UInt16: AxisRange]
    /// Per stick axis: the direction it was last pushed in (-1, 1) until it came back (0).
    private var pushed: [UInt16: Int] = [:]
    private var hat: [UInt16: Int32] = [:]

    /// With the ranges of the device's stick axes (ABS_X, ABS_Y), when it could be asked.
    public init(ranges: [UInt16: AxisRange] = [:]) {
        self.ranges = ranges
    }

    static let stickX: UInt16 = 0x00
    static let stickY: UInt16 = 0x01
    static let hatX: UInt16 = 0x10
    static let hatY: UInt16 = 0x11

    /// The presses one record makes (a release, a sync record or an axis within its dead zone
    /// makes none).
    public mutating func presses(for event: EvdevRecord) -> [GamepadButton] {
        switch event.type {
        case EvdevRecord.key:
            guard event.value == 1, let button = GamepadButton.byCode[event.code] else { return [] }
            return [button]
        case EvdevRecord.absolute:
            switch event.code {
            case Self.stickX, Self.stickY: return stick(event.code, event.value)
            case Self.hatX, Self.hatY: return hat(event.code, event.value)
            default: return []
            }
        default:
            return []
        }
    }

    private mutating func stick(_ axis: UInt16, _ value: Int32) -> [GamepadButton] {
        let position = (ranges[axis] ?? .stick).unit(value)
        let was = pushed[axis] ?? 0
        if abs(position) <= Self.deadZone {
            pushed[axis] = 0
            return []
        }
        guard was == 0, abs(position) >= Self.push else { return [] }
        let direction = position < 0 ? -1 : 1
        pushed[axis] = direction
        return [Self.button(axis == Self.stickX, direction)]
    }

    private mutating func hat(_ axis: UInt16, _ value: Int32) -> [GamepadButton] {
        let was = hat[axis] ?? 0
        hat[axis] = value
        guard value != 0, value.signum() != was.signum() else { return [] }
        return [Self.button(axis == Self.hatX, Int(value.signum()))]
    }

    private static func button(_ horizontal: Bool, _ direction: Int) -> GamepadButton {
        horizontal ? (direction < 0 ? .left : .right) : (direction < 0 ? .up : .down)
    }
}
