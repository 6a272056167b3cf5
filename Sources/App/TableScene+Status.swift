import Layouts
import Solitaire

/// What the status line says: always what the player can do next.
extension TableScene {
    func updateStatus() {
        statusLine.message = statusMessage()
    }

    func statusMessage() -> String {
        if let override = statusMessageOverride { return override }
        if let card = draggedCard {
            return
                "Dragging \(theme.label(for: card)) · release on a slot with room · [\(theme.glyphs.trash)] deletes · [Esc] puts it back"
        }
        if let card = heldCard {
            return "Carrying \(theme.label(for: card)) · [arrows] choose a slot · [Enter] drop · [Esc] put back"
        }
        let hint: String
        if let top = table.topCard(of: cursorSlot) {
            hint = "[Enter] picks up \(theme.label(for: top.card))"
        } else if table.canCreate(at: cursorSlot) {
            hint = "[Enter] deals a card"
        } else {
            hint = "[arrows] move"
        }
        // The whole line fits 80 columns. On a narrower screen the mouse hints go first,
        // then the title: the keys to play, help and quit always show.
        let keys = [hint, "[?] help", "[q] quit"]
        let room = window.size.width - 1  // the line starts one column in
        let fitting = [[layout.title, "[click] deals", "[drag] moves"] + keys, [layout.title] + keys]
            .map { $0.joined(separator: " · ") }
            .first { StatusLineView.columns(of: $0) <= room }
        return fitting ?? keys.joined(separator: " · ")
    }

    /// The status line as plain text, for tests.
    public var statusText: String { statusLine.plainText }
}

/// The help screen's text.
enum HelpText {
    static func lines(for layout: TableLayout, theme: Theme) -> [String] {
        [
            "CardTable — \(layout.title)",
            "",
            "Mouse",
            "  click an empty slot     deal the next card onto it",
            "  drag a card             it follows the pointer; let go",
            "                          over an empty slot to move it",
            "  drop on \(theme.glyphs.trash)               delete the card",
            "",
            "Keyboard",
            "  arrows or h j k l       move the cursor",
            "  Enter or Space          deal / pick up / drop",
            "  Esc                     put the card back",
            "  ?                       this help      q   quit",
            "",
            "Any key closes this help.",
        ]
    }
}
