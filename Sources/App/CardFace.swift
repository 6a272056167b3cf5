import Solitaire
import TableKit

/// Draws a card's face at whatever size its view has.
///
/// - Smaller than 5×3: a plain face with the rank and suit in the top-left corner.
/// - 5×3 to 7×5 (and any card whose inside is under 7×5): a border with the rank and suit in
///   the top-left and bottom-right corners, and the suit in the middle once 5 rows tall.
/// - Inside 7×5 and more (9×7, 11×9, 13×9): laid out like a real card. 2 to 10 show their
///   pips (``PipLayout``), the Ace one large suit, and J, Q and K a picture in a frame
///   (``CardFaceArt``).
struct CardFace {
    let card: Card
    let theme: Theme

    /// The inside of a card (within its border) needed for a real card's face.
    static let roomForPips = (width: 7, height: 5)
    /// The inside needed for the large Ace and for a court card's frame.
    static let roomForPictures = (width: 9, height: 7)

    /// Whether a card of this size is drawn like a real card.
    static func showsPips(width: Int, height: Int) -> Bool {
        width - 2 >= roomForPips.width && height - 2 >= roomForPips.height
    }

    func draw(in context: DrawContext) {
        let w = context.width
        let h = context.height
        let suit = theme.suitStyle(for: card)
        let label = theme.label(for: card)
        context.fill(style: theme.cardFace)
        guard w >= 5 && h >= 3 else {
            context.put(label, x: 0, y: 0, style: suit)
            return
        }
        drawBox(in: context, glyphs: theme.glyphs, style: theme.cardFace)
        context.put(label, x: 1, y: 0, style: suit)
        context.put(label, x: w - 3, y: h - 1, style: suit)
        let inside = CellRect(x: 1, y: 1, width: w - 2, height: h - 2)
        if CardFace.showsPips(width: w, height: h) {
            switch card.rank {
            case .ace: drawAce(in: context, inside: inside, style: suit)
            case .jack, .queen, .king: drawCourt(in: context, inside: inside, style: suit)
            default: drawPips(in: context, inside: inside, style: suit)
            }
        } else if h >= 5 {
            context.put(String(theme.suitSymbol(for: card.suit)), x: w / 2, y: h / 2, style: suit)
        }
    }

    /// Whether the inside of a card has room for the large Ace and a court card's frame.
    static func hasRoomForPictures(_ inside: CellRect) -> Bool {
        inside.width >= roomForPictures.width && inside.height >= roomForPictures.height
    }

    private func drawPips(in context: DrawContext, inside: CellRect, style: CellStyle) {
        let symbol = String(theme.suitSymbol(for: card.suit))
        for cell in PipLayout.cells(for: card.rank, inside: inside) {
            context.put(symbol, x: cell.x, y: cell.y, style: style)
        }
    }

    /// One large suit in the middle; on a card too small for it, the suit in a small frame.
    private func drawAce(in context: DrawContext, inside: CellRect, style: CellStyle) {
        if CardFace.hasRoomForPictures(inside) {
            let art = CardFaceArt.ace(card.suit, unicode: theme.glyphs.unicodeSuits)
            put(art, centredIn: inside, in: context, style: style)
        } else {
            let box = CellRect(
                x: inside.x + inside.width / 2 - 2, y: inside.y + inside.height / 2 - 1, width: 5, height: 3)
            drawFrame(box, in: context)
            context.put(String(theme.suitSymbol(for: card.suit)), x: box.x + 2, y: box.y + 1, style: style)
        }
    }

    /// The court card's picture: in a frame where there is room, on its own otherwise.
    private func drawCourt(in context: DrawContext, inside: CellRect, style: CellStyle) {
        let art = CardFaceArt.court(
            card.rank, suit: theme.suitSymbol(for: card.suit), unicode: theme.glyphs.unicodeSuits)
        var area = inside
        if CardFace.hasRoomForPictures(inside) {
            let width = CardFace.roomForPictures.width
            let frame = CellRect(
                x: inside.x + (inside.width - width) / 2, y: inside.y, width: width, height: inside.height)
            drawFrame(frame, in: context)
            area = CellRect(x: frame.x + 1, y: frame.y + 1, width: frame.width - 2, height: frame.height - 2)
        }
        put(art, centredIn: area, in: context, style: style)
    }

    /// Lines of text centred in a rectangle (each line centred on its own).
    private func put(_ lines: [String], centredIn area: CellRect, in context: DrawContext, style: CellStyle) {
        let top = area.y + (area.height - lines.count) / 2
        for (row, line) in lines.enumerated() {
            let x = area.x + (area.width - line.count) / 2
            for (column, character) in line.enumerated() where character != " " {
                context.put(String(character), x: x + column, y: top + row, style: style)
            }
        }
    }

    private func drawFrame(_ box: CellRect, in context: DrawContext) {
        let g = theme.glyphs
        let style = theme.cardFace
        let line = String(repeating: g.horizontal, count: box.width - 2)
        context.put(
            String(g.frameCorner.topLeft) + line + String(g.frameCorner.topRight), x: box.x, y: box.y, style: style)
        context.put(
            String(g.frameCorner.bottomLeft) + line + String(g.frameCorner.bottomRight), x: box.x, y: box.maxY - 1,
            style: style)
        for row in box.y + 1..<box.maxY - 1 {
            context.put(String(g.vertical), x: box.x, y: row, style: style)
            context.put(String(g.vertical), x: box.maxX - 1, y: row, style: style)
        }
    }
}

/// Where a real card's pips sit, as on a printed deck: up to three columns (left, centre,
/// right) and heights in sixths of the pip area, top (0) to bottom (6). Every layout is
/// symmetric left to right, and top to bottom except the 7's, whose odd pip sits high.
/// On seven rows (a 9-row card) the sixths are rows; on fewer they are rounded.
///
/// ```
/// 10      9       8       7       6       5       4       3       2
/// ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠     ♠       ♠
///   ♠               ♠       ♠
/// ♠   ♠   ♠   ♠
///           ♠     ♠   ♠   ♠   ♠   ♠   ♠     ♠               ♠
/// ♠   ♠   ♠   ♠
///   ♠               ♠
/// ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠   ♠     ♠       ♠
/// ```
enum PipLayout {
    enum Column: Int {
        case left = -1
        case centre = 0
        case right = 1
    }

    struct Pip: Hashable {
        var column: Column
        /// Height in sixths of the pip area: 0 top, 6 bottom.
        var sixth: Int
    }

    /// The pips of a rank from 2 to 10; none for an Ace or a court card.
    static func pips(for rank: Card.Rank) -> [Pip] {
        func sides(_ sixths: [Int]) -> [Pip] {
            sixths.flatMap { [Pip(column: .left, sixth: $0), Pip(column: .right, sixth: $0)] }
        }
        func centre(_ sixths: [Int]) -> [Pip] { sixths.map { Pip(column: .centre, sixth: $0) } }
        switch rank {
        case .two: return centre([0, 6])
        case .three: return centre([0, 3, 6])
        case .four: return sides([0, 6])
        case .five: return sides([0, 6]) + centre([3])
        case .six: return sides([0, 3, 6])
        case .seven: return sides([0, 3, 6]) + centre([1])
        case .eight: return sides([0, 3, 6]) + centre([1, 5])
        case .nine: return sides([0, 2, 4, 6]) + centre([3])
        case .ten: return sides([0, 2, 4, 6]) + centre([1, 5])
        case .ace, .jack, .queen, .king: return []
        }
    }

    /// The cells of a rank's pips inside a card's border: columns 3 apart on a card 9 or
    /// more wide inside (2 apart on a narrower one), rows spread over the whole height.
    static func cells(for rank: Card.Rank, inside: CellRect) -> [CellPoint] {
        let centreX = inside.x + inside.width / 2
        let spread = inside.width >= 9 ? 3 : 2
        let lastRow = inside.height - 1
        return pips(for: rank).map { pip in
            let row = (Double(pip.sixth * lastRow) / 6).rounded()
            return CellPoint(x: centreX + pip.column.rawValue * spread, y: inside.y + Int(row))
        }
    }
}
