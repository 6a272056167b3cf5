import Layouts
import Persistence
import TestSupport
import XCTest

@testable import App

/// The designer's model: edits checked as `cardtable check` loads the file, refused ones leaving
/// the design as it was, undo and redo as a stack of designs, slots keeping their keys.
final class DesignSessionTests: XCTestCase {
    func session() -> DesignSession {
        DesignSession(document: LayoutDocument(newFile: "/nowhere/mine.toml"))
    }

    func testEditsAreCheckedAndRefusedOnesLeaveTheDesignAsItWas() throws {
        var session = session()
        XCTAssertFalse(session.isModified)
        let stock = try session.add(.stock, at: .cell(row: 0, column: 0)).get()
        let waste = try session.add(.waste, at: .cell(row: 0, column: 1)).get()
        XCTAssertEqual(session.layout.slots.map(\.id), ["stock", "waste"])
        XCTAssertTrue(session.isModified)
        // Onto the stock's cell: refused.
        let before = session.design
        guard case .failure(let refusal) = session.move([waste], to: [.cell(row: 0, column: 0)]) else {
            return XCTFail("a slot onto another's cell is refused")
        }
        XCTAssertEqual(refusal.message, "slot 'waste' overlaps slot 'stock': they would share a cell of the map")
        XCTAssertEqual(session.design, before)
        // A key check refuses, with its whole line.
        guard case .failure(let bad) = session.setValue("0", forKey: "fan-visible", ofSlot: stock) else {
            return XCTFail("fan-visible = 0 is refused")
        }
        XCTAssertEqual(bad.diagnostic?.severity, .error)
        XCTAssertEqual(bad.checkLine, bad.diagnostic?.description)
        XCTAssertTrue(bad.checkLine.hasPrefix("/nowhere/mine.toml:"), bad.checkLine)
        XCTAssertEqual(session.design, before)
        // Free slots closer than a card: check's overlap warning refuses it.
        try session.makeFree(waste).get()
        guard case .failure(let overlap) = session.move([waste], to: [.free(GridPoint(column: 0.5, row: 0))]) else {
            return XCTFail("an overlap is refused")
        }
        XCTAssertEqual(overlap.diagnostic?.severity, .warning)
        XCTAssertTrue(overlap.message.contains("overlaps slot 'stock'"), overlap.message)
    }

    /// A layout near a layout file's 1 MB (a long comment): a slot added would take it past
    /// what play, check and the designer read. It was written, and the file no longer opened;
    /// now it is not saved, and the file is left as it was.
    func testADesignWhoseFileWouldNotReadBackIsNotSaved() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let file = folder + "/big.toml"
        let comment = "# " + String(repeating: "x", count: LayoutLoader.maxFileBytes - 40) + "\n"
        let text = comment + "map = \"A\"\n[slots.A]\nkind = \"cell\"\n"
        try AtomicFile.write(text, to: file)
        var session = DesignSession(document: try LayoutDocument(text: text, file: file))
        _ = try session.add(.cell, at: .cell(row: 0, column: 2)).get()
        XCTAssertGreaterThan(session.text.utf8.count, LayoutLoader.maxFileBytes)
        XCTAssertThrowsError(try session.save()) { error in
            XCTAssertEqual(
                (error as? DesignSaveError)?.message,
                "\(file): error: the file is \(session.text.utf8.count) bytes, larger than the 1048576 bytes (1 MB) "
                    + "a layout file may be: not saved")
        }
        XCTAssertTrue(try AtomicFile.readText(file) == text, "the file is left as it was")
        XCTAssertTrue(session.isModified)
    }

    /// A file that cannot be written is named by its name on the status line, as the title line
    /// names it: its whole path first left no room for why at 80 columns (a full disk, "not
    /// saved: /home/ann/.config/cardtable/layouts/mine.toml: No space lef…").
    func testAFileThatCannotBeWrittenIsNamedShortlyWithWhy() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let file = folder + "/a-folder-with-a-long-name-as-a-home-has-it/.config/cardtable/layouts/mine.toml"
        let text = "map = \"A\"\n[slots.A]\nkind = \"cell\"\n"
        try AtomicFile.write(text, to: file)
        var session = DesignSession(document: try LayoutDocument(text: text, file: file))
        _ = try session.add(.cell, at: .cell(row: 0, column: 2)).get()
        XCTAssertEqual(unlink(file), 0)
        XCTAssertEqual(mkdir(file, 0o700), 0)  // where the file was, a folder: no file can be written there
        XCTAssertThrowsError(try session.save()) { error in
            let message = (error as? DesignSaveError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("mine.toml: "), message)
            XCTAssertLessThanOrEqual(("not saved: " + message).count, 80, message)
        }
        XCTAssertTrue(session.isModified)
    }

    /// The designer's refusal of a file its links make it refuse fits the status line with its
    /// reason: the refusals named a second path (the link's target) or said at length why
    /// another user's link is not followed, and an 80-column status line was cut before why.
    func testALinkedFilesRefusalFitsTheStatusLine() throws {
        guard geteuid() == 0 else { throw XCTSkip("only root can give a link to another user") }
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let home = folder + "/a-folder-with-a-long-name-as-a-home-has-it/.config/cardtable/layouts"
        let text = "map = \"A\"\n[slots.A]\nkind = \"cell\"\n"
        let file = home + "/mine.toml"
        let target = home + "/the-real-file-with-a-long-name-of-its-own.toml"
        // Each way the file becomes one the designer may not write: another user's link at its
        // name, the player's link to another user's file, to a FIFO, into a missing folder.
        let plants: [(String, () throws -> Void)] = [
            ("is another user's symbolic link", { XCTAssertEqual(lchown(file, 4242, 4242), 0) }),
            ("another user's file", { XCTAssertEqual(chown(target, 4242, 4242), 0) }),
            (
                "a FIFO",
                {
                    XCTAssertEqual(unlink(target), 0)
                    XCTAssertEqual(mkfifo(target, 0o600), 0)
                }
            ),
            (
                "a folder that does not exist",
                {
                    XCTAssertEqual(unlink(file), 0)
                    XCTAssertEqual(symlink(home + "/gone-with-a-long-name/x/mine.toml", file), 0)
                }
            ),
        ]
        for (said, plant) in plants {
            _ = unlink(file)
            _ = unlink(target)
            try AtomicFile.write(text, to: target)
            XCTAssertEqual(symlink(target, file), 0)
            var session = DesignSession(document: try LayoutDocument(text: text, file: file))
            _ = try session.add(.cell, at: .cell(row: 0, column: 2)).get()
            try plant()
            XCTAssertThrowsError(try session.save()) { error in
                let message = (error as? DesignSaveError)?.message ?? ""
                XCTAssertTrue(message.hasPrefix("mine.toml: "), message)
                XCTAssertTrue(message.contains(said), message)
                XCTAssertFalse(message.contains("/"), message)
                XCTAssertLessThanOrEqual(("not saved: " + message).count, 80, message)
            }
        }
    }

    /// The designer open on a file while an editor (or a `cardtable copy`) wrote it: a save put
    /// the design over that change without a word. It is said, the file left as the other wrote
    /// it; a second save writes over it, and a change no one else made is saved at once.
    func testAFileChangedByAnotherProgramIsNotWrittenOverUnseen() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let file = folder + "/mine.toml"
        let text = "map = \"A\"\n[slots.A]\nkind = \"cell\"\n"
        try AtomicFile.write(text, to: file)
        var session = DesignSession(document: try LayoutDocument(text: text, file: file))
        _ = try session.add(.cell, at: .cell(row: 0, column: 2)).get()
        try session.save()
        let edited = try XCTUnwrap(try AtomicFile.readText(file)) + "# a comment written in an editor\n"
        try AtomicFile.write(edited, to: file)
        _ = try session.add(.cell, at: .cell(row: 0, column: 4)).get()
        XCTAssertThrowsError(try session.save()) { error in
            XCTAssertEqual(
                (error as? DesignSaveError)?.message, "mine.toml changed elsewhere: save again to write over it")
        }
        XCTAssertEqual(try AtomicFile.readText(file), edited, "the other program's change stays")
        try session.save()
        XCTAssertEqual(try AtomicFile.readText(file), session.text, "saved again: written over")
        XCTAssertFalse(session.isModified)

        // A new layout whose file another program made meanwhile.
        let new = folder + "/new.toml"
        var fresh = DesignSession(document: LayoutDocument(newFile: new))
        _ = try fresh.add(.cell, at: .cell(row: 0, column: 0)).get()
        try AtomicFile.write(text, to: new)
        XCTAssertThrowsError(try fresh.save()) { error in
            XCTAssertTrue(
                (error as? DesignSaveError)?.message.hasPrefix("new.toml was made elsewhere") ?? false)
        }
        XCTAssertEqual(try AtomicFile.readText(new), text)
    }

    func testKeysFollowSlotsThroughRenumbering() throws {
        var session = session()
        let a = try session.add(.tableau, at: .cell(row: 1, column: 1)).get()
        let b = try session.add(.tableau, at: .cell(row: 1, column: 2)).get()
        try session.move([b], to: [.cell(row: 1, column: 0)]).get()
        XCTAssertEqual(session.id(of: b), "tableau.1")
        XCTAssertEqual(session.id(of: a), "tableau.2")
        try session.remove([a]).get()
        XCTAssertEqual(session.id(of: b), "tableau")
        XCTAssertNil(session.index(of: a))
        XCTAssertTrue(session.undo())
        XCTAssertEqual(session.id(of: a), "tableau.2")
        XCTAssertTrue(session.undo())
        XCTAssertTrue(session.undo())
        XCTAssertTrue(session.undo())
        XCTAssertFalse(session.undo())
        XCTAssertFalse(session.isModified, "back where it started")
        XCTAssertEqual(session.layout.slots, [])
        XCTAssertTrue(session.redo())
        XCTAssertEqual(session.id(of: a), "tableau")
        XCTAssertTrue(session.canRedo)
        // A new edit forgets what was undone.
        _ = try session.add(.stock, at: .cell(row: 0, column: 0)).get()
        XCTAssertFalse(session.canRedo)
    }

    func testANewGroupOfFreeSlotsIsNamedFree() throws {
        var session = session()
        let key = try session.add(.free, at: .cell(row: 0, column: 0)).get()
        XCTAssertEqual(session.id(of: key), "free")
        XCTAssertEqual(session.slotLayout(of: key)?.tapToCreate, true)
    }

    func testAnEmptyDesignShowsAnEmptyTableAndIsNotSaved() throws {
        var session = session()
        XCTAssertEqual(session.layout.slots, [])
        XCTAssertThrowsError(try session.save()) { error in
            XCTAssertEqual((error as? DesignSaveError)?.message, "nothing to save yet: a layout needs a slot")
        }
    }

    func testKeysAreMatchedToADesignReadBackInFileOrder() {
        var design = TableDesign()
        design.addSlot(kind: .tableau, at: .cell(row: 1, column: 0))
        design.addSlot(kind: .stock, at: .cell(row: 0, column: 0))
        let old = DesignSnapshot(design: design, keys: [7, 3])
        var reread = TableDesign()
        reread.addSlot(kind: .stock, at: .cell(row: 0, column: 0))
        reread.addSlot(kind: .tableau, at: .cell(row: 1, column: 0))
        var next = 10
        XCTAssertEqual(DesignSession.matchKeys(from: old, to: reread, next: &next), [3, 7])
        XCTAssertEqual(next, 10)
    }
}
