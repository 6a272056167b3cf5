import Layouts
import TableKit

/// The names of the slots, drawn over the table for layout previews: each slot's id on
/// its top row, shortened to fit (`tableau.3` becomes `tab.3` on a 7-wide card).
public final class NameTagView: View {
    let theme: Theme
    var tags: [(text: String, x: Int, y: Int, width: Int)] = [] {
        didSet { setNeedsDisplay() }
    }

    public init(theme: Theme) {
        self.theme = theme
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        name = "names"
    }

    func update(for placement: TablePlacement) {
        tags = placement.slots.map { slot in
            let width = max(1, placement.cardSize.width - 2)
            return (NameTagView.shortened(slot.slot.id, toFit: width), slot.x + 1, slot.y, width)
        }
    }

    public override func draw(in context: DrawContext) {
        let style = CellStyle(
            foreground: theme.cursor.foreground, background: theme.panel.background,
            attributes: theme.isMonochrome ? [.bold, .reverse] : [.bold])
        for tag in tags {
            context.put(tag.text, x: tag.x, y: tag.y, columns: tag.width, style: style, ellipsis: "")
        }
    }

    /// `tableau.3` → `tab.3` when it must fit in 5 columns; names that fit stay whole. Measured
    /// in columns: a wide character takes two.
    public static func shortened(_ id: String, toFit width: Int) -> String {
        guard TextFit.columns(of: id) > width else { return id }
        if let dot = id.lastIndex(of: "."), dot != id.startIndex {
            let number = String(id[id.index(after: dot)...])
            let room = width - TextFit.columns(of: number) - 1
            if room >= 1 { return TextFit.clipped(String(id[..<dot]), toColumns: room, ellipsis: "") + "." + number }
            // The number's end, as much as fits.
            return String(TextFit.clipped(String(number.reversed()), toColumns: width, ellipsis: "").reversed())
        }
        return TextFit.clipped(id, toColumns: width, ellipsis: "")
    }
}
