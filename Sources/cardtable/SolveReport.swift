import Solver

/// What `solve` found for one deal (or one position file): a line of its output.
struct SolveOutcome: Sendable {
    /// The deal's number, or `position`.
    var label: String
    var verdict: SolverVerdict
    /// The solution's length; 0 unless solved.
    var moveCount: Int
    var positions: Int
    var seconds: Double
    /// The solution, a move a line (`--moves`), as ``SolutionReplay`` writes it.
    var moveLines: [String] = []
    /// Set when something went wrong that makes the verdict untrustworthy: the moves found do not
    /// replay to a win, or the variant's script failed during the search. Said on standard error.
    var problems: [String] = []
}

/// The text `solve` prints: a header, a line per deal, a summary.
///
/// ```
///  deal  verdict     moves  positions    seconds
///     1  solved         95       4711      0.012
/// 11982  impossible      -    1234567     12.345
/// 2 deals: 1 solved, 1 impossible, 0 unknown
/// time: 12.357 s in all, median 6.179 s, longest 12.345 s (11982); 12.360 s from start to end, 1 job
/// positions: 1239278 in all, median 619639
/// ```
enum SolveReport {
    /// The header above the lines; `labelWidth` is the first column's (``labelWidth(for:)``), whose
    /// title is `deal`, or nothing above a position's line.
    static func header(title: String = "deal", labelWidth: Int) -> String {
        row([title, "verdict", "moves", "positions", "seconds"], labelWidth: labelWidth)
    }

    /// One deal's line: number, verdict, solution length (`-` unless solved), positions expanded,
    /// seconds taken.
    static func line(_ outcome: SolveOutcome, labelWidth: Int) -> String {
        let moves = outcome.verdict == .solved ? String(outcome.moveCount) : "-"
        return row(
            [outcome.label, outcome.verdict.rawValue, moves, String(outcome.positions), fixed(outcome.seconds)],
            labelWidth: labelWidth)
    }

    /// The first column fits the largest deal number, and its header.
    static func labelWidth(for deals: ClosedRange<UInt64>) -> Int {
        max("deal".count, String(deals.upperBound).count)
    }

    static func row(_ columns: [String], labelWidth: Int) -> String {
        pad(columns[0], labelWidth) + "  " + columns[1] + String(repeating: " ", count: max(1, 11 - columns[1].count))
            + pad(columns[2], 5) + "  " + pad(columns[3], 10) + "  " + pad(columns[4], 9)
    }

    /// `text` right-aligned in `width` columns.
    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `value` with `decimals` digits after the point, rounded (no locale, no exponent).
    static func fixed(_ value: Double, decimals: Int = 3) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((max(0, value) * Double(scale)).rounded())
        guard decimals > 0 else { return String(scaled) }
        let fraction = String(scaled % scale)
        return "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}

/// The figures of a run, gathered as its lines are printed: counts per verdict, times and positions.
struct SolveTally {
    private(set) var counts: [SolverVerdict: Int] = [:]
    private(set) var seconds: [Double] = []
    private(set) var positions: [Int] = []
    /// The label of the deal that took longest.
    private(set) var longest: (label: String, seconds: Double)?
    private(set) var problems = 0

    mutating func add(_ outcome: SolveOutcome) {
        counts[outcome.verdict, default: 0] += 1
        seconds.append(outcome.seconds)
        positions.append(outcome.positions)
        if outcome.seconds > longest?.seconds ?? -1 { longest = (outcome.label, outcome.seconds) }
        if !outcome.problems.isEmpty { problems += 1 }
    }

    func count(_ verdict: SolverVerdict) -> Int { counts[verdict] ?? 0 }

    /// The summary's lines; `noun` is `deal` or `position`, `wallSeconds` the run's time from start
    /// to end on `jobs` threads.
    func summary(noun: String, wallSeconds: Double, jobs: Int) -> [String] {
        let total = seconds.count
        var lines = [
            "\(total) \(noun)\(total == 1 ? "" : "s"): \(count(.solved)) solved, \(count(.impossible)) impossible, "
                + "\(count(.unknown)) unknown"
        ]
        var time = "time: \(SolveReport.fixed(seconds.reduce(0, +))) s in all"
        if let median = Self.median(seconds) { time += ", median \(SolveReport.fixed(median)) s" }
        if let longest, total > 1 { time += ", longest \(SolveReport.fixed(longest.seconds)) s (\(longest.label))" }
        time += "; \(SolveReport.fixed(wallSeconds)) s from start to end, \(jobs) job\(jobs == 1 ? "" : "s")"
        lines.append(time)
        var searched = "positions: \(positions.reduce(0, +)) in all"
        if let median = Self.median(positions.map(Double.init)) { searched += ", median \(Int(median.rounded()))" }
        lines.append(searched)
        return lines
    }

    /// The middle value (the mean of the two middle ones for an even count); `nil` for none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
