import App
import ArgumentParser
import Layouts
import Persistence
import Scripting
import SecondScreen
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

    func validate() throws {
        try PositionOption.validate(deal: deal, position: position)
        if position != nil && layout == nil {
            throw ValidationError(
                "--position needs the game it is a position of: cardtable play VARIANT --position FILE")
        }
        if !scriptOptions.isEmpty && layout == nil {
            throw ValidationError(
                "--option needs the game whose option it sets: cardtable play VARIANT --option NAME=VALUE")
        }
        _ = try parsedScriptOptions()
    }

    /// `--option NAME=VALUE` as a dictionary.
    func parsedScriptOptions() throws -> [String: String] {
        var options: [String: String] = [:]
        for text in scriptOptions {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw ValidationError("--option \(text): write it as NAME=VALUE, such as draw=3")
            }
            let value = String(text[text.index(after: equals)...])
            guard !value.contains(where: \.isNewline) else { throw ValidationError("--option \(text): one line only") }
            options[String(text[..<equals])] = value
        }
        return options
    }

    func run() throws {
        let startTime = SystemClock().now
        var table: TableLayout?
        if let layout {
            let resolved = LayoutResolver.resolve(layout, environment: ProcessEnvironment.current)
            for diagnostic in resolved.diagnostics { printError(diagnostic.description) }
            guard let loaded = resolved.layout, !resolved.hasErrors else { throw ExitCode(1) }
            table = loaded
            try checkScript(of: loaded, options: try parsedScriptOptions())
        }
        let environment = ProcessEnvironment.current
        var (settings, settingsFile) = SettingsFromFile.load(environment: environment)
        overrideSettings(&settings)
        var start: GameState?
        if let position, let table { start = try PositionOption.load(position, layout: table) }
        if let stats {
            // Before the game: figures that could not be written would be lost at its end.
            do {
                try StatisticsTarget.prepare(stats)
            } catch {
                printError("cardtable: \(error)")
                throw ExitCode(1)
            }
        }
        var options = TerminalPlay.Options(
            deal: deal, position: start, settings: settings, settingsFile: settingsFile, statsPath: stats,
            startTime: startTime)
        options.layoutSource = layout.map(Self.layoutSource)
        options.scriptOptions = try parsedScriptOptions()
        options.offersSavedGame = deal == nil && start == nil
        options.gamepadFolder = gamepads.watched
        options.screenFolder = ScreenFolder.path(environment: environment)
        options.keeper = XDGDirectories(environment: environment).map { folders in
            FileGameKeeper(folders: folders) { LayoutResolver.resolve($0, environment: environment).layout }
        }
        do {
            try TerminalPlay(layout: table, options: options).run()
        } catch let error as TerminalPlay.Failure {
            printError("cardtable: \(error.description)")
            throw ExitCode(1)
        } catch let error as StatisticsTarget.Failure {
            printError("cardtable: \(error)")
            throw ExitCode(1)
        }
    }
}

extension PlayCommand {
    /// How a layout named on the command line is found again: a file by its absolute path,
    /// a shipped or the player's own game by its name.
    static func layoutSource(_ argument: String) -> String {
        guard argument.contains("/") || argument.hasSuffix(".toml") else { return argument }
        guard let resolved = realpath(argument, nil) else { return argument }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A variant whose script does not start (a syntax error, an option it does not offer) is
    /// not played: the message says why, as `cardtable check` would.
    func checkScript(of layout: TableLayout, options: [String: String]) throws {
        guard layout.script != nil else {
            if let name = options.keys.sorted().first {
                printError("cardtable: \(layout.name) is not a scripted variant: it has no option '\(name)'")
                throw ExitCode(1)
            }
            return
        }
        if let failure = ScriptedRules(layout: layout, options: options).loadFailure {
            printError("cardtable: \(failure.summary)")
            for detail in failure.details { printError("    \(detail)") }
            throw ExitCode(1)
        }
    }

    /// Options given on the command line win over the settings file.
    func overrideSettings(_ settings: inout Settings) {
        if let autoplay { settings.autoplay = autoplay }
        if let mouse { settings.mouse = mouse }
        if let animation { settings.animation = animation }
        if noAnimation { settings.animation = .off }
        if let cardSize { settings.cardSize = cardSize }
        if let winnable { settings.winnable = winnable }
        if let winnableOnly { settings.winnableOnly = winnableOnly }
        display.apply(to: &settings)
    }
}

func printError(_ text: String) {
    var line = text
    line.append("\n")
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
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
