import Solitaire
import Solver

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// One `solve`: searches each deal or the position, prints its line as soon as it and the lines
/// before it are known, tallies, and ends with the summary and an exit status.
struct SolveRun {
    let budget: SolverBudget
    /// Whether each solution's moves are printed under its line (`--moves`).
    let writesMoves: Bool
    /// Where the lines go: standard output, a line at a time so that a long run shows its progress.
    var write: (String) -> Void = { line in
        printOut(line)
        fflush(stdout)
    }
    /// Where problems go: standard error.
    var writeError: (String) -> Void = { printError($0) }
    private(set) var tally = SolveTally()

    init(budget: SolverBudget, writesMoves: Bool) {
        self.budget = budget
        self.writesMoves = writesMoves
    }

    /// 1 when a verdict cannot be trusted (a solution that does not replay, a script that failed),
    /// else 2 when some deal is unknown, else 0: every deal solved or proved impossible.
    var status: Int32 {
        if tally.problems > 0 { return 1 }
        return tally.count(.unknown) > 0 ? 2 : 0
    }

    /// Solves the deals, `jobs` at a time; each thread makes its own rules with `makeRules`.
    mutating func solveDeals(
        _ deals: ClosedRange<UInt64>, jobs: Int, makeRules: @escaping @Sendable () -> any Rules
    ) {
        let width = SolveReport.labelWidth(for: deals)
        write(SolveReport.header(labelWidth: width))
        let clock = ContinuousClock()
        let start = clock.now
        let budget = self.budget
        let writesMoves = self.writesMoves
        ParallelDeals.run(
            deals: deals, jobs: jobs,
            makeWorker: {
                let rules = makeRules()
                let solver = Solver(rules: rules)
                return { deal in
                    Self.outcome(
                        label: String(deal), from: rules.deal(seed: deal), rules: rules, solver: solver, budget: budget,
                        writesMoves: writesMoves)
                }
            },
            deliver: { _, outcome in report(outcome, labelWidth: width, noun: "deal") })
        let threads = max(1, min(jobs, deals.count))
        for line in tally.summary(noun: "deal", wallSeconds: Self.seconds(clock.now - start), jobs: threads) {
            write(line)
        }
    }

    /// Solves one position, on this thread.
    mutating func solvePosition(_ start: GameState, rules: any Rules) {
        let width = "position".count
        write(SolveReport.header(title: "", labelWidth: width))
        let clock = ContinuousClock()
        let began = clock.now
        let outcome = Self.outcome(
            label: "position", from: start, rules: rules, solver: Solver(rules: rules), budget: budget,
            writesMoves: writesMoves)
        report(outcome, labelWidth: width, noun: "the")
        for line in tally.summary(noun: "position", wallSeconds: Self.seconds(clock.now - began), jobs: 1) {
            write(line)
        }
    }

    /// A deal's line, its moves, its problems (on standard error).
    private mutating func report(_ outcome: SolveOutcome, labelWidth: Int, noun: String) {
        write(SolveReport.line(outcome, labelWidth: labelWidth))
        for (index, line) in outcome.moveLines.enumerated() {
            write(String(repeating: " ", count: labelWidth) + SolveReport.pad(String(index + 1), 5) + ". " + line)
        }
        for problem in outcome.problems { writeError("cardtable: \(noun) \(outcome.label): \(problem)") }
        tally.add(outcome)
    }

    /// Searches from `start`, then replays a solution found under the same rules (see
    /// ``SolutionReplay``): what one worker does for one deal.
    static func outcome(
        label: String, from start: GameState, rules: any Rules, solver: Solver, budget: SolverBudget,
        writesMoves: Bool
    ) -> SolveOutcome {
        let result = solver.solve(from: start, budget: budget)
        var outcome = SolveOutcome(
            label: label, verdict: result.verdict, moveCount: result.moves.count, positions: result.positions,
            seconds: result.seconds)
        if let failure = rules.takeFailure() {
            outcome.problems.append("the variant's script failed: \(failure.summary)")
            // The moves the failing hook would have allowed were never searched: nothing is proved.
            if outcome.verdict == .impossible { outcome.verdict = .unknown }
        }
        if result.verdict == .solved {
            let replay = SolutionReplay(result.moves, from: start, rules: rules, writing: writesMoves)
            outcome.moveLines = replay.lines
            if let failure = replay.failure {
                outcome.problems.append("the solution found does not replay: \(failure)")
            }
        }
        return outcome
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
