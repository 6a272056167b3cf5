import TableKit

/// The bottom line: what the player can do now. Text between `[` and `]` is a key or a
/// gesture and is drawn in the key colour without the brackets.
public final class StatusLineView: View {
    let theme: Theme
    public var message: String = "" {
        didSet { if message != oldValue { setNeedsDisplay() } }
    }

    public init(theme: Theme) {
        self.theme = theme
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        name = "status"
    }

    public override func draw(in context: DrawContext) {
        context.fill(style: theme.status)
        // From the second column to the last; a message too long is cut with an ellipsis.
        let ellipsis = theme.glyphs.ellipsis
        let room = context.width - 1
        let fits = StatusLineView.columns(of: message) <= room
        var left = fits ? room : room - TextFit.columns(of: ellipsis)
        var x = 1
        var inKey = false
        var run = ""
        var cut = false
        func flush() {
            guard !cut else { return }
            let style = inKey ? theme.statusKey : theme.status
            if TextFit.columns(of: run) <= left {
                let used = context.put(run, x: x, y: 0, style: style)
                x += used
                left -= used
            } else {
                x += context.put(TextFit.clipped(run, toColumns: max(0, left), ellipsis: ""), x: x, y: 0, style: style)
                context.put(ellipsis, x: x, y: 0, style: theme.status)
                cut = true
            }
            run = ""
        }
        for character in message {
            if character == "[" || character == "]" {
                flush()
                inKey = character == "["
            } else {
                run.append(Self.shown(character))
            }
        }
        flush()
    }

    /// The key named in the part of the message (parts are split by ` · `) drawn at a column of
    /// the line: `Ctrl-S` for a click on `[Ctrl-S] save`; nil where no key is named. A click on a
    /// key the line offers presses it (the designer's line, a tried layout's).
    public func key(atColumn column: Int) -> String? {
        var x = 1
        for part in message.split(separator: " · ", omittingEmptySubsequences: false) {
            let width = StatusLineView.columns(of: String(part))
            if column >= x && column < x + width {
                guard let open = part.firstIndex(of: "["), let close = part[open...].firstIndex(of: "]") else {
                    return nil
                }
                return String(part[part.index(after: open)..<close])
            }
            x += width + StatusLineView.columns(of: " · ")
        }
        return nil
    }

    /// The message as plain text (brackets removed), for tests.
    public var plainText: String { String(message.filter { $0 != "[" && $0 != "]" }.map(Self.shown)) }

    /// Text whose brackets are shown as they are, not read as a key's (a layout's `[game]` in a
    /// message from `cardtable check`).
    public static func literal(_ text: String) -> String {
        String(text.map { $0 == "[" ? openBracket : $0 == "]" ? closeBracket : $0 })
    }

    /// Stand-ins for brackets shown as they are: private-use characters no message has.
    static let openBracketScalar: Unicode.Scalar = "\u{E000}"
    static let closeBracketScalar: Unicode.Scalar = "\u{E001}"
    static let openBracket = Character(openBracketScalar)
    static let closeBracket = Character(closeBracketScalar)

    static func shown(_ character: Character) -> Character {
        character == openBracket ? "[" : character == closeBracket ? "]" : character
    }

    /// How many columns a message takes on screen (brackets are not drawn).
    /// (Compared as scalars: comparing characters normalises them, a cost on every status.)
    public static func columns(of message: String) -> Int {
        var columns = 0
        for character in message {
            let scalars = character.unicodeScalars
            if let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
                if scalar == "[" || scalar == "]" { continue }
                if scalar == openBracketScalar || scalar == closeBracketScalar {
                    columns += 1
                    continue
                }
            }
            columns += Glyph.columns(of: character)
        }
        return columns
    }

    /// The first of the candidate lines (parts joined by " · ") that fits in `room` columns, else
    /// the last. (Joined by hand: `joined(separator:)` is generic over the sequence, and its first
    /// use in a launch costs the runtime more than all the status lines of a game.)
    public static func fitted(_ candidates: [[String]], room: Int) -> String {
        var line = ""
        for parts in candidates {
            line = ""
            var isFirst = true
            for part in parts {
                if !isFirst { line += " · " }
                line += part
                isFirst = false
            }
            if columns(of: line) <= room { return line }
        }
        return line
    }
}
