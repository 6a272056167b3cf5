import Foundation
import Layouts
import TestSupport
import XCTest

@testable import cardtable

/// `preview NAME --watch` follows the file the name leads to, whichever way it leads (the path
/// as given, the player's layouts folder, a symbolic link, the layout's script), and goes on
/// when that folder is removed and made again. inotify queues its events as the change is
/// made, so each change is seen by the next `drain()` without waiting.
final class PreviewWatchTests: XCTestCase {
    var folder = ""
    var layouts: String { folder + "/config/cardtable/layouts" }
    var environment: [String: String] { ["XDG_CONFIG_HOME": folder + "/config", "HOME": folder] }

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make()
        try FileManager.default.createDirectory(atPath: layouts, withIntermediateDirectories: true)
    }

    override func tearDown() { TemporaryFolder.remove(folder) }

    func layout(title: String, script: String? = nil) -> String {
        "title = \"\(title)\"\n" + (script.map { "script = \"\($0)\"\n" } ?? "")
            + "map = \"T\"\n[slots.T]\nkind = \"tableau\"\n"
    }

    func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    func testANameFoundInTheLayoutsFolderIsWatchedThere() throws {
        try write(layout(title: "First"), layouts + "/mine.toml")
        let read = PreviewCommand.read("mine", environment: environment)
        XCTAssertEqual(read.title, "First")
        XCTAssertTrue(read.watched.contains(layouts + "/mine.toml"), "\(read.watched)")
        let watcher = try XCTUnwrap(FileWatcher(paths: read.watched))
        XCTAssertFalse(watcher.drain(), "nothing changed yet")
        try write("# another file\n", layouts + "/other.toml")
        XCTAssertFalse(watcher.drain(), "another file of the folder is not this layout")
        try write(layout(title: "Second"), layouts + "/mine.toml")
        XCTAssertTrue(watcher.drain())
        XCTAssertEqual(PreviewCommand.read("mine", environment: environment).title, "Second")
    }

    func testTheFolderRemovedAndMadeAgainIsFollowed() throws {
        try write(layout(title: "First"), layouts + "/mine.toml")
        let watcher = try XCTUnwrap(FileWatcher(paths: PreviewCommand.read("mine", environment: environment).watched))
        try FileManager.default.removeItem(atPath: folder + "/config")
        XCTAssertTrue(watcher.drain(), "the folder going is a change: the preview says the layout is gone")
        XCTAssertFalse(watcher.watchesEveryFolder)
        XCTAssertTrue(
            PreviewCommand.read("mine", environment: environment).diagnostics.first?.message.contains(
                "no layout 'mine'") == true)
        // Made again in steps, as `mkdir -p` and an editor would.
        try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: false)
        XCTAssertTrue(watcher.drain())
        try FileManager.default.createDirectory(atPath: layouts, withIntermediateDirectories: true)
        XCTAssertTrue(watcher.drain())
        XCTAssertTrue(watcher.watchesEveryFolder)
        try write(layout(title: "Again"), layouts + "/mine.toml")
        XCTAssertTrue(watcher.drain())
        XCTAssertEqual(PreviewCommand.read("mine", environment: environment).title, "Again")
        try write(layout(title: "Once more"), layouts + "/mine.toml")
        XCTAssertTrue(watcher.drain(), "the new folder is watched itself")
    }

    func testAPathALinkAndTheScriptAreWatched() throws {
        let own = folder + "/work"
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        // A script's name is read beside the layout as named (the link), not beside its target.
        try write("function is_won() return false end\n", folder + "/rules.lua")
        try write(layout(title: "Linked", script: "rules.lua"), own + "/real.toml")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.toml", withDestinationPath: own + "/real.toml")
        let read = PreviewCommand.read(folder + "/link.toml", environment: environment)
        XCTAssertEqual(read.title, "Linked")
        XCTAssertTrue(read.watched.contains(folder + "/link.toml"))
        XCTAssertTrue(read.watched.contains(own + "/real.toml"), "the link's target: \(read.watched)")
        XCTAssertTrue(read.watched.contains(folder + "/rules.lua"), "the script: \(read.watched)")
        let watcher = try XCTUnwrap(FileWatcher(paths: read.watched))
        try write(layout(title: "Changed", script: "rules.lua"), own + "/real.toml")
        XCTAssertTrue(watcher.drain(), "a change of the link's target")
        try write("function is_won() return true end\n", folder + "/rules.lua")
        XCTAssertTrue(watcher.drain(), "a change of the script")
        // The script, missing at first, is watched where the layout looks for it.
        let plain = folder + "/plain.toml"
        try write(layout(title: "Scripted", script: "later.lua"), plain)
        let missing = PreviewCommand.read(plain, environment: environment)
        XCTAssertNil(missing.layout)
        XCTAssertTrue(missing.watched.contains(folder + "/later.lua"), "\(missing.watched)")
        watcher.watch(missing.watched)
        try write("function is_won() return false end\n", folder + "/later.lua")
        XCTAssertTrue(watcher.drain())
        XCTAssertNotNil(PreviewCommand.read(plain, environment: environment).layout)
    }

    /// A folder whose other entries change without end (`/tmp`): each drain reads a part of the
    /// events, the rest are left for the next turn, and a change of the file is still seen.
    func testAFolderOfManyChangesIsReadAPartADrain() throws {
        let watched = folder + "/mine.toml"
        try write(layout(title: "Mine"), watched)
        let watcher = try XCTUnwrap(FileWatcher(paths: [watched]))
        for n in 0..<3000 {
            let other = folder + "/other-\(n)"
            XCTAssertTrue(FileManager.default.createFile(atPath: other, contents: nil))
            XCTAssertEqual(unlink(other), 0)
        }
        func isReadable() -> Bool {
            var ready = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
            return poll(&ready, 1, 0) == 1
        }
        XCTAssertFalse(watcher.drain(), "none of them the file watched")
        XCTAssertTrue(isReadable(), "the rest left for the next turn")
        var drains = 1
        while isReadable() && drains < 100 {
            XCTAssertFalse(watcher.drain())
            drains += 1
        }
        XCTAssertFalse(isReadable())
        try write(layout(title: "Changed"), watched)
        XCTAssertTrue(watcher.drain(), "a change of the file, after them")
    }

    func testAShippedLayoutSaysItIsNotWatched() {
        let read = PreviewCommand.read("klondike", environment: environment)
        XCTAssertTrue(read.shipped)
        XCTAssertNotNil(read.layout)
        let notes = PreviewCommand.watchNotes(layout: "klondike", shipped: true, cannotWatch: nil)
        XCTAssertEqual(
            notes.map(\.description),
            [
                "klondike: warning: --watch: klondike is a shipped layout, which does not change: "
                    + "'cardtable copy klondike my-klondike' makes one of your own to change and watch"
            ])
        // A file of that name in the current folder is never the game: it is not watched.
        XCTAssertFalse(read.watched.contains("klondike"))
    }
}
