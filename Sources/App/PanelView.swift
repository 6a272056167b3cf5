import TableKit

/// A centred box of text over the table: the help screen, and the "terminal too small"
/// notice. Lines are drawn as given; the first line is the title.
public final class PanelView: View {
    let theme: Theme
    public var lines: [String] {
        didSet { setNeedsDisplay() }
    }

    public init(lines: [String], theme: Theme) {
        self.lines = lines
        self.theme = theme
        super.init(frame: .zero)
    }

    /// The size the panel wants: its longest line plus a border and padding.
    public var preferredSize: Size {
        let width = (lines.map { $0.count }.max() ?? 0) + 4
        return Size(width: Double(width), height: Double(lines.count + 2))
    }

    /// Centres the panel in a screen of the given size, shrinking it to fit.
    public func centre(inWidth width: Int, height: Int) {
        let size = preferredSize
        let w = min(size.width, Double(width))
        let h = min(size.height, Double(height))
        frame = Rect(
            x: ((Double(width) - w) / 2).rounded(.down), y: ((Double(height) - h) / 2).rounded(.down), width: w,
            height: h)
    }

    public override func draw(in context: DrawContext) {
        let w = context.width
        let h = context.height
        context.fill(style: theme.panel)
        let g = theme.glyphs
        if w >= 2 && h >= 2 {
            let line = String(repeating: g.horizontal, count: w - 2)
            context.put(String(g.topLeft) + line + String(g.topRight), x: 0, y: 0, style: theme.panel)
            context.put(String(g.bottomLeft) + line + String(g.bottomRight), x: 0, y: h - 1, style: theme.panel)
            for row in 1..<(h - 1) {
                context.put(String(g.vertical), x: 0, y: row, style: theme.panel)
                context.put(String(g.vertical), x: w - 1, y: row, style: theme.panel)
            }
        }
        for (index, text) in lines.enumerated() {
            let style = index == 0 ? theme.panelTitle : theme.panel
            let x = index == 0 ? max(1, (w - text.count) / 2) : 2
            context.put(text, x: h >= 3 ? x : 0, y: h >= 3 ? index + 1 : index, style: style)
        }
    }
}
