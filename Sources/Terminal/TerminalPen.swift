import TableKit

/// The colours and attributes the terminal writes with, as SGR sets them: colour numbers as
/// ``ColorMode/colorNumber(for:)`` gives them (-1 is the terminal's own colour).
struct TerminalPen: Hashable, Sendable {
    var foreground: Int
    var background: Int
    var attributes: CellAttributes

    /// The terminal's own colours, no attributes: what SGR 0 sets.
    static let plain = TerminalPen(foreground: -1, background: -1, attributes: [])

    /// The pen as one number, different for different pens: colour numbers are -1 to 2^24 - 1
    /// (truecolor), 25 bits each, and the attributes 8 bits.
    var key: Int { (foreground + 1) | (background + 1) << 25 | Int(attributes.rawValue) << 50 }

    /// The colour a blank cell written with this pen shows.
    var visibleBackground: Int { attributes.contains(.reverse) ? foreground : background }

    /// Whether a blank cell that must show `background` can be written with this pen as it is:
    /// a space shows only its background (or, reversed, its foreground), unless underlined.
    func drawsBlank(in background: Int) -> Bool {
        !attributes.contains(.underline) && visibleBackground == background
    }

    /// The SGR sequence that turns `current` into `self`, appended to `out`; nothing when they
    /// are the same. Only what changed is sent (one colour, one attribute), unless a full reset
    /// and everything set again is shorter, or an attribute must go off and the terminal turns
    /// attributes off only all at once. With `current` unknown, everything is set from a reset.
    func appendChange(from current: TerminalPen?, dialect: TerminalDialect, into out: inout [UInt8]) {
        if let current, current == self { return }
        var reset: [UInt8] = []
        appendFromReset(colorMode: dialect.colorMode, into: &reset)
        guard let current else {
            appendSequence(reset, into: &out)
            return
        }
        let off = current.attributes.subtracting(attributes)
        var on = attributes.subtracting(current.attributes)
        guard off.isEmpty || dialect.turnsAttributesOffOneByOne else {
            appendSequence(reset, into: &out)
            return
        }
        var change: [UInt8] = []
        if !off.isDisjoint(with: [.bold, .dim]) {
            TerminalPen.appendParameter(22, into: &change)
            // SGR 22 turns both off: the one that stays is set again.
            on.formUnion(attributes.intersection([.bold, .dim]))
        }
        if off.contains(.italic) { TerminalPen.appendParameter(23, into: &change) }
        if off.contains(.underline) { TerminalPen.appendParameter(24, into: &change) }
        if off.contains(.reverse) { TerminalPen.appendParameter(27, into: &change) }
        TerminalPen.appendAttributes(on, into: &change)
        if foreground != current.foreground {
            TerminalPen.appendColor(foreground, layer: 3, colorMode: dialect.colorMode, into: &change)
        }
        if background != current.background {
            TerminalPen.appendColor(background, layer: 4, colorMode: dialect.colorMode, into: &change)
        }
        appendSequence(change.count <= reset.count ? change : reset, into: &out)
    }

    /// The parameters that set this pen from nothing: `0`, then its attributes and colours.
    private func appendFromReset(colorMode: ColorMode, into parameters: inout [UInt8]) {
        parameters.append(UInt8(ascii: "0"))
        TerminalPen.appendAttributes(attributes, into: &parameters)
        if foreground != -1 { TerminalPen.appendColor(foreground, layer: 3, colorMode: colorMode, into: &parameters) }
        if background != -1 { TerminalPen.appendColor(background, layer: 4, colorMode: colorMode, into: &parameters) }
    }

    /// `ESC [ parameters m`; a lone `0` is left out (`ESC [ m`).
    private func appendSequence(_ parameters: [UInt8], into out: inout [UInt8]) {
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        if parameters != [UInt8(ascii: "0")] { out.append(contentsOf: parameters) }
        out.append(UInt8(ascii: "m"))
    }

    private static func appendAttributes(_ attributes: CellAttributes, into parameters: inout [UInt8]) {
        if attributes.contains(.bold) { appendParameter(1, into: &parameters) }
        if attributes.contains(.dim) { appendParameter(2, into: &parameters) }
        if attributes.contains(.italic) { appendParameter(3, into: &parameters) }
        if attributes.contains(.underline) { appendParameter(4, into: &parameters) }
        if attributes.contains(.reverse) { appendParameter(7, into: &parameters) }
    }

    /// A colour's parameters, `layer` 3 for the foreground and 4 for the background: 39 or 49
    /// for the terminal's own, 30–37 or 40–47 for the first eight, 90–97 or 100–107 for the
    /// next eight, `38;5;N` and `38;2;R;G;B` beyond.
    static func appendColor(_ number: Int, layer: Int, colorMode: ColorMode, into parameters: inout [UInt8]) {
        if number < 0 {
            appendParameter(layer * 10 + 9, into: &parameters)
            return
        }
        switch colorMode {
        case .truecolor:
            appendParameter(layer * 10 + 8, into: &parameters)
            appendParameter(2, into: &parameters)
            appendParameter((number >> 16) & 0xFF, into: &parameters)
            appendParameter((number >> 8) & 0xFF, into: &parameters)
            appendParameter(number & 0xFF, into: &parameters)
        case .palette256 where number >= 16:
            appendParameter(layer * 10 + 8, into: &parameters)
            appendParameter(5, into: &parameters)
            appendParameter(number, into: &parameters)
        case .palette256 where number >= 8:
            appendParameter((layer == 3 ? 90 : 100) + number - 8, into: &parameters)
        case .palette256, .ansi8, .monochrome:
            appendParameter(layer * 10 + number, into: &parameters)
        }
    }

    /// A number, after a `;` unless it is the first parameter.
    static func appendParameter(_ value: Int, into parameters: inout [UInt8]) {
        if !parameters.isEmpty { parameters.append(UInt8(ascii: ";")) }
        appendDecimal(value, into: &parameters)
    }
}

/// A non-negative number in decimal digits.
func appendDecimal(_ value: Int, into out: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, into: &out) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
}
