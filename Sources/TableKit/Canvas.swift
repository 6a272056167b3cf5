/// A grid of cells: what a frame looks like. Views draw into one through a ``DrawContext``;
/// the differ compares two of them.
///
/// The canvas keeps the wide-glyph invariant: a glyph of width 2 at column `x` is always
/// followed by a ``Glyph/continuation`` at `x + 1`; overwriting either half of a wide glyph
/// turns the other half into a space, and a wide glyph that would stick out of the canvas
/// is drawn as a space.
public struct Canvas: Equatable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell = Cell()) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
    }

    /// Writes `cell` at (x, y), keeping the wide-glyph invariant. Out-of-range writes are ignored.
    public mutating func set(_ cell: Cell, x: Int, y: Int) {
        withBuffer { $0.set(cell, x: x, y: y) }
    }

    /// Fills a rectangle (clipped to the canvas) with one cell.
    public mutating func fill(_ rect: CellRect, with cell: Cell) {
        withBuffer { $0.fill(rect, with: cell) }
    }

    /// Gives raw access to the cells for the length of `body`: how frames are composed.
    mutating func withBuffer<R>(_ body: (CellBuffer) -> R) -> R {
        let (w, h) = (width, height)
        return cells.withUnsafeMutableBufferPointer { body(CellBuffer(cells: $0, width: w, height: h)) }
    }

    /// The glyphs as text, one line per row, trailing spaces kept; continuation cells are skipped,
    /// so a wide glyph reads as one character. Used by tests, `render` and snapshots.
    public var text: String { lines.joined(separator: "\n") }

    public var lines: [String] {
        (0..<height).map { line($0, trimmingTrailingSpaces: false) }
    }

    /// `text` with trailing spaces removed from each line.
    public var trimmedText: String {
        (0..<height).map { line($0, trimmingTrailingSpaces: true) }.joined(separator: "\n")
    }

    /// One row as text. Each cell is looked at once or twice (the trailing spaces are found
    /// among the cells, not in the text), so a canvas becomes text in time linear in its area.
    func line(_ y: Int, trimmingTrailingSpaces: Bool) -> String {
        cells.withUnsafeBufferPointer { cells in
            Canvas.line(of: cells[(y * width)..<(y * width + width)], trimmingTrailingSpaces: trimmingTrailingSpaces)
        }
    }

    /// The text of a row of cells (any collection of them, so a test can count the work).
    static func line<Row: BidirectionalCollection>(of row: Row, trimmingTrailingSpaces: Bool) -> String
    where Row.Element == Cell {
        var end = row.endIndex
        if trimmingTrailingSpaces {
            while end > row.startIndex {
                let before = row.index(before: end)
                guard row[before].glyph == .space else { break }
                end = before
            }
        }
        var scalars = String.UnicodeScalarView()
        for cell in row[row.startIndex..<end] {
            let glyph = cell.glyph
            if glyph.isContinuation { continue }
            if let scalar = glyph.singleScalar {
                scalars.append(scalar)
            } else {
                scalars.append(contentsOf: glyph.text.unicodeScalars)
            }
        }
        return String(scalars)
    }
}

/// The cells of a canvas while a frame is composed: writes without copy-on-write or
/// exclusivity checks per cell. Valid only inside ``Canvas/withBuffer(_:)``.
struct CellBuffer {
    let cells: UnsafeMutableBufferPointer<Cell>
    let width: Int
    let height: Int

    var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

    subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        var cell = cell
        if cell.glyph.width == 0 && !cell.glyph.isContinuation { cell.glyph = .space }
        if cell.glyph.width == 2 && x + 1 >= width { cell.glyph = .space }
        let index = y * width + x
        breakWideGlyph(at: x, y: y)
        cells[index] = cell
        if cell.glyph.width == 2 {
            breakWideGlyph(at: x + 1, y: y)
            var right = cell
            right.glyph = .continuation
            cells[index + 1] = right
        }
    }

    /// If (x, y) is half of a wide glyph, turns the other half into a space.
    func breakWideGlyph(at x: Int, y: Int) {
        let index = y * width + x
        let glyph = cells[index].glyph
        if glyph.width == 1 { return }
        if glyph.isContinuation, x > 0 {
            cells[index - 1].glyph = .space
        } else if glyph.width == 2, x + 1 < width {
            cells[index + 1].glyph = .space
        }
        cells[index].glyph = .space
    }

    func fill(_ rect: CellRect, with cell: Cell) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        if cell.glyph.width == 1 {
            // Only the edges can split a wide glyph.
            for y in r.y..<r.maxY {
                breakWideGlyph(at: r.x, y: y)
                if r.maxX - 1 > r.x { breakWideGlyph(at: r.maxX - 1, y: y) }
                let start = y * width
                for x in r.x..<r.maxX { cells[start + x] = cell }
            }
        } else {
            for y in r.y..<r.maxY { for x in r.x..<r.maxX { set(cell, x: x, y: y) } }
        }
    }
}
