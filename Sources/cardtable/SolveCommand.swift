import ArgumentParser
import Layouts
import Persistence
import Scripting
import Solitaire
import Solver

/// `cardtable solve VARIANT --deal N[..M] | --position FILE`: searches each deal (or the
/// position) for a win within a budget and prints a line for each, in deal order, then a summary.
struct SolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Solve deals of a game, or a position: solved (and how), impossible, or unknown.",
        discussion: """
            Prints a line per deal, in deal order: the deal, the verdict (solved, impossible when \
            every position reachable was searched, unknown when the budget ran out first), the \
            solution's length, the positions searched and the seconds taken; then a summary. \
            'cardtable solve freecell --deal 1..1000' solves Microsoft's first thousand deals on \
            every core. Exits 0 when every deal got an answer (solved or impossible), 2 when some \
            are unknown, 1 on an error. See SOLVING in cardtable(6).
            """
    )

    @Argument(help: "A shipped game or layout name (see 'cardtable list'), or a layout file.")
    var layout: String

    @Option(
        name: [.customLong("deal"), .customLong("seed")], parsing: .unconditional,
        help: ArgumentHelp(
            "The deal to solve, or the deals N to M (at most \(NumberOptions.maximumDealsSolved)), "
                + "each from 1 to 2147483647.",
            valueName: "n[..m]"),
        transform: NumberOptions.dealRange)
    var deals: ClosedRange<UInt64>?

    @Option(help: ArgumentHelp("Solve the position in this file (see 'cardtable export').", valueName: "file"))
    var position: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Positions searched per deal at most, such as 200000, 500k or 2M "
                + "(\(SolveCommand.positionsText(SolverBudget.command.positions)) by default).",
            valueName: "positions"),
        transform: NumberOptions.positionBudget)
    var budget: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Memory a deal's search keeps at most, such as 6M or 1G (256M by default; with --budget, 32 bytes a "
                + "position of it, 16M at least); the status line's search has 4M.",
            valueName: "bytes"),
        transform: NumberOptions.memoryBudget)
    var memory: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds per deal at most, or none (\(SolveCommand.secondsText(SolverBudget.command.seconds)) "
                + "by default).",
            valueName: "seconds"),
        transform: NumberOptions.secondsLimit)
    var seconds: SecondsLimit?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Deals solved at once, each on its own thread (every core by default).", valueName: "n"),
        transform: NumberOptions.jobs)
    var jobs: Int?

    @Flag(help: "Print each solution's moves under its line.")
    var moves = false

    @Option(
        name: .customLong("option"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Set an option a scripted variant offers, such as draw=3 ('cardtable list' shows them); repeatable.",
            valueName: "name=value"))
    var scriptOptions: [String] = []

    func validate() throws {
        if deals != nil && position != nil {
            throw ValidationError("--deal and --position both say where the game begins: give one of them")
        }
        if deals == nil && position == nil {
            throw ValidationError("give the deals to solve (--deal N or --deal N..M) or a position (--position FILE)")
        }
        _ = try ScriptOptions.parse(scriptOptions)
    }

    /// The budget of each deal: `--budget` and `--seconds` over the command's default.
    var searchBudget: SolverBudget {
        var budget = SolverBudget.command
        if let positions = self.budget {
            budget.positions = positions
            budget.memory = SolverBudget.memory(for: positions)
        }
        if let memory { budget.memory = memory }
        if let seconds { budget.seconds = seconds.value }
        return budget
    }

    func run() throws {
        let table = try resolveLayout(layout)
        let options = try ScriptOptions.parse(scriptOptions)
        try ScriptOptions.check(table, options: options)
        let rules = rulesOf(table, options: options)
        guard table.rules != nil else {
            printError(
                "cardtable: \(TerminalText.safe(table.title)) is a free table: it has no rules to win by, so nothing to solve"
            )
            throw ExitCode(1)
        }
        guard Solver.applies(to: rules) else {
            printError("cardtable: the solver does not work on \(TerminalText.safe(table.title))'s rules")
            throw ExitCode(1)
        }
        var run = SolveRun(budget: searchBudget, writesMoves: moves)
        if let position {
            let start = try PositionOption.load(position, layout: table)
            run.solvePosition(start, rules: rules)
        } else if let deals {
            run.solveDeals(deals, jobs: jobs ?? NumberOptions.processorCount) { rulesOf(table, options: options) }
        }
        if run.status != 0 { throw ExitCode(run.status) }
    }
}

extension SolveCommand {
    /// `200000`, `2M`: a budget as `--budget` takes it.
    static func positionsText(_ positions: Int) -> String {
        if positions >= 1_000_000 && positions % 1_000_000 == 0 { return "\(positions / 1_000_000)M" }
        if positions >= 1000 && positions % 1000 == 0 { return "\(positions / 1000)k" }
        return String(positions)
    }

    /// `10 s`, or `no limit`.
    static func secondsText(_ seconds: Double?) -> String {
        guard let seconds else { return "no limit" }
        let whole = seconds.rounded()
        return (whole == seconds ? String(Int(whole)) : String(seconds)) + " s"
    }
}

/// `--option NAME=VALUE`, as `play` takes it.
enum ScriptOptions {
    /// The options as a dictionary, or a message saying how to write one.
    static func parse(_ texts: [String]) throws -> [String: String] {
        var options: [String: String] = [:]
        for text in texts {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw ValidationError("--option \(TerminalText.safe(text)): write it as NAME=VALUE, such as draw=3")
            }
            let value = String(text[text.index(after: equals)...])
            // Quoted on one line (a line feed shown as \x0a): it forged a line of its own.
            guard !value.contains(where: \.isNewline) else {
                throw ValidationError("--option \(TerminalText.safe(text)): one line only")
            }
            // The value goes to the script and into every save: held to what a script's own
            // values may be (a save made before this holds more, and still resumes).
            guard value.utf8.count <= ScriptOption.longestField else {
                throw ValidationError(
                    "--option \(TerminalText.safe(String(text[..<equals]))): the value is \(value.utf8.count) bytes, "
                        + "longer than the \(ScriptOption.longestField) a value may be")
            }
            options[String(text[..<equals])] = value
        }
        return options
    }

    /// A variant whose script does not start, or options given to a variant without a script:
    /// said, and exit 1 (as `play` does).
    static func check(_ layout: TableLayout, options: [String: String]) throws {
        guard layout.script != nil else {
            if let name = options.keys.sorted().first {
                printError(
                    "cardtable: \(TerminalText.safe(layout.name)) is not a scripted variant: it has no option '\(TerminalText.safe(name))'"
                )
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
}
