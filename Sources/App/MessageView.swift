import TableKit

/// Text wrapped at word boundaries to the view's width, from the top-left: used for the
/// "terminal too small" notice, which must read even on a 10×5 terminal.
public final class MessageView: View {
    let theme: Theme
    public var text: String = "" {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

    public init(theme: Theme) {
        self.theme = theme
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        isHidden = true
        name = "message"
    }

    public override func draw(in context: DrawContext) {
        context.fill(style: theme.felt)
        for (row, line) in MessageView.wrap(text, width: context.width).enumerated() where row < context.height {
            context.put(line, x: 0, y: row, style: theme.panelTitle)
        }
    }

    /// Greedy word wrap; a word longer than the width is cut.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            var word = String(word)
            while word.count > width {
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                lines.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
