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
    let line = String(repeating: g.horizontal, count: w - 2)
    context.put(String(g.topLeft) + line + String(g.topRight), x: 0, y: 0, style: style)
    context.put(String(g.bottomLeft) + line + String(g.bottomRight), x: 0, y: h - 1, style: style)
    for row in 1..<max(1, h - 1) {
        context.put(String(g.vertical), x: 0, y: row, style: style)
        context.put(String(g.vertical), x: w - 1, y: row, style: style)
    }
}
