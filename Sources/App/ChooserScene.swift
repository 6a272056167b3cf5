import Layouts
import TableKit
import TerminalInput

/// The game chooser: the whole screen, drawn into the app's ``Window``. On the left the games
/// by family (``ChooserCatalog``); beside them the selected game's rules summary and, below
/// it, a live preview of its table. The arrows (or `j` `k`), Page Up / Page Down, Home / End
/// and the mouse wheel move the selection, a typed letter jumps to the next game it starts;
/// Enter, a click on the selected game or a double-click chooses it; `q` quits; Escape goes
/// back to the game the chooser was opened from.
///
/// Narrower screens drop the preview, then put the summary under the list; a tiny one shows
/// a message. The app reads ``chosenGame``, ``quitRequested`` and ``resumeRequested`` after
/// each event.
public final class ChooserScene {
    public let window: Window
    public let theme: Theme
    public let catalog: ChooserCatalog
    /// The selected game, an index into the catalog's games.
    public private(set) var selection: Int
    /// The game chosen to play; the app starts it.
    public private(set) var chosenGame: TableLayout?
    public private(set) var quitRequested = false
    /// Escape asked to go back to the game the chooser was opened from.
    public private(set) var resumeRequested = false
    /// Whether there is a game to go back to.
    public let canResume: Bool
    /// The games with a saved game waiting, by name, and how the offer names it ("Klondike
    /// #12345, 34 moves, 3:12"): marked in the list, said in the summary; choosing one offers
    /// to resume it.
    public var savedGames: [String: String] = [:] {
        didSet {
            list.savedNames = Set(savedGames.keys)
            layoutViews()
        }
    }

    let list: ChooserListView
    let summary: ChooserSummaryView
    let preview: ChooserPreviewView
    let statusLine: StatusLineView
    let tooSmallView: MessageView

    /// The smallest screen the chooser draws on.
    public static let minimumSize = (width: 24, height: 8)

    public var selectedGame: TableLayout { catalog.games[selection] }

    /// - Parameters:
    ///   - selecting: the name of the game selected at first (the first game when nil or unknown).
    ///   - canResume: Escape goes back to a game.
    public init(
        catalog: ChooserCatalog, selecting name: String? = nil, window: Window, theme: Theme, canResume: Bool = false
    ) {
        precondition(!catalog.games.isEmpty, "the chooser needs games")
        self.window = window
        self.theme = theme
        self.catalog = catalog
        self.canResume = canResume
        selection = name.flatMap { catalog.index(named: $0) } ?? 0
        list = ChooserListView(catalog: catalog, theme: theme)
        summary = ChooserSummaryView(theme: theme)
        preview = ChooserPreviewView(theme: theme, clock: window.clock)
        statusLine = StatusLineView(theme: theme)
        tooSmallView = MessageView(theme: theme)
        window.backgroundCell = theme.feltCell
        for view in views { window.addSubview(view) }
        list.onSelect = { [unowned self] in self.select($0) }
        list.onChoose = { [unowned self] in self.choose($0) }
        preview.addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in self.choose(self.selection) })
        list.selection = selection
        layoutViews()
    }

    private var views: [View] { [list, summary, preview, statusLine, tooSmallView] }

    /// Removes the chooser's views from the window.
    public func detach() {
        for view in views { view.removeFromSuperview() }
    }

    // MARK: Layout

    /// Places the list, the summary and the preview for the window's size; called again after a resize.
    public func layoutViews() {
        let (width, height) = window.size
        let tooSmall = width < ChooserScene.minimumSize.width || height < ChooserScene.minimumSize.height
        tooSmallView.isHidden = !tooSmall
        for view in [list, summary, preview, statusLine] as [View] { view.isHidden = tooSmall }
        if tooSmall {
            tooSmallView.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            tooSmallView.text =
                "terminal too small for the game chooser (need \(ChooserScene.minimumSize.width)"
                + "x\(ChooserScene.minimumSize.height))"
            return
        }
        let body = height - 1
        // The summary's height depends on the game it tells.
        summary.game = selectedGame
        summary.family = catalog.family(ofGame: selection)
        summary.savedGame = savedGames[selectedGame.name]
        statusLine.frame = Rect(x: 0, y: Double(body), width: Double(width), height: 1)
        let listWidth = min(width, ChooserListView.preferredWidth(for: catalog))
        let rightX = listWidth + 1
        let rightWidth = width - rightX
        if rightWidth >= 30 {
            // Wide: the list on the left; the summary beside it, the preview under the summary.
            list.frame = rect(0, 0, listWidth, body)
            // The preview gets the rows a table needs at its smallest cards even when the whole
            // summary would leave it fewer (80x24): the summary then shows its first sentences.
            let wanted = summary.preferredHeight(width: rightWidth)
            let previewRows = max(body - wanted - 1, min(ChooserScene.previewRows, body - 7))
            if rightWidth >= 40, previewRows >= 8 {
                summary.frame = rect(rightX, 0, rightWidth, body - previewRows - 1)
                preview.frame = rect(rightX, body - previewRows, rightWidth, previewRows)
                preview.isHidden = false
            } else {
                summary.frame = rect(rightX, 0, rightWidth, body)
                preview.isHidden = true
            }
        } else {
            // Narrow: the summary under the list, when there are rows enough for both.
            preview.isHidden = true
            let summaryRows = body >= 16 ? min(summary.preferredHeight(width: width), body / 2) : 0
            list.frame = rect(0, 0, width, body - summaryRows)
            summary.frame = rect(0, body - summaryRows, width, summaryRows)
            summary.isHidden = summaryRows == 0
        }
        list.scrollToSelection()
        showSelection()
        updateStatus()
    }

    /// The rows the preview gets first: a Klondike-sized table at its smallest cards.
    static let previewRows = 13

    private func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Rect {
        Rect(x: Double(x), y: Double(y), width: Double(max(0, width)), height: Double(max(0, height)))
    }

    /// The summary and the preview follow the selection.
    private func showSelection() {
        list.selection = selection
        summary.game = selectedGame
        summary.family = catalog.family(ofGame: selection)
        summary.savedGame = savedGames[selectedGame.name]
        if !preview.isHidden { preview.show(selectedGame) }
    }

    // MARK: Input

    /// Selects a game (an index into the catalog's games).
    public func select(_ index: Int) {
        let index = max(0, min(catalog.games.count - 1, index))
        guard index != selection else { return }
        selection = index
        // The summary's height changes with the game: lay out again.
        layoutViews()
    }

    /// Selects a game by name (nothing happens for a name not listed).
    public func select(named name: String) {
        if let index = catalog.index(named: name) { select(index) }
    }

    /// Chooses a game to play.
    public func choose(_ index: Int) {
        select(index)
        chosenGame = catalog.games[selection]
    }

    public func handle(_ press: KeyPress) {
        switch press.key {
        case .up: select(selection - 1)
        case .down, .tab: select(selection + 1)
        case .pageUp: select(game(pagesFromSelection: -1))
        case .pageDown: select(game(pagesFromSelection: 1))
        case .home: select(0)
        case .end: select(catalog.games.count - 1)
        case .enter: choose(selection)
        case .escape: if canResume { resumeRequested = true }
        case .control("c"): quitRequested = true
        case .character(let character):
            switch character {
            case "k": select(selection - 1)
            case "j": select(selection + 1)
            case "q", "Q": quitRequested = true
            case " ": choose(selection)
            default: jump(to: character)
            }
        default:
            break
        }
    }

    /// The mouse wheel moves the selection a game at a time.
    public func scroll(by games: Int) {
        select(selection + games)
    }

    /// Selects the next game whose title starts with a letter, after the selection and round.
    func jump(to letter: Character) {
        guard letter.isLetter || letter.isNumber else { return }
        let wanted = String(letter).lowercased()
        let count = catalog.games.count
        for step in 1...count {
            let index = (selection + step) % count
            if catalog.games[index].title.lowercased().hasPrefix(wanted) {
                select(index)
                return
            }
        }
    }

    /// The game about a page of rows away from the selection.
    func game(pagesFromSelection pages: Int) -> Int {
        let page = max(1, list.visibleRows - 1)
        let row = max(0, min(catalog.rows.count - 1, catalog.row(ofGame: selection) + pages * page))
        // A heading is not a game: step on to the nearest game in the same direction, else back.
        let step = pages < 0 ? -1 : 1
        for direction in [step, -step] {
            var probe = row
            while catalog.rows.indices.contains(probe) {
                if case .game(let index) = catalog.rows[probe] { return index }
                probe += direction
            }
        }
        return selection
    }

    // MARK: Status

    func updateStatus() {
        let back = canResume ? ["[Esc] back to the game"] : []
        let play = savedGames[selectedGame.name] == nil ? "[Enter] play" : "[Enter] resume or deal"
        let arrows = theme.glyphs.unicodeSuits ? "[↑↓] choose" : "[arrows] choose"
        let candidates = [
            [arrows, play, "[click] select, again to play", "[a-z] jump"] + back + ["[q] quit"],
            [arrows, play] + back + ["[q] quit"],
            [play, "[q] quit"],
        ]
        let room = window.size.width - 1
        let lines = candidates.map { $0.joined(separator: " · ") }
        statusLine.message = lines.first { StatusLineView.columns(of: $0) <= room } ?? lines.last ?? ""
    }

    /// The status line as plain text, for tests.
    public var statusText: String { statusLine.plainText }
}
