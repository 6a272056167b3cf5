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
            context.put(line, x: 0, y: row, columns: context.width, style: theme.panelTitle, ellipsis: "")
        }
    }

    /// Greedy word wrap to `width` columns; a word longer than the width is cut.
    public static func wrap(_ text: String, width: Int) -> [String] {
        TextFit.wrapped(text, toColumns: width)
    }
}
