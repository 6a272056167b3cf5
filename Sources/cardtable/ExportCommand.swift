import ArgumentParser
import Layouts
import Persistence
import Scripting
import Solitaire

/// `cardtable export VARIANT [--deal N | --position FILE] [--format text|fc-solve]`: a position
/// as text on stdout, in CardTable's format or FreeCell Solver's board: by default the game's
/// saved game in progress.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print a position as text: the saved game in progress, a deal, or a position file.",
        discussion: """
            'cardtable export freecell --deal 1 --format fc-solve | fc-solve' asks FreeCell Solver \
            about deal 1. 'cardtable play VARIANT --position FILE' plays from a position. See \
            POSITION FILES in cardtable(6).
            """
    )

    /// How the position is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case fcSolve = "fc-solve"
    }

    @Argument(help: "A shipped game or layout name (see 'cardtable list'), or a layout file.")
    var layout: String

    @Option(
        name: [.customLong("deal"), .customLong("seed")], parsing: .unconditional,
        help: ArgumentHelp("The deal to print, 1 to 2147483647.", valueName: "n"), transform: NumberOptions.deal)
    var deal: UInt64?

    @Option(help: ArgumentHelp("A position file to print (either format).", valueName: "file"))
    var position: String?

    @Option(help: "text (CardTable's position format) or fc-solve (FreeCell Solver's board).")
    var format: Format = .text

    func validate() throws {
        try PositionOption.validate(deal: deal, position: position)
    }

    func run() throws {
        let table = try resolveLayout(layout)
        let state: GameState
        if let position {
            state = try PositionOption.load(position, layout: table)
        } else if let deal {
            state = rulesOf(table).deal(seed: deal)
        } else {
            state = try savedPosition(of: table)
        }
        switch format {
        case .text:
            printOut(PositionText.write(state, layout: table), terminator: "", lines: true)
        case .fcSolve:
            do {
                printOut(try FreeCellBoard.write(state, layout: table), terminator: "", lines: true)
            } catch {
                printError("cardtable: no FreeCell Solver board for this position: \(error.reason)")
                throw ExitCode(1)
            }
        }
    }
}

extension ExportCommand {
    /// The position of the game's newest saved game (played in another terminal or not), its
    /// moves replayed under the rules; a message and exit 1 when there is none.
    func savedPosition(of table: TableLayout) throws -> GameState {
        guard let folders = XDGDirectories(environment: ProcessEnvironment.current) else {
            printError("cardtable: export: no saved games without HOME: give --deal N or --position FILE")
            throw ExitCode(1)
        }
        let saves = SaveStore(folder: folders.state + "/saves")
        for entry in saves.entries(includingHeld: true) {
            guard case .success(let saved) = entry.game, saved.variant == table.name else { continue }
            do {
                return try saved.replay(with: rulesOf(table), file: entry.path).state
            } catch {
                printError("cardtable: \(error)")
                throw ExitCode(1)
            }
        }
        printError(
            "cardtable: export: no saved game of \(TerminalText.safe(table.title)): give --deal N or --position FILE")
        throw ExitCode(1)
    }
}

/// `--position FILE`, shared by `play` and `export`.
enum PositionOption {
    /// A deal number and a position cannot both say where a game begins.
    static func validate(deal: UInt64?, position: String?) throws {
        if let deal, !DeclarativeRules.dealNumbers.contains(deal) {
            throw ValidationError("--deal must be from 1 to \(DeclarativeRules.dealNumbers.upperBound), not \(deal)")
        }
        if deal != nil && position != nil {
            throw ValidationError("--deal and --position both say where the game begins: give one of them")
        }
    }

    /// The position in a file, or its problems printed (`FILE:LINE:COL: error: …`) and exit 1.
    static func load(_ path: String, layout: TableLayout) throws -> GameState {
        switch PositionText.load(path, layout: layout) {
        case .success(let state):
            return state
        case .failure(let errors):
            for line in errors.lines { printError(line) }
            throw ExitCode(1)
        }
    }
}

/// A layout by name or path, its diagnostics printed; exit 1 when it has errors.
func resolveLayout(_ name: String) throws -> TableLayout {
    let resolved = LayoutResolver.resolve(name, environment: ProcessEnvironment.current)
    for diagnostic in resolved.diagnostics { printError(diagnostic.description) }
    guard let table = resolved.layout, !resolved.hasErrors else { throw ExitCode(1) }
    return table
}
