import Layouts
import TableKit

/// The designer's palette: one row above the felt with every kind of slot. Clicking a kind makes
/// it the kind a tap on the felt (or Enter on an empty cell) creates; dragging one out onto the
/// felt creates a slot of it where it lands. The chosen kind is marked.
///
/// ```
///  New slot: ▸tableau  stock  waste  foundation  cell  reserve  trash  free
/// ```
final class PaletteView: View {
    let theme: Theme
    let items: [PaletteItemView]
    /// The kind a tap on the felt creates.
    var chosen: SlotKind {
        didSet {
            for item in items { item.isChosen = item.kind == chosen }
        }
    }

    /// The kinds in the order the palette shows them: the table's piles as a game deals them.
    static let kinds: [SlotKind] = [.stock, .waste, .foundation, .tableau, .cell, .reserve, .trash, .free]
    static let title = "New slot:"

    init(theme: Theme, chosen: SlotKind) {
        self.theme = theme
        self.chosen = chosen
        items = Self.kinds.map { PaletteItemView(kind: $0, theme: theme) }
        super.init(frame: .zero)
        name = "palette"
        for item in items {
            item.isChosen = item.kind == chosen
            addSubview(item)
        }
    }

    /// Lays the items out in one row `width` columns wide: as many as fit.
    func layout(width: Int) {
        var x = Double(TextFit.columns(of: Self.title) + 2)
        for item in items {
            let itemWidth = Double(item.preferredWidth)
            item.isHidden = x + itemWidth > Double(width)
            item.frame = Rect(x: x, y: 0, width: itemWidth, height: 1)
            x += itemWidth
        }
    }

    /// The columns every item needs in one row.
    static var preferredWidth: Int {
        TextFit.columns(of: title) + 2 + kinds.reduce(0) { $0 + PaletteItemView.width(of: $1) }
    }

    override func draw(in context: DrawContext) {
        context.fill(style: theme.panel)
        context.put(Self.title, x: 1, y: 0, style: theme.panelTitle)
    }
}

/// One kind in the palette: its name, marked when it is the kind taps create.
final class PaletteItemView: View {
    let kind: SlotKind
    let theme: Theme
    var isChosen = false {
        didSet { if isChosen != oldValue { setNeedsDisplay() } }
    }

    init(kind: SlotKind, theme: Theme) {
        self.kind = kind
        self.theme = theme
        super.init(frame: .zero)
        name = "palette \(kind.rawValue)"
    }

    static func width(of kind: SlotKind) -> Int { kind.rawValue.count + 2 }
    var preferredWidth: Int { Self.width(of: kind) }

    override func draw(in context: DrawContext) {
        let style = isChosen ? ChooserStyles.selected(theme) : theme.panel
        context.fill(style: style)
        let mark = isChosen ? String(theme.glyphs.cursorLeft) : " "
        context.put(mark + kind.rawValue + " ", x: 0, y: 0, style: style)
    }
}

/// The designer's trash: a slot dropped on it is deleted (it fades away). It lights up while a
/// dragged slot is over it.
final class DesignTrashView: View {
    let theme: Theme
    var isLit = false {
        didSet { if isLit != oldValue { setNeedsDisplay() } }
    }

    init(theme: Theme) {
        self.theme = theme
        super.init(frame: .zero)
        name = "design trash"
    }

    override func draw(in context: DrawContext) {
        let w = context.width
        let h = context.height
        guard w >= 2, h >= 2 else { return }
        let style = isLit ? ChooserStyles.selected(theme) : theme.panel
        context.fill(style: style)
        drawBox(in: context, glyphs: theme.glyphs, style: isLit ? style : theme.trash)
        let lines = h >= 4 ? ["\(theme.glyphs.trash) trash", "drop to delete"] : ["\(theme.glyphs.trash) trash"]
        let top = max(1, (h - lines.count) / 2)
        for (index, line) in lines.enumerated() where top + index < h - 1 {
            context.put(
                line, centredIn: w - 2, x: 1, y: top + index, style: index == 0 && !isLit ? theme.trash : style,
                ellipsis: theme.glyphs.ellipsis)
        }
    }
}
