import ArgumentParser

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `cardtable`: a card table for the terminal.
@main
struct CardTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardtable",
        abstract: "Solitaire for the terminal: drag cards with the mouse, or play with the keyboard.",
        discussion: """
            With no command, opens the game chooser: the games by family, each with its rules and a \
            preview. 'cardtable play klondike' deals a game of Klondike straight away; \
            'cardtable play freecell --deal 1' deals Microsoft FreeCell's deal 1; 'cardtable list' \
            shows every game; 'cardtable play sandbox' opens the free table. See cardtable(6).
            """,
        version: CardTableVersion.current,
        subcommands: [
            PlayCommand.self, ListCommand.self, StatsCommand.self, ExportCommand.self, CheckCommand.self,
            PreviewCommand.self, RenderCommand.self, CopyCommand.self, DesignCommand.self, SolveCommand.self,
            BallsCommand.self, ScreenCommand.self,
        ],
        defaultSubcommand: PlayCommand.self
    )

    /// Runs the command line; then makes sure what the command printed was written: output that
    /// could not be (a full disk, `> /dev/full`) is said, and the exit status is 1.
    static func main() {
        if isVersionQuestion(CommandLine.arguments) {
            // Answered before the command tree is built: as fast as a program that does nothing.
            print(CardTableVersion.current)
        } else {
            do {
                // A line that plays a game is read without building the parser's command tree.
                if let request = QuickPlayLine.request(Array(CommandLine.arguments.dropFirst())) {
                    try request.run()
                } else {
                    var command = try parseAsRoot()
                    try command.run()
                }
            } catch {
                exitSafely(withError: error)
            }
        }
        if fflush(stdout) != 0 || ferror(stdout) != 0 {
            printError("cardtable: cannot write the output: \(String(cString: strerror(errno)))")
            Glibc.exit(1)
        }
    }

    /// Ends the program for an error the command line threw, as the parser's own `exit(withError:)`
    /// does (help on standard output and status 0, a message on standard error and its status),
    /// with the message made safe for a terminal first: the parser quotes what was typed
    /// (`Unknown option '--…'`, `The value '…' is invalid`, a game's name), and text from a
    /// script or a file given as arguments must not reach the terminal as control sequences.
    static func exitSafely(withError error: Error) -> Never {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            if code == .success { printOut(message, lines: true) } else { printError(message, lines: true) }
        }
        fflush(stdout)
        Glibc.exit(code.rawValue)
    }

    /// `cardtable --version` and nothing else: what the parser would answer with the version alone.
    static func isVersionQuestion(_ arguments: [String]) -> Bool {
        arguments.count == 2 && arguments[1] == "--version"
    }
}

enum CardTableVersion {
    static let current = "0.1.0"
}
