import TestSupport
import XCTest

@testable import Persistence

#if canImport(Glibc)
    import Glibc
#endif

/// The statistics file in its folder: recording, replacing, mending a bad file, refusing one it
/// must not touch, and processes recording at once.
final class StatisticsStoreTests: XCTestCase {
    var folder = ""
    var store: StatisticsStore { StatisticsStore(folder: folder + "/cardtable") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make()
    }

    override func tearDown() {
        TemporaryFolder.remove(folder)
    }

    func write(_ text: String) throws {
        try AtomicFile.write(text, to: store.path)
    }

    func contents() throws -> String? {
        try AtomicFile.readText(store.path)
    }

    func testNoFileIsNoStatistics() throws {
        XCTAssertNil(try store.load())
        XCTAssertNil(try store.statistics(for: "klondike"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/cardtable"), "reading makes no folder")
    }

    /// A file near its limit (16 MB; 4 KB here): a result that would take it past what it may
    /// be read at is not recorded, and the file is left as it was, bad lines and all. It was
    /// written, and from then on every result and `cardtable stats` were refused ("larger than
    /// 16 MB").
    func testAResultThatWouldTakeTheFilePastItsLimitIsNotRecorded() throws {
        let store = StatisticsStore(folder: folder + "/cardtable", sizeLimit: 4096)
        let line = "1 won klondike 90 300 k1 \(String(repeating: "t", count: 60))\n"
        var text = StatisticsFileTests.header + "not a result\n"
        var count = 0
        while text.utf8.count + line.utf8.count <= 4096 - 100 {
            text += line.replacingOccurrences(of: "k1", with: "k\(count + 10)")
            count += 1
        }
        // One more, to 10 bytes short of the limit (the bad line, gone when the file is written
        // again, makes room for 13).
        let last = "2 lost klondike 1 2 k9 "
        text += last + String(repeating: "u", count: 4096 - 10 - text.utf8.count - last.utf8.count - 1) + "\n"
        count += 1
        XCTAssertEqual(text.utf8.count, 4086)
        try AtomicFile.write(text, to: store.path)
        XCTAssertEqual(try store.load()?.results.count, count)
        XCTAssertThrowsError(try store.record(gameResult("last", title: "A title of forty characters, give or take"))) {
            error in
            XCTAssertEqual(
                (error as? FileError)?.description,
                "\(store.path): is full (\(count) games, the 4 KB the file may be): this game's result is not "
                    + "recorded; move the file aside to start another")
        }
        XCTAssertTrue(try AtomicFile.readText(store.path) == text, "the file is left as it was")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path + ".bad"), "nothing is moved aside")
        XCTAssertEqual(try store.load()?.results.count, count, "and still reads")
        // A result that fits (a game's line replaced by a shorter one) is recorded, the bad line
        // moved aside, and the file reads back.
        let recorded = try store.record(gameResult("k9", title: "K"))
        XCTAssertEqual(recorded.movedAside, store.path + ".bad")
        XCTAssertEqual(try store.load()?.results.count, count)
        XCTAssertEqual(try store.load()?.results.last?.title, "K")
    }

    func testTheStoreLivesInTheDataFolder() throws {
        let folders = try XCTUnwrap(XDGDirectories(environment: ["HOME": "/home/ann"]))
        let store = StatisticsStore(directories: folders)
        XCTAssertEqual(store.path, "/home/ann/.local/share/cardtable/statistics")
        XCTAssertEqual(store.lockPath, "/home/ann/.local/share/cardtable/statistics.lock")
    }

    func testRecordMakesTheFileAndGivesTheVariantsFigures() throws {
        try store.record(gameResult("k1", moves: 90, seconds: 300, at: 1))
        try store.record(gameResult("f1", variant: "freecell", title: "FreeCell", at: 2))
        let recorded = try store.record(gameResult("k2", moves: 87, seconds: 192.5, at: 3))
        XCTAssertEqual(
            recorded.statistics.summaryLine,
            "Klondike: played 2 · won 2 (100%) · streak 2 (best 2) · best 3:12 · fewest 87 moves")
        XCTAssertEqual(recorded.problems, [])
        XCTAssertNil(recorded.movedAside)
        XCTAssertNil(recorded.notice)
        XCTAssertEqual(
            try contents(),
            StatisticsFileTests.header + "1 won klondike 90 300 k1 Klondike\n2 won freecell 100 200 f1 FreeCell\n"
                + "3 won klondike 87 192.5 k2 Klondike\n")
        XCTAssertEqual(try store.statistics(for: "freecell")?.played, 1)
        XCTAssertEqual(
            try TemporaryFolder.entries(folder + "/cardtable"), ["statistics", "statistics.lock"],
            "no temporary file is left")
    }

    func testAGameLostThenResumedAndWonCountsOnceAsAWin() throws {
        try store.record(gameResult("k1", won: false, moves: 10, at: 1))
        try store.record(gameResult("k2", won: true, at: 2))
        let recorded = try store.record(gameResult("k1", won: true, moves: 95, at: 3))
        XCTAssertEqual(recorded.statistics.played, 2)
        XCTAssertEqual(recorded.statistics.won, 2)
        XCTAssertEqual(recorded.statistics.currentStreak, 2)
        XCTAssertEqual(try store.load()?.results.map(\.gameID), ["k2", "k1"])
    }

    func testAFileWithBadLinesIsMovedAsideBeforeBeingRewritten() throws {
        let bad = StatisticsFileTests.header + "1 won klondike 90 300 k1 Klondike\n1 wn klondike 5 5 k2 Klondike\n"
        try write(bad)
        let recorded = try store.record(gameResult("k3", at: 3))
        XCTAssertEqual(
            recorded.problems.map(\.description), [store.path + ":4:3: result 'wn' is not 'won' or 'lost'"])
        XCTAssertEqual(recorded.movedAside, store.path + ".bad")
        XCTAssertEqual(recorded.notice, "Statistics had bad lines; the old file is kept as \(store.path).bad")
        XCTAssertEqual(try AtomicFile.readText(store.path + ".bad"), bad, "the old file is kept whole")
        XCTAssertEqual(
            try contents(),
            StatisticsFileTests.header + "1 won klondike 90 300 k1 Klondike\n3 won klondike 100 200 k3 Klondike\n")

        // Again and again: the next free name.
        for expected in [".bad.1", ".bad.2"] {
            try write("garbage\n")
            XCTAssertEqual(try store.record(gameResult("k4", at: 4)).movedAside, store.path + expected)
            XCTAssertEqual(try AtomicFile.readText(store.path + expected), "garbage\n")
        }
        XCTAssertEqual(
            try TemporaryFolder.entries(folder + "/cardtable"),
            ["statistics", "statistics.bad", "statistics.bad.1", "statistics.bad.2", "statistics.lock"])
        XCTAssertEqual(try store.load()?.problems, [])
    }

    func testAFileFromANewerVersionIsNeverOverwritten() throws {
        let future = "cardtable statistics 2\nwhatever version 2 writes\n"
        try write(future)
        XCTAssertThrowsError(try store.record(gameResult("k1"))) { error in
            XCTAssertEqual(
                "\(error)",
                store.path + ": statistics version 2 is from a newer cardtable (this one reads version 1); "
                    + "the file is left as it is")
        }
        XCTAssertThrowsError(try store.load())
        XCTAssertEqual(try contents(), future)
        XCTAssertEqual(try TemporaryFolder.entries(folder + "/cardtable"), ["statistics", "statistics.lock"])
    }

    func testAFileOverTheSizeLimitIsRefused() throws {
        let big = StatisticsFileTests.header + String(repeating: "# padding\n", count: (16 << 20) / 10 + 1)
        try write(big)
        XCTAssertThrowsError(try store.record(gameResult("k1"))) { error in
            XCTAssertEqual(
                "\(error)",
                store.path + ": the file is \(big.utf8.count) bytes, larger than the 16777216 bytes (16 MB) "
                    + "the statistics file may be")
        }
        XCTAssertEqual(try contents()?.utf8.count, big.utf8.count, "left as it is")
    }

    func testAResultWithoutIDOrVariantIsRefused() {
        XCTAssertThrowsError(try store.record(gameResult(""))) { error in
            XCTAssertEqual("\(error)", store.path + ": a result needs a game ID and a variant")
        }
        XCTAssertThrowsError(try store.record(gameResult("k1", variant: "")))
        XCTAssertThrowsError(try store.record(gameResult(String(repeating: "x", count: 5000)))) { error in
            XCTAssertEqual(
                "\(error)",
                store.path + ": the result of game '\(String(repeating: "x", count: 40))' is too long to keep")
        }
    }

    /// Four processes (this one and three forked children) record 50 games each, plus the same
    /// five shared games over and over, all at once: every game is in the file exactly once.
    func testProcessesRecordingAtOnceKeepEveryResultExactlyOnce() throws {
        let store = self.store
        let perProcess = 50
        let shared = 5
        func result(process: Int, _ n: Int) -> GameResult {
            gameResult("p\(process)-\(n)", won: n % 3 != 0, moves: n, at: Int64(n))
        }
        func sharedResult(process: Int, _ n: Int) -> GameResult {
            gameResult(
                "shared-\(n % shared)", won: process % 2 == 0, variant: "freecell", title: "FreeCell", at: Int64(n))
        }
        // Everything the children run has run once here, before they are forked.
        try store.record(gameResult("warm-up"))

        var children: [pid_t] = []
        for process in 1...3 {
            let pid = fork()
            XCTAssertGreaterThanOrEqual(pid, 0, "fork")
            if pid == 0 {
                alarm(120)  // a child that hangs dies rather than hanging the tests
                var failed = false
                for n in 0..<perProcess {
                    do {
                        try store.record(result(process: process, n))
                        try store.record(sharedResult(process: process, n))
                    } catch {
                        failed = true
                    }
                }
                _exit(failed ? 1 : 0)
            }
            children.append(pid)
        }
        for n in 0..<perProcess {
            try store.record(result(process: 0, n))
            try store.record(sharedResult(process: 0, n))
        }
        for pid in children {
            var status: Int32 = 0
            XCTAssertEqual(waitpid(pid, &status, 0), pid)
            XCTAssertEqual(status & 0x7F, 0, "child \(pid) ended by signal \(status & 0x7F)")
            XCTAssertEqual((status >> 8) & 0xFF, 0, "child \(pid) failed to record")
        }

        let file = try XCTUnwrap(try store.load())
        XCTAssertEqual(file.problems, [])
        let expected =
            Set((0...3).flatMap { process in (0..<perProcess).map { "p\(process)-\($0)" } })
            .union((0..<shared).map { "shared-\($0)" }).union(["warm-up"])
        XCTAssertEqual(file.results.count, expected.count, "each game once")
        let missing = expected.subtracting(file.results.map(\.gameID))
        XCTAssertTrue(missing.isEmpty, "\(missing.count) games lost, such as \(missing.sorted().prefix(5))")
        for process in 0...3 {
            let mine = file.results.filter { $0.gameID.hasPrefix("p\(process)-") }
            XCTAssertTrue(
                mine == (0..<perProcess).map { result(process: process, $0) },
                "process \(process)'s results, whole and in the order recorded")
        }
        let statistics = file.statistics
        XCTAssertEqual(statistics["klondike"]?.played, 4 * perProcess + 1)
        XCTAssertEqual(statistics["freecell"]?.played, shared)
    }
}
