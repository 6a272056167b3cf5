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

    /// The nearest entry of the 6×6×6 cube (16–231) or the grey ramp (232–255).
    static func nearest256(_ color: RGB) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func cubeIndex(_ v: UInt8) -> Int {
            let value = Int(v)
            var best = 0
            for (i, level) in levels.enumerated() where abs(level - value) < abs(levels[best] - value) { best = i }
            return best
        }
        let (r, g, b) = (cubeIndex(color.red), cubeIndex(color.green), cubeIndex(color.blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeColor = (levels[r], levels[g], levels[b])
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let greyLevel = 8 + 10 * greyStep
        func distance(_ c: (Int, Int, Int)) -> Int {
            let dr = c.0 - Int(color.red)
            let dg = c.1 - Int(color.green)
            let db = c.2 - Int(color.blue)
            return dr * dr + dg * dg + db * db
        }
        return distance((greyLevel, greyLevel, greyLevel)) < distance(cubeColor) ? 232 + greyStep : cube
    }

    /// One of the eight ANSI colours, by which channels stand out: a dark colour is black,
    /// otherwise each channel at least 60% of the strongest counts as on.
    static func nearest8(_ color: RGB) -> Int {
        let channels = [Int(color.red), Int(color.green), Int(color.blue)]
        let strongest = channels.max() ?? 0
        guard strongest >= 40 else { return 0 }
        let on = channels.map { Double($0) >= Double(strongest) * 0.6 }
        return (on[0] ? 1 : 0) | (on[1] ? 2 : 0) | (on[2] ? 4 : 0)
    }
}
