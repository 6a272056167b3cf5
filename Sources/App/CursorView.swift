import TableKit

/// An outline around a slot (or the top cards on it): the keyboard cursor, with a pointer
/// mark in the gap to its left, or the mark of a pile where the cards in hand may go. On the
/// felt the outline is drawn as a box in its colour; over a card, the card's own border cells
/// are shown on that colour, keeping their glyphs. It takes no pointer events.
///
/// The cursor's frame is the rectangle it surrounds grown by one column on the left, for the mark.
public final class CursorView: View {
    let theme: Theme
    /// The cursor has a pointer mark; a target's outline has none.
    let showsMark: Bool
    let baseStyle: CellStyle
    /// A place where what is in hand would be refused (the designer's landing outlines): drawn in
    /// the trash's colour.
    var isRefusedPlace = false {
        didSet { if isRefusedPlace != oldValue { setNeedsDisplay() } }
    }
    var style: CellStyle { isRefusedPlace ? theme.trash : baseStyle }

    /// The keyboard cursor.
    public convenience init(theme: Theme) {
        self.init(theme: theme, style: theme.cursor, showsMark: true)
        name = "cursor"
    }

    /// A pile where the cards in hand may go.
    public static func target(theme: Theme) -> CursorView {
        let view = CursorView(theme: theme, style: theme.target, showsMark: false)
        view.name = "target"
        return view
    }

    init(theme: Theme, style: CellStyle, showsMark: Bool) {
        self.theme = theme
        self.baseStyle = style
        self.showsMark = showsMark
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    /// Puts the outline around a rectangle (window coordinates).
    public func surround(_ target: Rect) {
        let mark = showsMark ? 1.0 : 0
        frame = Rect(x: target.minX - mark, y: target.minY, width: target.width + mark, height: target.height)
    }

    public override func draw(in context: DrawContext) {
        let w = context.width
        let h = context.height
        guard w > 1, h > 0 else { return }
        let g = theme.glyphs
        if showsMark { context.put(String(g.cursorLeft), x: 0, y: (h - 1) / 2, style: style) }
        let left = showsMark ? 1 : 0
        let right = w - 1
        let bottom = h - 1
        let face = theme.cardFace.background
        let slotCorners =
            [
                g.slotCorner.topLeft, g.slotCorner.topRight, g.slotCorner.bottomLeft, g.slotCorner.bottomRight,
            ]
            .map { Glyph($0) } + [Glyph("·")]  // and the designer's grid marks
        for y in 0..<h {
            for x in left...right where y == 0 || y == bottom || x == left || x == right {
                guard let beneath = context.cell(x: x, y: y), !beneath.glyph.isContinuation else { continue }
                // Anything but a card face is felt, the felt in a lifted card's shadow too.
                let onFelt = theme.isMonochrome ? !beneath.attributes.contains(.reverse) : beneath.background != face
                if onFelt {
                    let glyph: Character
                    switch (x, y) {
                    case (left, 0): glyph = g.cursorCorner.topLeft
                    case (right, 0): glyph = g.cursorCorner.topRight
                    case (left, bottom): glyph = g.cursorCorner.bottomLeft
                    case (right, bottom): glyph = g.cursorCorner.bottomRight
                    case (_, 0), (_, bottom): glyph = g.horizontal
                    default: glyph = g.vertical
                    }
                    // A label on the edge (small cards) stays; blanks and the slot's corner marks become the box.
                    let keep = beneath.glyph != .space && !slotCorners.contains(beneath.glyph)
                    context.set(keep ? beneath.glyph : Glyph(glyph), x: x, y: y, style: style)
                } else if theme.isMonochrome {
                    context.set(
                        beneath.glyph, x: x, y: y,
                        style: CellStyle(
                            foreground: .white, background: .black,
                            attributes: [.bold, .underline]))
                } else {
                    context.set(
                        beneath.glyph, x: x, y: y,
                        style: CellStyle(
                            foreground: RGB(hex: 0x111111), background: style.foreground,
                            attributes: [.bold]))
                }
            }
        }
    }
}
