// Statistics as text: the win panel's line and `cardtable stats`'s table.

import Layouts

extension VariantStatistics {
    /// The whole line, with the title:
    /// `Klondike: played 12 · won 5 (42%) · streak 2 (best 3) · best 3:12 · fewest 87 moves`.
    /// Best time and fewest moves are left out until a game is won.
    public var summaryLine: String { summaryLines[0] }

    /// The longest of the summary lines that fits in `width` columns, dropping first the title,
    /// then fewest moves, best time, the streaks' detail; at 60 columns, usually
    /// `Played 12 · won 5 (42%) · streak 2 (best 3) · best 3:12`. When none fits, the shortest,
    /// ``shortSummaryLine``.
    public func summaryLine(fitting width: Int) -> String {
        let lines = summaryLines
        return lines.first { $0.count <= width } ?? lines[lines.count - 1]
    }

    /// The shortest summary line: `Won 5 of 12 (42%)`.
    public var shortSummaryLine: String { "Won \(won) of \(played) (\(winPercentage)%)" }

    /// Every form of the summary line, longest first.
    var summaryLines: [String] {
        let counts = "played \(played) · won \(won) (\(winPercentage)%) · streak \(currentStreak) (best \(bestStreak))"
        let best = bestTime.map { " · best \(clockText($0))" } ?? ""
        let fewest = fewestMoves.map { " · fewest \($0) move\($0 == 1 ? "" : "s")" } ?? ""
        let capitalized = "P" + counts.dropFirst()
        return [
            "\(title): \(counts)\(best)\(fewest)",
            capitalized + best + fewest,
            capitalized + best,
            capitalized,
            "Won \(won) of \(played) (\(winPercentage)%) · streak \(currentStreak)",
            shortSummaryLine,
        ]
    }
}

/// `cardtable stats`'s table: a row per variant, sorted by title, numbers right-aligned.
///
///     game      played  won  win %  streak  best streak  best time  fewest moves
///     FreeCell       3    3   100%       3            3      12:05           120
///     Klondike      12    5    42%       2            3       3:12            87
public enum StatisticsTable {
    public static let headings = [
        "game", "played", "won", "win %", "streak", "best streak", "best time", "fewest moves",
    ]

    /// The fewest columns a title is cut to on a narrow terminal.
    public static let narrowestTitle = 10

    /// The table's lines, each ending in a newline; a variant without a win shows `-` for its
    /// best time and fewest moves. `columns` measures a cell as the terminal shows it (the
    /// escaped title's display width: a wide character takes two columns, a combining mark
    /// none); the command passes TableKit's `TextFit.columns`.
    ///
    /// On a terminal (`width`, its columns) the titles are cut (`clip`, to so many columns) so
    /// that each line fits, a title keeping at least ``narrowestTitle`` columns: at 80 columns
    /// one title of 14 characters or more ("Klondike (Draw 3)") made every line wrap, the last
    /// heading and the last figure on a line of their own.
    public static func text(
        _ statistics: [VariantStatistics], columns: (String) -> Int, width: Int? = nil,
        clip: (String, Int) -> String = { text, _ in text }
    ) -> String {
        let sorted = statistics.sorted {
            ($0.title.lowercased(), $0.variant) < ($1.title.lowercased(), $1.variant)
        }
        var rows =
            [headings]
            + sorted.map { figures in
                [
                    // The title is the statistics file's: shown as text, never as control sequences.
                    TerminalText.safe(figures.title), "\(figures.played)", "\(figures.won)",
                    "\(figures.winPercentage)%",
                    "\(figures.currentStreak)", "\(figures.bestStreak)",
                    figures.bestTime.map(clockText) ?? "-",
                    figures.fewestMoves.map(String.init) ?? "-",
                ]
            }
        var measured = rows.map { $0.map(columns) }
        var widths = headings.indices.map { column in measured.map { $0[column] }.max() ?? 0 }
        let wide = widths.reduce(0, +) + 2 * (widths.count - 1)
        if let width, wide > width, widths[0] > Self.narrowestTitle {
            let title = max(Self.narrowestTitle, widths[0] - (wide - width))
            for row in rows.indices.dropFirst() where measured[row][0] > title {
                rows[row][0] = clip(rows[row][0], title)
                measured[row][0] = columns(rows[row][0])
            }
            widths[0] = measured.map { $0[0] }.max() ?? 0
        }
        var text = ""
        for (row, cellWidths) in zip(rows, measured) {
            var cells: [String] = []
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cellWidths[column])
                cells.append(column == 0 ? cell + padding : padding + cell)
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}

/// What `cardtable stats [VARIANT]` prints, worked out from the file (`nil` when there is none
/// yet): the table, a sentence when there is nothing to show, or a failure for a name that is
/// neither a shipped game nor one played.
public struct StatisticsReport: Hashable, Sendable {
    /// For standard output.
    public var text: String
    /// For standard error, exiting with status 1; `nil` on success.
    public var failure: String?

    public init(text: String, failure: String?) {
        self.text = text
        self.failure = failure
    }

    /// - Parameters:
    ///   - variant: the name asked for, or `nil` for every variant played.
    ///   - gameTitle: the title of a game's name (shipped, or in the player's layouts folder),
    ///     `nil` for a name that is not one.
    ///   - shippedNames: the shipped games' names, for "did you mean".
    ///   - columns: a cell's display width (``StatisticsTable/text(_:columns:)``).
    ///   - width: the terminal's columns, when printed on one (the titles are cut to fit it).
    ///   - clip: cuts a title to so many columns.
    public init(
        file: StatisticsFile?, variant: String?, gameTitle: (String) -> String?, shippedNames: [String],
        columns: (String) -> Int, width: Int? = nil, clip: (String, Int) -> String = { text, _ in text }
    ) {
        let statistics = file?.statistics ?? [:]
        failure = nil
        guard let variant else {
            text =
                statistics.isEmpty
                ? "No games played yet.\n"
                : StatisticsTable.text(Array(statistics.values), columns: columns, width: width, clip: clip)
            return
        }
        if let figures = statistics[variant] {
            text = StatisticsTable.text([figures], columns: columns, width: width, clip: clip)
        } else if let title = gameTitle(variant) {
            text = "No games of \(TerminalText.safe(title)) played yet.\n"
        } else {
            text = ""
            var message =
                "cardtable: '\(variant)' is not a game (shipped or in your layouts folder) and has no statistics"
            if let suggestion = Suggestions.closest(to: variant, in: shippedNames + statistics.keys.sorted()) {
                message += "; did you mean '\(TerminalText.safe(suggestion))'?"
            } else {
                message += "; 'cardtable list' shows the games"
            }
            failure = message
        }
    }
}
