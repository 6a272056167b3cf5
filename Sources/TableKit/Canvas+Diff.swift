/// The differ: which cells changed between two frames.
///
/// Changes come as runs of adjacent cells on one row, so the output can move the cursor
/// once per run rather than once per cell.
public struct CellRun: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var cells: [Cell]

    public init(x: Int, y: Int, cells: [Cell]) {
        self.x = x
        self.y = y
        self.cells = cells
    }
}

extension Canvas {
    /// The cells of `self` that differ from `previous`, as runs. If the sizes differ,
    /// every cell counts as changed. `region` limits the comparison (the union of the
    /// frame's dirty rectangles); cells outside it are taken as unchanged.
    public func changes(from previous: Canvas, in region: CellRect? = nil) -> [CellRun] {
        let sameSize = previous.width == width && previous.height == height
        let area = sameSize ? (region ?? bounds).intersection(bounds) : bounds
        var runs: [CellRun] = []
        guard !area.isEmpty else { return runs }
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                for y in area.y..<area.maxY {
                    var x = area.x
                    let row = y * width
                    while x < area.maxX {
                        if sameSize && now[row + x] == before[row + x] {
                            x += 1
                            continue
                        }
                        // A run starts here; a wide glyph's left half must go with it, so the
                        // terminal receives whole characters.
                        var start = x
                        if now[row + start].glyph.isContinuation && start > 0 { start -= 1 }
                        var end = x + 1
                        while end < area.maxX && !(sameSize && now[row + end] == before[row + end]) { end += 1 }
                        if end < width && now[row + end].glyph.isContinuation { end += 1 }
                        if let last = runs.last, last.y == y, last.x + last.cells.count >= start {
                            let from = last.x + last.cells.count
                            if end > from {
                                runs[runs.count - 1].cells.append(contentsOf: now[(row + from)..<(row + end)])
                            }
                        } else {
                            runs.append(CellRun(x: start, y: y, cells: Array(now[(row + start)..<(row + end)])))
                        }
                        x = end
                    }
                }
            }
        }
        return runs
    }

    /// How many cells changed (continuation halves included).
    public func changedCellCount(from previous: Canvas) -> Int {
        changes(from: previous).reduce(0) { $0 + $1.cells.count }
    }
}
