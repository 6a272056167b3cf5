import TerminalInput

/// What a key does in the layout designer.
public enum DesignAction: Hashable, Sendable {
    /// Move the cursor one cell of the grid (a carried slot follows).
    case moveCursor(TableAction.Direction)
    /// Move the selected slots (or the one under the cursor) half a card: a free slot, or a map
    /// slot on a half-card grid.
    case nudge(TableAction.Direction)
    /// The cursor to the next slot (or the one before), going round.
    case nextSlot(forward: Bool)
    /// On an empty cell, make a slot of the palette's kind; on a slot, pick it up (with the other
    /// selected slots); carrying, put it down.
    case activate
    /// Add the slot under the cursor to the selection, or take it out.
    case toggleSelection
    /// The palette's next (or previous) kind.
    case nextKind(forward: Bool)
    /// Delete the selected slots (or the one under the cursor).
    case delete
    /// Take the selected slots off the map: placed freely, at half-card steps.
    case placeFreely
    /// Edit the slot's keys in the side panel.
    case editFields
    /// Put a carried or dragged slot back; else clear the selection.
    case cancel
    case undo
    case redo
    case save
    /// Play the layout as it stands; the same key (or q) comes back.
    case tryLayout
    case showHelp
    case quit
}

/// The designer's keys: one table that the key handler, the help and the status line's hints
/// are read from. Keys mean what they mean in a game where a game has them (arrows, Enter,
/// Escape, `u`, `U`, `?`, `q`); the designer's own are keys a game leaves free.
public enum DesignKeys {
    public struct Binding: Sendable {
        /// The presses, modifiers included (Shift and an arrow is not the arrow).
        public var keys: [KeyPress]
        public var action: DesignAction
        /// The keys as help shows them.
        public var keyText: String
        public var help: String
    }

    public static let all: [Binding] = [
        Binding(
            keys: [KeyPress(.up), KeyPress(.character("k"))], action: .moveCursor(.up), keyText: "arrows, h j k l",
            help: "move the cursor over the grid"),
        Binding(keys: [KeyPress(.down), KeyPress(.character("j"))], action: .moveCursor(.down), keyText: "", help: ""),
        Binding(keys: [KeyPress(.left), KeyPress(.character("h"))], action: .moveCursor(.left), keyText: "", help: ""),
        Binding(
            keys: [KeyPress(.right), KeyPress(.character("l"))], action: .moveCursor(.right), keyText: "", help: ""),
        Binding(
            keys: [KeyPress(.up, modifiers: .shift)], action: .nudge(.up), keyText: "Shift-arrows",
            help: "move the selected slots half a card"),
        Binding(keys: [KeyPress(.down, modifiers: .shift)], action: .nudge(.down), keyText: "", help: ""),
        Binding(keys: [KeyPress(.left, modifiers: .shift)], action: .nudge(.left), keyText: "", help: ""),
        Binding(keys: [KeyPress(.right, modifiers: .shift)], action: .nudge(.right), keyText: "", help: ""),
        Binding(
            keys: [KeyPress(.tab)], action: .nextSlot(forward: true), keyText: "Tab, Shift-Tab",
            help: "the cursor to the next / previous slot"),
        Binding(keys: [KeyPress(.backTab)], action: .nextSlot(forward: false), keyText: "", help: ""),
        Binding(
            keys: [KeyPress(.enter), KeyPress(.character(" "))], action: .activate, keyText: "Enter, Space",
            help: "make a slot / pick it up / put it down"),
        Binding(
            keys: [KeyPress(.character("["))], action: .nextKind(forward: false), keyText: "[ ]",
            help: "the palette's kind"),
        Binding(keys: [KeyPress(.character("]"))], action: .nextKind(forward: true), keyText: "", help: ""),
        Binding(
            keys: [KeyPress(.character("v"))], action: .toggleSelection, keyText: "v", help: "select or unselect a slot"
        ),
        Binding(
            keys: [KeyPress(.character("x")), KeyPress(.delete), KeyPress(.backspace)], action: .delete,
            keyText: "x, Delete",
            help: "delete the selected slots"),
        Binding(
            keys: [KeyPress(.character("F"))], action: .placeFreely, keyText: "F",
            help: "place freely (off the map, half-card steps)"),
        Binding(
            keys: [KeyPress(.character("e"))], action: .editFields, keyText: "e",
            help: "edit the slot's keys in the panel"),
        Binding(keys: [KeyPress(.escape)], action: .cancel, keyText: "Esc", help: "put back / clear the selection"),
        Binding(keys: [KeyPress(.character("u"))], action: .undo, keyText: "u", help: "undo"),
        Binding(
            keys: [KeyPress(.character("U")), KeyPress(.control("r"))], action: .redo, keyText: "U, Ctrl-R",
            help: "redo"),
        Binding(
            keys: [KeyPress(.control("s")), KeyPress(.character("S"))], action: .save, keyText: "Ctrl-S, S",
            help: "save"),
        Binding(
            keys: [KeyPress(.character("t"))], action: .tryLayout, keyText: "t", help: "try it: play it, t comes back"),
        Binding(keys: [KeyPress(.character("?"))], action: .showHelp, keyText: "?", help: "this help"),
        Binding(
            keys: [KeyPress(.character("q")), KeyPress(.character("Q")), KeyPress(.control("c"))], action: .quit,
            keyText: "q",
            help: "quit (asks first when there are unsaved changes)"),
    ]

    public static func action(for press: KeyPress) -> DesignAction? {
        all.first { $0.keys.contains(press) }?.action
    }

    /// The first key of an action, as the status line names it: `[Enter]`, `[t]`.
    public static func hint(for action: DesignAction) -> String {
        let text = all.first { $0.action == action }?.keyText ?? ""
        return "[" + (text.split(separator: ",").first.map(String.init) ?? text) + "]"
    }
}
