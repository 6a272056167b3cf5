import Solitaire
import TableKit

/// Everything a win puts over the table: the trail the cascade leaves, then the win panel.
/// It covers the whole screen, so while it is up a click never reaches the table beneath.
///
/// The trail is kept in cells of its own: each stamp of the cascade is painted once, in time
/// order, and only its cells are composed again, so a frame costs what changed in it however
/// long the trail has grown.
final class WinOverlayView: View {
    let theme: Theme
    let cascade: WinCascade
    /// When the cascade started, on the window's clock; nil while the table is still settling
    /// (the winning card landing).
    var startTime: Double?
    /// The trail: the stamps painted so far, and which cells they cover.
    private var trail: Canvas
    private var painted: [Bool]
    /// How many of the cascade's stamps are painted.
    private(set) var paintedCount = 0
    /// The cascade is over (run out, or skipped): no more stamps.
    private(set) var isFinished = false
    private var images: [Card: Canvas] = [:]
    let cardSize: (width: Int, height: Int)
    /// The panel, once the cascade is over.
    var panel: WinPanelView?
    /// Whether the keyboard cursor showed before the win hid it.
    var cursorWasVisible = true

    init(cascade: WinCascade, cardSize: (width: Int, height: Int), width: Int, height: Int, theme: Theme) {
        self.theme = theme
        self.cascade = cascade
        self.cardSize = cardSize
        trail = Canvas(width: width, height: height)
        painted = Array(repeating: false, count: width * height)
        super.init(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        name = "win"
    }

    /// Paints every stamp due `elapsed` seconds into the cascade; returns whether any was.
    @discardableResult
    func paint(upTo elapsed: Double) -> Bool {
        guard !isFinished else { return false }
        let due = cascade.stampCount(at: elapsed)
        guard due > paintedCount else { return false }
        var dirty: CellRect?
        for stamp in cascade.stamps[paintedCount..<due] {
            let rect = paint(stamp)
            dirty = dirty.map { $0.union(rect) } ?? rect
        }
        paintedCount = due
        if let dirty, let window { window.invalidate(dirty) }
        return true
    }

    /// Stops the cascade where it is: the trail stays, nothing more is painted.
    func finish() {
        isFinished = true
    }

    /// Forgets the trail and stops the cascade, for a screen of a new size.
    func clearTrail(width: Int, height: Int) {
        isFinished = true
        trail = Canvas(width: width, height: height)
        painted = Array(repeating: false, count: width * height)
        frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        setNeedsDisplay()
    }

    /// Whether every stamp of the cascade is painted.
    var hasPaintedEverything: Bool { paintedCount == cascade.stamps.count }

    private func paint(_ stamp: WinCascade.Stamp) -> CellRect {
        let card = cascade.launches[stamp.card].card
        let image = images[card] ?? WinOverlayView.image(of: card, size: cardSize, theme: theme)
        images[card] = image
        for y in 0..<image.height {
            let row = stamp.y + y
            guard row >= 0, row < trail.height else { continue }
            for x in 0..<image.width {
                let column = stamp.x + x
                guard column >= 0, column < trail.width else { continue }
                let cell = image[x, y]
                if cell.glyph.isContinuation { continue }
                trail.set(cell, x: column, y: row)
                painted[row * trail.width + column] = true
            }
        }
        return CellRect(x: stamp.x, y: stamp.y, width: image.width, height: image.height)
    }

    /// A card face drawn once, to be copied for every stamp.
    static func image(of card: Card, size: (width: Int, height: Int), theme: Theme) -> Canvas {
        let window = Window(width: size.width, height: size.height, clock: ManualClock(), background: theme.feltCell)
        window.animator.isEnabled = false
        let frame = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        window.addSubview(CardView(cardID: 0, card: card, faceUp: true, frame: frame, theme: theme))
        window.renderFrame()
        return window.canvas
    }

    override func draw(in context: DrawContext) {
        let area = context.clip.intersection(
            CellRect(x: context.origin.x, y: context.origin.y, width: context.width, height: context.height))
        guard !area.isEmpty else { return }
        for screenY in area.y..<area.maxY {
            let y = screenY - context.origin.y
            guard y < trail.height else { break }
            for screenX in area.x..<area.maxX {
                let x = screenX - context.origin.x
                guard x < trail.width, painted[y * trail.width + x] else { continue }
                let cell = trail[x, y]
                if cell.glyph.isContinuation { continue }
                context.set(cell.glyph, x: x, y: y, style: cell.style)
            }
        }
    }
}
