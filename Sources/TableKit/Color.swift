/// A 24-bit colour. The terminal layer maps it to what the terminal can show
/// (truecolor, 256 or 8 colours); the engine only ever blends RGB.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Stands for the terminal's own default colour (a theme that keeps the terminal's
    /// background uses it): terminals are asked for their default, not for this near-black.
    public static let terminalDefault = RGB(1, 1, 1)

    /// `RGB(hex: 0x1E5A32)`
    public init(hex: UInt32) {
        self.init(UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF))
    }

    public static let black = RGB(0, 0, 0)
    public static let white = RGB(255, 255, 255)

    /// Linear mix: `fraction` 0 gives `self`, 1 gives `other`.
    public func mixed(with other: RGB, fraction: Double) -> RGB {
        let f = min(max(fraction, 0), 1)
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded())
        }
        return RGB(channel(red, other.red), channel(green, other.green), channel(blue, other.blue))
    }

    public var description: String {
        let value = (UInt32(red) << 16) | (UInt32(green) << 8) | UInt32(blue)
        let hex = String(value, radix: 16)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }
}

/// Text attributes of a cell.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let italic = CellAttributes(rawValue: 1 << 2)
    public static let underline = CellAttributes(rawValue: 1 << 3)
    public static let reverse = CellAttributes(rawValue: 1 << 4)
}

/// How a view wants a cell drawn. A `nil` colour keeps whatever lies beneath, so text
/// can be written straight onto the felt.
public struct CellStyle: Hashable, Sendable {
    public var foreground: RGB?
    public var background: RGB?
    public var attributes: CellAttributes

    public init(foreground: RGB? = nil, background: RGB? = nil, attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}
