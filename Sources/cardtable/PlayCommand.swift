import App
import ArgumentParser
import Layouts
import Persistence
import Scripting
import Solitaire
import TableKit

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable [play] [LAYOUT] [options]`: opens a table in the terminal; with no layout, the
/// game chooser.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a game (see 'cardtable list'); with none named, choose one from the game chooser."
    )

    @Argument(help: "A shipped game or layout name (see 'cardtable list'), or a layout file.")
    var layout: String?

    @Option(
        name: [.customLong("deal"), .customLong("seed")], parsing: .unconditional,
        help: ArgumentHelp(
            "Deal number, 1 to 2147483647: the same number deals the same cards; FreeCell's are Microsoft's "
                + "(a random one by default).",
            valueName: "n"),
        transform: NumberOptions.deal)
    var deal: UInt64?

    @Option(
        help: ArgumentHelp(
            "Start from the position in this file (see 'cardtable export'; a FreeCell Solver board too).",
            valueName: "file"))
    var position: String?

    @Option(help: "Autoplay to the foundations: off, safe (cards no tableau card could still need) or all.")
    var autoplay: AutoplayMode?

    @Option(help: "What a click on a card does: drag (cards are dragged) or click (click a card, then a pile).")
    var mouse: MouseMode?

    @OptionGroup var display: DisplayOptions
    @OptionGroup var gamepads: GamepadOptions

    @Flag(
        inversion: .prefixedNo,
        help: "Say on the status line whether the game can still be won: winnable, lost or winnable? (on by default).")
    var winnable: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Deal only games the solver finds a win for: a random deal's number goes up to the next winnable one "
                + "(--deal is dealt as asked)."))
    var winnableOnly: Bool?

    @Option(help: "How fast cards move: off, fast, normal or slow.")
    var animation: AnimationSpeed?

    @Flag(help: "Apply every move at once, without animation (--animation off).")
    var noAnimation = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The card size: auto (the largest that fits) or a fixed size, "
                + Placement.cardSizes.map(\.description).joined(separator: ", ") + ".",
            valueName: "size"))
    var cardSize: CardSizeChoice?

    @Option(help: ArgumentHelp("On exit, write frame, byte and timing figures to this file.", valueName: "file"))
    var stats: String?

    @Option(
        name: .customLong("option"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Set an option a scripted variant offers, such as draw=3 ('cardtable list' shows them); repeatable.",
            valueName: "name=value"))
    var scriptOptions: [String] = []

    /// The command line's values, as plain values.
    var request: PlayRequest {
        PlayRequest(
            layout: layout, deal: deal, position: position, autoplay: autoplay, mouse: mouse, ascii: display.ascii,
            fourColour: display.fourColour, terminalBackground: display.terminalBackground,
            gamepadFolder: gamepads.folder, winnable: winnable, winnableOnly: winnableOnly, animation: animation,
            noAnimation: noAnimation, cardSize: cardSize, stats: stats, scriptOptions: scriptOptions)
    }

    func validate() throws { try request.validate() }

    func run() throws { try request.run() }
}

/// Writes a message to standard error, made safe for a terminal first: messages quote files
/// (titles, names, positions, script options) and what games say on their sockets, and none of
/// that may reach the terminal as a control sequence (``TerminalText``). A message is one line:
/// a line feed in what it quotes (a file named `a\nb.toml: ok`, a quoted TOML key, a path in
/// an environment variable) is shown as `\x0a`, never a line of its own that the command did
/// not say; text that is lines by design (the parser's usage) passes `lines: true`.
func printError(_ text: String, lines: Bool = false) {
    var line = oneLine(TerminalText.safe(text, keepingLines: true), unless: lines)
    line.append("\n")
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

/// Writes text to standard output, made safe for a terminal first (``TerminalText``): what the
/// commands print (titles, names, statistics, positions, games running) comes from files and
/// sockets. One line, as ``printError(_:lines:)``, unless `lines` (a drawing, a table, a listing).
func printOut(_ text: String, terminator: String = "\n", lines: Bool = false) {
    print(oneLine(TerminalText.safe(text, keepingLines: true), unless: lines), terminator: terminator)
}

/// `text` with its line feeds shown as `\x0a`, unless it is `lines`.
private func oneLine(_ text: String, unless lines: Bool) -> String {
    lines || !text.utf8.contains(0x0A) ? text : text.replacing("\n", with: "\\x0a")
}

enum ProcessEnvironment {
    static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
