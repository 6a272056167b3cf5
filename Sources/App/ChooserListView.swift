import Layouts
import TableKit

/// The chooser's list: a heading, then the families and their games, scrolled so the selected
/// game shows (with its family's heading when there is room). A click on a game selects it; a
/// click on the selected game, or a double-click, chooses it.
///
/// ```
///  Choose a game
///
///  Klondike
///  ▸ Klondike            ← selected, in the title colour
///    Double Klondike
/// ```
final class ChooserListView: View {
    let theme: Theme
    let catalog: ChooserCatalog
    /// The selected game (an index into the catalog's games).
    var selection = 0 {
        didSet {
            guard selection != oldValue else { return }
            scrollToSelection()
            setNeedsDisplay()
        }
    }
    /// The first list row shown.
    private(set) var top = 0 {
        didSet { if top != oldValue { setNeedsDisplay() } }
    }
    /// A click on a game that is not selected.
    var onSelect: (Int) -> Void = { _ in }
    /// The games with a saved game waiting: marked at the right of their row.
    var savedNames: Set<String> = [] {
        didSet { if savedNames != oldValue { setNeedsDisplay() } }
    }
    /// A click on the selected game, or a double-click on any.
    var onChoose: (Int) -> Void = { _ in }

    static let title = "Choose a game"
    /// The title and a blank line above the list rows.
    static let headerRows = 2

    init(catalog: ChooserCatalog, theme: Theme) {
        self.catalog = catalog
        self.theme = theme
        super.init(frame: .zero)
        name = "chooser list"
        addGestureRecognizer(
            TapGestureRecognizer(numberOfTapsRequired: 1) { [unowned self] recognizer in
                guard let game = self.game(at: recognizer.location(in: self)) else { return }
                if game == self.selection { self.onChoose(game) } else { self.onSelect(game) }
            })
        addGestureRecognizer(
            TapGestureRecognizer(numberOfTapsRequired: 2) { [unowned self] recognizer in
                guard let game = self.game(at: recognizer.location(in: self)) else { return }
                self.onChoose(game)
            })
    }

    /// The columns the list wants: its longest line and a margin.
    static func preferredWidth(for catalog: ChooserCatalog) -> Int {
        let texts = catalog.rows.map { row -> Int in
            switch row {
            case .heading(let name): return TextFit.columns(of: name) + 2
            case .game(let index): return TextFit.columns(of: catalog.games[index].title) + 5
            }
        }
        return min(maximumWidth, max(TextFit.columns(of: title) + 2, texts.max() ?? 0) + 1)
    }

    /// The widest the list grows for long titles (they are cut with an ellipsis).
    static let maximumWidth = 40

    /// How many list rows fit under the header.
    var visibleRows: Int { max(0, Int(frame.height) - ChooserListView.headerRows) }

    /// The screen row (in the view) of a list row, when it shows.
    func viewRow(ofListRow row: Int) -> Int? {
        guard row >= top, row < top + visibleRows else { return nil }
        return ChooserListView.headerRows + row - top
    }

    /// The game on the view row under a point, if any.
    func game(at point: Point) -> Int? {
        let row = Int(point.y.rounded(.down)) - ChooserListView.headerRows + top
        guard point.y >= Double(ChooserListView.headerRows), catalog.rows.indices.contains(row),
            case .game(let index) = catalog.rows[row]
        else { return nil }
        return index
    }

    /// Scrolls as little as it takes to show the selected game, and its family's heading when
    /// the game is the family's first.
    func scrollToSelection() {
        let visible = visibleRows
        guard visible > 0 else { return }
        let row = catalog.row(ofGame: selection)
        var wanted = row
        if row > 0, case .heading = catalog.rows[row - 1] { wanted = row - 1 }
        if wanted < top { top = wanted }
        if row >= top + visible { top = row - visible + 1 }
        top = max(0, min(top, max(0, catalog.rows.count - visible)))
    }

    override func draw(in context: DrawContext) {
        context.fill(style: theme.panel)
        let ellipsis = theme.glyphs.ellipsis
        context.put(ChooserListView.title, x: 1, y: 0, columns: context.width - 2, style: theme.panelTitle)
        let selected = ChooserStyles.selected(theme)
        for line in 0..<visibleRows {
            let row = top + line
            guard catalog.rows.indices.contains(row) else { break }
            let y = ChooserListView.headerRows + line
            switch catalog.rows[row] {
            case .heading(let name):
                context.put(name, x: 1, y: y, columns: context.width - 2, style: theme.panelTitle, ellipsis: ellipsis)
            case .game(let index):
                if index == selection {
                    context.fill(CellRect(x: 0, y: y, width: context.width, height: 1), style: selected)
                    context.put(String(theme.glyphs.cursorLeft), x: 1, y: y, style: selected)
                }
                let style = index == selection ? selected : theme.panel
                // Up to the saved game's mark, three columns from the edge.
                context.put(
                    catalog.games[index].title, x: 3, y: y, columns: context.width - 6, style: style, ellipsis: ellipsis
                )
                if savedNames.contains(catalog.games[index].name) {
                    context.put(theme.glyphs.unicodeSuits ? "↺" : "*", x: context.width - 3, y: y, style: style)
                }
            }
        }
        // Marks that more of the list lies above or below.
        let up = theme.glyphs.unicodeSuits ? "▲" : "^"
        let down = theme.glyphs.unicodeSuits ? "▼" : "v"
        if top > 0 { context.put(up, x: context.width - 2, y: ChooserListView.headerRows, style: theme.panelTitle) }
        if top + visibleRows < catalog.rows.count, visibleRows > 0 {
            context.put(down, x: context.width - 2, y: context.height - 1, style: theme.panelTitle)
        }
    }
}
