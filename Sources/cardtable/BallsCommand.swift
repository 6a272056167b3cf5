import App
import ArgumentParser
import Layouts
import Persistence
import SecondScreen
import TableKit

/// `cardtable balls [--seed N]`: the balls game; `g` there opens the game chooser.
struct BallsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balls",
        abstract: "Play the balls game: one explosion a level, and a chain reaction to remove enough balls."
    )

    @Option(
        name: .customLong("seed"), parsing: .unconditional,
        help: ArgumentHelp(
            "The seed, 1 to 2147483647: the same seed places the same balls (a random one by default).",
            valueName: "n"),
        transform: NumberOptions.seed)
    var seed: UInt64?

    @OptionGroup var display: DisplayOptions
    @OptionGroup var gamepads: GamepadOptions

    func run() throws {
        let startTime = SystemClock().now
        let environment = ProcessEnvironment.current
        var (settings, settingsFile) = SettingsFromFile.load(environment: environment)
        display.apply(to: &settings)
        var options = TerminalPlay.Options(
            deal: nil, settings: settings, settingsFile: settingsFile, statsPath: nil, startTime: startTime)
        options.ballsSeed = seed ?? UInt64.random(in: 1...1_000_000)
        options.offersSavedGame = false
        options.gamepadFolder = gamepads.watched
        // Games started from the chooser (g) are kept as `cardtable play` keeps them.
        options.useThePlayersFolders(environment: environment)
        do {
            try TerminalPlay(layout: nil, options: options).run()
        } catch let error as TerminalPlay.Failure {
            printError("cardtable: \(error.description)")
            throw ExitCode(1)
        }
    }
}
