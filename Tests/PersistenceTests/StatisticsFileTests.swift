import XCTest

@testable import Persistence

/// A result for tests: Klondike unless told, won unless told.
func gameResult(
    _ id: String, won: Bool = true, variant: String = "klondike", title: String = "Klondike", moves: Int = 100,
    seconds: Double = 200, at endedAt: Int64 = 1_763_700_000
) -> GameResult {
    GameResult(
        gameID: id, variant: variant, title: title, won: won, moves: moves, seconds: seconds, endedAt: endedAt)
}

/// The statistics file's format: what it writes, what it reads back, and every malformed line's
/// message.
final class StatisticsFileTests: XCTestCase {
    static let header = "cardtable statistics 1\n# ended result variant moves seconds game title\n"

    func parse(_ text: String) throws -> StatisticsFile {
        try StatisticsFile.parse(Array(text.utf8), path: "statistics")
    }

    /// The problems of a file whose third line is `line`, after a valid header.
    func problems(_ line: String) throws -> [String] {
        try parse(Self.header + line + "\n").problems.map(\.description)
    }

    func testTheTextIsAHeaderAndALinePerGame() {
        var file = StatisticsFile()
        file.record(gameResult("k-1", moves: 87, seconds: 192.5, at: 1_763_700_000))
        file.record(
            gameResult(
                "ft-7", won: false, variant: "forty-thieves", title: "Forty Thieves", moves: 12, seconds: 80,
                at: 1_763_700_900))
        XCTAssertEqual(
            file.text,
            Self.header + "1763700000 won klondike 87 192.5 k-1 Klondike\n"
                + "1763700900 lost forty-thieves 12 80 ft-7 Forty Thieves\n")
    }

    func testRoundTrip() throws {
        var file = StatisticsFile()
        file.record(gameResult("k-1", moves: 87, seconds: 192.5))
        file.record(gameResult("k-2", won: false, moves: 0, seconds: 0.125, at: 1_763_700_500))
        file.record(gameResult("odd id%with spaces\tand\ntabs", variant: "my game", title: " Two  spaces %d "))
        file.record(gameResult("é\u{1F0A1}", variant: "ünïcode", title: "Spider (2 suits) ♠"))
        file.record(gameResult("empty-title", title: ""))
        XCTAssertEqual(try parse(file.text), file)
        XCTAssertTrue(file.text.contains(" odd%20id%25with%20spaces%09and%0Atabs %20Two  spaces %25d%20\n"))
    }

    func testRecordingAGameAgainReplacesItsResultAndMovesItToTheEnd() {
        var file = StatisticsFile()
        file.record(gameResult("a", won: false, at: 1))
        file.record(gameResult("b", at: 2))
        file.record(gameResult("a", won: true, at: 3))
        XCTAssertEqual(file.results.map(\.gameID), ["b", "a"])
        XCTAssertEqual(file.results.map(\.won), [true, true])
        XCTAssertEqual(file.statistics["klondike"]?.played, 2)
    }

    func testSecondsAreKeptToTheMillisecondAndNumbersAreClamped() {
        XCTAssertEqual(StatisticsFile.secondsText(192.5), "192.5")
        XCTAssertEqual(StatisticsFile.secondsText(80), "80")
        XCTAssertEqual(StatisticsFile.secondsText(0.0004), "0")
        XCTAssertEqual(StatisticsFile.secondsText(1.0625), "1.063")
        XCTAssertEqual(StatisticsFile.secondsText(-5), "0")
        XCTAssertEqual(StatisticsFile.secondsText(.nan), "0")
        XCTAssertEqual(StatisticsFile.secondsText(.infinity), "0")
        XCTAssertEqual(StatisticsFile.secondsText(1e12), "999999999")
        XCTAssertEqual(
            StatisticsFile.line(for: gameResult("x", moves: -3, at: -1)), "0 won klondike 0 200 x Klondike")
    }

    func testCommentsBlankLinesCarriageReturnsTabsAndExtraSpacesAreAccepted() throws {
        let file = try parse(
            "cardtable statistics 1\r\n\n   # a comment\r\n\t\n1763700000\twon  klondike 87 192.5   k-1   Klondike  \r\n"
        )
        XCTAssertEqual(file.problems, [])
        XCTAssertEqual(file.results, [gameResult("k-1", moves: 87, seconds: 192.5)])
    }

    func testALineWithoutTitleHasAnEmptyTitle() throws {
        let file = try parse(Self.header + "1763700000 won klondike 87 192.5 k-1\n")
        XCTAssertEqual(file.results.map(\.title), [""])
    }

    func testALastLineWithoutNewlineIsRead() throws {
        XCTAssertEqual(try parse(Self.header + "1763700000 won klondike 87 192.5 k-1 Klondike").results.count, 1)
    }

    // MARK: Malformed files, each with its message

    func testTruncatedLine() throws {
        XCTAssertEqual(
            try problems("1763700000 won klondike 87"),
            [
                "statistics:3: truncated line: 4 of the 6 fields ended, result, variant, moves, seconds, game (then the title)"
            ])
    }

    func testBadNumbers() throws {
        XCTAssertEqual(
            try problems("1763700000 won klondike 8x7 192.5 k-1 Klondike"),
            ["statistics:3:25: moves '8x7' is not a whole number up to 999999999"])
        XCTAssertEqual(
            try problems("1763700000 won klondike 1234567890 192.5 k-1 Klondike"),
            ["statistics:3:25: moves '1234567890' is not a whole number up to 999999999"])
        XCTAssertEqual(
            try problems("-1763700000 won klondike 87 192.5 k-1 Klondike"),
            ["statistics:3:1: end time '-1763700000' is not a whole number of seconds since 1970"])
        for seconds in ["1e5", "inf", "nan", "-3", "+3", "1.", ".5", "1.2.3", "0x10", "1234567890", "1.1234567890"] {
            XCTAssertEqual(
                try problems("1763700000 won klondike 87 \(seconds) k-1 Klondike"),
                ["statistics:3:28: seconds '\(seconds)' is not a time in seconds such as 192.5"], seconds)
        }
    }

    func testUnknownResult() throws {
        XCTAssertEqual(
            try problems("1763700000 draw klondike 87 192.5 k-1 Klondike"),
            ["statistics:3:12: result 'draw' is not 'won' or 'lost'"])
    }

    func testBadEscapes() throws {
        XCTAssertEqual(
            try problems("1763700000 won kl%zzndike 87 192.5 k-1 Klondike"),
            ["statistics:3:18: bad escape in the variant: '%' is not followed by two hex digits"])
        XCTAssertEqual(
            try problems("1763700000 won klondike 87 192.5 k-1% Klondike"),
            ["statistics:3:37: bad escape in the game: '%' is not followed by two hex digits"])
        XCTAssertEqual(
            try problems("1763700000 won klondike 87 192.5 k-1 Klondike %4"),
            ["statistics:3:47: bad escape in the title: '%' is not followed by two hex digits"])
        XCTAssertEqual(
            try problems("1763700000 won klondike 87 192.5 k-%FF Klondike"),
            ["statistics:3:34: the game's escapes do not give UTF-8 text"])
    }

    func testControlCharactersAndLongLines() throws {
        XCTAssertEqual(
            try problems("1763700000 won klondike 87 192.5 k-1 Klon\u{7}dike"),
            ["statistics:3:42: control character (byte 0x07)"])
        XCTAssertEqual(
            try problems("1763700000 won klondike 87 192.5 k-1 Klondike\u{7F}"),
            ["statistics:3:46: control character (byte 0x7F)"])
        XCTAssertEqual(
            try problems("1763700000 won klondike 87 192.5 k-1 " + String(repeating: "x", count: 4096)),
            ["statistics:3: longer than 4096 bytes"])
    }

    func testAGameOnTwoLinesKeepsTheLaterLine() throws {
        let file = try parse(
            Self.header + "1 lost klondike 5 10 k-1 Klondike\n2 won klondike 87 192.5 k-2 Klondike\n"
                + "3 won klondike 90 100 k-1 Klondike\n")
        XCTAssertEqual(
            file.problems.map(\.description), ["statistics:5: game 'k-1' is also on line 3; this later line is kept"])
        XCTAssertEqual(file.results.map(\.gameID), ["k-2", "k-1"])
        XCTAssertEqual(file.results.map(\.won), [true, true])
    }

    func testUnknownVersion() throws {
        for (header, shown) in [
            ("cardtable statistics 0", "0"), ("cardtable statistics one", "one"), ("cardtable statistics", ""),
        ] {
            let file = try parse(header + "\n1763700000 won klondike 87 192.5 k-1 Klondike\n")
            XCTAssertEqual(
                file.problems.map(\.description),
                ["statistics:1: unknown statistics version '\(shown)' (expected 'cardtable statistics 1')"], header)
            XCTAssertEqual(file.results.count, 1, "the lines are still read")
        }
    }

    func testMissingHeader() throws {
        let file = try parse("1763700000 won klondike 87 192.5 k-1 Klondike\n")
        XCTAssertEqual(
            file.problems.map(\.description), ["statistics:1: missing the header line 'cardtable statistics 1'"])
        XCTAssertEqual(file.results.count, 1, "the first line is read as a game")
        XCTAssertEqual(
            try parse("").problems.map(\.description),
            ["statistics:1: missing the header line 'cardtable statistics 1'"])
    }

    func testFutureVersionIsRefused() {
        for version in ["2", "99999999999999999999999"] {
            XCTAssertThrowsError(try parse("cardtable statistics \(version)\nanything at all\n")) { error in
                XCTAssertEqual(
                    "\(error)",
                    "statistics: statistics version \(version) is from a newer cardtable (this one reads version 1); "
                        + "the file is left as it is")
            }
        }
    }

    func testBinaryGarbage() throws {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x41, 0x0A, 0x00, 0x01, 0x02, 0x0A, 0xC3, 0x28, 0x0A, 0x0A]
        let file = try StatisticsFile.parse(bytes, path: "statistics")
        XCTAssertEqual(
            file.problems.map(\.description),
            [
                "statistics:1: missing the header line 'cardtable statistics 1'",
                "statistics:1: not UTF-8 text",
                "statistics:2:1: control character (byte 0x00)",
                "statistics:3: not UTF-8 text",
            ])
        XCTAssertEqual(file.results, [])
    }

    func testProblemsPastTheLimitAreCounted() throws {
        let file = try parse(Self.header + String(repeating: "x\n", count: 100))
        XCTAssertEqual(file.problems.count, 21)
        XCTAssertEqual(
            file.problems[0].description,
            "statistics:3: truncated line: 1 of the 6 fields ended, result, variant, moves, seconds, game (then the title)"
        )
        XCTAssertEqual(file.problems[20].description, "statistics: 80 more problems not shown")
    }

    func testLongValuesAreShortenedInMessages() throws {
        let long = String(repeating: "9", count: 50)
        XCTAssertEqual(
            try problems("\(long) won klondike 87 192.5 k-1 Klondike"),
            [
                "statistics:3:1: end time '\(String(repeating: "9", count: 40))…' is not a whole number of seconds since 1970"
            ])
    }
}
