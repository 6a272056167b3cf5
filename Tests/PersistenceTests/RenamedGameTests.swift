import Layouts
import TestSupport
import XCTest

@testable import Persistence

/// A shipped game renamed (Thoughtful is Saratoga now) keeps what the player had under its
/// old name: the save resumes under the new name and moves to its file, and the statistics
/// count as the game's.
final class RenamedGameTests: XCTestCase {
    var folder = ""
    var folders: XDGDirectories {
        XDGDirectories(state: folder + "/state", data: folder + "/data", config: folder + "/config")
    }
    var saves: String { folder + "/state/saves" }

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func testTheOldNameFindsTheGame() throws {
        XCTAssertEqual(ShippedLayouts.currentName(of: "thoughtful"), "saratoga")
        XCTAssertEqual(ShippedLayouts.currentName(of: "klondike"), "klondike")
        XCTAssertEqual(ShippedLayouts.layout(named: "thoughtful")?.name, "saratoga")
        XCTAssertEqual(ShippedLayouts.load(named: "thoughtful")?.layout?.title, "Saratoga")
        XCTAssertFalse(ShippedLayouts.names.contains("thoughtful"), "listed once, under its new name")
        for (old, new) in ShippedLayouts.formerNames {
            XCTAssertFalse(ShippedLayouts.names.contains(old), "\(old) is no game of its own")
            XCTAssertNotNil(ShippedLayouts.source(named: new), "\(old) was renamed to a shipped game")
        }
    }

    func testASaveUnderTheOldNameResumesUnderTheNewAndMovesToItsFile() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "saratoga"))
        var game = PlayedGames.play(layout, deal: 4, moves: 6)
        game.variant = "thoughtful"
        game.layout = "thoughtful"
        game.title = "Thoughtful"
        try FileManager.default.createDirectory(atPath: saves, withIntermediateDirectories: true)
        try AtomicFile.write(game.encoded(), to: saves + "/thoughtful-\(game.id).save")
        FileManager.default.createFile(atPath: saves + "/thoughtful-\(game.id).lock", contents: nil)

        let keeper = FileGameKeeper(folders: folders) { ShippedLayouts.layout(named: $0) }
        let resumed = try XCTUnwrap(keeper.resume(variant: "saratoga", layout: layout), "offered under its new name")
        XCTAssertEqual(resumed.saved.variant, "saratoga")
        XCTAssertEqual(resumed.saved.history, game.history)
        XCTAssertEqual(
            try TemporaryFolder.entries(saves).filter { $0.hasSuffix(".save") }, ["saratoga-\(game.id).save"],
            "the file took the new name, and no second copy is left to be offered again")
        XCTAssertFalse(FileManager.default.fileExists(atPath: saves + "/thoughtful-\(game.id).lock"))
    }

    func testASaveUnderTheOldNameStaysWhenTheNewNameIsTaken() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "saratoga"))
        var game = PlayedGames.play(layout, deal: 4, moves: 6)
        game.variant = "thoughtful"
        let store = SaveStore(folder: saves)
        try FileManager.default.createDirectory(atPath: saves, withIntermediateDirectories: true)
        try AtomicFile.write(game.encoded(), to: saves + "/thoughtful-\(game.id).save")
        try AtomicFile.write("taken", to: saves + "/saratoga-\(game.id).save")
        let paths = store.entries().map(\.path).sorted()
        XCTAssertEqual(paths, [saves + "/saratoga-\(game.id).save", saves + "/thoughtful-\(game.id).save"])
    }

    func testResultsUnderTheOldNameCountAsTheGames() throws {
        let text =
            StatisticsFileTests.header
            + "1763700000 won thoughtful 90 200.000 t-1 Thoughtful\n"
            + "1763700100 lost saratoga 40 100.000 t-2 Saratoga\n"
        let file = try StatisticsFile.parse(Array(text.utf8), path: "statistics")
        XCTAssertEqual(file.problems.map(\.description), [])
        XCTAssertEqual(file.results.map(\.variant), ["saratoga", "saratoga"])
        let figures = try XCTUnwrap(VariantStatistics.byVariant(file.results)["saratoga"])
        XCTAssertEqual(figures.played, 2)
        XCTAssertEqual(figures.won, 1)
    }
}
