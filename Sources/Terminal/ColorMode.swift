import TableKit

/// What colours a terminal can show, and how an RGB colour becomes one of them.
public enum ColorMode: String, Sendable, CaseIterable {
    /// 24-bit colour (terminfo says the terminal takes direct colour, e.g. TERM=xterm-direct).
    case truecolor
    /// The xterm 256-colour palette.
    case palette256
    /// The eight ANSI colours.
    case ansi8
    /// No colour: `NO_COLOR` is set, or the terminal has none. The theme uses reverse
    /// video and bold instead.
    case monochrome

    /// Chooses by the terminal's colour count and the environment.
    public static func detect(colors: Int, hasColors: Bool, environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        guard hasColors, colors >= 8 else { return .monochrome }
        if colors >= 0x100_0000 { return .truecolor }
        if colors >= 256 { return .palette256 }
        return .ansi8
    }

    /// The terminal's colour number for an RGB colour.
    public func colorNumber(for color: RGB) -> Int {
        if color == .terminalDefault { return -1 }  // the terminal's default (use_default_colors)
        switch self {
        case .truecolor:
            return (Int(color.red) << 16) | (Int(color.green) << 8) | Int(color.blue)
        case .palette256:
            return ColorMode.nearest256(color)
        case .ansi8:
            return ColorMode.nearest8(color)
        case .monochrome:
            return -1
        }
    }

    /// The nearest entry of the 6×6×6 cube (16–231) or the grey ramp (232–255): each channel
    /// goes to its nearest cube level (0, 95, 135, 175, 215, 255; a tie to the lower), and the
    /// grey of the channels' average replaces that when it is strictly nearer. Plain integer
    /// arithmetic, no arrays: it runs for every colour of every frame.
    static func nearest256(_ color: RGB) -> Int {
        let (red, green, blue) = (Int(color.red), Int(color.green), Int(color.blue))
        let (r, g, b) = (cubeIndex(red), cubeIndex(green), cubeIndex(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let average = (red + green + blue) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + 10 * greyStep
        let greyDistance = square(grey - red) + square(grey - green) + square(grey - blue)
        let cubeDistance =
            square(cubeLevel(r) - red) + square(cubeLevel(g) - green) + square(cubeLevel(b) - blue)
        return greyDistance < cubeDistance ? 232 + greyStep : cube
    }

    /// The index (0–5) of the cube level nearest a channel's value, a tie to the lower level:
    /// the midpoints between the levels are 47.5, 115, 155, 195 and 235.
    @inline(__always)
    private static func cubeIndex(_ value: Int) -> Int {
        value < 48 ? 0 : value < 116 ? 1 : (value - 36) / 40
    }

    /// The cube's level of an index: 0, 95, 135, 175, 215, 255.
    @inline(__always)
    private static func cubeLevel(_ index: Int) -> Int { index == 0 ? 0 : 55 + 40 * index }

    @inline(__always)
    private static func square(_ value: Int) -> Int { value * value }

    /// One of the eight ANSI colours, by which channels stand out: a dark colour is black,
    /// otherwise each channel at least 60% of the strongest counts as on.
    static func nearest8(_ color: RGB) -> Int {
        let (red, green, blue) = (Int(color.red), Int(color.green), Int(color.blue))
        let strongest = max(red, green, blue)
        guard strongest >= 40 else { return 0 }
        // value >= 0.6 × strongest, in integers: 5 × value >= 3 × strongest.
        func isOn(_ value: Int) -> Bool { 5 * value >= 3 * strongest }
        return (isOn(red) ? 1 : 0) | (isOn(green) ? 2 : 0) | (isOn(blue) ? 4 : 0)
    }
}
