import TableKit

/// A screen for tests: it receives each frame's changed cells, as the terminal screen does,
/// and keeps every cell with its glyph, colours and attributes.
///
/// What it shows is built only from the frames' differences, so comparing it with the
/// window's canvas checks that frames write everything that changed. Snapshots can read its
/// glyphs (``text``) and, where colour matters, its looks (``styleMap(_:other:in:)``).
public final class RecordingScreen: Screen {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// Frames drawn, and cells written by them (continuation halves included).
    public private(set) var frames = 0
    public private(set) var cellsWritten = 0

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    /// A new size: the screen is blank until the next frame draws it (as after a terminal resize).
    public func resize(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    /// Writes one frame's changes. Cells outside the screen are dropped, as a terminal would.
    public func draw(_ changes: [CellRun]) {
        frames += 1
        for run in changes where run.y >= 0 && run.y < height {
            for (offset, cell) in run.cells.enumerated() {
                let x = run.x + offset
                guard x >= 0 && x < width else { continue }
                cells[run.y * width + x] = cell
                cellsWritten += 1
            }
        }
    }

    public var size: (width: Int, height: Int) { (width, height) }

    /// Times the screen was told everything must be sent again.
    public private(set) var invalidations = 0

    /// Everything must be sent again: the cells stay (the next frame is drawn over them).
    public func invalidate() { invalidations += 1 }

    public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    // MARK: Reading

    /// The glyphs, one line per row, trailing spaces kept; a wide glyph reads as one character.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].glyph.isContinuation { line += self[x, y].glyph.text }
            return line
        }
    }

    /// The glyphs with trailing spaces removed from each line.
    public var text: String {
        lines.map { line in
            var l = Substring(line)
            while l.last == " " { l = l.dropLast() }
            return String(l)
        }.joined(separator: "\n")
    }

    /// `width` glyphs from a cell on, a wide glyph read as one.
    public func text(_ x: Int, _ y: Int, width: Int) -> String {
        (x..<min(x + width, self.width)).map { self[$0, y].glyph.text }.joined()
    }

    /// The screen's looks as text: each cell becomes the key of the first look it matches, or
    /// `other`. Limited to `region` when given. Snapshots of it assert on colour and attributes.
    ///
    /// ```
    /// screen.styleMap([("#", CellLook(attributes: .reverse)), (".", CellLook(background: felt))])
    /// ```
    public func styleMap(_ legend: [(Character, CellLook)], other: Character = "?", in region: CellRect? = nil)
        -> String
    {
        let area = (region ?? CellRect(x: 0, y: 0, width: width, height: height))
            .intersection(CellRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return "" }
        return (area.y..<area.maxY).map { y in
            String(
                (area.x..<area.maxX).map { x in
                    let cell = self[x, y]
                    return legend.first { $0.1.matches(cell) }?.0 ?? other
                })
        }.joined(separator: "\n")
    }

    /// True when every cell equals the canvas's (same size too).
    public func matches(_ canvas: Canvas) -> Bool {
        canvas.width == width && canvas.height == height && canvas.cells == cells
    }

    /// Where the screen differs from a canvas, for failure messages (at most `limit` cells).
    public func differences(from canvas: Canvas, limit: Int = 10) -> [String] {
        guard canvas.width == width && canvas.height == height else {
            return ["size \(width)x\(height), canvas \(canvas.width)x\(canvas.height)"]
        }
        var result: [String] = []
        for y in 0..<height {
            for x in 0..<width where self[x, y] != canvas[x, y] {
                result.append("(\(x),\(y)): screen \(self[x, y]), canvas \(canvas[x, y])")
                if result.count == limit { return result }
            }
        }
        return result
    }
}

/// What a cell looks like, as far as a test cares: `nil` parts match anything. Attributes
/// match when the cell has all of them.
public struct CellLook: Sendable {
    public var foreground: RGB?
    public var background: RGB?
    public var attributes: CellAttributes?

    public init(foreground: RGB? = nil, background: RGB? = nil, attributes: CellAttributes? = nil) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public func matches(_ cell: Cell) -> Bool {
        (foreground.map { $0 == cell.foreground } ?? true)
            && (background.map { $0 == cell.background } ?? true)
            && (attributes.map { cell.attributes.isSuperset(of: $0) } ?? true)
    }
}
