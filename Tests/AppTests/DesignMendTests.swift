import Foundation
import Layouts
import Persistence
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// A file with errors `cardtable check` reports (but TOML, with a shape a design can hold)
/// opens in the designer with its errors shown, to be mended: edits may keep them or take them
/// away, never add one; trying waits until it checks clean.
final class DesignMendTests: XCTestCase {
    let broken = """
        # Two columns whose fan shows no card.
        name = "mend"
        map = \"\"\"
        T T
        \"\"\"

        [slots.T]
        kind = "tableau"
        fan = "down"
        fan-visible = 0
        """

    func testChangesLeftUnsavedLastTimeAreSaidWhenTheFileIsOpened() throws {
        let first = try DesignHarness(file: "kept.toml", text: "map = \"T\"\n[slots.T]\nkind = \"tableau\"\n")
        first.tap(first.cell(0, 2))
        guard case .success(let kept) = first.scene.writeRecoveryCopy() else { return XCTFail("not kept") }
        XCTAssertEqual(kept, first.path + ".unsaved")
        let text = try String(contentsOfFile: kept, encoding: .utf8)
        XCTAssertEqual(LayoutLoader.load(text: text, file: kept).layout?.slots.count, 2)
        let document = try LayoutDocument(text: try XCTUnwrap(first.saved), file: first.path)
        let again = DesignScene(
            session: DesignSession(document: document), window: first.app.window,
            theme: Theme(ascii: false, monochrome: false))
        XCTAssertTrue(
            again.statusText.hasPrefix("changes left unsaved last time are in kept.toml.unsaved"), again.statusText)
    }

    /// A design a byte short of a layout file's 1 MB (a long comment), a slot added, ended by a
    /// signal: its copy past 1 MB was written, and the next design of the file read it as nothing
    /// and said nothing of it. Now it is not written, and why is said; a copy there that cannot be
    /// read is named when the file is opened.
    func testChangesPastALayoutFilesSizeAreNotKeptUnreadAndOneThereIsSaid() throws {
        let body = "map = \"T\"\n[slots.T]\nkind = \"tableau\"\n"
        let comment = "# " + String(repeating: "x", count: LayoutLoader.maxFileBytes - body.utf8.count - 4) + "\n"
        let h = try DesignHarness(file: "big.toml", text: comment + body)
        XCTAssertEqual((comment + body).utf8.count, LayoutLoader.maxFileBytes - 1)
        h.tap(h.cell(0, 2))
        let size = h.scene.session.text.utf8.count
        XCTAssertGreaterThan(size, LayoutLoader.maxFileBytes)
        guard case .failure(let error) = h.scene.writeRecoveryCopy() else { return XCTFail("written past 1 MB") }
        XCTAssertEqual(
            error.message,
            "\(h.path).unsaved: the file is \(size) bytes, larger than the 1048576 bytes (1 MB) a layout file may be: "
                + "not written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.path + ".unsaved"))

        // One left there (by an earlier version, or by hand) is named, not passed over.
        try AtomicFile.write(h.scene.session.text, to: h.path + ".unsaved")
        let document = try LayoutDocument(text: comment + body, file: h.path)
        let again = DesignScene(
            session: DesignSession(document: document), window: h.app.window,
            theme: Theme(ascii: false, monochrome: false))
        XCTAssertTrue(
            again.statusText.hasPrefix("big.toml.unsaved is there but cannot be read: the file is \(size) bytes"),
            again.statusText)
    }

    func testAFileWithAnErrorOpensWithItAndIsMendedInThePanel() throws {
        let h = try DesignHarness(file: "mend.toml", text: broken)
        let check = LayoutLoader.load(text: broken, file: h.path).diagnostics
        XCTAssertEqual(h.scene.session.errors, check)
        XCTAssertTrue(h.header.contains("1 error"), h.header)
        XCTAssertTrue(h.status.hasPrefix("mend.toml has 1 error from check"), h.status)
        XCTAssertEqual(h.scene.panel.note, check[0].description, "the panel shows check's line")
        XCTAssertEqual(h.ids, ["tableau.1", "tableau.2"], "its slots drawn where they stand")

        // Trying waits until it checks clean.
        h.key(.character("t"))
        XCTAssertNil(h.app.game)
        XCTAssertTrue(h.status.hasPrefix("refused: mend the errors first: "), h.status)

        // Edits that keep the error are made; one that adds another is refused.
        h.drag(from: h.centre(of: "tableau.2"), to: h.cell(0, 3))
        XCTAssertEqual(h.position(of: "tableau.2"), GridPoint(column: 3, row: 0))
        h.key(.character("e"))
        for _ in 0..<4 { h.key(.down) }
        XCTAssertEqual(h.scene.panel.fields[h.scene.panelFocus!.row].key, "capacity")
        h.key(.enter)
        h.type("-1")
        h.key(.enter)
        XCTAssertTrue(h.status.hasPrefix("refused: "), h.status)
        XCTAssertEqual(h.scene.session.errors.count, 1)

        // fan-visible mended: it checks clean, and plays.
        h.key(.up)
        h.key(.enter)
        h.key(.control("u"))
        h.type("3")
        h.key(.enter)
        XCTAssertTrue(h.scene.session.isClean)
        XCTAssertFalse(h.header.contains("error"), h.header)
        h.key(.escape)
        h.key(.control("s"))
        XCTAssertEqual(LayoutLoader.load(text: try XCTUnwrap(h.saved), file: h.path).diagnostics, [])
        XCTAssertTrue(try XCTUnwrap(h.saved).hasPrefix("# Two columns whose fan shows no card.\n"), "comments kept")
        h.key(.character("t"))
        XCTAssertNotNil(h.app.game)
    }
}
