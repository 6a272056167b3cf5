import Layouts
import Persistence
import Solitaire

/// What the status line says: what happened if it matters (a refused move and why, a won
/// game), and always what the player can do next.
extension TableScene {
    func updateStatus() {
        reportRulesFailure()
        statusLine.message = statusMessage()
    }

    func statusMessage() -> String {
        if let override = statusMessageOverride { return override }
        let keys = KeyBindings.self
        let isGame = layout.rules != nil
        if isFindingDeal {
            let finding = "Finding a winnable deal" + theme.glyphs.ellipsis
            let quit = "\(keys.hint(for: .quit)) \(quitLabel)"
            return fitted([
                [finding, "\(keys.hint(for: .cancel)) plays #\(seed) unchecked", quit], [finding, quit],
            ])
        }
        let place = isGame ? "a pile that takes it" : "a slot with room"
        if let card = draggedCard {
            let what =
                draggedCount > 1 ? "\(theme.label(for: card)) and \(draggedCount - 1) more" : theme.label(for: card)
            let trash = layout.slots.contains { $0.deleteOnDrop } ? " · [\(theme.glyphs.trash)] deletes" : ""
            return fitted([
                ["Dragging \(what)", "release on \(place)" + trash, "\(keys.hint(for: .cancel)) puts it back"],
                ["Dragging \(what)", "\(keys.hint(for: .cancel)) puts it back"],
            ])
        }
        if let card = heldCard {
            let what = heldCount > 1 ? "\(theme.label(for: card)) and \(heldCount - 1) more" : theme.label(for: card)
            return fitted([
                [
                    "Carrying \(what)", "\(keys.hint(for: .moveCursor(.up))) choose a \(isGame ? "pile" : "slot")",
                    "\(keys.hint(for: .activate)) drop", "\(keys.hint(for: .cancel)) put back",
                ],
                ["Carrying \(what)", "\(keys.hint(for: .activate)) drop", "\(keys.hint(for: .cancel)) put back"],
            ])
        }
        let help = "\(keys.hint(for: .showHelp)) help"
        let quit = "\(keys.hint(for: .quit)) \(quitLabel)"
        let moves = history.count == 1 ? "1 move" : "\(history.count) moves"
        let time = clockText(elapsedSeconds)
        // The layout's title as it is written: a bracket in it is not a key's.
        let layoutTitle = StatusLineView.literal(layout.title)
        if rules.isWon(state), layout.rules != nil {
            return fitted([
                [
                    "You won \(layoutTitle) \(dealName) in \(moves) and \(time)!",
                    "\(keys.hint(for: .newGame)) new game",
                    quit,
                ],
                ["You won in \(moves)!", "\(keys.hint(for: .newGame)) new", quit],
            ])
        }
        // While the game's saves fail (a full disk), the line says so after every move, not only
        // after the first that failed: the notice went with the next key, and the moves after it
        // went unsaved with nothing on the screen to say so.
        let unsaved = notice == nil && interactive && keeper?.unsavedProblem != nil ? " · not saved" : ""
        let title =
            (layout.rules != nil ? "\(layoutTitle) \(dealName) · \(moves) · \(time)" : layoutTitle) + unsaved
        // The title with whether the game can still be won after the time, then without: the word
        // goes before the title does when the line is too long.
        let titles = [winnability.map { title + " · " + $0.word(ellipsis: theme.glyphs.ellipsis) }, title]
            .compactMap { $0 }
        if let notice {
            // While the demo plays every key stops it: no key is offered for anything else.
            let keys = isPlayingDemo ? [] : [help, quit]
            return fitted(titles.map { [notice, $0] + keys } + titles.map { [notice, $0] } + [[notice]])
        }
        if hasNoMovesLeft {
            let undo = "\(keys.hint(for: .undo)) undo"
            let new = "\(keys.hint(for: .newGame)) new game"
            return fitted([
                ["No moves left", undo, new, "\(keys.hint(for: .restart)) restart", title, quit],
                ["No moves left", undo, new, quit], ["No moves left", undo, new],
            ])
        }
        let hint = cursorHint()
        // "click stock deals" only while a click on a stock does something (a script's stock hook
        // may do nothing, and a spent stock with no redeal left does nothing either).
        let hasStock = layout.slots(ofKind: .stock).contains { slot in
            pileIndex(of: slot.id).map { rules.clickMove(on: $0, in: state) != nil } ?? false
        }
        let moving = mouseMode == .click ? "[click] a card, then a pile" : "[drag] moves"
        let mouse =
            layout.rules == nil
            ? ["[click] deals", "[drag] moves"] : [moving] + (hasStock ? ["[click] stock deals"] : [])
        // The whole line fits the screen. On a narrower screen the mouse hints go first, then
        // whether the game is winnable, then the title: the keys to play, help and quit always show.
        return fitted(
            [[titles[0]] + mouse + [hint, help, quit]] + titles.map { [$0, hint, help, quit] } + [[hint, help, quit]])
    }

    /// What Enter would do at the cursor.
    func cursorHint() -> String {
        let enter = KeyBindings.hint(for: .activate)
        guard let pile = pileIndex(of: cursorSlot) else { return "\(KeyBindings.hint(for: .moveCursor(.up))) move" }
        let cards = state.piles[pile]
        let depth = min(cursorDepth, cards.count)
        if depth > 0, rules.canPickUp(pile: pile, from: cards.count - depth, in: state) {
            let card = theme.label(for: cards[cards.count - depth].card)
            return depth > 1 ? "\(enter) picks up \(card) and \(depth - 1) more" : "\(enter) picks up \(card)"
        }
        if let move = rules.clickMove(on: pile, in: state) {
            switch move.kind {
            case .create: return "\(enter) deals a card"
            case .stock: return cards.isEmpty ? "\(enter) redeals" : "\(enter) deals"
            case .transfer, .click: return "\(enter) plays"
            }
        }
        return "\(KeyBindings.hint(for: .moveCursor(.up))) move"
    }

    /// The first of the candidate lines (parts joined by " · ") that fits the screen, else the last.
    func fitted(_ candidates: [[String]]) -> String {
        StatusLineView.fitted(candidates, room: window.size.width - 1)  // the line starts one column in
    }

    /// The status line as plain text, for tests.
    public var statusText: String { statusLine.plainText }
}

/// The help screen's text, from the key bindings table.
enum HelpText {
    static func lines(for layout: TableLayout, theme: Theme) -> [String] {
        let mouse: [String]
        if layout.rules != nil {
            let stock = "  click the stock         deal (or redeal when empty)"
            mouse =
                [
                    "  drag a card or a run    let go over a pile that takes it",
                    "  double-click a card     to a foundation, else its best place",
                    "  click a card (m mode)   click-to-move: then click a pile",
                ]
                + (layout.slots(ofKind: .stock).isEmpty ? [] : [stock])
        } else {
            mouse = [
                "  click an empty slot     deal the next card onto it",
                "  drag a card             it follows the pointer; let go",
                "                          over a slot with room to move it",
                "  drop on \(theme.glyphs.trash)               delete the card",
            ]
        }
        let keys = KeyBindings.all.filter { !$0.keyText.isEmpty && KeyBindings.applies($0.action, to: layout) }.map {
            "  " + $0.keyText.padded(to: 24) + $0.help
        }
        return ["CardTable — \(layout.title)"] + HelpText.rulesSummary(for: layout) + ["", "Mouse"] + mouse
            + ["Keyboard"] + keys
    }
}
