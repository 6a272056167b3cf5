import Layouts
import Scripting
import Solitaire
import TableKit

/// A live preview of the selected game: its table dealt with a fixed deal and drawn, cards
/// sized to the view, as `cardtable preview` draws it (``LayoutPreview``, in a window of its
/// own), then copied cell by cell into the chooser. A table that does not fit says so.
final class ChooserPreviewView: View {
    let theme: Theme
    let clock: TableClock
    /// The deal every preview shows.
    static let deal: UInt64 = 1
    /// The game shown.
    private(set) var game: TableLayout?
    /// What the drawing was made for: a game's name and a size.
    private var rendered: (name: String, width: Int, height: Int)?
    /// The drawing for the current game and size (nil: nothing to show).
    private var drawing: Canvas?

    init(theme: Theme, clock: TableClock) {
        self.theme = theme
        self.clock = clock
        super.init(frame: .zero)
        name = "chooser preview"
    }

    /// Shows a game, drawn for the view's size; drawn again only when the game or the size changed.
    func show(_ game: TableLayout) {
        let width = Int(frame.width)
        let height = Int(frame.height)
        if let rendered, rendered == (game.name, width, height) { return }
        self.game = game
        rendered = (game.name, width, height)
        defer { setNeedsDisplay() }
        guard width > 0, height > 0, !BallsScene.isChooserEntry(game) else {
            drawing = nil
            return
        }
        // One row more than shown: the preview's status line is left off.
        let preview = LayoutPreview(width: width, height: height + 1, clock: clock, theme: theme, seed: Self.deal)
        preview.showsSlotNames = false
        preview.show(ChooserPreviewView.fitted(game), diagnostics: [], title: game.title)
        preview.window.renderFrame()
        drawing = preview.scene?.placement == nil ? nil : preview.window.canvas
    }

    /// The game with each fanned pile spread only as far as the preview fills it (the deal's
    /// cards, or a free table's three sample cards), so the table fits at a larger card size than
    /// a whole game's worth of fanned cards would allow.
    static func fitted(_ game: TableLayout) -> TableLayout {
        var layout = game
        let piles = game.rules == nil ? nil : rulesOf(game).deal(seed: deal).piles
        for index in layout.slots.indices where layout.slots[index].fan != .none {
            let shown = piles.map { $0.indices.contains(index) ? $0[index].count : 1 } ?? 3
            layout.slots[index].fanVisible = max(1, min(layout.slots[index].fanVisible, shown))
        }
        return layout
    }

    /// The preview as text, for tests.
    var text: String {
        guard let drawing else { return "" }
        return drawing.lines.prefix(Int(frame.height)).joined(separator: "\n")
    }

    override func draw(in context: DrawContext) {
        context.fill(style: theme.felt)
        guard let drawing else {
            if let game {
                let text =
                    BallsScene.isChooserEntry(game)
                    ? "Enter plays: balls bounce here, and one click sets off the chain reaction."
                    : "No room to preview \(game.title) here: a larger terminal shows it."
                for (row, line) in MessageView.wrap(text, width: context.width - 2).enumerated()
                where row + 1 < context.height {
                    context.put(line, x: 1, y: row + 1, style: theme.felt)
                }
            }
            return
        }
        for y in 0..<min(context.height, drawing.height - 1) {
            for x in 0..<min(context.width, drawing.width) {
                let cell = drawing[x, y]
                if cell.glyph.isContinuation { continue }
                context.set(cell.glyph, x: x, y: y, style: cell.style)
            }
        }
    }
}
