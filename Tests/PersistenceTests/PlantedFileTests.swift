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
/// user could have planted where it writes: a symbolic link of theirs to a file of the player's
/// (which would be replaced or truncated), a file of someone else's, a temporary file's name
/// taken in advance. Each is refused by path and why, and the player's file is left as it was.
/// A link of the player's own (GNU stow's dotfiles) leading to a file of the player's is written
/// through, and stays a link.
///
/// Another user's link or file needs root to make (`lchown`); those cases are skipped otherwise.
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

    /// Gives `path` (not what it leads to) to another user; only root can.
    func giveAway(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard lchown(path, 4242, 4242) == 0 else { throw XCTSkip("only root can give a file to another user") }
    }

    func linkText(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }

    static let othersLinkWords =
        "a symbolic link that belongs to another user (uid 4242): not written through (another user may have put it "
        + "there); give the path of the file itself"
    static let othersLink = "is " + othersLinkWords

    func testThePlayersOwnLinkIsWrittenThroughAndStaysALink() throws {
        XCTAssertEqual(chmod(precious, 0o640), 0)
        let link = folder + "/config.toml"
        XCTAssertEqual(symlink(precious, link), 0)
        try AtomicFile.write("new\n", to: link, keepingPermissions: true)
        XCTAssertEqual(try AtomicFile.readText(precious), "new\n", "the file the link leads to is replaced")
        XCTAssertEqual(kind(link), S_IFLNK, "the link stays a link")
        XCTAssertEqual(linkText(link), precious)
        var status = stat()
        XCTAssertEqual(stat(precious, &status), 0)
        XCTAssertEqual(status.st_mode & 0o7777, 0o640, "the permissions of the file the link leads to are kept")

        // As stow makes them: relative, through a link of a link, into another folder.
        try AtomicFile.makeFolder(folder + "/dotfiles/cardtable")
        let kept = folder + "/dotfiles/cardtable/config.toml"
        try "kept\n".write(toFile: kept, atomically: false, encoding: .utf8)
        try AtomicFile.makeFolder(folder + "/config")
        let stowed = folder + "/config/config.toml"
        XCTAssertEqual(symlink("../dotfiles/cardtable/config.toml", stowed), 0)
        let second = folder + "/config/second.toml"
        XCTAssertEqual(symlink("config.toml", second), 0)
        try AtomicFile.write("through two\n", to: second)
        XCTAssertEqual(try AtomicFile.readText(kept), "through two\n")
        XCTAssertEqual(kind(stowed), S_IFLNK)
        XCTAssertEqual(kind(second), S_IFLNK)
        XCTAssertEqual(try TemporaryFolder.entries(folder + "/dotfiles/cardtable"), ["config.toml"])
        XCTAssertEqual(try TemporaryFolder.entries(folder + "/config"), ["config.toml", "second.toml"])
        XCTAssertEqual(
            try TemporaryFolder.entries(folder), ["config", "config.toml", "dotfiles", "precious"],
            "no temporary file is left")

        // One that leads nowhere yet, into a folder of the player's: the file is made at its end.
        let dangling = folder + "/y"
        XCTAssertEqual(symlink(folder + "/dotfiles/made", dangling), 0)
        try AtomicFile.write("made\n", to: dangling)
        XCTAssertEqual(try AtomicFile.readText(folder + "/dotfiles/made"), "made\n")
        XCTAssertEqual(kind(dangling), S_IFLNK)

        // A lock through the player's link is the file it leads to.
        let lock = folder + "/statistics.lock"
        XCTAssertEqual(symlink(folder + "/dotfiles/lock", lock), 0)
        try FileLock.withLock(lock) {}
        XCTAssertEqual(kind(folder + "/dotfiles/lock"), S_IFREG)
        XCTAssertEqual(kind(lock), S_IFLNK)
    }

    func testThePlayersOwnLinkToWhatIsNotTheirFileIsRefused() throws {
        // Leading nowhere, into no folder: no folder is made at a link's end.
        let nowhere = folder + "/nowhere"
        XCTAssertEqual(symlink(folder + "/missing/made", nowhere), 0)
        XCTAssertThrowsError(try AtomicFile.write("x\n", to: nowhere)) {
            XCTAssertEqual(
                "\($0)", "\(nowhere): is a symbolic link to \(folder)/missing/made, whose folder does not exist")
        }
        XCTAssertEqual(kind(folder + "/missing"), 0)
        // A folder, a device, a loop.
        let toFolder = folder + "/to-folder"
        XCTAssertEqual(symlink(folder, toFolder), 0)
        XCTAssertThrowsError(try AtomicFile.write("x\n", to: toFolder)) {
            XCTAssertEqual("\($0)", "\(toFolder): is a symbolic link to \(folder), which is a directory")
        }
        let toDevice = folder + "/to-device"
        XCTAssertEqual(symlink("/dev/null", toDevice), 0)
        XCTAssertThrowsError(try AtomicFile.write("x\n", to: toDevice)) {
            XCTAssertEqual(
                "\($0)",
                "\(toDevice): is a symbolic link to /dev/null, which is not a regular file (a character device)")
        }
        let loop = folder + "/loop"
        XCTAssertEqual(symlink("loop", loop), 0)
        XCTAssertThrowsError(try AtomicFile.write("x\n", to: loop)) {
            XCTAssertEqual("\($0)", "\(loop): too many levels of symbolic links")
        }
        XCTAssertEqual(kind(loop), S_IFLNK)

        // Another user's file, or nothing yet in another user's folder.
        let theirs = folder + "/theirs"
        try "theirs\n".write(toFile: theirs, atomically: false, encoding: .utf8)
        try giveAway(theirs)
        let toTheirs = folder + "/to-theirs"
        XCTAssertEqual(symlink(theirs, toTheirs), 0)
        XCTAssertThrowsError(try AtomicFile.write("x\n", to: toTheirs)) {
            XCTAssertEqual(
                "\($0)",
                "\(toTheirs): is a symbolic link to \(theirs), which belongs to another user (uid 4242): not written")
        }
        XCTAssertEqual(try AtomicFile.readText(theirs), "theirs\n")
        try AtomicFile.makeFolder(folder + "/their-folder")
        try giveAway(folder + "/their-folder")
        let intoTheirs = folder + "/into-theirs"
        XCTAssertEqual(symlink(folder + "/their-folder/made", intoTheirs), 0)
        XCTAssertThrowsError(try AtomicFile.write("x\n", to: intoTheirs)) {
            XCTAssertEqual(
                "\($0)",
                "\(intoTheirs): is a symbolic link to \(folder)/their-folder/made, which does not exist, in a folder "
                    + "of another user's (uid 4242): not made there")
        }
        XCTAssertEqual(try TemporaryFolder.entries(folder + "/their-folder"), [])
    }

    func testAnotherUsersLinkIsNotWrittenThrough() throws {
        let link = folder + "/x"
        XCTAssertEqual(symlink(precious, link), 0)
        try giveAway(link)
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: link)) {
            XCTAssertEqual("\($0)", "\(link): \(Self.othersLink)")
        }
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: link, keepingPermissions: true))
        preciousIsUntouched()
        XCTAssertEqual(kind(link), S_IFLNK, "the link is left as it was")
        // One that leads nowhere yet: nothing is made at its end.
        let dangling = folder + "/y"
        XCTAssertEqual(symlink(folder + "/made", dangling), 0)
        try giveAway(dangling)
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: dangling))
        XCTAssertEqual(kind(folder + "/made"), 0)
        // The player's own link, leading through another user's: refused all the same.
        let own = folder + "/own"
        XCTAssertEqual(symlink(link, own), 0)
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: own)) {
            XCTAssertEqual("\($0)", "\(own): leads through \(link), \(Self.othersLinkWords)")
        }
        preciousIsUntouched()
        XCTAssertEqual(try TemporaryFolder.entries(folder), ["own", "precious", "x", "y"], "no temporary file is left")
    }

    /// A folder on the way that is another user's link (`/tmp/figures` -> the player's folder)
    /// leads into the player's files as surely as a link at the end: the path is refused whole.
    /// A folder link of the player's own (a stowed `~/.config`) is followed, as one at the end is.
    func testAnotherUsersFolderLinkOnTheWayIsNotWrittenThrough() throws {
        let shared = folder + "/shared"
        XCTAssertEqual(symlink(folder, shared), 0)
        let ownWay = shared + "/new-file"
        try AtomicFile.write("through the player's folder link\n", to: ownWay)
        XCTAssertEqual(try AtomicFile.readText(folder + "/new-file"), "through the player's folder link\n")

        try giveAway(shared)
        let planted = shared + "/precious"
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: planted)) {
            XCTAssertEqual("\($0)", "\(planted): leads through \(shared), \(Self.othersLinkWords)")
        }
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: shared + "/made"))
        XCTAssertThrowsError(try FileLock.acquire(shared + "/precious.lock"))
        preciousIsUntouched()
        XCTAssertEqual(kind(folder + "/made"), 0, "nothing is made through it")
        XCTAssertEqual(kind(folder + "/precious.lock"), 0, "no lock is made through it")
        // Nor a folder (`cardtable copy --to /tmp/shared/sub` made `sub` in the player's folder).
        XCTAssertThrowsError(try AtomicFile.makeFolder(shared + "/sub")) {
            XCTAssertEqual("\($0)", "\(shared)/sub: leads through \(shared), \(Self.othersLinkWords)")
        }
        XCTAssertEqual(kind(folder + "/sub"), 0, "no folder is made through it")
        // Deeper on the way, and through the player's own link to it: refused all the same.
        try AtomicFile.makeFolder(folder + "/inner")
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: shared + "/inner/file"))
        let own = folder + "/own-way"
        XCTAssertEqual(symlink(shared, own), 0)
        XCTAssertThrowsError(try AtomicFile.write("planted\n", to: own + "/precious"))
        preciousIsUntouched()
        XCTAssertEqual(kind(folder + "/inner/file"), 0)
    }

    /// The race a check by path leaves open: a folder on the way, looked at and found to be the
    /// player's, swapped for another user's link to the player's folder before the write. The
    /// file goes in the folder that was looked at (held open since), never through the link.
    func testAFolderSwappedForALinkAfterItWasLookedAtIsNotWrittenThrough() throws {
        let shared = folder + "/shared"
        try AtomicFile.makeFolder(shared)
        var swapped = false
        AtomicFile.betweenFindingAndWriting = { [folder] in
            // What another user can do in /tmp: move the folder away, put a link in its place.
            swapped = rename(shared, folder + "/moved") == 0 && symlink(folder, shared) == 0
            _ = lchown(shared, 4242, 4242)
        }
        defer { AtomicFile.betweenFindingAndWriting = nil }
        try AtomicFile.write("planted\n", to: shared + "/precious")
        XCTAssertTrue(swapped)
        preciousIsUntouched()
        XCTAssertEqual(kind(shared), S_IFLNK)
        XCTAssertEqual(
            try AtomicFile.readText(folder + "/moved/precious"), "planted\n", "written where it was looked at")
        XCTAssertEqual(try TemporaryFolder.entries(folder + "/moved"), ["precious"], "no temporary file is left")
    }

    /// `cardtable copy` never writes over a file: it looked, then renamed over the name, so a
    /// file that came there between (an editor's, another copy's) was replaced. Without
    /// `replacing`, the new file is linked into place, which fails for a name that is taken.
    func testAWriteThatMayNotReplaceLeavesAFileThatCameMeanwhile() throws {
        let path = folder + "/mine.toml"
        AtomicFile.betweenFindingAndWriting = {
            AtomicFile.betweenFindingAndWriting = nil  // the editor's own write runs no hook
            _ = try? AtomicFile.write("the editor's\n", to: path)
        }
        defer { AtomicFile.betweenFindingAndWriting = nil }
        XCTAssertThrowsError(try AtomicFile.write("the copy\n", to: path, replacing: false)) { error in
            XCTAssertEqual(error as? FileError, FileError(path: path, reason: AtomicFile.existsAlready))
        }
        XCTAssertEqual(try AtomicFile.readText(path), "the editor's\n")
        XCTAssertEqual(try TemporaryFolder.entries(folder).filter { $0.hasPrefix("mine") }, ["mine.toml"])
        XCTAssertThrowsError(try AtomicFile.write("the copy\n", to: path, replacing: false), "there before")
        let new = folder + "/new.toml"
        try AtomicFile.write("the copy\n", to: new, replacing: false)
        XCTAssertEqual(try AtomicFile.readText(new), "the copy\n")
        XCTAssertEqual(try TemporaryFolder.entries(folder).filter { $0.hasPrefix("new") }, ["new.toml"])
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
        try giveAway(theirs)
        XCTAssertThrowsError(try AtomicFile.write("mine\n", to: theirs)) {
            XCTAssertEqual("\($0)", "\(theirs): belongs to another user (uid 4242): not written")
        }
        XCTAssertEqual(try AtomicFile.readText(theirs), "theirs\n")
    }

    func testALockIsNotTakenThroughAnotherUsersLink() throws {
        let lock = folder + "/statistics.lock"
        XCTAssertEqual(symlink(precious, lock), 0)
        try giveAway(lock)
        XCTAssertThrowsError(try FileLock.acquire(lock)) {
            XCTAssertEqual("\($0)", "\(lock): \(Self.othersLink)")
        }
        preciousIsUntouched()
    }

    func testTheSettingsAndTheStatisticsFollowOnlyThePlayersOwnLink() throws {
        // Links to files of the player's that read as settings and as statistics.
        let ownSettings = folder + "/own.toml"
        try "autoplay = \"off\"\n".write(toFile: ownSettings, atomically: false, encoding: .utf8)
        let settings = folder + "/config.toml"
        XCTAssertEqual(symlink(ownSettings, settings), 0)
        try SettingsFile.update(settings) { $0.autoplay = .all }
        XCTAssertEqual(kind(settings), S_IFLNK, "the player's link stays a link")
        XCTAssertNotEqual(try AtomicFile.readText(ownSettings), "autoplay = \"off\"\n", "written through it")
        let written = try AtomicFile.readText(ownSettings)
        try giveAway(settings)
        XCTAssertThrowsError(try SettingsFile.update(settings) { $0.autoplay = .off }) {
            XCTAssertEqual("\($0)", "\(settings): \(Self.othersLink)")
        }
        XCTAssertEqual(try AtomicFile.readText(ownSettings), written)

        let ownFigures = folder + "/own-statistics"
        try AtomicFile.write(StatisticsFile().text, to: ownFigures)
        let store = StatisticsStore(folder: folder + "/data")
        try AtomicFile.makeFolder(store.folder)
        XCTAssertEqual(symlink(ownFigures, store.path), 0)
        let result = GameResult(
            gameID: "klondike-1-1", variant: "klondike", title: "Klondike", won: true, moves: 90, seconds: 100,
            endedAt: 1)
        try store.record(result)
        XCTAssertEqual(kind(store.path), S_IFLNK)
        let recorded = try AtomicFile.readText(ownFigures)
        XCTAssertNotEqual(recorded, StatisticsFile().text, "recorded through the player's link")
        try giveAway(store.path)
        XCTAssertThrowsError(try store.record(result)) {
            XCTAssertEqual("\($0)", "\(store.path): \(Self.othersLink)")
        }
        XCTAssertEqual(try AtomicFile.readText(ownFigures), recorded)
        XCTAssertEqual(kind(store.path), S_IFLNK)
    }
}
