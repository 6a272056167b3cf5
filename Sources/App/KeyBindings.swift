import Layouts
import TerminalInput

/// Keys to actions: one table that the key handler, the help screen and the man page's
/// key list are all read from.
public enum KeyBindings {
    /// One row of the table: the keys, the action, and how help writes them.
    public struct Binding: Sendable {
        public var keys: [Key]
        public var action: TableAction
        /// The keys as help shows them (`arrows, h j k l`).
        public var keyText: String
        /// What the keys do, in a few words.
        public var help: String
    }

    public static let all: [Binding] =
        [
            Binding(
                keys: [.up, .character("k")], action: .moveCursor(.up), keyText: "arrows, h j k l",
                help: "move the cursor"),
            Binding(keys: [.down, .character("j")], action: .moveCursor(.down), keyText: "", help: ""),
            Binding(keys: [.left, .character("h")], action: .moveCursor(.left), keyText: "", help: ""),
            Binding(keys: [.right, .character("l")], action: .moveCursor(.right), keyText: "", help: ""),
        ]
        + (1...9).map { n in
            Binding(
                keys: [.character(Character(String(n)))], action: .jump(.tableau, number: n),
                keyText: n == 1 ? "1 … 9, 0" : "", help: n == 1 ? "jump to tableau column 1 … 10" : "")
        }
        + [
            Binding(keys: [.character("0")], action: .jump(.tableau, number: 10), keyText: "", help: ""),
            // Not listed in help, which must fit 80x24 for the sandbox: the man page has it.
            Binding(keys: [.tab], action: .nextPile(forward: true), keyText: "", help: ""),
            Binding(keys: [.backTab], action: .nextPile(forward: false), keyText: "", help: ""),
            Binding(
                keys: [.character("s")], action: .jump(.stock, number: nil), keyText: "s", help: "jump to the stock"),
            Binding(
                keys: [.character("w")], action: .jump(.waste, number: nil), keyText: "w", help: "jump to the waste"),
            Binding(
                keys: [.character("f")], action: .jump(.foundation, number: nil), keyText: "f",
                help: "jump to the next foundation"),
            Binding(
                keys: [.character("c")], action: .jump(.cell, number: nil), keyText: "c", help: "jump to the next cell"),
            Binding(
                keys: [.character("r")], action: .jump(.reserve, number: nil), keyText: "r",
                help: "jump to the next reserve"),
            Binding(
                keys: [.character("+"), .character("=")], action: .deeper, keyText: "+ -",
                help: "take one card more / fewer of a run"),
            Binding(keys: [.character("-")], action: .shallower, keyText: "", help: ""),
            Binding(
                keys: [.enter, .character(" ")], action: .activate, keyText: "Enter, Space",
                help: "pick up / drop / deal"),
            Binding(keys: [.character("d")], action: .dealFromStock, keyText: "d", help: "deal from the stock"),
            Binding(keys: [.escape], action: .cancel, keyText: "Esc", help: "put the cards back"),
            Binding(keys: [.character("u")], action: .undo, keyText: "u", help: "undo the last move"),
            Binding(
                keys: [.character("U"), .control("r")], action: .redo, keyText: "U, Ctrl-R",
                help: "redo the move undone"),
            Binding(keys: [.character("R")], action: .restart, keyText: "R", help: "restart this deal"),
            Binding(keys: [.character("n")], action: .newGame, keyText: "n", help: "new game"),
            Binding(keys: [.character("H")], action: .hint, keyText: "H", help: "hint: the next useful move"),
            Binding(
                keys: [.character("D")], action: .demo, keyText: "D", help: "demo: play the win (any key stops)"),
            Binding(
                keys: [.character("a")], action: .cycleAutoplay, keyText: "a",
                help: "autoplay to foundations: off, safe, all"),
            Binding(
                keys: [.character("m")], action: .toggleMouseMode, keyText: "m", help: "mouse: drag or click-to-move"),
            Binding(keys: [.character("g")], action: .openChooser, keyText: "g", help: "choose another game"),
            Binding(keys: [.character("o")], action: .openSettings, keyText: "o", help: "settings"),
            Binding(keys: [.character("p")], action: .pause, keyText: "p", help: "pause: the clock stops"),
            Binding(keys: [.character("?")], action: .showHelp, keyText: "?", help: "this help"),
            Binding(
                keys: [.character("q"), .character("Q"), .control("c")], action: .quit, keyText: "q", help: "quit"),
        ]

    /// Whether an action means something on a table (help lists only those): jumps to kinds
    /// the table has, run depth and new games in games, the stock key with a stock.
    public static func applies(_ action: TableAction, to layout: TableLayout) -> Bool {
        let isGame = layout.rules != nil
        switch action {
        case .jump(let kind, _):
            return isGame && !layout.slots(ofKind: kind).isEmpty
        case .deeper, .shallower, .newGame, .restart, .hint, .demo, .cycleAutoplay, .toggleMouseMode, .pause:
            return isGame
        case .dealFromStock:
            return isGame && !layout.slots(ofKind: .stock).isEmpty
        case .moveCursor, .nextPile, .activate, .cancel, .undo, .redo, .showHelp, .quit, .openChooser,
            .openSettings:
            return true
        }
    }

    public static func action(for press: KeyPress) -> TableAction? {
        all.first { $0.keys.contains(press.key) }?.action
    }

    /// The keys bound to an action, as help writes them (`Enter, Space`).
    public static func keyText(for action: TableAction) -> String {
        all.first { $0.action == action }?.keyText ?? ""
    }

    /// The first key of an action, as the status line names it: `[Enter]`, `[arrows]`.
    public static func hint(for action: TableAction) -> String {
        let text = keyText(for: action)
        return "[" + (text.split(separator: ",").first.map(String.init) ?? text) + "]"
    }
}
