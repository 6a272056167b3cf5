import Layouts
import TableKit

/// The designer's felt: a faint mark at the corner of every cell of the layout's grid (every
/// card, or every half card on a half-card grid), where a slot's top-left corner can stand, and
/// under each fanned slot a dotted edge as far as its cards would spread. A tap on it makes a
/// slot; the scene gives it its recognizers.
final class DesignFeltView: View {
    let theme: Theme
    /// How card units map onto the screen (window cells).
    var geometry: DesignGeometry? {
        didSet { if geometry != oldValue { setNeedsDisplay() } }
    }
    /// Card units per cell of the map (`grid`).
    var grid = GridPoint(column: 1, row: 1) {
        didSet { if grid != oldValue { setNeedsDisplay() } }
    }
    /// The fanned slots' spread: each slot's frame (window cells) grown to hold its fan.
    var fans: [Rect] = [] {
        didSet { if fans != oldValue { setNeedsDisplay() } }
    }

    /// A whole number of grid cells (`cell` card units, `cells` screen cells per card unit)
    /// spanning at least `atLeast` screen cells.
    static func step(_ cell: Double, cells: Double, atLeast: Double) -> Double {
        let spacing = cell * cells
        return spacing >= atLeast ? cell : cell * (atLeast / spacing).rounded(.up)
    }

    init(theme: Theme) {
        self.theme = theme
        super.init(frame: .zero)
        name = "felt"
    }

    override func draw(in context: DrawContext) {
        guard let geometry, grid.column > 0, grid.row > 0 else { return }
        let style = theme.slotOutline
        let mark = theme.glyphs.unicodeSuits ? "·" : "."
        let room = geometry.room
        // Marks at least two columns and a row apart, whatever the grid: a tiny grid cell marks
        // every few cells, never every cell of the felt.
        let columnStep = Self.step(grid.column, cells: geometry.pitchX, atLeast: 2)
        let rowStep = Self.step(grid.row, cells: geometry.pitchY, atLeast: 1)
        var row = 0.0
        while row <= room.row + 1e-9 {
            var column = 0.0
            while column <= room.column + 1e-9 {
                let cell = geometry.frame(at: GridPoint(column: column, row: row))
                context.put(mark, x: Int(cell.minX - frame.minX), y: Int(cell.minY - frame.minY), style: style)
                column += columnStep
            }
            row += rowStep
        }
        let dotted = theme.glyphs.unicodeSuits ? ("┆", "┄") : (":", "-")
        for fan in fans {
            let x0 = Int(fan.minX - frame.minX)
            let y0 = Int(fan.minY - frame.minY)
            let x1 = Int(fan.maxX - frame.minX) - 1
            let y1 = Int(fan.maxY - frame.minY) - 1
            if fan.height > Double(geometry.cardSize.height) {
                for y in (y0 + geometry.cardSize.height)...max(y0 + geometry.cardSize.height, y1) {
                    context.put(dotted.0, x: x0, y: y, style: style)
                    context.put(dotted.0, x: x1, y: y, style: style)
                }
            }
            if fan.width > Double(geometry.cardSize.width) {
                for x in (x0 + geometry.cardSize.width)...max(x0 + geometry.cardSize.width, x1) {
                    context.put(dotted.1, x: x, y: y0, style: style)
                    context.put(dotted.1, x: x, y: y1, style: style)
                }
            }
        }
    }
}
