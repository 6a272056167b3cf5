import App
import ArgumentParser
import Solitaire

/// How the table is drawn: shared by `play` and `preview`.
struct DisplayOptions: ParsableArguments {
    @Flag(help: "Draw with ASCII only (letters for suits, +-| for lines).")
    var ascii = false

    @Flag(
        name: [.customLong("four-colour"), .customLong("four-color")],
        help: "A four-colour deck: clubs green, diamonds blue, hearts red, spades black.")
    var fourColour = false

    @Flag(help: "Keep the terminal's own background colour instead of the green felt.")
    var terminalBackground = false

    /// The theme for a screen: ASCII when asked or when the locale is not UTF-8, monochrome when
    /// the terminal has no colours (or `NO_COLOR` is set).
    func theme(utf8: Bool, monochrome: Bool) -> Theme {
        Theme(
            ascii: ascii || !utf8, monochrome: monochrome, fourColour: fourColour,
            terminalBackground: terminalBackground)
    }
}

extension AutoplayMode: ExpressibleByArgument {}
extension MouseMode: ExpressibleByArgument {}
