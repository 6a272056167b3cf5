import Layouts
import Scripting
import Solitaire
import Solver
import TableKit

/// The solver: FreeCell's Microsoft deals (each solved, the total and median time, the positions),
/// deal 11982 proved impossible, and the time to tell whether a game in play is still winnable
/// (Klondike and FreeCell, after each move of a played game; goal: median under 100 ms).
///
///   cardtable-bench solver              # deals 1..1000, 11982, still winnable
///   cardtable-bench solver 1..200       # only those deals (or one deal: `solver 37`)
///   cardtable-bench solver winnable     # only still winnable
///   cardtable-bench solver winnable golf pyramid   # still winnable in other shipped games
///   cardtable-bench solver winnable all deals=4 moves=36 every=3   # every shipped game, in mid-game
///   cardtable-bench solver game klondike 1..20   # another shipped game's deals, one line each
///   cardtable-bench solver shipped 1..5 # every shipped game (scripted ones through their hooks)
enum SolverBenchmarks {
    static func run(arguments: [String]) {
        var range: ClosedRange<UInt64>? = nil
        for argument in arguments where argument.contains(",") {
            return freeCellDeals(argument.split(separator: ",").compactMap { UInt64($0) })
        }
        for argument in arguments {
            let bounds = argument.split(separator: ".", omittingEmptySubsequences: true).compactMap { UInt64($0) }
            if bounds.count == 2, bounds[0] <= bounds[1] {
                range = bounds[0]...bounds[1]
            } else if bounds.count == 1 && !argument.contains(".") {
                range = bounds[0]...bounds[0]
            }
        }
        if let index = arguments.firstIndex(of: "game"), index + 1 < arguments.count {
            return gameDeals(arguments[index + 1], range ?? 1...10)
        }
        if arguments.contains("shipped") { return shippedGames(range ?? 1...3) }
        if arguments.contains("families") { return families() }
        if let range { return freeCellDeals(Array(range)) }
        if arguments.contains("winnable") {
            let games =
                arguments.contains("all")
                ? ShippedLayouts.names : arguments.filter { ShippedLayouts.names.contains($0) }
            let sample = MidGameSample(arguments: arguments)
            var total = MidGameTally()
            for name in games.isEmpty ? ["klondike", "freecell"] : games {
                total.add(stillWinnable(name, sample: sample))
            }
            if games.count > 1 {
                print(
                    "solver, mid-game positions of \(total.games) games: decided \(total.decided) of \(total.positions)"
                        + " (\(String(format1: Double(total.decided) * 100 / Double(max(1, total.positions)), digits: 1))%);"
                        + " games all decided \(total.gamesAllDecided), none decided \(total.gamesNoneDecided)")
            }
            return
        }
        freeCellDeals(Array(1...1000))
        freeCellImpossible()
        stillWinnable("klondike")
        stillWinnable("freecell")
    }

    /// Every shipped game with the family search it gets ("general": the general searches alone).
    static func families() {
        for name in ShippedLayouts.names {
            guard let layout = ShippedLayouts.layout(named: name), layout.rules != nil else { continue }
            print("\(name) \(Solver(rules: rulesOf(layout)).searchFamily)")
        }
    }

    static func freeCellDeals(_ range: [UInt64]) {
        guard let layout = ShippedLayouts.layout(named: "freecell") else { return }
        let rules = DeclarativeRules(layout: layout)
        let solver = Solver(rules: rules)
        var times: [Double] = []
        var positions: [Int] = []
        var lengths: [Int] = []
        var unsolved: [String] = []
        let clock = SystemClock()
        let started = clock.now
        for deal in range {
            let start = rules.deal(seed: deal)
            let result = solver.solve(from: start, budget: .command)
            times.append(result.seconds)
            positions.append(result.positions)
            if result.verdict == .solved {
                lengths.append(result.moves.count)
                if !replays(result.moves, from: start, rules: rules) { unsolved.append("\(deal) (bad replay)") }
            } else {
                unsolved.append("\(deal) (\(result.verdict.rawValue))")
            }
        }
        let total = clock.now - started
        let sortedTimes = times.sorted()
        let sortedPositions = positions.sorted()
        print(
            "solver, FreeCell deals \(range.first ?? 0)..\(range.last ?? 0) (\(range.count)): \(range.count - unsolved.count) solved"
                + " in \(String(format1: total, digits: 2)) s; per deal median"
                + " \(formatMilliseconds(percentile(sortedTimes, 0.5))), p90 \(formatMilliseconds(percentile(sortedTimes, 0.9))),"
                + " max \(formatMilliseconds(sortedTimes.last ?? 0)); positions total \(positions.reduce(0, +)),"
                + " median \(percentile(sortedPositions.map(Double.init), 0.5)), max \(sortedPositions.last ?? 0);"
                + " moves median \(percentile(lengths.sorted().map(Double.init), 0.5))")
        if !unsolved.isEmpty { print("  not solved: \(unsolved.joined(separator: ", "))") }
        let slowest = zip(range, times).sorted { $0.1 > $1.1 }.prefix(5)
        print("  slowest: " + slowest.map { "\($0.0) \(formatMilliseconds($0.1))" }.joined(separator: ", "))
    }

    static func gameDeals(_ name: String, _ range: ClosedRange<UInt64>) {
        guard let layout = ShippedLayouts.layout(named: name) else { return print("no game \(name)") }
        let rules = DeclarativeRules(layout: layout)
        let solver = Solver(rules: rules)
        for deal in range {
            let start = rules.deal(seed: deal)
            let result = solver.solve(from: start, budget: SolverBudget(positions: 2_000_000, seconds: 10))
            let valid = result.verdict != .solved || replays(result.moves, from: start, rules: rules)
            print(
                "solver, \(layout.title) deal \(deal): \(result.verdict.rawValue)\(valid ? "" : " (BAD REPLAY)"),"
                    + " \(result.moves.count) moves, \(result.positions) positions,"
                    + " \(formatMilliseconds(result.seconds))")
        }
    }

    /// Every shipped game's deals with a budget of 200,000 positions or 2 s each: how many are
    /// solved, proved lost or left unknown, and any solution that does not replay (there must be
    /// none).
    static func shippedGames(_ range: ClosedRange<UInt64>) {
        let budget = SolverBudget(positions: 200_000, seconds: 2)
        for name in ShippedLayouts.names {
            guard let layout = ShippedLayouts.layout(named: name), layout.rules != nil else { continue }
            let rules = rulesOf(layout)
            var counts: [SolverVerdict: Int] = [:]
            var bad: [UInt64] = []
            var seconds = 0.0
            for deal in range {
                let start = rules.deal(seed: deal)
                let result = Solver(rules: rules).solve(from: start, budget: budget)
                counts[result.verdict, default: 0] += 1
                seconds += result.seconds
                if result.verdict == .solved && !replays(result.moves, from: start, rules: rules) { bad.append(deal) }
            }
            let verdicts = [SolverVerdict.solved, .impossible, .unknown].map { "\($0.rawValue) \(counts[$0] ?? 0)" }
            print(
                "solver, \(name)\(layout.script == nil ? "" : " (scripted)"): \(verdicts.joined(separator: ", "))"
                    + " in \(String(format1: seconds, digits: 2)) s"
                    + (bad.isEmpty ? "" : "; BAD REPLAYS: \(bad.map(String.init).joined(separator: ", "))"))
        }
    }

    static func freeCellImpossible() {
        guard let layout = ShippedLayouts.layout(named: "freecell") else { return }
        let rules = DeclarativeRules(layout: layout)
        let result = Solver(rules: rules).solve(
            from: rules.deal(seed: 11982), budget: SolverBudget(positions: 200_000_000, seconds: 600))
        print(
            "solver, FreeCell deal 11982: \(result.verdict.rawValue) in \(String(format1: result.seconds, digits: 2)) s,"
                + " \(result.positions) positions")
    }

    /// Games played by the solver's own moves, a fixed number of moves in: after each move (or
    /// each `every`-th) the time to tell whether the game can still be won, within the status
    /// line's budget (its seconds and its memory), and the share of those positions decided.
    @discardableResult
    static func stillWinnable(_ name: String, sample: MidGameSample = MidGameSample()) -> MidGameTally {
        guard let layout = ShippedLayouts.layout(named: name) else { return MidGameTally() }
        let rules = rulesOf(layout)
        // A free table has no win to search for.
        guard Solver.applies(to: rules) else { return MidGameTally() }
        let solver = Solver(rules: rules)
        var times: [Double] = []
        var verdicts: [SolverVerdict: Int] = [:]
        var generator = SplitMix64(seed: 12)
        for deal in UInt64(1)...UInt64(sample.deals) {
            var state = rules.deal(seed: deal)
            // The rest of a win found at the last position measured, while the moves follow it.
            var winning: [Move] = []
            for played in 0..<sample.moves {
                if played % sample.every == 0 {
                    let result = solver.solve(from: state, budget: .outlook)
                    times.append(result.seconds)
                    verdicts[result.verdict, default: 0] += 1
                    winning = result.verdict == .solved ? result.moves : []
                }
                // The next move: the win's when one is known, else a random legal move.
                let move: Move
                if let first = winning.first, generator.next() % 4 != 0 {
                    move = first
                    winning.removeFirst()
                } else {
                    let legal = rules.legalMoves(in: state)
                    guard !legal.isEmpty else { break }
                    move = legal[Int(generator.next() % UInt64(legal.count))]
                    winning = []
                }
                _ = rules.apply(move, to: &state)
                if rules.isWon(state) { break }
            }
        }
        let sorted = times.sorted()
        let counts = [SolverVerdict.solved, .impossible, .unknown].map { "\($0.rawValue) \(verdicts[$0] ?? 0)" }
        let decidedCount = sorted.count - (verdicts[.unknown] ?? 0)
        let decided = Double(decidedCount) / Double(max(1, sorted.count))
        print(
            "solver, \(layout.title): decided \(String(format1: decided * 100, digits: 1))% of positions in play;"
                + " still winnable after a move: median \(formatMilliseconds(percentile(sorted, 0.5))),"
                + " p90 \(formatMilliseconds(percentile(sorted, 0.9))), max \(formatMilliseconds(sorted.last ?? 0)),"
                + " n=\(sorted.count) (\(counts.joined(separator: ", "))) (goal: median ≤ 100 ms: "
                + (percentile(sorted, 0.5) <= 0.1 ? "met)" : "MISSED)"))
        return MidGameTally(positions: sorted.count, decided: decidedCount)
    }

    static func replays(_ moves: [Move], from state: GameState, rules: some Rules) -> Bool {
        var state = state
        for move in moves {
            guard rules.refusal(of: move, in: state) == nil else { return false }
            _ = rules.apply(move, to: &state)
        }
        return rules.isWon(state)
    }

    static func formatMilliseconds(_ seconds: Double) -> String {
        String(format1: seconds * 1000, digits: 1) + " ms"
    }
}

/// Which positions in play ``SolverBenchmarks/stillWinnable(_:sample:)`` measures: `deals=N`,
/// `moves=N` (how far each deal is played) and `every=N` (measure each N-th position) among the
/// arguments; 20 deals, 40 moves and every position unless given.
struct MidGameSample {
    var deals = 20
    var moves = 40
    var every = 1

    init() {}

    init(arguments: [String]) {
        for argument in arguments {
            let parts = argument.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]), value >= 1 else { continue }
            switch parts[0] {
            case "deals": deals = value
            case "moves": moves = value
            case "every": every = value
            default: break
            }
        }
    }
}

/// Positions in play measured and decided, over one game or many.
struct MidGameTally {
    var positions = 0
    var decided = 0
    /// Games with positions measured (a free table has none).
    var games = 0
    var gamesAllDecided = 0
    var gamesNoneDecided = 0

    init(positions: Int = 0, decided: Int = 0) {
        self.positions = positions
        self.decided = decided
    }

    mutating func add(_ game: MidGameTally) {
        positions += game.positions
        decided += game.decided
        if game.positions > 0 { games += 1 }
        if game.positions > 0 && game.decided == game.positions { gamesAllDecided += 1 }
        if game.positions > 0 && game.decided == 0 { gamesNoneDecided += 1 }
    }
}
