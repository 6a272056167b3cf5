import Solitaire
import TableKit

/// A card, face up or face down. Face down it shows the card back, a woven lattice.
///
/// Face up, how much it shows depends on its size (see ``CardFace``): the largest cards are
/// laid out like real ones, with pips for 2 to 10, a large suit on the Ace and a framed
/// picture on a court card; cards 5×3 to 7×5 have the suit in the middle; the smallest are a
/// plain face with the rank and suit in the corner. Every size shows the rank and suit in
/// its top-left corner, so a fanned pile shows each card's top row.
///
/// ```
/// ╭T♠─────────╮   ╭K♠─────────╮   ╭T♠───╮   ╭T♠─╮   T♠
/// │  ♠     ♠  │   │ ┌───────┐ │   │     │   │   │
/// │     ♠     │   │ │ ╻ ╻ ╻ │ │   │  ♠  │   ╰─T♠╯
/// │  ♠     ♠  │   │ │ ┗━┻━┛ │ │   │     │
/// │           │   │ │ ♠ K ♠ │ │   ╰───T♠╯
/// │  ♠     ♠  │   │ │ ┏━┳━┓ │ │
/// │     ♠     │   │ │ ╹ ╹ ╹ │ │
/// │  ♠     ♠  │   │ └───────┘ │
/// ╰─────────T♠╯   ╰─────────K♠╯
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

    /// A card fills its rectangle first, in its theme's colours when they are its own.
    public override var isOpaque: Bool {
        let fill = faceUp ? theme.cardFace : theme.cardBack
        return fill.foreground != nil && fill.background != nil
    }

    public override func draw(in context: DrawContext) {
        if faceUp {
            CardFace(card: card, theme: theme).draw(in: context)
        } else {
            CardBack(theme: theme).draw(in: context)
        }
    }
}

/// A rounded box around the whole context: the border card faces and backs share, and the
/// edge of a panel.
func drawBox(in context: DrawContext, glyphs g: Theme.Glyphs, style: CellStyle) {
    let w = context.width
    let h = context.height
    // Glyphs made once and set cell by cell: a line of text would be split into characters
    // again for every card (a fifth of a 200x60 first frame's drawing).
    let horizontal = Glyph(g.horizontal)
    for (y, left, right) in [(0, g.topLeft, g.topRight), (h - 1, g.bottomLeft, g.bottomRight)] {
        var x = context.put(Glyph(left), x: 0, y: y, style: style)
        for _ in 0..<max(0, w - 2) { x += context.put(horizontal, x: x, y: y, style: style) }
        context.put(Glyph(right), x: x, y: y, style: style)
    }
    let vertical = Glyph(g.vertical)
    for row in 1..<max(1, h - 1) {
        context.put(vertical, x: 0, y: row, style: style)
        context.put(vertical, x: w - 1, y: row, style: style)
    }
}
