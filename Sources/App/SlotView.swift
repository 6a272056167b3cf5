import Layouts
import TableKit

/// An empty place for cards on the felt: a faint outline with the slot's label, or for a
/// trash slot a cross. Tapping one that creates cards deals a card onto it.
public final class SlotView: View {
    public let slot: SlotLayout
    let theme: Theme
    /// Replaces the layout's label (an empty stock shows the redeals left).
    public var labelOverride: String? {
        didSet { if labelOverride != oldValue { setNeedsDisplay() } }
    }

    public init(slot: SlotLayout, frame: Rect, theme: Theme) {
        self.slot = slot
        self.theme = theme
        super.init(frame: frame)
        name = slot.id
    }

    public override func draw(in context: DrawContext) {
        SlotView.draw(slot, label: labelOverride, theme: theme, in: context)
    }

    /// Draws a slot as the table shows it: its corner marks (a trash's in the trash colour) and
    /// its label, or a trash's cross, between them. The layout designer draws its slots so too.
    static func draw(_ slot: SlotLayout, label labelOverride: String?, theme: Theme, in context: DrawContext) {
        let w = context.width
        let h = context.height
        let g = theme.glyphs
        let outline = slot.deleteOnDrop ? theme.trash : theme.slotOutline
        if w >= 2 && h >= 2 {
            context.put(String(g.slotCorner.topLeft), x: 0, y: 0, style: outline)
            context.put(String(g.slotCorner.topRight), x: w - 1, y: 0, style: outline)
            context.put(String(g.slotCorner.bottomLeft), x: 0, y: h - 1, style: outline)
            context.put(String(g.slotCorner.bottomRight), x: w - 1, y: h - 1, style: outline)
        }
        let text = labelOverride ?? slot.label ?? (slot.deleteOnDrop ? String(g.trash) : "")
        guard !text.isEmpty else { return }
        let style = slot.deleteOnDrop ? theme.trash : theme.slotLabel
        // Between the corner marks, cut with an ellipsis: a label never reaches the slot's edge,
        // where the cursor's outline goes.
        let (left, columns) = w >= 3 ? (1, w - 2) : (0, w)
        context.put(text, centredIn: columns, x: left, y: (h - 1) / 2, style: style, ellipsis: g.ellipsis)
    }
}
