import Foundation
import TestSupport
import XCTest

/// `cardtable stats NAME` for a game of the player's own (one `cardtable copy` made, which
/// `cardtable play NAME` plays): before its first game it has no statistics yet, which is not a
/// mistake in the name.
final class StatsCommandTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func testTheGamesOfThePlayersOwnHaveNoStatisticsYetRatherThanNoName() throws {
        let copied = try runCardtable(["copy", "klondike", "mine"], in: folder)
        XCTAssertEqual(copied.status, 0, copied.errors)
        let layout = try String(contentsOfFile: folder + "/config/cardtable/layouts/mine.toml", encoding: .utf8)
        let title = try XCTUnwrap(
            layout.split(separator: "\n").first { $0.hasPrefix("title = ") }?.split(separator: "\"").dropFirst().first)
        // A file planted in the current folder is not the game of that name.
        try "name = \"mine\"\ntitle = \"Planted\"\n".write(toFile: folder + "/mine", atomically: false, encoding: .utf8)

        let run = try runCardtable(["stats", "mine"], in: folder)
        XCTAssertEqual(run.errors, "")
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.output, "No games of \(title) played yet.\n")

        let unknown = try runCardtable(["stats", "yours"], in: folder)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(
            unknown.errors.contains("'yours' is not a game (shipped or in your layouts folder)"), unknown.errors)
    }
}
