import Layouts
import Solitaire
import TestSupport
import XCTest

@testable import Persistence

final class SaveStoreTests: XCTestCase {
    var folder = ""
    var folders: XDGDirectories {
        XDGDirectories(state: folder + "/state", data: folder + "/data", config: folder + "/config")
    }
    var saves: String { folder + "/state/saves" }
    let layout = PlayedGames.klondike()

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func keeper() -> FileGameKeeper {
        FileGameKeeper(folders: folders) { ShippedLayouts.layout(named: $0) }
    }

    func testAGameIsSavedAfterAMoveAndRemovedWhenWonOrGivenUp() throws {
        let keeper = keeper()
        var game = PlayedGames.play(layout, deal: 3, moves: 5)
        XCTAssertNil(keeper.keep(game))
        let file = "klondike-\(game.id).save"
        XCTAssertEqual(try TemporaryFolder.entries(saves), ["klondike-\(game.id).lock", file])
        XCTAssertEqual(try SavedGame.decode(try XCTUnwrap(AtomicFile.readText(saves + "/" + file)), file: file), game)
        // Restarted: nothing to resume, no save.
        game.history = []
        XCTAssertNil(keeper.keep(game))
        XCTAssertEqual(try TemporaryFolder.entries(saves), [], "and its lock, until the next save")
        XCTAssertNil(keeper.keep(PlayedGames.play(layout, deal: 3, moves: 5)))
        XCTAssertNil(keeper.end(game, won: false, discard: true))
        XCTAssertEqual(try TemporaryFolder.entries(saves), [], "the save and its lock go")
    }

    /// A result the statistics cannot take (a folder in the file's place here; a full file, a
    /// full disk) is said when the game ends and kept for the way out: a quit ends the game
    /// with no status line left to read it, and said nothing at all.
    func testAResultThatCannotBeRecordedIsSaidAgainOnTheWayOut() throws {
        let keeper = keeper()
        XCTAssertEqual(mkdir(folder + "/data", 0o700), 0)
        XCTAssertEqual(mkdir(folder + "/data/statistics", 0o700), 0)
        let game = PlayedGames.play(layout, deal: 3, moves: 5)
        XCTAssertNil(keeper.keep(game))
        XCTAssertNil(keeper.unrecordedProblem)
        let problem = try XCTUnwrap(keeper.end(game, won: false, discard: false))
        XCTAssertEqual(
            problem, "cannot record the statistics: \(folder)/data/statistics: is a directory, not the statistics file")
        XCTAssertEqual(keeper.unrecordedProblem, problem)
        XCTAssertEqual(keeper.takeProblems(), [problem])
        XCTAssertNil(keeper.unsavedProblem, "the game itself is saved")
    }

    /// What is written reads back: a save past the reading limit (a script's stock click that
    /// flips 65,534 cards grew it by 655 KB a click) is not written, the last save that fits
    /// stays, and the player is told why.
    func testASaveTooLargeToReadBackIsNotWritten() throws {
        let keeper = keeper()
        var game = PlayedGames.play(layout, deal: 3, moves: 5)
        XCTAssertNil(keeper.keep(game))
        let file = saves + "/klondike-\(game.id).save"
        let fits = try XCTUnwrap(AtomicFile.readText(file))
        let flips = MoveRecord(
            move: .stock(0), steps: Array(repeating: Step(from: 0, to: 1, count: 1, flip: true), count: 65_534))
        game.undone = Array(repeating: flips, count: 30)
        XCTAssertGreaterThan(game.encoded().utf8.count, SaveStore.sizeLimit)
        let problem = try XCTUnwrap(keeper.keep(game))
        XCTAssertTrue(problem.contains("more than the 16 MB a save may be"), problem)
        XCTAssertEqual(try AtomicFile.readText(file), fits, "the last save that fits stays")
        guard case .success = SaveStore.read(file) else { return XCTFail("the save on disk reads back") }
    }

    /// A line feed in a one-line field (a layout played from a path with one, and named after
    /// it) would end its line early and the save would not read back (it was moved aside as
    /// .bad at the next start): it is not written, and the player is told why.
    func testASaveWithALineFeedInAFieldIsNotWritten() throws {
        let keeper = keeper()
        var game = PlayedGames.play(layout, deal: 3, moves: 5)
        game.layout = "/tmp/a\nb.toml"
        let problem = try XCTUnwrap(keeper.keep(game))
        XCTAssertTrue(problem.contains("the layout's path holds a line feed, which a save cannot keep"), problem)
        XCTAssertEqual(((try? TemporaryFolder.entries(saves)) ?? []).filter { $0.hasSuffix(".save") }, [])
    }

    /// An option's name is one word in its `option NAME VALUE` line: `my label` read back as
    /// option `my`, and the game did not resume ("no option 'my'"). Such a save is not written.
    func testASaveWithAnOptionNameThatIsNotOneWordIsNotWritten() throws {
        let keeper = keeper()
        var game = PlayedGames.play(layout, deal: 3, moves: 5)
        game.options = ["draw": "3", "my label": "hi"]
        let problem = try XCTUnwrap(keeper.keep(game))
        XCTAssertTrue(problem.contains("the option 'my label' is not one word, which a save cannot keep"), problem)
        game.options = ["": "hi"]
        XCTAssertNotNil(keeper.keep(game))
        XCTAssertEqual(((try? TemporaryFolder.entries(saves)) ?? []).filter { $0.hasSuffix(".save") }, [])
        game.options = ["draw": "3", "label": "a b"]
        XCTAssertNil(keeper.keep(game))
        let read = try SavedGame.decode(game.encoded(), file: "k.save")
        XCTAssertEqual(read.options, game.options)
    }

    func testAGameHeldByOneProcessIsNotOfferedToAnother() throws {
        // flock locks belong to an open file: a second keeper is another process as far as
        // the locks go.
        let first = keeper()
        let game = PlayedGames.play(layout, deal: 3, moves: 5)
        XCTAssertNil(first.keep(game))
        let second = keeper()
        XCTAssertNil(second.resume(variant: "klondike", layout: layout))
        XCTAssertEqual(second.savedGames(), [])
        XCTAssertEqual(
            second.keep(game), "cannot save: \(saves)/klondike-\(game.id).save: another CardTable is playing this game")
        first.leave(game)
        let resumed = try XCTUnwrap(second.resume(variant: "klondike", layout: layout))
        XCTAssertEqual(resumed.saved, game)
        XCTAssertNil(first.resume(variant: "klondike", layout: layout), "now the second one holds it")
        XCTAssertEqual(second.takeProblems(), [])
    }

    func testTheNewestSaveOfTheVariantIsOffered() throws {
        let older = PlayedGames.play(layout, deal: 3, moves: 5)
        var newer = PlayedGames.play(layout, deal: 4, moves: 6)
        newer.id = "00000000000000bb"
        let one = keeper()
        XCTAssertNil(one.keep(older))
        one.leave(older)
        XCTAssertNil(one.keep(newer))
        one.leave(newer)
        // Make the order certain whatever the clock's resolution.
        var times = [timespec(tv_sec: 1000, tv_nsec: 0), timespec(tv_sec: 1000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, saves + "/klondike-\(older.id).save", &times, 0), 0)
        XCTAssertEqual(try XCTUnwrap(keeper().resume(variant: "klondike", layout: layout)).saved.id, newer.id)
        XCTAssertEqual(keeper().savedGames().map(\.id), [newer.id, older.id])
        XCTAssertNil(keeper().resume(variant: "freecell", layout: ShippedLayouts.layout(named: "freecell")!))
    }

    /// Each bad file: a one-line message, the file moved aside (never deleted), and no game offered.
    func testBadSavesAreMovedAsideWithAMessage() throws {
        let good = PlayedGames.play(layout, deal: 3, moves: 5).encoded()
        try AtomicFile.makeFolder(saves)
        let files: [(String, String)] = [
            ("klondike-truncated.save", String(good.prefix(100))),
            ("klondike-corrupt.save", good.replacingOccurrences(of: "deal 3", with: "deal 4")),
        ]
        for (name, text) in files { try AtomicFile.write(text, to: saves + "/" + name) }
        // A lock file left by the process that played it.
        XCTAssertTrue(FileManager.default.createFile(atPath: saves + "/klondike-truncated.lock", contents: nil))
        // Unreadable whoever runs the test (root reads any file): a folder, and a link to nothing.
        try AtomicFile.makeFolder(saves + "/klondike-folder.save")
        XCTAssertEqual(symlink(folder + "/nowhere", saves + "/klondike-dangling.save"), 0)
        // An illegal move: a good file for another deal's moves.
        var illegal = PlayedGames.play(layout, deal: 3, moves: 30)
        illegal.start = .deal(4)
        illegal.id = "00000000000000cc"
        try AtomicFile.write(illegal.encoded(), to: saves + "/klondike-illegal.save")
        let keeper = keeper()
        XCTAssertNil(keeper.resume(variant: "klondike", layout: layout))
        let problems = keeper.takeProblems().sorted()
        XCTAssertEqual(problems.count, 5, "\(problems)")
        let expected = [
            "\(saves)/klondike-corrupt.save:\(good.split(separator: "\n").count): checksum does not match: the file is damaged; kept as klondike-corrupt.save.bad, a new game starts",
            "\(saves)/klondike-dangling.save: cannot be read: a link to nothing; kept as klondike-dangling.save.bad, a new game starts",
            "\(saves)/klondike-folder.save: cannot be read: not a plain file; kept as klondike-folder.save.bad, a new game starts",
            "\(saves)/klondike-truncated.save: cut short (no checksum at the end); kept as klondike-truncated.save.bad, a new game starts",
        ]
        for line in expected { XCTAssert(problems.contains(line), "missing: \(line)\nin \(problems)") }
        XCTAssert(
            problems.contains {
                $0.hasPrefix("\(saves)/klondike-illegal.save: move ")
                    && $0.contains("kept as klondike-illegal.save.bad")
            },
            "\(problems)")
        // Their lock files go with them (one was left behind for every save moved aside).
        XCTAssertEqual(
            try TemporaryFolder.entries(saves),
            [
                "klondike-corrupt.save.bad", "klondike-dangling.save.bad", "klondike-folder.save.bad",
                "klondike-illegal.save.bad", "klondike-truncated.save.bad",
            ])
    }

    /// A save of a later CardTable's is not this one's to move or replace: it is left as it is,
    /// said once (naming the file and its format), no game is resumed from it, and a game whose
    /// file would be its name does not write over it.
    func testASaveFromALaterVersionIsLeftAsItIsAndNeverWrittenOver() throws {
        try AtomicFile.makeFolder(saves)
        let later = "cardtable-save 9\nid 00000000000000dd\nwhat a later CardTable writes\n"
        let path = saves + "/klondike-00000000000000dd.save"
        try AtomicFile.write(later, to: path)
        let keeper = keeper()
        XCTAssertNil(keeper.resume(variant: "klondike", layout: layout))
        XCTAssertEqual(keeper.savedGames(), [])
        XCTAssertNil(keeper.resume(variant: "klondike", layout: layout))
        XCTAssertEqual(
            keeper.takeProblems(),
            [
                "\(path):1: saved by a later CardTable (format 9; this one reads 1); left as it is for that CardTable, a new game starts"
            ], "said once")
        var game = PlayedGames.play(layout, deal: 3, moves: 5)
        game.id = "00000000000000dd"
        XCTAssertEqual(
            keeper.keep(game), "cannot save: \(path): holds a game saved by a later CardTable: not written over")
        XCTAssertEqual(
            try TemporaryFolder.entries(saves).filter { !$0.hasSuffix(".lock") }, ["klondike-00000000000000dd.save"])
        XCTAssertEqual(try AtomicFile.readText(path), later)
    }

    func testASaveForAGameThatNoLongerExistsIsMovedAside() throws {
        var game = PlayedGames.play(layout, deal: 3, moves: 5)
        game.layout = "/home/ann/gone.toml"
        game.variant = "gone"
        try AtomicFile.write(game.encoded(), to: saves + "/gone-\(game.id).save")
        try AtomicFile.write("first", to: saves + "/gone-\(game.id).save.bad")
        let keeper = keeper()
        XCTAssertEqual(keeper.savedGames(), [])
        XCTAssertEqual(
            keeper.takeProblems(),
            [
                "\(saves)/gone-\(game.id).save: no game '/home/ann/gone.toml' any more; kept as gone-\(game.id).save.bad.2, a new game starts"
            ])
        XCTAssertEqual(
            try AtomicFile.readText(saves + "/gone-\(game.id).save.bad"), "first", "an earlier bad file is kept too")
    }

    func testAVariantWhoseRulesChangedResumesWithANote() throws {
        var game = PlayedGames.play(layout, deal: 3, moves: 5)
        game.fingerprint = "0000000000000000"
        XCTAssertNil(keeper().keep(game))
        let keeper = keeper()
        XCTAssertNotNil(keeper.resume(variant: "klondike", layout: layout))
        XCTAssertEqual(
            keeper.takeProblems(), ["Klondike's rules changed since this game was saved; it replays under them"])
    }
}
