import Balls
import TableKit

/// The balls game's field: balls and explosions drawn at twice the rows' resolution with half
/// blocks (`▀` `▄`: each cell is two square pixels, top and bottom, each with its own colour),
/// so a ball moving a few of the original's pixels moves on screen. The cursor shows where Enter
/// sets off the explosion; between levels, the next level's offer shows in the middle.
final class BallsFieldView: View {
    let theme: Theme
    /// The game as of the last step.
    var game: BallsGame {
        didSet { setNeedsDisplay() }
    }
    /// The original's pixels in one column (and in half a row).
    var pixelsPerColumn: Double = 4 {
        didSet { setNeedsDisplay() }
    }
    /// The keyboard's aim, a cell; shown while the level's explosion waits.
    var cursor = (column: 0, row: 0) {
        didSet { setNeedsDisplay() }
    }
    /// The lines in the middle between levels.
    var offer: [String] = [] {
        didSet { setNeedsDisplay() }
    }

    /// The original's background, a dark blue.
    static let background = RGB(42, 84, 128)

    init(game: BallsGame, theme: Theme) {
        self.game = game
        self.theme = theme
        super.init(frame: .zero)
        name = "balls field"
    }

    static func rgb(_ color: BallColor) -> RGB {
        switch color {
        case .red: RGB(230, 60, 50)
        case .green: RGB(80, 210, 80)
        case .blue: RGB(90, 140, 255)
        case .cyan: RGB(40, 220, 220)
        case .yellow: RGB(245, 225, 60)
        case .magenta: RGB(220, 90, 220)
        }
    }

    private var fieldStyle: CellStyle {
        theme.isMonochrome || theme.usesTerminalBackground
            ? theme.felt : CellStyle(foreground: .white, background: Self.background)
    }

    /// Each half-cell pixel's shape, by index into `colors` (-1 empty), painted in the original's
    /// order: balls, then explosions over them, the oldest last.
    func pixels(width: Int, height: Int) -> (kinds: [Int8], colors: [BallColor?]) {
        let rows = height * 2
        var kinds = [Int8](repeating: -1, count: width * rows)
        var colors = [BallColor?](repeating: nil, count: width * rows)
        let size = pixelsPerColumn
        func paint(center: FieldPoint, radius: Double, color: BallColor, kind: Int8) {
            // Never smaller than a pixel: every shape shows.
            let reach = max(radius, size * 0.75)
            let left = max(0, Int(((center.x - reach) / size).rounded(.down)))
            let right = min(width - 1, Int(((center.x + reach) / size).rounded(.down)))
            let top = max(0, Int(((center.y - reach) / size).rounded(.down)))
            let bottom = min(rows - 1, Int(((center.y + reach) / size).rounded(.down)))
            guard left <= right, top <= bottom else { return }
            for y in top...bottom {
                for x in left...right {
                    let sample = FieldPoint(x: (Double(x) + 0.5) * size, y: (Double(y) + 0.5) * size)
                    guard sample.distanceSquared(to: center) < reach * reach else { continue }
                    kinds[y * width + x] = kind
                    colors[y * width + x] = color
                }
            }
        }
        for ball in game.balls { paint(center: ball.center, radius: ball.radius, color: ball.color, kind: 0) }
        for explosion in game.explosions {
            paint(center: explosion.center, radius: explosion.radius, color: explosion.color, kind: 1)
        }
        return (kinds, colors)
    }

    override func draw(in context: DrawContext) {
        let style = fieldStyle
        context.fill(style: style)
        let width = context.width
        let (kinds, colors) = pixels(width: width, height: context.height)
        let unicode = theme.glyphs.unicodeSuits
        let colour = !theme.isMonochrome
        for y in 0..<context.height {
            for x in 0..<width {
                let top = y * 2 * width + x
                let bottom = top + width
                guard kinds[top] >= 0 || kinds[bottom] >= 0 else { continue }
                if !unicode {
                    // ASCII: a cell is a ball's or an explosion's.
                    let kind = max(kinds[top], kinds[bottom])
                    let color = colors[kind == kinds[top] ? top : bottom].map(Self.rgb)
                    context.set(
                        Glyph(kind == 1 ? "*" : "o"), x: x, y: y,
                        style: CellStyle(foreground: colour ? color : nil, background: style.background))
                    continue
                }
                let upper = colors[top].map(Self.rgb)
                let lower = colors[bottom].map(Self.rgb)
                if !colour {
                    let glyph: Character = kinds[top] >= 0 ? (kinds[bottom] >= 0 ? "█" : "▀") : "▄"
                    context.set(Glyph(glyph), x: x, y: y, style: style)
                } else if let upper {
                    context.set(
                        Glyph("▀"), x: x, y: y,
                        style: CellStyle(foreground: upper, background: lower ?? style.background))
                } else {
                    context.set(
                        Glyph("▄"), x: x, y: y, style: CellStyle(foreground: lower, background: style.background))
                }
            }
        }
        if game.isPlaying && !game.hasTapped {
            context.set(
                Glyph("+"), x: cursor.column, y: cursor.row,
                style: CellStyle(foreground: .white, background: style.background, attributes: .bold))
        }
        let top = (context.height - offer.count) / 2
        for (index, line) in offer.enumerated() {
            let columns = TextFit.columns(of: line)
            let x = max(0, (width - columns) / 2)
            context.put(
                line, x: x, y: top + index, columns: width - x,
                style: CellStyle(foreground: .white, background: style.background, attributes: index == 0 ? .bold : []))
        }
    }
}
