import ArgumentParser
import Layouts
import Persistence
import TableKit

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable stats [VARIANT]`: the statistics kept in `$XDG_DATA_HOME/cardtable/statistics`, as
/// a table of every variant played, or of one.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print the statistics of every game played, or of one.",
        discussion: """
            Shows games played and won, the win rate, the current and best streaks of wins, the best \
            time and the fewest moves of a won game. They are kept in $XDG_DATA_HOME/cardtable/statistics \
            (~/.local/share/cardtable/statistics).
            """
    )

    @Argument(help: ArgumentHelp("A game's name (see 'cardtable list').", valueName: "variant"))
    var variant: String?

    func run() throws {
        guard let folders = XDGDirectories(environment: ProcessEnvironment.current) else {
            printError("cardtable: neither XDG_DATA_HOME nor HOME is set, so there are no statistics to read")
            throw ExitCode(1)
        }
        let file: StatisticsFile?
        do {
            file = try StatisticsStore(directories: folders).load()
        } catch {
            printError("cardtable: \(error)")
            throw ExitCode(1)
        }
        for problem in file?.problems ?? [] { printError(problem.description) }
        let report = StatisticsReport(
            file: file, variant: variant.map(ShippedLayouts.currentName(of:)),
            gameTitle: { name in ShippedLayouts.layout(named: name)?.title ?? playersOwnTitle(name) },
            shippedNames: ShippedLayouts.names, columns: { TextFit.columns(of: $0) },
            width: terminalSize(STDOUT_FILENO)?.columns,
            clip: { TextFit.clipped($0, toColumns: $1, ellipsis: JoiningTerminal.localeIsUTF8 ? "…" : "~") })
        printOut(report.text, terminator: "", lines: true)
        if let failure = report.failure {
            printError(failure)
            throw ExitCode(1)
        }
    }

    /// The title of a game of the player's own (`cardtable copy`'s, in the layouts folder) by its
    /// bare name, as `cardtable play NAME` finds it; never a file in the current folder.
    private func playersOwnTitle(_ name: String) -> String? {
        guard !LayoutResolver.looksLikePath(name) else { return nil }
        return LayoutResolver.resolve(name, environment: ProcessEnvironment.current).layout?.title
    }
}
