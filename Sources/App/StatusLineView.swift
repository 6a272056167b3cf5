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
        var x = 1
        var inKey = false
        var run = ""
        func flush() {
            x += context.put(run, x: x, y: 0, style: inKey ? theme.statusKey : theme.status)
            run = ""
        }
        for character in message {
            if character == "[" || character == "]" {
                flush()
                inKey = character == "["
            } else {
                run.append(character)
            }
        }
        flush()
    }

    /// The message as plain text (brackets removed), for tests.
    public var plainText: String { message.filter { $0 != "[" && $0 != "]" } }

    /// How many columns a message takes on screen (brackets are not drawn).
    public static func columns(of message: String) -> Int {
        message.reduce(0) { $0 + ($1 == "[" || $1 == "]" ? 0 : DisplayWidth.of($1)) }
    }
}
