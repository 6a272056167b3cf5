import Foundation
import TestSupport
import XCTest

@testable import cardtable

#if canImport(Glibc)
    import Glibc
#endif

/// `--stats FILE`: a target that cannot take the figures is refused before the game, by name and
/// why, without blocking; a write that fails at the end is said, never lost.
final class StatisticsTargetTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func refusal(_ path: String) -> String? {
        do {
            try StatisticsTarget.prepare(path)
            return nil
        } catch {
            return error.description
        }
    }

    func testBadTargetsAreRefusedBeforeTheGame() throws {
        XCTAssertEqual(mkfifo(folder + "/fifo", 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder + "/loop")
        let unwritable = folder + "/read-only"
        try "x".write(toFile: unwritable, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(unwritable, 0o400), 0)
        let cases: [(String, String)] = [
            (folder + "/no/such/folder/stats.txt", "no such folder: \(folder)/no/such/folder"),
            (folder, "is a directory"),
            (folder + "/fifo", "not a regular file (a FIFO)"),
            ("/dev/full", "not a regular file (a character device)"),
            ("/dev/null", "not a regular file (a character device)"),
            (folder + "/loop", "too many levels of symbolic links"),
        ]
        for (path, reason) in cases {
            XCTAssertEqual(refusal(path), "--stats: cannot write the figures to \(path): \(reason)", path)
        }
        // A file that cannot be written: root writes through a mode of 0400, so a file of the
        // kernel's stands in (refused with EACCES, or EROFS where /proc/sys is mounted read-only).
        let kernel = "/proc/sys/kernel/ostype"
        let path = getuid() == 0 ? kernel : unwritable
        XCTAssertTrue(
            refusal(path)?.hasPrefix("--stats: cannot write the figures to \(path): ") == true,
            "\(refusal(path) ?? "nil")")
        XCTAssertNil(refusal(folder + "/stats.txt"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/stats.txt"), "made before the game")
    }

    /// A game that does not start (no terminal) leaves no empty figures' file behind, and a file
    /// that was there before it is left as it was.
    func testAGameThatDoesNotStartLeavesNoFileBehind() throws {
        let run = try runCardtable(["play", "klondike", "--stats", "x"], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.contains("terminal"), run.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/x"), "no empty file left behind")
        try "figures of before\n".write(toFile: folder + "/y", atomically: false, encoding: .utf8)
        XCTAssertEqual(try runCardtable(["play", "klondike", "--stats", "y"], in: folder).status, 1)
        XCTAssertEqual(try String(contentsOfFile: folder + "/y", encoding: .utf8), "figures of before\n")
        // Made, then written to by someone before the game gave up: kept.
        let made = try XCTUnwrap(StatisticsTarget.prepare(folder + "/z"))
        try "written since\n".write(toFile: folder + "/z", atomically: false, encoding: .utf8)
        StatisticsTarget.takeBack(made, at: folder + "/z")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/z"))
        XCTAssertNil(try StatisticsTarget.prepare(folder + "/z"), "made before, not now")
        let empty = try XCTUnwrap(StatisticsTarget.prepare(folder + "/e"))
        StatisticsTarget.takeBack(empty, at: folder + "/e")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/e"))
    }

    /// `--stats /tmp/x`, where another user made `/tmp/x` a link to a file of the player's (or
    /// a second name of it): the figures must not truncate that file. (Another user's link needs
    /// root to make: `lchown`.)
    func testWhatAnotherUserCouldHavePlantedIsNotWrittenThrough() throws {
        let precious = folder + "/precious"
        try "the player's own\n".write(toFile: precious, atomically: false, encoding: .utf8)
        let second = folder + "/h"
        XCTAssertEqual(Glibc.link(precious, second), 0)
        XCTAssertEqual(
            refusal(second),
            "--stats: cannot write the figures to \(second): has other names (2 hard links): not written, "
                + "since it may be another's file")
        XCTAssertThrowsError(try PlayStatistics().write(to: second))
        XCTAssertEqual(unlink(second), 0)

        let link = folder + "/x"
        XCTAssertEqual(symlink(precious, link), 0)
        guard lchown(link, 4242, 4242) == 0 else { throw XCTSkip("only root can give a link to another user") }
        let dangling = folder + "/y"
        XCTAssertEqual(symlink(folder + "/made", dangling), 0)
        XCTAssertEqual(lchown(dangling, 4242, 4242), 0)
        let linkReason =
            "is a symbolic link that belongs to another user (uid 4242): not written through (another user may have "
            + "put it there); give the path of the file itself"
        XCTAssertEqual(refusal(link), "--stats: cannot write the figures to \(link): \(linkReason)")
        XCTAssertEqual(refusal(dangling), "--stats: cannot write the figures to \(dangling): \(linkReason)")
        XCTAssertThrowsError(try PlayStatistics().write(to: link))
        XCTAssertEqual(try String(contentsOfFile: precious, encoding: .utf8), "the player's own\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/made"), "nothing made at the link's end")

        // Swapped for another user's link during the game: refused at the end all the same.
        let path = folder + "/stats.txt"
        try StatisticsTarget.prepare(path)
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(symlink(precious, path), 0)
        XCTAssertEqual(lchown(path, 4242, 4242), 0)
        XCTAssertThrowsError(try PlayStatistics().write(to: path))
        XCTAssertEqual(try String(contentsOfFile: precious, encoding: .utf8), "the player's own\n")

        // Another user's link as a folder on the way, to the player's folder.
        let figures = folder + "/figures"
        XCTAssertEqual(symlink(folder, figures), 0)
        XCTAssertEqual(lchown(figures, 4242, 4242), 0)
        XCTAssertEqual(
            refusal(figures + "/precious"),
            "--stats: cannot write the figures to \(figures)/precious: leads through \(figures), a symbolic link "
                + "that belongs to another user (uid 4242): not written through (another user may have put it "
                + "there); give the path of the file itself")
        XCTAssertThrowsError(try PlayStatistics().write(to: figures + "/precious"))
        XCTAssertEqual(try String(contentsOfFile: precious, encoding: .utf8), "the player's own\n")

        // Another user's file, and the player's link to it.
        let theirs = folder + "/theirs"
        try "theirs\n".write(toFile: theirs, atomically: false, encoding: .utf8)
        XCTAssertEqual(chown(theirs, 4242, 4242), 0)
        XCTAssertEqual(
            refusal(theirs),
            "--stats: cannot write the figures to \(theirs): belongs to another user (uid 4242): not written")
        let toTheirs = folder + "/to-theirs"
        XCTAssertEqual(symlink(theirs, toTheirs), 0)
        XCTAssertEqual(
            refusal(toTheirs),
            "--stats: cannot write the figures to \(toTheirs): is a symbolic link to \(theirs), which belongs to "
                + "another user (uid 4242): not written")
        XCTAssertEqual(try String(contentsOfFile: theirs, encoding: .utf8), "theirs\n")
    }

    /// The player's own link (dotfiles kept with GNU stow) is followed: the figures go to the
    /// file it leads to, and the link stays a link.
    func testThePlayersOwnLinkIsWrittenThrough() throws {
        let kept = folder + "/kept.txt"
        try "old figures\n".write(toFile: kept, atomically: false, encoding: .utf8)
        let link = folder + "/stats.txt"
        XCTAssertEqual(symlink("kept.txt", link), 0)
        XCTAssertNil(refusal(link))
        var statistics = PlayStatistics()
        statistics.wakeups = 7
        try statistics.write(to: link)
        XCTAssertEqual(try String(contentsOfFile: kept, encoding: .utf8), statistics.text)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "kept.txt")
        // Leading nowhere yet, in a folder of the player's: made there before the game.
        let dangling = folder + "/new-link"
        XCTAssertEqual(symlink(folder + "/new.txt", dangling), 0)
        XCTAssertNil(refusal(dangling))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/new.txt"))
        // Leading to a folder: refused.
        let toFolder = folder + "/to-folder"
        XCTAssertEqual(symlink(folder, toFolder), 0)
        XCTAssertEqual(
            refusal(toFolder),
            "--stats: cannot write the figures to \(toFolder): is a symbolic link to \(folder), which is a directory")
    }

    func testTheFiguresAreWrittenWhole() throws {
        var statistics = PlayStatistics()
        statistics.wakeups = 12
        let path = folder + "/stats.txt"
        try "an older, longer file than the figures that replace it\n".write(
            toFile: path, atomically: false, encoding: .utf8)
        try statistics.write(to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), statistics.text)
        XCTAssertTrue(statistics.text.contains("wakeups: 12\n"))
    }

    func testAFailedWriteIsSaid() throws {
        // A file size limit stands in for a full disk: the write fails (EFBIG) part way.
        let path = folder + "/stats.txt"
        try StatisticsTarget.prepare(path)
        var previous = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &previous)
        var small = previous
        small.rlim_cur = 16
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small), 0)
        defer {
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &previous)
            signal(SIGXFSZ, oldHandler)
        }
        XCTAssertThrowsError(try PlayStatistics().write(to: path)) { error in
            XCTAssertEqual("\(error)", "--stats: cannot write the figures to \(path): File too large")
        }
    }

    func testATargetSwappedForAFIFODuringTheGameDoesNotBlock() throws {
        let path = folder + "/stats.txt"
        try StatisticsTarget.prepare(path)
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertThrowsError(try PlayStatistics().write(to: path)) { error in
            XCTAssertEqual("\(error)", "--stats: cannot write the figures to \(path): not a regular file (a FIFO)")
        }
    }
}
