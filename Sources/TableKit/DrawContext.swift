/// What a view draws with: coordinates are the view's own cells (0, 0 is its top-left),
/// drawing is clipped to the area being composed, and the view's effective alpha is
/// applied as it draws.
///
/// **Alpha blending.** With alpha `a`, a cell's background becomes a mix of the background
/// beneath and the view's, `a` of the way to the view's. At `a ≥ 0.5` the view's glyph shows,
/// its colour mixed from the background beneath; below 0.5 the glyph beneath shows, tinted
/// toward the view's background. At 0 the cell is exactly what lay beneath, at 1 exactly
/// what the view drew — which is how a deleted card fades away.
///
/// A context is valid only during the `draw(in:)` call it is given to.
public struct DrawContext {
    let buffer: CellBuffer
    /// Screen cell of the view's (0, 0).
    public let origin: CellPoint
    /// The view's size in cells.
    public let size: CellRect
    /// Screen cells that may be written.
    public let clip: CellRect
    public let alpha: Double

    init(buffer: CellBuffer, origin: CellPoint, width: Int, height: Int, clip: CellRect, alpha: Double) {
        self.buffer = buffer
        self.origin = origin
        self.size = CellRect(x: 0, y: 0, width: width, height: height)
        self.clip = clip
        self.alpha = alpha
    }

    public var width: Int { size.width }
    public var height: Int { size.height }

    /// The cell currently at a local position (what lies beneath), if it is on the canvas.
    public func cell(x: Int, y: Int) -> Cell? {
        let sx = origin.x + x
        let sy = origin.y + y
        guard buffer.bounds.contains(CellPoint(x: sx, y: sy)) else { return nil }
        return buffer[sx, sy]
    }

    /// Draws one glyph at a local position.
    public func set(_ glyph: Glyph, x: Int, y: Int, style: CellStyle) {
        let sx = origin.x + x
        let sy = origin.y + y
        guard clip.contains(CellPoint(x: sx, y: sy)) else { return }
        var glyph = glyph
        if glyph.width == 2 && !clip.contains(CellPoint(x: sx + 1, y: sy)) { glyph = .space }
        let beneath = buffer[sx, sy]
        var cell = Cell(
            glyph,
            foreground: style.foreground ?? beneath.foreground,
            background: style.background ?? beneath.background,
            attributes: style.attributes)
        if alpha < 1 {
            let a = max(0, alpha)
            let background = beneath.background.mixed(with: cell.background, fraction: a)
            if a >= 0.5 {
                cell.foreground = beneath.background.mixed(with: cell.foreground, fraction: a)
            } else {
                cell = Cell(
                    beneath.glyph, foreground: beneath.foreground.mixed(with: cell.background, fraction: a),
                    background: background, attributes: beneath.attributes)
            }
            cell.background = background
            if cell.glyph.isContinuation { return }
        }
        buffer.set(cell, x: sx, y: sy)
    }

    /// Writes text from a local position, left to right, one grapheme cluster per cell (two for
    /// a wide one), each as ``Glyph`` decides: control characters show as `?`, a cluster a cell
    /// cannot hold as its replacement, a format character alone not at all. Returns the number
    /// of columns used.
    @discardableResult
    public func put(_ text: String, x: Int, y: Int, style: CellStyle) -> Int {
        var column = x
        for character in text { column += put(Glyph(character), x: column, y: y, style: style) }
        return column - x
    }

    /// Writes one glyph as text is written: a glyph of no width (a lone mark) is left out.
    /// Returns the columns used.
    @discardableResult
    public func put(_ glyph: Glyph, x: Int, y: Int, style: CellStyle) -> Int {
        if glyph.width == 0 { return 0 }
        set(glyph, x: x, y: y, style: style)
        return Int(glyph.width)
    }

    /// Writes text in a field `columns` wide from a local position: text that does not fit is
    /// cut between clusters and ends with `ellipsis`, and nothing is drawn past the field (a
    /// wide character that would straddle its end is left out). Returns the columns used.
    @discardableResult
    public func put(_ text: String, x: Int, y: Int, columns: Int, style: CellStyle, ellipsis: String = "…") -> Int {
        guard columns > 0 else { return 0 }
        return put(TextFit.clipped(text, toColumns: columns, ellipsis: ellipsis), x: x, y: y, style: style)
    }

    /// Writes text centred in a field `columns` wide starting at `x`, clipped to it as
    /// ``put(_:x:y:columns:style:ellipsis:)`` does. Returns the columns used.
    @discardableResult
    public func put(
        _ text: String, centredIn columns: Int, x: Int, y: Int, style: CellStyle, ellipsis: String = "…"
    ) -> Int {
        guard columns > 0 else { return 0 }
        let fitted = TextFit.clipped(text, toColumns: columns, ellipsis: ellipsis)
        return put(fitted, x: x + (columns - TextFit.columns(of: fitted)) / 2, y: y, style: style)
    }

    /// Fills a local rectangle with one glyph and style.
    public func fill(_ rect: CellRect, glyph: Glyph = .space, style: CellStyle) {
        let local = rect.intersection(size)
        guard !local.isEmpty else { return }
        let screen = CellRect(x: origin.x + local.x, y: origin.y + local.y, width: local.width, height: local.height)
            .intersection(clip)
        guard !screen.isEmpty else { return }
        if alpha >= 1, glyph.width == 1, let fg = style.foreground, let bg = style.background {
            buffer.fill(screen, with: Cell(glyph, foreground: fg, background: bg, attributes: style.attributes))
            return
        }
        for sy in screen.y..<screen.maxY {
            for sx in screen.x..<screen.maxX { set(glyph, x: sx - origin.x, y: sy - origin.y, style: style) }
        }
    }

    /// Fills the whole view.
    public func fill(glyph: Glyph = .space, style: CellStyle) { fill(size, glyph: glyph, style: style) }

    /// Darkens screen cells toward black by `amount` (0...1), keeping their glyphs: a shadow.
    /// The rectangle is in local coordinates and may lie outside the view.
    public func darken(_ rect: CellRect, amount: Double) {
        let screen = CellRect(x: origin.x + rect.x, y: origin.y + rect.y, width: rect.width, height: rect.height)
            .intersection(clip).intersection(buffer.bounds)
        guard !screen.isEmpty, amount > 0 else { return }
        for sy in screen.y..<screen.maxY {
            for sx in screen.x..<screen.maxX {
                var cell = buffer[sx, sy]
                cell.background = cell.background.mixed(with: .black, fraction: amount)
                cell.foreground = cell.foreground.mixed(with: .black, fraction: amount)
                if cell.glyph.isContinuation { continue }
                buffer.set(cell, x: sx, y: sy)
            }
        }
    }
}
