import Foundation
import Layouts
import Solitaire
import TestSupport
import XCTest

@testable import Persistence

#if canImport(Glibc)
    import Glibc
#endif

/// Every file the program writes (saves, statistics, settings, a designed layout, a copy, its
/// locks) goes through ``AtomicFile`` or ``FileLock``, and none is written through what another
/// user could have planted where it writes: a symbolic link to a file of the player's (which
/// would be replaced or truncated), a file of someone else's, a temporary file's name taken in
/// advance. Each is refused by path and why, and the player's file is left as it was.
final class PlantedFileTests: XCTestCase {
    var folder = ""
    /// The player's own file, which a planted link points at.
    var precious: String { folder + "/precious" }

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make()
        try "the player's own\n".write(toFile: precious, atomically: false, encoding: .utf8)
    }

    override func tearDown() { TemporaryFolder.remove(folder) }

    func preciousIsUntouched(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try AtomicFile.readText(precious), "the player's own\n", file: file, line: line)
    }

    func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    static let linkReason =
        "is a symbolic link: not written through (another user may have put it there); give the path of the file itself"

    func testAFileIsNotWrittenThroughASymbolicLink() throws {
        let link = folder + "/x"
        XCTAssertEqual(symlink(precious, link), 0)
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: link)) {
            XCTAssertEqual("\($0)", "\(link): \(Self.linkReason)")
        }
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: link, keepingPermissions: true))
        preciousIsUntouched()
        XCTAssertEqual(kind(link), S_IFLNK, "the link is left as it was")
        // One that leads nowhere yet: nothing is made at its end.
        let dangling = folder + "/y"
        XCTAssertEqual(symlink(folder + "/made", dangling), 0)
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: dangling))
        XCTAssertEqual(kind(folder + "/made"), 0)
        XCTAssertEqual(try TemporaryFolder.entries(folder), ["precious", "x", "y"], "no temporary file is left")
    }

    func testATemporaryNameTakenInAdvanceIsPassedOver() throws {
        let path = folder + "/statistics"
        // The next temporary file's name, as a link to the player's file.
        let planted = "\(path).tmp-\(getpid())-\(AtomicFile.counter + 1)"
        XCTAssertEqual(symlink(precious, planted), 0)
        try AtomicFile.write("figures\n", to: path)
        XCTAssertEqual(try AtomicFile.readText(path), "figures\n")
        preciousIsUntouched()
        XCTAssertEqual(kind(planted), S_IFLNK)
    }

    func testAFileOfAnotherUsersIsNotReplaced() throws {
        let theirs = folder + "/theirs"
        try "theirs\n".write(toFile: theirs, atomically: false, encoding: .utf8)
        guard chown(theirs, 4242, 4242) == 0 else { throw XCTSkip("only root can give a file to another user") }
        XCTAssertThrowsError(try AtomicFile.write("mine\n", to: theirs)) {
            XCTAssertEqual("\($0)", "\(theirs): belongs to another user (uid 4242): not written")
        }
        XCTAssertEqual(try AtomicFile.readText(theirs), "theirs\n")
    }

    func testALockIsNotTakenThroughALink() throws {
        let lock = folder + "/statistics.lock"
        XCTAssertEqual(symlink(precious, lock), 0)
        XCTAssertThrowsError(try FileLock.acquire(lock)) {
            XCTAssertEqual("\($0)", "\(lock): is a symbolic link: not opened (another user may have put it there)")
        }
        preciousIsUntouched()
    }

    func testTheSettingsAndTheStatisticsRefuseALinkInTheirPlace() throws {
        // Links to files of the player's that read as settings and as statistics.
        let ownSettings = folder + "/own.toml"
        try "autoplay = \"off\"\n".write(toFile: ownSettings, atomically: false, encoding: .utf8)
        let settings = folder + "/config.toml"
        XCTAssertEqual(symlink(ownSettings, settings), 0)
        XCTAssertThrowsError(try SettingsFile.update(settings) { $0.autoplay = .all }) {
            XCTAssertEqual("\($0)", "\(settings): \(Self.linkReason)")
        }
        XCTAssertEqual(try AtomicFile.readText(ownSettings), "autoplay = \"off\"\n")

        let ownFigures = folder + "/own-statistics"
        try AtomicFile.write(StatisticsFile().text, to: ownFigures)
        let store = StatisticsStore(folder: folder + "/data")
        try AtomicFile.makeFolder(store.folder)
        XCTAssertEqual(symlink(ownFigures, store.path), 0)
        let result = GameResult(
            gameID: "klondike-1-1", variant: "klondike", title: "Klondike", won: true, moves: 90, seconds: 100,
            endedAt: 1)
        XCTAssertThrowsError(try store.record(result)) {
            XCTAssertEqual("\($0)", "\(store.path): \(Self.linkReason)")
        }
        XCTAssertEqual(try AtomicFile.readText(ownFigures), StatisticsFile().text)
        XCTAssertEqual(kind(store.path), S_IFLNK)
    }
}
