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

/// What `cardtable [play] [GAME] [options]` asks for, as plain values: made by ``PlayCommand``
/// from a parsed command line, or by ``QuickPlayLine`` from a line it reads without the parser.
struct PlayRequest: Equatable {
    var layout: String?
    var deal: UInt64?
    var position: String?
    var autoplay: AutoplayMode?
    var mouse: MouseMode?
    var ascii: Bool?
    var fourColour: Bool?
    var terminalBackground: Bool?
    /// `--gamepads`: the folder, or `none`.
    var gamepadFolder = "/dev/input"
    var winnable: Bool?
    var winnableOnly: Bool?
    var animation: AnimationSpeed?
    var noAnimation = false
    var cardSize: CardSizeChoice?
    var stats: String?
    /// `--option NAME=VALUE`, each as written.
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
    func parsedScriptOptions() throws -> [String: String] { try ScriptOptions.parse(scriptOptions) }

    func run() throws {
        let startTime = SystemClock().now
        let environment = ProcessEnvironment.current
        let scriptOptions = try parsedScriptOptions()
        var table: TableLayout?
        if let layout {
            let resolved = LayoutResolver.resolve(layout, environment: environment)
            for diagnostic in resolved.diagnostics { printError(diagnostic.description) }
            guard let loaded = resolved.layout, !resolved.hasErrors else { throw ExitCode(1) }
            table = loaded
            try ScriptOptions.check(loaded, options: scriptOptions)
        }
        var (settings, settingsFile) = SettingsFromFile.load(environment: environment)
        overrideSettings(&settings)
        var start: GameState?
        if let position, let table { start = try PositionOption.load(position, layout: table) }
        var madeStats: StatisticsTarget.Made?
        if let stats {
            // Before the game: figures that could not be written would be lost at its end.
            do {
                madeStats = try StatisticsTarget.prepare(stats)
            } catch {
                printError("cardtable: \(error)")
                throw ExitCode(1)
            }
        }
        var options = TerminalPlay.Options(
            deal: deal, position: start, settings: settings, settingsFile: settingsFile, statsPath: stats,
            startTime: startTime)
        options.layoutSource = layout.map(Self.layoutSource)
        options.scriptOptions = scriptOptions
        // A deal asked for offers its own saved game, if it has one; a position offers none.
        options.offersSavedGame = start == nil
        options.gamepadFolder = GamepadOptions.watched(gamepadFolder)
        options.useThePlayersFolders(environment: environment)
        do {
            try TerminalPlay(layout: table, options: options).run()
        } catch let error as TerminalPlay.Failure {
            // The game did not start: the figures' file made for it is not left behind, empty.
            if let madeStats, let stats { StatisticsTarget.takeBack(madeStats, at: stats) }
            printError("cardtable: \(error.description)")
            throw ExitCode(1)
        } catch let error as StatisticsTarget.Failure {
            printError("cardtable: \(error)")
            throw ExitCode(1)
        }
    }

    /// How a layout named on the command line is found again: a file by its absolute path,
    /// a shipped or the player's own game by its name.
    static func layoutSource(_ argument: String) -> String {
        guard argument.contains("/") || argument.hasSuffix(".toml") else { return argument }
        guard let resolved = realpath(argument, nil) else { return argument }
        defer { free(resolved) }
        return String(cString: resolved)
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
        if let ascii { settings.ascii = ascii }
        if let fourColour { settings.fourColour = fourColour }
        if let terminalBackground { settings.background = terminalBackground ? .terminal : .felt }
    }
}
