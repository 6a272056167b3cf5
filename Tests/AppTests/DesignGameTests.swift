import Foundation
import Layouts
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// A game's layout in the designer: its groups' rules keys in the panel, a rules key added and
/// refused in `cardtable check`'s words, the game tried on a deal of its rules; opened and saved
/// without a change, the file comes back byte for byte.
final class DesignGameTests: XCTestCase {
    func golf() throws -> DesignHarness {
        try DesignHarness(file: "my-golf.toml", text: try XCTUnwrap(ShippedLayouts.source(named: "golf")))
    }

    func testAGroupsRulesKeysAreEditedAndAddedInThePanel() throws {
        let h = try golf()
        XCTAssertTrue(h.header.contains("game"), h.header)
        h.tap(h.centre(of: "tableau.1"))
        h.key(.character("e"))
        let keys = h.scene.panel.fields.map(\.key)
        XCTAssertEqual(Array(keys.prefix(8)), DesignFields.baseKeys)
        XCTAssertEqual(Array(keys.dropFirst(8)), ["deal-up", "build", "move", "empty", "deal-down"])
        XCTAssertEqual(h.scene.panel.fields[9].shown, "none", "build = \"none\", without its quotes")
        // build: typed without quotes; a word check does not know is refused in its words.
        for _ in 0..<9 { h.key(.down) }
        h.key(.enter)
        h.key(.control("u"))
        h.type("sideways")
        h.key(.enter)
        let refused = h.scene.panel.note
        XCTAssertTrue(refused.hasPrefix(h.path + ":"), refused)
        XCTAssertTrue(refused.contains("error:"), refused)
        XCTAssertTrue(h.status.hasPrefix("refused: "), h.status)
        h.key(.enter)
        h.key(.control("u"))
        h.type("down")
        h.key(.enter)
        XCTAssertEqual(h.scene.design.groups.first { $0.character == "T" }?.settings["build"], "\"down\"")
        // The last row adds a rules key: ← → choose it, Enter types its value.
        let last = h.scene.panel.fields.count - 1
        while (h.scene.panelFocus?.row ?? 0) < last { h.key(.down) }
        h.key(.right)
        XCTAssertEqual(h.scene.addRowKey, "deal-rank")
        h.key(.enter)
        h.type("K")
        h.key(.enter)
        XCTAssertTrue(h.status.hasPrefix("refused: deal-rank \"K\" asks for 7 cards of that rank"), h.status)
        XCTAssertNil(h.scene.design.groups.first { $0.character == "T" }?.settings["deal-rank"])
        h.key(.right)
        h.key(.right)
        XCTAssertEqual(h.scene.addRowKey, "deal-skips")
        h.key(.right)
        XCTAssertEqual(h.scene.addRowKey, "suit")
        h.key(.enter)
        h.type("any")
        h.key(.enter)
        XCTAssertEqual(h.scene.design.groups.first { $0.character == "T" }?.settings["suit"], "\"any\"", h.status)
        XCTAssertEqual(h.scene.panel.fields[h.scene.panelFocus!.row].key, "suit", "the new key's row")
    }

    func testAGameIsTriedOnADealOfItsRules() throws {
        let h = try golf()
        h.key(.character("t"))
        let game = try XCTUnwrap(h.app.game)
        XCTAssertNotNil(game.layout.rules)
        XCTAssertEqual(game.cards(in: "tableau.1").count, 5, "dealt by its rules")
        h.key(.character("q"))
        XCTAssertNil(h.app.game)
        XCTAssertFalse(h.app.wantsQuit)
    }

    func testAShippedLayoutSavedWithoutAChangeComesBackByteForByte() throws {
        for name in ["klondike", "freecell", "sandbox", "pyramid"] {
            let source = try XCTUnwrap(ShippedLayouts.source(named: name))
            let h = try DesignHarness(file: name + ".toml", text: source)
            h.key(.control("s"))
            XCTAssertEqual(h.saved, source, name)
            XCTAssertTrue(h.status.hasPrefix("saved \(name).toml"), h.status)
        }
    }
}
