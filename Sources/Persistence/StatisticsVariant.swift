/// One variant's figures, computed from its results in the order the games ended.
///
/// Streaks count wins only: `currentStreak` is the number of wins since the last loss (0 right
/// after a loss; a run of losses is not shown), `bestStreak` the longest run of wins ever. Best
/// time and fewest moves are over won games only (a quick loss is no record), and need not come
/// from the same game.
public struct VariantStatistics: Hashable, Sendable {
    /// The layout's short name (`klondike`).
    public var variant: String
    /// The title of the variant's latest game (`Klondike`).
    public var title: String
    public var played: Int
    public var won: Int
    /// Wins since the last loss.
    public var currentStreak: Int
    /// The longest run of wins.
    public var bestStreak: Int
    /// The shortest time of a won game, in seconds; `nil` before the first win.
    public var bestTime: Double?
    /// The fewest moves of a won game; `nil` before the first win.
    public var fewestMoves: Int?

    public var lost: Int { played - won }

    /// Won games as a fraction of those played, 0 to 1; `nil` when none were played.
    public var winRate: Double? { played > 0 ? Double(won) / Double(played) : nil }

    /// The win rate as a whole percentage for display: rounded, but never 0% once a game is won
    /// nor 100% while one is lost (5 of 12 is 42%, 199 of 200 is 99%).
    public var winPercentage: Int {
        guard played > 0 else { return 0 }
        let rounded = Int((Double(won) * 100 / Double(played)).rounded())
        if won > 0 && rounded == 0 { return 1 }
        if won < played && rounded == 100 { return 99 }
        return rounded
    }

    /// The figures of `results`, which are one variant's in the order the games ended.
    public init(variant: String, results: [GameResult]) {
        self.variant = variant
        title = results.last?.title ?? variant
        played = results.count
        won = 0
        currentStreak = 0
        bestStreak = 0
        for result in results {
            guard result.won else {
                currentStreak = 0
                continue
            }
            won += 1
            currentStreak += 1
            bestStreak = max(bestStreak, currentStreak)
            bestTime = min(bestTime ?? result.seconds, result.seconds)
            fewestMoves = min(fewestMoves ?? result.moves, result.moves)
        }
    }

    /// Every variant's figures, by short name. `results` may be in any order: each variant's are
    /// taken in the order the games ended (`endedAt`; results that ended in the same second keep
    /// their order).
    public static func byVariant(_ results: [GameResult]) -> [String: VariantStatistics] {
        var grouped: [String: [(order: Int, result: GameResult)]] = [:]
        for (order, result) in results.enumerated() {
            grouped[result.variant, default: []].append((order, result))
        }
        return grouped.mapValues { entries in
            let ordered = entries.sorted { ($0.result.endedAt, $0.order) < ($1.result.endedAt, $1.order) }
            return VariantStatistics(variant: entries[0].result.variant, results: ordered.map(\.result))
        }
    }
}
