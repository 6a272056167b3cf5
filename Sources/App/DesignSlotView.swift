import Layouts
import TableKit

/// A slot on the designer's felt: drawn as the table draws it (corner marks, its label, a
/// trash's cross) over a patch of felt, with its id on its top edge and, when it is fanned, an
/// arrow on its bottom edge. A selected slot is drawn boxed in the target colour. Dragged, it
/// lifts and casts a shadow as a card does.
///
/// ```
/// ╭tab.1╮      ┌tab.2┐
/// │     │
/// │     │
/// ╰──↓──╯      └  ↓  ┘
/// (selected)   (not)
/// ```
final class DesignSlotView: View {
    let theme: Theme
    /// The slot as the layout loads it.
    var slot: SlotLayout {
        didSet { if slot != oldValue { setNeedsDisplay() } }
    }
    /// The text on the top edge: the slot's id (shortened to fit), or a new slot's kind.
    var tag: String {
        didSet { if tag != oldValue { setNeedsDisplay() } }
    }
    var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsDisplay() } }
    }

    init(slot: SlotLayout, tag: String, theme: Theme) {
        self.slot = slot
        self.tag = tag
        self.theme = theme
        super.init(frame: .zero)
        name = "design slot"
    }

    override func draw(in context: DrawContext) {
        let w = context.width
        let h = context.height
        // Felt beneath, so the grid's marks do not show through and a lifted slot reads as one.
        context.fill(style: CellStyle(foreground: theme.felt.foreground, background: theme.felt.background))
        if isSelected, w >= 2, h >= 2 {
            drawBox(in: context, glyphs: boxGlyphs, style: theme.target)
            if let label = slot.label ?? (slot.deleteOnDrop ? String(theme.glyphs.trash) : nil), w >= 3 {
                let style = slot.deleteOnDrop ? theme.trash : theme.slotLabel
                context.put(
                    label, centredIn: w - 2, x: 1, y: (h - 1) / 2, style: style, ellipsis: theme.glyphs.ellipsis)
            }
        } else {
            SlotView.draw(slot, label: nil, theme: theme, in: context)
        }
        if w >= 3 {
            let style = CellStyle(
                foreground: theme.cursor.foreground, background: theme.panel.background,
                attributes: theme.isMonochrome ? [.bold, .reverse] : [.bold])
            let width = w - 2
            context.put(
                NameTagView.shortened(tag, toFit: width), x: 1, y: 0, columns: width, style: style, ellipsis: "")
        }
        if h >= 3, w >= 3, slot.fan != .none {
            let unicode = theme.glyphs.unicodeSuits
            let arrow = slot.fan == .down ? (unicode ? "↓" : "v") : (unicode ? "→" : ">")
            context.put(arrow, centredIn: w - 2, x: 1, y: h - 1, style: isSelected ? theme.target : theme.slotLabel)
        }
    }

    /// The selected box's corners: the cursor's, so a selected slot reads as picked out.
    private var boxGlyphs: Theme.Glyphs {
        var glyphs = theme.glyphs
        glyphs.topLeft = glyphs.cursorCorner.topLeft
        glyphs.topRight = glyphs.cursorCorner.topRight
        glyphs.bottomLeft = glyphs.cursorCorner.bottomLeft
        glyphs.bottomRight = glyphs.cursorCorner.bottomRight
        return glyphs
    }
}

/// A view that holds others but is never hit itself: a press between its subviews reaches
/// what lies beneath (the felt under the designer's slots).
final class PassThroughView: View {
    override func hitTest(_ point: Point) -> View? {
        let hit = super.hitTest(point)
        return hit === self ? nil : hit
    }
}
