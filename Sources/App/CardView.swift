import Solitaire
import TableKit

/// A card, face up or face down. Face down it shows the card back, a shaded pattern. Large cards (5×3 and up) have a rounded border with the rank and suit
/// in the top-left and bottom-right corners and the suit in the middle; small ones are a
/// plain face with the rank and suit in the corner, so a fanned pile shows each card's
/// top row.
///
/// ```
/// ╭T♠───╮     ╭T♠─╮     T♠
/// │     │     │   │
/// │  ♠  │     ╰─T♠╯
/// │     │
/// ╰───T♠╯
/// ```
public final class CardView: View {
    public let cardID: Int
    public let card: Card
    /// Face up shows rank and suit; face down, the back.
    public var faceUp: Bool {
        didSet { if faceUp != oldValue { setNeedsDisplay() } }
    }
    let theme: Theme

    public init(cardID: Int, card: Card, faceUp: Bool = true, frame: Rect, theme: Theme) {
        self.cardID = cardID
        self.card = card
        self.faceUp = faceUp
        self.theme = theme
        super.init(frame: frame)
        name = card.description
    }

    public override func draw(in context: DrawContext) {
        guard faceUp else { return drawBack(in: context) }
        let w = context.width
        let h = context.height
        let face = theme.cardFace
        let suit = theme.suitStyle(for: card)
        let label = theme.label(for: card)
        context.fill(style: face)
        guard w >= 5 && h >= 3 else {
            context.put(label, x: 0, y: 0, style: suit)
            return
        }
        drawBorder(in: context, style: face)
        context.put(label, x: 1, y: 0, style: suit)
        context.put(label, x: w - 3, y: h - 1, style: suit)
        if h >= 5 {
            let symbol = theme.glyphs.unicodeSuits ? String(card.suit.symbol) : String(card.suit.letter)
            context.put(symbol, x: w / 2, y: h / 2, style: suit)
        }
    }

    /// The back: a border like the face's, filled with the back pattern.
    func drawBack(in context: DrawContext) {
        let w = context.width
        let h = context.height
        context.fill(glyph: Glyph(theme.glyphs.backPattern), style: theme.cardBack)
        if w >= 3 && h >= 2 { drawBorder(in: context, style: theme.cardBackEdge) }
    }

    /// The rounded border that faces and backs share.
    func drawBorder(in context: DrawContext, style: CellStyle) {
        let w = context.width
        let h = context.height
        let g = theme.glyphs
        let line = String(repeating: g.horizontal, count: w - 2)
        context.put(String(g.topLeft) + line + String(g.topRight), x: 0, y: 0, style: style)
        context.put(String(g.bottomLeft) + line + String(g.bottomRight), x: 0, y: h - 1, style: style)
        for row in 1..<max(1, h - 1) {
            context.put(String(g.vertical), x: 0, y: row, style: style)
            context.put(String(g.vertical), x: w - 1, y: row, style: style)
        }
    }
}
