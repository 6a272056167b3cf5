// Text from a file or the network, made safe to print on a terminal.

/// Text that came from a file or the network (a layout's title, a game's name, a position, a
/// script's option, what a game says on its socket, an error message that quotes a file) made
/// safe for a terminal before it is printed: every character a terminal would act on instead
/// of showing is replaced by a visible escape, so that a title cannot set the terminal's title
/// or modes, move the cursor, or turn the rest of the line around.
///
///     TerminalText.safe("Klondike\u{1B}]0;pwned\u{7}")   // "Klondike\x1b]0;pwned\x07"
///     TerminalText.safe("evil\u{202E}txt.exe")            // "evil\u{202E}txt.exe"
///
/// Replaced: the C0 controls and DEL (`\x1b`), the C1 controls U+0080 to U+009F (`\u{9B}`, CSI
/// among them), the bidirectional controls U+061C, U+200E, U+200F, U+202A to U+202E and U+2066
/// to U+2069, and the line and paragraph separators U+2028 and U+2029 (`\u{202E}`). A tab
/// becomes a space. With `keepingLines`, line feeds and tabs stay as they are (a message of
/// several lines); a carriage return never does (it would let a line write over another).
public enum TerminalText {
    public static func safe(_ text: some StringProtocol, keepingLines: Bool = false) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { isUnsafe($0, keepingLines: keepingLines) }) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in scalars {
            guard isUnsafe(scalar, keepingLines: keepingLines) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            result += scalar == "\t" ? " " : escaped(scalar)
        }
        return result
    }

    /// Whether a terminal would act on `scalar` rather than show it (or, without
    /// `keepingLines`, it would break the line or a column).
    public static func isUnsafe(_ scalar: Unicode.Scalar, keepingLines: Bool = false) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLines
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// One character as ``safe(_:keepingLines:)`` shows it when it is unsafe (`\x07`,
    /// `\u{9B}`), a tab and a line feed too: what a message that names a refused character
    /// quotes.
    ///
    ///     TerminalText.escaped("\u{7}")   // "\x07"
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        if scalar.value < 0x20 || scalar.value == 0x7F { return "\\x" + hex(scalar.value, digits: 2).lowercased() }
        return "\\u{" + hex(scalar.value, digits: 1) + "}"
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
