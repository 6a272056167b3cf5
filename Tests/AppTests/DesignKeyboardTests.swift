import Foundation
import Layouts
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// The layout designer from the keyboard alone: the cursor on the grid, slots made, picked up,
/// carried, put down, refused, deleted; keys edited in the panel, a bad value refused in
/// `cardtable check`'s words; saved, tried and left.
final class DesignKeyboardTests: XCTestCase {
    func testATableIsDesignedWithTheKeyboardAlone() throws {
        let h = try DesignHarness()
        // The first arrow shows the cursor on cell (0, 0); ] and [ choose the palette's kind.
        h.key(.right)
        XCTAssertTrue(h.scene.cursorVisible)
        XCTAssertEqual(h.scene.cursor.row, 0)
        XCTAssertEqual(h.scene.cursor.column, 0)
        h.key(.character("["))
        XCTAssertEqual(h.scene.palette.chosen, .trash)
        h.key(.character("]"))
        h.key(.character("]"))
        XCTAssertEqual(h.scene.palette.chosen, .stock, "going round")

        // Enter on an empty cell makes a slot of that kind there.
        h.key(.enter)
        XCTAssertEqual(h.ids, ["stock"])
        h.key(.character("]"))
        h.key(.right)
        h.key(.enter)
        XCTAssertEqual(h.ids, ["stock", "waste"])
        XCTAssertEqual(h.position(of: "waste"), GridPoint(column: 1, row: 0))
        h.key(.character("]"))
        h.key(.character("]"))
        h.key(.down)
        h.key(.enter)
        h.key(.right)
        h.key(.enter)
        XCTAssertEqual(h.ids, ["stock", "waste", "tableau.1", "tableau.2"])

        // Enter on a slot picks it up; the arrows carry it, its landing outlined; Enter puts it down.
        h.key(.enter)
        XCTAssertTrue(h.status.hasPrefix("Carrying tableau.2"), h.status)
        h.key(.right)
        h.key(.right)
        h.settle()
        XCTAssertEqual(
            h.scene.landingViews.first { !$0.isHidden }?.frame, h.geometry.frame(at: GridPoint(column: 4, row: 1)))
        XCTAssertEqual(h.view(of: "tableau.2")?.frame, h.geometry.frame(at: GridPoint(column: 4, row: 1)))
        h.key(.enter)
        h.settle()
        XCTAssertEqual(h.position(of: "tableau.2"), GridPoint(column: 4, row: 1))
        XCTAssertEqual(h.view(of: "tableau.2")?.elevation, 0)

        // Put down on another slot, it is refused and goes back; so does Escape.
        h.key(.enter)
        for _ in 0..<3 { h.key(.left) }
        h.key(.enter)
        h.settle()
        XCTAssertTrue(h.status.hasPrefix("refused: slot 'tableau.2' overlaps slot 'tableau.1'"), h.status)
        XCTAssertEqual(h.position(of: "tableau.2"), GridPoint(column: 4, row: 1))
        XCTAssertEqual(h.view(of: "tableau.2")?.frame, h.geometry.frame(at: GridPoint(column: 4, row: 1)))
        XCTAssertEqual(h.scene.cursor.column, 4, "the cursor goes back with it")
        h.key(.enter)
        h.key(.up)
        h.key(.escape)
        h.settle()
        XCTAssertEqual(h.view(of: "tableau.2")?.frame, h.geometry.frame(at: GridPoint(column: 4, row: 1)))

        // x deletes the slot under the cursor (with the selection empty).
        h.key(.escape)
        h.key(.tab)
        XCTAssertEqual(h.scene.slotUnderCursor.flatMap { h.scene.session.id(of: $0) }, "stock")
        h.key(.character("x"))
        h.settle()
        XCTAssertEqual(h.ids, ["waste", "tableau.1", "tableau.2"])

        // Ctrl-S saves; the file checks clean.
        h.key(.control("s"))
        XCTAssertTrue(h.status.hasPrefix("saved table.toml"), h.status)
        let loaded = LayoutLoader.load(text: try XCTUnwrap(h.saved), file: h.path)
        XCTAssertEqual(loaded.diagnostics, [])
        XCTAssertEqual(loaded.layout?.slots.map(\.id), ["waste", "tableau.1", "tableau.2"])

        // q quits at once with nothing unsaved.
        h.key(.character("q"))
        XCTAssertTrue(h.app.wantsQuit)
    }

    func testTheKeysOfASlotAreEditedInThePanelAndABadValueIsRefusedInChecksWords() throws {
        let h = try DesignHarness()
        h.tap(h.palette(.tableau))
        h.tap(h.cell(0, 0))
        h.key(.character("e"))
        XCTAssertEqual(h.scene.inputState, "panel")
        let rows = h.scene.panel.fields.map(\.key)
        XCTAssertEqual(Array(rows.prefix(8)), DesignFields.baseKeys)
        // fan: → steps from what applies (none) to down.
        h.key(.down)
        h.key(.down)
        h.key(.right)
        XCTAssertEqual(h.scene.layout.slot("tableau")?.fan, .down)
        XCTAssertTrue(h.panelText.contains("‹down›"), h.panelText)
        XCTAssertTrue(h.status.contains("fan = \"down\""), h.status)
        // fan-visible: Enter types a value.
        h.key(.down)
        h.key(.enter)
        XCTAssertEqual(h.scene.inputState, "typing")
        h.type("5")
        h.key(.enter)
        XCTAssertEqual(h.scene.layout.slot("tableau")?.fanVisible, 5)
        // 0 is refused, with the message `cardtable check` gives for the file it would make.
        var bad = h.scene.design
        bad.setValue("0", forKey: "fan-visible", ofSlot: 0)
        let check = h.scene.session.document.load(bad).diagnostics.first { $0.severity == .error }
        let expected = try XCTUnwrap(check)
        h.key(.enter)
        h.key(.backspace)
        h.type("0")
        h.key(.enter)
        XCTAssertEqual(h.scene.layout.slot("tableau")?.fanVisible, 5, "the design stays as it was")
        XCTAssertEqual(h.scene.panel.note, expected.description)
        XCTAssertTrue(h.scene.panel.noteIsRefusal)
        XCTAssertTrue(h.status.hasPrefix("refused: \(expected.message)"), h.status)
        let words = h.panelText.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace)
        XCTAssertTrue(words.joined(separator: " ").contains("error:"), h.panelText)
        // A label is typed without quotes; an empty value removes the key.
        h.key(.down)
        h.key(.down)
        h.key(.enter)
        h.type("K only")
        h.key(.enter)
        XCTAssertEqual(h.scene.layout.slot("tableau")?.label, "K only")
        XCTAssertEqual(h.scene.design.groups.first?.settings["label"], "\"K only\"")
        h.key(.enter)
        h.key(.control("u"))
        h.key(.enter)
        XCTAssertNil(h.scene.layout.slot("tableau")?.label)
        // A free table has no rules: no row adds a rules key.
        XCTAssertEqual(h.scene.panel.fields.map(\.key), DesignFields.baseKeys)
        // Escape gives the keyboard back to the felt; u undoes the edits one by one.
        h.key(.escape)
        XCTAssertEqual(h.scene.inputState, "")
        h.key(.character("u"))
        XCTAssertEqual(h.scene.layout.slot("tableau")?.label, "K only")
        h.key(.character("u"))
        h.key(.character("u"))
        h.key(.character("u"))
        XCTAssertEqual(h.scene.layout.slot("tableau")?.fan, FanDirection.none)
    }

    func testAGroupIsRenamedAndAKindChangedForTheWholeGroup() throws {
        let h = try DesignHarness()
        h.tap(h.palette(.cell))
        h.tap(h.cell(0, 0))
        h.tap(h.cell(0, 1))
        h.key(.character("e"))
        // group: typed, the slot leaves for a group of that name.
        h.key(.enter)
        h.key(.control("u"))
        h.type("spare")
        h.key(.enter)
        XCTAssertEqual(h.ids.sorted(), ["cell", "spare"])
        // kind, ← and →: the group's kind, shared by its slots.
        h.key(.down)
        h.key(.right)
        XCTAssertEqual(h.scene.layout.slot("spare")?.kind, .reserve)
        XCTAssertEqual(h.scene.layout.slot("cell")?.kind, .cell)
    }

    func testQuittingWithUnsavedChangesAsksFirst() throws {
        let h = try DesignHarness()
        h.tap(h.cell(0, 0))
        h.key(.character("q"))
        XCTAssertTrue(h.scene.isAskingToQuit)
        XCTAssertFalse(h.app.wantsQuit)
        XCTAssertTrue(h.screen.contains("Unsaved changes"), h.screen)
        h.key(.escape)
        XCTAssertFalse(h.scene.isAskingToQuit)
        XCTAssertFalse(h.app.wantsQuit)
        h.key(.control("c"))
        h.key(.character("n"))
        XCTAssertTrue(h.app.wantsQuit)
        XCTAssertNil(h.saved, "quit without saving")

        let saving = try DesignHarness()
        saving.tap(saving.cell(0, 0))
        saving.key(.character("q"))
        saving.key(.character("y"))
        XCTAssertTrue(saving.app.wantsQuit)
        XCTAssertNotNil(saving.saved)
    }

    func testHelpListsEveryKeyOfTheTable() throws {
        let h = try DesignHarness(width: 100, height: 40)
        h.key(.character("?"))
        XCTAssertTrue(h.scene.isShowingHelp)
        for binding in DesignKeys.all where !binding.keyText.isEmpty {
            XCTAssertTrue(h.screen.contains(binding.keyText + " "), "help lists \(binding.keyText)")
        }
        h.key(.character("z"))
        XCTAssertFalse(h.scene.isShowingHelp)
    }

    func testATinyTerminalSaysWhatSizeTheDesignerNeeds() throws {
        let h = try DesignHarness(width: 30, height: 10)
        XCTAssertEqual(h.scene.tooSmallView.text, "terminal too small for the designer (need 49x14)")
        XCTAssertTrue(h.screen.contains("terminal too small"), h.screen)
        h.app.resize(width: 80, height: 24)
        h.pilot.frame()
        XCTAssertTrue(h.screen.contains("New slot:"), h.screen)
    }
}
