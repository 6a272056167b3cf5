import ArgumentParser
import Layouts
import SecondScreen
import Terminal

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `cardtable screen [PID] [--list]`: this terminal becomes a running game's second screen. With
/// one game running it joins that one; with several it asks which (or takes the one named by
/// its process); with none it says so. It stays until the table comes back to the first
/// terminal (Ctrl-C here, the game's button, the game's end), then says why.
struct ScreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "Make this terminal a running game's second screen: the table moves here, the game's own terminal"
            + " shows the controller.",
        discussion: """
            Ctrl-C here gives the table back to the game's terminal. With several games running, \
            'cardtable screen' asks which to join; 'cardtable screen PID' joins the game of that process. \
            See cardtable(6), SECOND SCREEN.
            """
    )

    @Argument(help: ArgumentHelp("The process of the game to join (see --list).", valueName: "pid"))
    var process: Int32?

    @Flag(help: "List the games running, with their processes, and join none.")
    var list = false

    func run() throws {
        let environment = ProcessEnvironment.current
        let folder = ScreenFolder.path(environment: environment)
        if list {
            let (games, refused) = try Self.games(in: folder)
            guard !games.isEmpty else {
                // After a refusal, "no game is running" would deny what was just named; after a
                // game that does not answer, so would "no game of yours".
                printError(
                    !refused.silent.isEmpty
                        ? "cardtable: no game answered: a game stopped with Ctrl-Z answers once 'fg' resumes it"
                        : refused.any ? "cardtable: no game of yours is running" : "cardtable: no game is running")
                throw ExitCode(1)
            }
            for game in games { printOut("\(game.process.map(String.init) ?? "?")\t\(game.description)") }
            return
        }
        let terminal: JoiningTerminal
        do {
            terminal = try JoiningTerminal(environment: environment)
        } catch {
            printError("cardtable: \(error)")
            throw ExitCode(1)
        }
        let (games, refused) = try Self.games(in: folder)
        let game = try choose(from: games, refused: refused)
        let status = ScreenJoin(terminal: terminal, game: game).run()
        if status != 0 { throw ExitCode(status) }
    }

    /// What was refused when the games were asked: whether anything was, and the processes of
    /// the games of the player's that did not answer (stopped with Ctrl-Z).
    struct Refused {
        var any = false
        var silent: [Int32] = []
    }

    /// The games running, asked only when the folder, each socket and the process listening on
    /// it are the player's; what was refused is said (with its path and why), and a folder
    /// that is not the player's alone ends the command.
    static func games(in folder: String) throws -> (games: [ScreenClient.Game], refused: Refused) {
        let found: (games: [ScreenClient.Game], refused: [ScreenSocketError])
        do {
            found = try ScreenClient.games(in: folder)
        } catch {
            printError("cardtable: \(error)")
            throw ExitCode(1)
        }
        for refusal in found.refused { printError("cardtable: \(refusal)") }
        // What a game says it plays is shown as text, never as control sequences.
        let games = found.games.map {
            ScreenClient.Game(path: $0.path, description: TerminalText.safe($0.description))
        }
        let silent = found.refused.map(\.silentGame).filter { $0 != 0 }
        return (games, Refused(any: !found.refused.isEmpty, silent: silent))
    }

    /// The game to join: the one named, the only one, or the one the player picks.
    func choose(from games: [ScreenClient.Game], refused: Refused = Refused()) throws -> ScreenClient.Game {
        let resume = "'fg' in its terminal resumes it, then join again"
        if let process {
            guard let game = games.first(where: { $0.process == process }) else {
                // The game named is there, stopped: it is not "no game" (the line above said why).
                printError(
                    refused.silent.contains(process)
                        ? "cardtable: the game of process \(process) does not answer: \(resume)"
                        : "cardtable: no game of process \(process) is running ('cardtable screen --list' shows them)")
                throw ExitCode(1)
            }
            return game
        }
        switch games.count {
        case 0:
            if let stopped = refused.silent.first {
                let which = refused.silent.count == 1 ? "the game of process \(stopped) does" : "no game does"
                printError("cardtable: no game to join: \(which) not answer: \(resume)")
                throw ExitCode(1)
            }
            let whose = refused.any ? "of yours " : ""
            printError("cardtable: no game \(whose)is running to join: start one in another terminal ('cardtable')")
            throw ExitCode(1)
        case 1:
            return games[0]
        default:
            printOut("Games running:")
            for (index, game) in games.enumerated() { printOut("  \(index + 1). \(game.title)") }
            printOut("Join which (1-\(games.count))? ", terminator: "")
            fflush(stdout)
            guard let answer = readLine(), let number = Int(answer.filter { !$0.isWhitespace }),
                (1...games.count).contains(number)
            else {
                printError("cardtable: no game chosen")
                throw ExitCode(1)
            }
            return games[number - 1]
        }
    }
}

/// The terminal `cardtable screen` runs in, made ready to be passed to a game: a descriptor of
/// its own (opened afresh from its name, so that the game's flags never touch the shell's), its
/// type and size, and its modes kept.
struct JoiningTerminal {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    let descriptor: Int32
    let hello: ScreenHello
    let saved: SavedTerminal

    init(environment: [String: String]) throws(Problem) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
            let input = ttyname(STDIN_FILENO).map({ String(cString: $0) }),
            let output = ttyname(STDOUT_FILENO).map({ String(cString: $0) }), input == output
        else { throw Problem(description: "standard input and output must be the terminal that joins") }
        guard tcgetpgrp(STDIN_FILENO) == getpgrp() else {
            throw Problem(description: "run 'cardtable screen' in the foreground: the game reads this terminal")
        }
        guard let term = environment["TERM"], !term.isEmpty else {
            throw Problem(description: "TERM is not set: the game needs to know what this terminal is")
        }
        guard let size = terminalSize(STDOUT_FILENO) else {
            throw Problem(
                description: "this terminal does not say its size: set it (stty rows ROWS cols COLUMNS) and try again")
        }
        let path = input
        let descriptor = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Problem(description: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        hello = ScreenHello(
            term: term, columns: size.columns, rows: size.rows, noColor: noColor, isUTF8: Self.localeIsUTF8)
        saved = SavedTerminal(descriptor: STDIN_FILENO, term: term)
    }

    /// The locale's character set is UTF-8 (as the game asks of its own).
    static var localeIsUTF8: Bool {
        setlocale(LC_ALL, "")
        return String(cString: nl_langinfo(Int32(CODESET))).uppercased().filter { $0 != "-" } == "UTF8"
    }

    /// The terminal's size now.
    var size: (columns: Int, rows: Int)? { terminalSize(STDOUT_FILENO) }
}

/// A terminal's size from the tty, when it says one (not 0×0).
func terminalSize(_ descriptor: Int32) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
}
