/// The statistics file: every finished game, one a line, oldest first, under a header that
/// gives the format's version. Keeping each game (not running totals) keeps streaks exact and
/// lets a game's result be replaced, so no game is counted twice.
///
///     cardtable statistics 1
///     # ended result variant moves seconds game title
///     1763700000 won klondike 87 192.5 klondike-12345-1763699800 Klondike
///     1763700900 lost forty-thieves 12 80 forty-thieves-7-1763700810 Forty Thieves
///
/// Fields are separated by spaces (or tabs); `ended` is in Unix seconds, `result` is `won` or
/// `lost`, `seconds` has up to three decimals. The title is the rest of the line. In the variant
/// and the game ID, `%`, spaces and control characters are written `%XX` (hex of each byte); in
/// the title, `%`, control characters and spaces at either end. Blank lines and lines starting
/// with `#` are skipped; the file is written afresh on every update, so comments are not kept.
public struct StatisticsFile: Hashable, Sendable {
    /// The version this code reads and writes.
    public static let version = 1
    /// The first line.
    public static let header = "cardtable statistics \(version)"
    /// Files larger than this are refused: 16 MiB is some 250,000 games.
    public static let sizeLimit = 16 << 20
    /// Longer lines are reported, not parsed.
    public static let lineLimit = 4096
    /// Problems beyond this many are counted in one last problem, not listed.
    public static let problemLimit = 20

    /// One result per game, in the order written (oldest first).
    public var results: [GameResult]
    /// What was wrong in the file read, one line each: those lines were skipped.
    public var problems: [StatisticsProblem]

    public init(results: [GameResult] = [], problems: [StatisticsProblem] = []) {
        self.results = results
        self.problems = problems
    }

    /// Adds a game's result, replacing the result already kept for the same game; the game
    /// moves to the end, as the latest to have ended.
    public mutating func record(_ result: GameResult) {
        results.removeAll { $0.gameID == result.gameID }
        results.append(result)
    }

    /// Every variant's figures, by short name.
    public var statistics: [String: VariantStatistics] { VariantStatistics.byVariant(results) }

    /// The file's text: the header, a comment naming the fields, then a line per game.
    public var text: String {
        var text = Self.header + "\n# ended result variant moves seconds game title\n"
        for result in results {
            text += Self.line(for: result) + "\n"
        }
        return text
    }

    /// A game's line. Numbers out of range are clamped (moves and times to 0 through
    /// 999,999,999; an infinite or NaN time to 0).
    static func line(for result: GameResult) -> String {
        let ended = min(max(result.endedAt, 0), 999_999_999_999_999_999)
        let moves = min(max(result.moves, 0), 999_999_999)
        return "\(ended) \(result.won ? "won" : "lost") \(escaped(result.variant, inTitle: false)) \(moves) "
            + "\(secondsText(result.seconds)) \(escaped(result.gameID, inTitle: false))"
            + (result.title.isEmpty ? "" : " " + escaped(result.title, inTitle: true))
    }

    /// Seconds to the millisecond, without trailing zeros (`192.5`, `80`, `0.125`).
    static func secondsText(_ seconds: Double) -> String {
        let clamped = seconds.isFinite ? min(max(seconds, 0), 999_999_999) : 0
        let milliseconds = Int64((clamped * 1000).rounded())
        let whole = milliseconds / 1000
        var fraction = String(milliseconds % 1000)
        guard fraction != "0" else { return "\(whole)" }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    /// `%XX` for `%` and control characters, and for spaces in a field (in a title, only at
    /// either end, so that the title reads naturally).
    static func escaped(_ text: String, inTitle: Bool) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let atEnd = index == 0 || index == bytes.count - 1
            let isSpace = byte == UInt8(ascii: " ")
            if byte == UInt8(ascii: "%") || byte < 0x20 || byte == 0x7F || (isSpace && (!inTitle || atEnd)) {
                output += Array("%".utf8) + hexDigits(byte)
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexDigits(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
    }
}

/// A line of a statistics file that was skipped, or a header that was wrong: one line naming
/// the file, and the line and column where known (`…/statistics:4:19: moves 'x' is not …`).
public struct StatisticsProblem: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(path: String, line: Int?, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var location = path
        if let line { location += ":\(line)" }
        if line != nil, let column { location += ":\(column)" }
        return "\(location): \(message)"
    }
}
