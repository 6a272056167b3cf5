import TableKit
import TerminalInput

/// What a player may do after a win.
public enum WinChoice: CaseIterable, Sendable {
    /// A new deal of the same game.
    case newDeal
    /// The same deal (or position) again from the start.
    case replay
    /// Back to the game chooser.
    case chooseGame
    case quit
    /// Play on with a saved game (the resume offer's choice).
    case resume
    /// The deal asked for from its start, as a new game; the saved game of it counts as lost
    /// (the resume offer's choice when the deal was asked for by number).
    case startAfresh

    /// The key that makes the choice.
    public var key: Character {
        switch self {
        case .newDeal: "n"
        case .replay: "r"
        case .chooseGame: "g"
        case .quit: "q"
        case .resume: "r"
        case .startAfresh: "s"
        }
    }
}

/// The panel after a win: who won what, the time and the moves, and the choices, each a row
/// that a click or its key makes (arrows and Enter too).
///
/// ```
/// ╭──────────────────────────────╮
/// │    You won Klondike #12!     │
/// │                              │
/// │  3:07 · 112 moves            │
/// │                              │
/// │  ▸ n  New deal of Klondike   │
/// │    r  Replay deal #12        │
/// │    g  Choose another game    │
/// │    q  Quit                   │
/// ╰──────────────────────────────╯
/// ```
final class WinPanelView: View {
    let theme: Theme
    let title: String
    var detail: String {
        didSet { if detail != oldValue { setNeedsDisplay() } }
    }
    /// A line under the detail: the game's statistics after a win.
    var note: String? {
        didSet { if note != oldValue { setNeedsDisplay() } }
    }
    let choiceViews: [WinChoiceView]
    /// The row Enter picks.
    var selected = 0 {
        didSet {
            for (index, view) in choiceViews.enumerated() { view.isSelected = index == selected }
        }
    }

    /// - Parameter choose: called with the choice a click makes.
    init(
        title: String, detail: String, choices: [(WinChoice, String)], theme: Theme,
        choose: @escaping (WinChoice) -> Void
    ) {
        self.theme = theme
        self.title = title
        self.detail = detail
        choiceViews = choices.map { WinChoiceView(choice: $0.0, text: $0.1, theme: theme) }
        super.init(frame: .zero)
        name = "win panel"
        for view in choiceViews {
            view.addGestureRecognizer(TapGestureRecognizer { [unowned view] _ in choose(view.choice) })
            addSubview(view)
        }
        choiceViews.first?.isSelected = true
    }

    /// The first choice row, below the title, a blank line, the detail (and the note) and
    /// another blank line.
    var firstChoiceRow: Int { note == nil ? 5 : 6 }

    var preferredSize: Size {
        let texts = [title, detail, note ?? ""] + choiceViews.map { "▸ n  " + $0.text }
        let width = (texts.map { TextFit.columns(of: $0) }.max() ?? 0) + 6
        return Size(width: Double(width), height: Double(firstChoiceRow + choiceViews.count + 1))
    }

    /// Centres the panel on a screen of the given size (shrunk to fit) and places its rows.
    func centre(inWidth width: Int, height: Int) {
        frame = Rect(centring: preferredSize, inWidth: width, height: height)
        for (index, view) in choiceViews.enumerated() {
            view.frame = Rect(
                x: 1, y: Double(firstChoiceRow + index), width: max(0, frame.width - 2), height: 1)
        }
    }

    /// What a key does on the panel: the arrows move the selection, Enter or Space makes the
    /// selected choice, a choice's letter makes it. Returns the choice made, if any.
    func choice(for press: KeyPress) -> WinChoice? {
        switch press.key {
        case .up, .character("k"):
            selected = max(0, selected - 1)
        case .down, .character("j"), .tab:
            selected = min(choiceViews.count - 1, selected + 1)
        case .enter, .character(" "):
            return choiceViews[selected].choice
        case .character(let character):
            return choice(forKey: Character(character.lowercased()))
        default:
            break
        }
        return nil
    }

    /// The choice a key makes, by its letter.
    func choice(forKey character: Character) -> WinChoice? {
        choiceViews.first { $0.choice.key == character }?.choice
    }

    override func draw(in context: DrawContext) {
        let w = context.width
        let h = context.height
        context.fill(style: theme.panel)
        guard w >= 2, h >= 2 else { return }
        drawBox(in: context, glyphs: theme.glyphs, style: theme.panel)
        // Inside the border, cut with an ellipsis on a screen too narrow.
        let ellipsis = theme.glyphs.ellipsis
        context.put(title, centredIn: w - 4, x: 2, y: 1, style: theme.panelTitle, ellipsis: ellipsis)
        context.put(detail, x: 3, y: 3, columns: w - 4, style: theme.panel, ellipsis: ellipsis)
        if let note { context.put(note, x: 3, y: 4, columns: w - 4, style: theme.panel, ellipsis: ellipsis) }
    }
}

/// One choice of the win panel: `▸ n  New deal of Klondike`, the key in the title colour.
final class WinChoiceView: View {
    let choice: WinChoice
    let text: String
    let theme: Theme
    var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsDisplay() } }
    }

    init(choice: WinChoice, text: String, theme: Theme) {
        self.choice = choice
        self.text = text
        self.theme = theme
        super.init(frame: .zero)
        name = "choice \(choice.key)"
    }

    override func draw(in context: DrawContext) {
        let style = isSelected ? ChooserStyles.selected(theme) : theme.panel
        context.fill(style: style)
        let mark = isSelected ? String(theme.glyphs.cursorLeft) : " "
        context.put(mark, x: 1, y: 0, style: style)
        context.put(String(choice.key), x: 3, y: 0, style: isSelected ? style : theme.panelTitle)
        context.put(text, x: 6, y: 0, columns: context.width - 7, style: style, ellipsis: theme.glyphs.ellipsis)
    }
}
