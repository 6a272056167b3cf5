import Foundation
import Layouts
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
