import TableKit

/// A view that fills itself with one character, for compositing tests.
final class BlockView: View {
    var character: Character
    var color: RGB

    init(_ character: Character, frame: Rect, color: RGB = .white) {
        self.character = character
        self.color = color
        super.init(frame: frame)
    }

    override func draw(in context: DrawContext) {
        context.fill(glyph: Glyph(character), style: CellStyle(foreground: .black, background: color))
    }
}

/// The seed's enlarged touch area: 40 cells larger on every side.
final class GenerousView: View {
    override func point(inside point: Point) -> Bool {
        bounds.insetBy(dx: -40, dy: -40).contains(point)
    }
}

func cellCenter(_ x: Int, _ y: Int) -> Point { Point(x: Double(x) + 0.5, y: Double(y) + 0.5) }

func press(_ window: Window, _ x: Int, _ y: Int) { window.send(PointerEvent(.began, at: cellCenter(x, y))) }
func drag(_ window: Window, _ x: Int, _ y: Int) { window.send(PointerEvent(.moved, at: cellCenter(x, y))) }
func release(_ window: Window, _ x: Int, _ y: Int) { window.send(PointerEvent(.ended, at: cellCenter(x, y))) }
