import TableKit
import XCTest

@testable import Persistence

/// A variant's figures from hand-made sequences, the win panel's line and `cardtable stats`'s
/// table.
final class StatisticsFiguresTests: XCTestCase {
    /// Results from a pattern such as `"WWLWWW"`, a second apart; the won games' moves and
    /// seconds are given in order (150 moves in 500 seconds past those given, and for losses).
    func sequence(_ pattern: String, moves: [Int] = [], seconds: [Double] = []) -> [GameResult] {
        var wins = 0
        return pattern.enumerated().map { index, letter in
            let won = letter == "W"
            defer { if won { wins += 1 } }
            return gameResult(
                "g\(index)", won: won, moves: won && wins < moves.count ? moves[wins] : 150,
                seconds: won && wins < seconds.count ? seconds[wins] : 500, at: Int64(index))
        }
    }

    func figures(_ pattern: String, moves: [Int] = [], seconds: [Double] = []) -> VariantStatistics {
        VariantStatistics(variant: "klondike", results: sequence(pattern, moves: moves, seconds: seconds))
    }

    func testStreaks() {
        let cases: [(String, played: Int, won: Int, current: Int, best: Int)] = [
            ("", 0, 0, 0, 0),
            ("L", 1, 0, 0, 0),
            ("W", 1, 1, 1, 1),
            ("WWLWWW", 6, 5, 3, 3),
            ("WWWLW", 5, 4, 1, 3),
            ("WWWL", 4, 3, 0, 3),
            ("LLLL", 4, 0, 0, 0),
            ("WLWLWWLWWWWL", 12, 8, 0, 4),
        ]
        for (pattern, played, won, current, best) in cases {
            let f = figures(pattern)
            XCTAssertEqual(
                [f.played, f.won, f.lost, f.currentStreak, f.bestStreak], [played, won, played - won, current, best],
                pattern)
        }
    }

    func testBestTimeAndFewestMovesAreOverWonGamesOnly() {
        let f = figures("WLWW", moves: [120, 87, 95], seconds: [300, 250.5, 400])
        XCTAssertEqual(f.bestTime, 250.5)
        XCTAssertEqual(f.fewestMoves, 87)
        let lossesOnly = VariantStatistics(
            variant: "klondike", results: [gameResult("a", won: false, moves: 3, seconds: 1)])
        XCTAssertNil(lossesOnly.bestTime)
        XCTAssertNil(lossesOnly.fewestMoves)
    }

    func testWinRate() {
        XCTAssertNil(figures("").winRate)
        XCTAssertEqual(figures("WLLL").winRate, 0.25)
        let cases: [(String, Int)] = [
            ("", 0), ("L", 0), ("W", 100), ("WWWWWLLLLLLL", 42),
            (String(repeating: "W", count: 199) + "L", 99), ("W" + String(repeating: "L", count: 299), 1),
        ]
        for (pattern, percentage) in cases {
            XCTAssertEqual(figures(pattern).winPercentage, percentage, pattern)
        }
    }

    func testVariantsAreSeparatedAndTakenInTheOrderTheGamesEnded() {
        let results = [
            gameResult("k3", won: false, at: 30), gameResult("f1", variant: "freecell", title: "FreeCell", at: 5),
            gameResult("k1", at: 10), gameResult("k2", at: 20), gameResult("k4", at: 40),
            gameResult("k0", won: false, at: 10),  // same second as k1, recorded after it
        ]
        let byVariant = VariantStatistics.byVariant(results)
        XCTAssertEqual(byVariant.keys.sorted(), ["freecell", "klondike"])
        let klondike = byVariant["klondike"]!
        // In order: k1 W, k0 L, k2 W, k3 L, k4 W.
        XCTAssertEqual([klondike.played, klondike.won, klondike.currentStreak, klondike.bestStreak], [5, 3, 1, 1])
        XCTAssertEqual(byVariant["freecell"]!.title, "FreeCell")
    }

    func testTimeText() {
        XCTAssertEqual(clockText(0), "0:00")
        XCTAssertEqual(clockText(192.9), "3:12")
        XCTAssertEqual(clockText(3600 + 62), "1:01:02")
        XCTAssertEqual(clockText(-1), "0:00")
        XCTAssertEqual(clockText(.nan), "0:00")
    }

    func testSummaryLines() {
        let f = figures("LWWLLLLWWWLWW", moves: [120, 87, 95], seconds: [300, 192.5, 400])
        XCTAssertEqual(
            f.summaryLine, "Klondike: played 13 · won 7 (54%) · streak 2 (best 3) · best 3:12 · fewest 87 moves")
        XCTAssertEqual(
            f.summaryLine(fitting: 80), "Played 13 · won 7 (54%) · streak 2 (best 3) · best 3:12 · fewest 87 moves")
        XCTAssertEqual(f.summaryLine(fitting: 60), "Played 13 · won 7 (54%) · streak 2 (best 3) · best 3:12")
        XCTAssertEqual(f.summaryLine(fitting: 50), "Played 13 · won 7 (54%) · streak 2 (best 3)")
        XCTAssertEqual(f.summaryLine(fitting: 30), "Won 7 of 13 (54%) · streak 2")
        XCTAssertEqual(f.summaryLine(fitting: 20), "Won 7 of 13 (54%)")
        XCTAssertEqual(f.summaryLine(fitting: 5), "Won 7 of 13 (54%)", "the shortest when none fits")
        XCTAssertEqual(f.shortSummaryLine, "Won 7 of 13 (54%)")
        XCTAssertEqual(figures("LL").summaryLine, "Klondike: played 2 · won 0 (0%) · streak 0 (best 0)")
    }

    func testTable() {
        let results =
            sequence("LWWLLLLWWWLWW", moves: [120, 87, 95], seconds: [300, 192.5, 400])
            + [
                gameResult("f1", variant: "freecell", title: "FreeCell", moves: 120, seconds: 725, at: 1),
                gameResult("s1", won: false, variant: "spider", title: "Spider (2 suits)", at: 2),
                gameResult("long", variant: "long", title: "Long", seconds: 4000, at: 3),
            ]
        let table = StatisticsTable.text(Array(VariantStatistics.byVariant(results).values), columns: measure)
        XCTAssertEqual(
            table,
            """
            game              played  won  win %  streak  best streak  best time  fewest moves
            FreeCell               1    1   100%       1            1      12:05           120
            Klondike              13    7    54%       2            3       3:12            87
            Long                   1    1   100%       1            1    1:06:40           100
            Spider (2 suits)       1    0     0%       0            0          -             -

            """)
    }

    /// A cell as the terminal shows it.
    let measure: (String) -> Int = { TextFit.columns(of: $0) }

    /// Columns line up under the headings whatever the titles hold: wide characters (two
    /// columns each), combining marks and zero-width characters (none), and control characters
    /// shown as escapes (a column each character of the escape).
    func testTheTableLinesUpTitlesOfEveryWidth() {
        let titles = [
            "漢字のゲーム", "Cafe\u{301} e\u{301}", "Zero\u{200B}width", "Evil\u{1B}]0;pwned\u{7} and a long title",
            "🂡 Aces",
        ]
        let results = titles.enumerated().map { index, title in
            gameResult("g\(index)", variant: "v\(index)", title: title, moves: 10 + index, at: Int64(index))
        }
        let lines = StatisticsTable.text(Array(VariantStatistics.byVariant(results).values), columns: measure)
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, titles.count + 1)
        // Every row is as wide as the headings' row (the figures are right-aligned, the last
        // heading the widest of its column): the title's column is padded to one width.
        let width = TextFit.columns(of: lines[0])
        for line in lines.dropFirst() { XCTAssertEqual(TextFit.columns(of: line), width, line) }
        XCTAssertTrue(lines.contains { $0.hasPrefix("Evil\\x1b]0;pwned\\x07 and a long title") }, "\(lines)")
    }

    /// On a terminal of 80 columns a title of 14 characters or more ("Klondike (Draw 3)")
    /// made every line wrap, the last heading and figure on lines of their own: the titles are
    /// cut to fit instead, every row as wide as the headings'. Piped, nothing is cut.
    func testOnANarrowTerminalTheTitlesAreCutToFit() {
        let results = [
            gameResult("k3", variant: "klondike-3", title: "Klondike (Draw 3)", moves: 90, at: 1),
            gameResult("sa", won: false, variant: "saratoga-aisleriot", title: "Saratoga (Aisleriot)", at: 2),
            gameResult("fc", variant: "freecell", title: "FreeCell", moves: 80, at: 3),
        ]
        let statistics = Array(VariantStatistics.byVariant(results).values)
        let clip = { (text: String, columns: Int) in TextFit.clipped(text, toColumns: columns) }
        let piped = StatisticsTable.text(statistics, columns: measure, clip: clip).split(separator: "\n")
        XCTAssertGreaterThan(TextFit.columns(of: piped[0]), 80)
        XCTAssertTrue(piped.contains { $0.hasPrefix("Saratoga (Aisleriot)  ") })
        let lines = StatisticsTable.text(statistics, columns: measure, width: 80, clip: clip).split(separator: "\n")
        XCTAssertEqual(lines.count, 4)
        let width = TextFit.columns(of: lines[0])
        XCTAssertLessThanOrEqual(width, 80)
        for line in lines.dropFirst() { XCTAssertEqual(TextFit.columns(of: line), width, String(line)) }
        XCTAssertTrue(lines[0].hasSuffix("best time  fewest moves"), String(lines[0]))
        XCTAssertTrue(lines.contains { $0.hasPrefix("FreeCell  ") }, "a short title whole")
        XCTAssertTrue(lines.contains { $0.hasPrefix("Klondike (Dra…  ") }, "\(lines)")
        // Narrower than the figures and a title of the fewest columns: cut no further.
        let narrow = StatisticsTable.text(statistics, columns: measure, width: 40, clip: clip).split(separator: "\n")
        XCTAssertTrue(narrow.contains { $0.hasPrefix("Klondike …") }, "\(narrow)")
    }

    func testReport() {
        let titles = ["klondike": "Klondike", "freecell": "FreeCell"]
        func report(_ file: StatisticsFile?, _ variant: String?) -> StatisticsReport {
            StatisticsReport(
                file: file, variant: variant, gameTitle: { titles[$0] }, shippedNames: ["freecell", "klondike"],
                columns: measure)
        }
        var file = StatisticsFile()
        XCTAssertEqual(report(nil, nil), StatisticsReport(text: "No games played yet.\n", failure: nil))
        XCTAssertEqual(report(file, nil).text, "No games played yet.\n")
        XCTAssertEqual(report(nil, "klondike").text, "No games of Klondike played yet.\n")
        file.record(gameResult("k1", moves: 87, seconds: 192.5))
        file.record(gameResult("m1", won: false, variant: "mine", title: "My Game"))
        XCTAssertEqual(
            report(file, nil).text,
            """
            game      played  won  win %  streak  best streak  best time  fewest moves
            Klondike       1    1   100%       1            1       3:12            87
            My Game        1    0     0%       0            0          -             -

            """)
        XCTAssertEqual(
            report(file, "mine").text,
            """
            game     played  won  win %  streak  best streak  best time  fewest moves
            My Game       1    0     0%       0            0          -             -

            """)
        XCTAssertEqual(report(file, "freecell").text, "No games of FreeCell played yet.\n")
        XCTAssertEqual(
            report(file, "klondyke"),
            StatisticsReport(
                text: "",
                failure:
                    "cardtable: 'klondyke' is not a game (shipped or in your layouts folder) and has no statistics; did you mean 'klondike'?"
            ))
        XCTAssertEqual(
            report(file, "mien").failure,
            "cardtable: 'mien' is not a game (shipped or in your layouts folder) and has no statistics; did you mean 'mine'?"
        )
        XCTAssertEqual(
            report(nil, "zzzzzz").failure,
            "cardtable: 'zzzzzz' is not a game (shipped or in your layouts folder) and has no statistics; 'cardtable list' shows the games"
        )
    }
}
