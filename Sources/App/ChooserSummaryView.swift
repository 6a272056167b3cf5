import Layouts
import TableKit

/// The selected game in words: its title, its family and name, and its rules summary
/// (``TableLayout/rulesSummary``), one bullet a sentence, wrapped to the view's width.
///
/// ```
///  Klondike
///  Klondike family · klondike
///
///  • One deck (52 cards).
///  • Seven tableau piles build down in alternate
///    colours; built runs move together.
/// ```
final class ChooserSummaryView: View {
    let theme: Theme
    var game: TableLayout? {
        didSet { setNeedsDisplay() }
    }
    /// The game's saved game waiting to be resumed, as the offer names it.
    var savedGame: String? {
        didSet { if savedGame != oldValue { setNeedsDisplay() } }
    }
    /// The heading the game is listed under.
    var family = "" {
        didSet { if family != oldValue { setNeedsDisplay() } }
    }

    init(theme: Theme) {
        self.theme = theme
        super.init(frame: .zero)
        name = "chooser summary"
    }

    /// The lines drawn for a width: the title, the family line, a blank line, then the rules.
    func lines(width: Int) -> [String] {
        guard let game else { return [] }
        if BallsScene.isChooserEntry(game) {
            return [game.title, "arcade · \(game.name)", ""]
                + ChooserSummaryView.bullets(BallsScene.summary, width: width)
        }
        let listing = game.rules == nil ? "free table · \(game.name)" : "\(family) family · \(game.name)"
        let saved = savedGame.map { MessageView.wrap("Saved: \($0). Enter offers to resume it.", width: width) + [""] }
        return [game.title, listing, ""] + (saved ?? []) + ChooserSummaryView.bullets(game.rulesSummary, width: width)
    }

    /// Sentences as bullets wrapped to a width, continuation lines indented under the text.
    static func bullets(_ sentences: [String], width: Int) -> [String] {
        let textWidth = max(8, width - 2)
        return sentences.flatMap { sentence in
            MessageView.wrap(sentence, width: textWidth).enumerated().map {
                ($0.offset == 0 ? "• " : "  ") + $0.element
            }
        }
    }

    /// The rows the view wants at a width (its lines and a margin row).
    func preferredHeight(width: Int) -> Int { lines(width: width - 2).count + 1 }

    override func draw(in context: DrawContext) {
        context.fill(style: theme.panel)
        var lines = lines(width: context.width - 2)
        if lines.count > context.height, context.height > 0 {
            // Cut short where the preview needs the rows: the last line shown says there is more.
            lines = Array(lines.prefix(context.height))
            lines[lines.count - 1] =
                String(lines[lines.count - 1].prefix(max(0, context.width - 4))) + " " + theme.glyphs.ellipsis
        }
        for (row, line) in lines.enumerated() {
            context.put(
                line, x: 1, y: row, columns: context.width - 2, style: row == 0 ? theme.panelTitle : theme.panel,
                ellipsis: theme.glyphs.ellipsis)
        }
    }
}

extension HelpText {
    /// The rules summary as the help screen shows it: a heading, then one bullet a sentence,
    /// wrapped to the width of the help's other lines.
    static func rulesSummary(for layout: TableLayout) -> [String] {
        ["Rules"] + ChooserSummaryView.bullets(layout.rulesSummary, width: 58).map { "  " + $0 }
    }
}
