import App
import ArgumentParser
import Layouts
import Persistence
import Solitaire

/// How the table is drawn: shared by `play` and `preview`. Each option left out keeps what
/// the settings file says.
struct DisplayOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: "Draw with ASCII only (letters for suits, +-| for lines).")
    var ascii: Bool?

    @Flag(
        name: [.customLong("four-colour"), .customLong("four-color")], inversion: .prefixedNo,
        help: "A four-colour deck: clubs green, diamonds blue, hearts red, spades black.")
    var fourColour: Bool?

    @Flag(inversion: .prefixedNo, help: "Keep the terminal's own background colour instead of the green felt.")
    var terminalBackground: Bool?

    /// The settings with these options laid over them.
    func apply(to settings: inout Settings) {
        if let ascii { settings.ascii = ascii }
        if let fourColour { settings.fourColour = fourColour }
        if let terminalBackground { settings.background = terminalBackground ? .terminal : .felt }
    }
}

extension AutoplayMode: ExpressibleByArgument {}
extension MouseMode: ExpressibleByArgument {}
extension AnimationSpeed: ExpressibleByArgument {}

extension CardSizeChoice: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }

    public static var allValueStrings: [String] { allCases.map(\.description) }
}

/// The player's settings for a command: the settings file's (`$XDG_CONFIG_HOME/cardtable/config.toml`),
/// whose problems are printed on stderr, one line each, before the terminal opens.
enum SettingsFromFile {
    /// The settings and the file they come from (`nil` when no folder is known: no `HOME`).
    static func load(environment: [String: String]) -> (settings: Settings, file: String?) {
        guard let file = XDGDirectories(environment: environment)?.settingsFile else { return (Settings(), nil) }
        let result = SettingsFile.load(path: file)
        for diagnostic in result.diagnostics { printError(diagnostic.description) }
        return (result.settings, file)
    }
}
