import Layouts
import TableKit

/// How the designer's felt maps card units (a layout's positions) onto screen cells: a card of
/// ``cardSize`` every ``pitchX`` columns and ``pitchY`` rows (a card and the gap the table leaves
/// between cards), from one cell inside the felt's top-left corner, as the table places them.
///
/// ```
/// let geometry = DesignGeometry.largest(felt: Rect(x: 0, y: 2, width: 56, height: 21),
///                                       fitting: GridPoint(column: 8, row: 3))!
/// geometry.frame(at: GridPoint(column: 1, row: 0))    // the second card of the top row
/// geometry.units(at: Point(x: 20.5, y: 9.5))          // the card units under a cell
/// ```
struct DesignGeometry: Equatable {
    /// The felt, in window cells.
    var felt: Rect
    var cardSize: CardSize
    /// Cells per card unit, across and down.
    var pitchX: Double
    var pitchY: Double

    /// Blank cells between the felt's edge and column 0, row 0 (the table's margin).
    static let margin = Double(Placement.margin)

    init(felt: Rect, cardSize: CardSize) {
        self.felt = felt
        self.cardSize = cardSize
        pitchX = Double(cardSize.width + Placement.gapX(for: cardSize))
        pitchY = Double(cardSize.height + Placement.gapY(for: cardSize))
    }

    /// The window cell of card units (0, 0).
    var origin: Point { Point(x: felt.minX + Self.margin, y: felt.minY + Self.margin) }

    /// The card-sized rectangle whose top-left corner stands at a position in card units.
    func frame(at position: GridPoint) -> Rect {
        Rect(
            x: origin.x + (position.column * pitchX).rounded(), y: origin.y + (position.row * pitchY).rounded(),
            width: Double(cardSize.width), height: Double(cardSize.height))
    }

    /// The position in card units of a window point (a frame's corner, a pointer's cell centre).
    func units(at point: Point) -> GridPoint {
        GridPoint(column: (point.x - origin.x) / pitchX, row: (point.y - origin.y) / pitchY)
    }

    /// The largest position in card units, across and down, at which a card still shows whole.
    var room: GridPoint {
        GridPoint(
            column: (felt.width - 2 * Self.margin - Double(cardSize.width)) / pitchX,
            row: (felt.height - 2 * Self.margin - Double(cardSize.height)) / pitchY)
    }

    /// Whether cards at every position below `extent` (card units across and down) show whole.
    func fits(_ extent: GridPoint) -> Bool {
        let room = room
        return extent.column - 1 <= room.column + 1e-9 && extent.row - 1 <= room.row + 1e-9
    }

    /// Whether a card at a position shows whole on the felt.
    func shows(_ position: GridPoint) -> Bool {
        let room = room
        return position.column >= 0 && position.row >= 0 && position.column <= room.column + 1e-9
            && position.row <= room.row + 1e-9
    }

    /// The geometry with the largest cards at which `extent` fits on the felt; nil when not even
    /// the smallest cards fit.
    static func largest(felt: Rect, fitting extent: GridPoint, atMost largest: CardSize? = nil) -> DesignGeometry? {
        let sizes = Placement.cardSizes.drop {
            guard let largest else { return false }
            return $0.width > largest.width || $0.height > largest.height
        }
        for size in sizes {
            let geometry = DesignGeometry(felt: felt, cardSize: size)
            if geometry.fits(extent) { return geometry }
        }
        return nil
    }

    /// The felt size (columns, rows) that shows `extent` with the smallest cards.
    static func neededFelt(for extent: GridPoint) -> (width: Int, height: Int) {
        let smallest = Placement.cardSizes[Placement.cardSizes.count - 1]
        let geometry = DesignGeometry(felt: .zero, cardSize: smallest)
        let width = (max(1, extent.column) - 1) * geometry.pitchX + Double(smallest.width) + 2 * margin
        let height = (max(1, extent.row) - 1) * geometry.pitchY + Double(smallest.height) + 2 * margin
        return (Int(width.rounded(.up)), Int(height.rounded(.up)))
    }
}

extension TableDesign {
    /// How far the design reaches, in card units: the largest position plus a card, across and down.
    var extent: GridPoint {
        var columns = 0.0
        var rows = 0.0
        for index in slots.indices {
            let position = position(of: index)
            columns = max(columns, position.column + 1)
            rows = max(rows, position.row + 1)
        }
        return GridPoint(column: columns, row: rows)
    }
}
