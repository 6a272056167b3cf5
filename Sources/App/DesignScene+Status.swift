import Layouts
import TableKit

/// What the designer's header and status line say: the file and whether it has unsaved
/// changes; what just happened ("tableau.3 made", "refused: slot 'tableau.2' overlaps slot
/// 'tableau.3'; …", "saved mine.toml") and what can be done now.
extension DesignScene {
    func updateStatus() {
        header.message = headerMessage()
        statusLine.message = statusMessage()
    }

    func headerMessage() -> String {
        let unsaved = theme.glyphs.unicodeSuits ? "●" : "*"
        let saving =
            isNewFile
            ? (isModified ? "\(unsaved) new, not saved" : "new") : isModified ? "\(unsaved) unsaved changes" : "saved"
        let errors = session.errors.count
        let state = errors == 0 ? saving : "\(saving) · \(errors) error\(errors == 1 ? "" : "s")"
        let kind = layout.rules == nil ? "free table" : "game"
        return fitted([
            [
                "Designing \(fileLabel)", state, slotCount, kind,
                "grid \(Self.number(design.grid.column))x\(Self.number(design.grid.row))",
            ],
            ["Designing \(fileLabel)", state, slotCount],
            ["\(fileLabel)", state],
        ])
    }

    /// "1 slot", "3 slots".
    var slotCount: String { design.slots.count == 1 ? "1 slot" : "\(design.slots.count) slots" }

    func statusMessage() -> String {
        let keys = DesignKeys.self
        let help = "\(keys.hint(for: .showHelp)) help"
        let quit = "\(keys.hint(for: .quit)) quit"
        if isAskingToQuit {
            return fitted([
                ["Save changes to \(fileLabel)?", "[y] save and quit", "[n] quit without saving", "[Esc] go on"],
                ["Save changes to \(fileLabel)?", "[y] yes", "[n] no", "[Esc] go on"],
                ["Save?", "[y] yes", "[n] no", "[Esc] go on"],
            ])
        }
        if let drag {
            let ids = drag.keys.compactMap { session.id(of: $0) }
            let what = ids.count == 1 ? ids[0] : "\(ids[0]) and \(ids.count - 1) more"
            return fitted([
                ["Moving \(what)", "let go on the grid", "on \(theme.glyphs.trash) trash deletes", "[Esc] puts back"],
                ["Moving \(what)", "[Esc] puts back"],
            ])
        }
        if let paletteDrag {
            return fitted([
                ["New \(paletteDrag.kind.rawValue) slot", "let go on the grid", "[Esc] cancels"],
                ["New \(paletteDrag.kind.rawValue)", "[Esc] cancels"],
            ])
        }
        if let carry {
            let ids = carry.keys.compactMap { session.id(of: $0) }
            let what = ids.count == 1 ? ids[0] : "\(ids[0]) and \(ids.count - 1) more"
            return fitted([
                [
                    "Carrying \(what)", "\(keys.hint(for: .moveCursor(.up))) move",
                    "\(keys.hint(for: .activate)) put down",
                    "\(keys.hint(for: .delete)) deletes", "[Esc] puts back",
                ],
                ["Carrying \(what)", "\(keys.hint(for: .activate)) put down", "[Esc] puts back"],
            ])
        }
        if let panelFocus {
            let typing = panelFocus.typing != nil
            let parts =
                typing
                ? ["Typing a value", "[Enter] sets it", "[Esc] leaves it", "[Ctrl-U] clears"]
                : ["Editing keys", "[↑↓] choose", "[←→] change", "[Enter] type a value", "[Esc] back to the felt"]
            let back = typing ? "[Esc] leaves it" : "[Esc] back to the felt"
            guard let notice else { return fitted([parts]) }
            return fitted([[notice] + parts, [notice, back], [notice]])
        }
        let save = "\(keys.hint(for: .save)) save"
        let tryIt = "\(keys.hint(for: .tryLayout)) try it"
        if let notice {
            return fitted([
                [notice, tryIt, save, help, quit], [notice, save, help, quit], [notice, help], [notice],
            ])
        }
        let kind = palette.chosen.rawValue
        let enter =
            cursorVisible
            ? (slot(coveringCell: cursor) != nil
                ? "\(keys.hint(for: .activate)) picks up" : "\(keys.hint(for: .activate)) makes a \(kind)")
            : "[click] the felt: a \(kind)"
        return fitted([
            [enter, "[drag] a slot moves it", tryIt, save, help, quit],
            [enter, tryIt, save, help, quit],
            [enter, help, quit],
        ])
    }

    /// The first of the candidate lines (parts joined by " · ") that fits the screen, else the last.
    func fitted(_ candidates: [[String]]) -> String {
        StatusLineView.fitted(candidates, room: window.size.width - 1)  // the line starts one column in
    }
}
