import TableKit

/// A centred box of text over the table: the help screen, and the "terminal too small"
/// notice. Lines are drawn as given; the first line is the title. Lines that do not fit the
/// screen scroll under the title (``scroll(by:)``), and the bottom edge says there is more.
public final class PanelView: View {
    let theme: Theme
    public var lines: [String] {
        didSet { setNeedsDisplay() }
    }
    /// Written into the bottom edge ("any key closes"), and instead when the lines scroll.
    public var footer: String? {
        didSet { setNeedsDisplay() }
    }
    public var scrollingFooter: String? {
        didSet { setNeedsDisplay() }
    }
    /// How many lines below the title are scrolled out of sight at the top.
    public private(set) var scrollOffset = 0

    /// Lines below the title that fit inside the border.
    var visibleBodyRows: Int { max(0, Int(frame.height) - 4) }

    /// The lines below the title that do not all fit: scrolling shows the rest.
    public var canScroll: Bool { lines.count - 1 > visibleBodyRows }

    /// Scrolls the lines under the title by `rows` (negative: up), within the text.
    public func scroll(by rows: Int) {
        let limit = max(0, lines.count - 1 - visibleBodyRows)
        let offset = min(max(0, scrollOffset + rows), limit)
        if offset != scrollOffset {
            scrollOffset = offset
            setNeedsDisplay()
        }
    }

    public init(lines: [String], theme: Theme) {
        self.lines = lines
        self.theme = theme
        super.init(frame: .zero)
    }

    /// The size the panel wants: its longest line plus a border and padding, and a blank
    /// line under the title.
    public var preferredSize: Size {
        let width = (lines.map { TextFit.columns(of: $0) }.max() ?? 0) + 4
        return Size(width: Double(width), height: Double(lines.count + 3))
    }

    /// Centres the panel in a screen of the given size, shrinking it to fit.
    public func centre(inWidth width: Int, height: Int) {
        frame = Rect(centring: preferredSize, inWidth: width, height: height)
        scroll(by: 0)  // a taller screen may show more
    }

    public override func draw(in context: DrawContext) {
        let w = context.width
        let h = context.height
        context.fill(style: theme.panel)
        if w >= 2 && h >= 2 { drawBox(in: context, glyphs: theme.glyphs, style: theme.panel) }
        let ellipsis = theme.glyphs.ellipsis
        guard h >= 3 else {
            for (index, text) in lines.enumerated() {
                context.put(text, x: 0, y: index, columns: w, style: theme.panel, ellipsis: ellipsis)
            }
            return
        }
        // Inside the border, lines too long for the screen cut with an ellipsis.
        if let title = lines.first {
            context.put(title, centredIn: w - 4, x: 2, y: 1, style: theme.panelTitle, ellipsis: ellipsis)
        }
        let body = lines.dropFirst().dropFirst(scrollOffset).prefix(visibleBodyRows)
        for (row, text) in body.enumerated() {
            context.put(text, x: 2, y: row + 3, columns: w - 4, style: theme.panel, ellipsis: ellipsis)
        }
        var edge = (canScroll ? scrollingFooter ?? footer : footer).map { " \($0) " } ?? ""
        if canScroll {
            let above = scrollOffset > 0 ? (theme.glyphs.unicodeSuits ? "↑" : "^") : ""
            let below = scrollOffset < lines.count - 1 - visibleBodyRows ? (theme.glyphs.unicodeSuits ? "↓" : "v") : ""
            edge = " \(above)\(below) more ·" + edge
        }
        if !edge.isEmpty, TextFit.columns(of: edge) <= w - 4 {
            context.put(edge, centredIn: w - 4, x: 2, y: h - 1, style: theme.panelTitle)
        }
    }
}
