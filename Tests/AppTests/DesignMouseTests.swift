import Foundation
import Layouts
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// The layout designer with the mouse alone, end to end: slots made by dragging a kind out of the
/// palette and by taps on the felt, moved, refused where they would overlap, deleted on the
/// trash, undone and redone, saved and read back.
final class DesignMouseTests: XCTestCase {
    func testAThreeSlotTableIsBuiltMovedTrimmedSavedAndReadBack() throws {
        let h = try DesignHarness()
        XCTAssertTrue(h.header.contains("Designing table.toml"), h.header)
        XCTAssertTrue(h.status.contains("new layout: table.toml is made when you save"), h.status)

        // A stock dragged out of the palette lands on the cell it is let go over.
        h.drag(from: h.palette(.stock), to: h.cell(0, 0))
        XCTAssertEqual(h.ids, ["stock"])
        XCTAssertTrue(h.status.hasPrefix("stock made"), h.status)
        XCTAssertEqual(h.scene.palette.chosen, .stock, "the kind last used is the one a tap makes")

        // The tableau chosen in the palette, two taps on the felt make two columns.
        h.tap(h.palette(.tableau))
        h.tap(h.cell(1, 0))
        h.tap(h.cell(1, 1))
        XCTAssertEqual(h.ids, ["stock", "tableau.1", "tableau.2"])
        XCTAssertEqual(h.position(of: "tableau.2"), GridPoint(column: 1, row: 1))
        XCTAssertTrue(h.screen.contains("┌stock┐"), h.screen)
        XCTAssertTrue(h.header.contains("●"), "unsaved changes are marked: \(h.header)")

        // Dragged, a slot follows the pointer lifted, the cell it would land on outlined.
        let start = h.centre(of: "tableau.2")
        h.pilot.press(start.x, start.y)
        for x in (start.x + 1)...(start.x + 18) { h.pilot.move(x, start.y) }
        h.pilot.advance(0.2)
        let lifted = h.view(of: "tableau.2")!
        XCTAssertEqual(lifted.elevation, 1)
        XCTAssertEqual(lifted.frame.minX, h.geometry.frame(at: GridPoint(column: 1, row: 1)).minX + 18)
        let landing = h.scene.landingViews.filter { !$0.isHidden }
        XCTAssertEqual(landing.count, 1)
        XCTAssertEqual(landing.first?.frame, h.geometry.frame(at: GridPoint(column: 3, row: 1)))
        XCTAssertTrue(h.status.hasPrefix("Moving tableau.2"), h.status)
        h.pilot.release(start.x + 18, start.y)
        h.settle()
        XCTAssertEqual(h.position(of: "tableau.2"), GridPoint(column: 3, row: 1))
        XCTAssertEqual(lifted.elevation, 0, "it settles")
        XCTAssertEqual(lifted.frame, h.geometry.frame(at: GridPoint(column: 3, row: 1)))
        XCTAssertTrue(h.status.hasPrefix("tableau.2 moved"), h.status)

        // Onto another slot it is refused: it snaps back and the status line says why.
        h.drag(from: h.centre(of: "tableau.2"), to: h.centre(of: "tableau.1"))
        XCTAssertEqual(h.position(of: "tableau.2"), GridPoint(column: 3, row: 1))
        XCTAssertEqual(h.view(of: "tableau.2")?.frame, h.geometry.frame(at: GridPoint(column: 3, row: 1)))
        XCTAssertTrue(h.status.hasPrefix("refused: slot 'tableau.2' overlaps slot 'tableau.1'"), h.status)

        // Dropped on the trash, a slot fades away (0.1 s).
        let doomed = h.view(of: "tableau.1")!
        h.pilot.drag(from: h.centre(of: "tableau.1"), to: h.trash)
        XCTAssertTrue(h.scene.trashView.frame.contains(Point(x: Double(h.trash.x) + 0.5, y: Double(h.trash.y) + 0.5)))
        h.pilot.advance(0.05)
        XCTAssertGreaterThan(doomed.alpha, 0)
        XCTAssertLessThan(doomed.alpha, 1)
        h.settle()
        XCTAssertNil(doomed.superview, "gone once faded")
        XCTAssertEqual(h.ids, ["stock", "tableau"])
        XCTAssertTrue(h.status.hasPrefix("tableau.1 deleted"), h.status)

        // Undo brings it back, redo takes it away again.
        h.key(.character("u"))
        h.settle()
        XCTAssertEqual(h.ids, ["stock", "tableau.1", "tableau.2"])
        h.key(.control("r"))
        h.settle()
        XCTAssertEqual(h.ids, ["stock", "tableau"])

        // Saved, the file checks clean and reads back as the same table.
        XCTAssertNil(h.saved)
        h.key(.control("s"))
        XCTAssertTrue(h.status.hasPrefix("saved table.toml"), h.status)
        XCTAssertFalse(h.header.contains("●"), h.header)
        let text = try XCTUnwrap(h.saved)
        let mode = try FileManager.default.attributesOfItem(atPath: h.path)[.posixPermissions] as? Int
        XCTAssertNotEqual(mode, 0o600, "a layout is not made private as a save is")
        let loaded = LayoutLoader.load(text: text, file: h.path)
        XCTAssertEqual(loaded.diagnostics, [])
        XCTAssertEqual(loaded.layout?.slots, h.scene.layout.slots)
        XCTAssertEqual(
            loaded.layout?.slots.map(\.position), [GridPoint(column: 0, row: 0), GridPoint(column: 3, row: 1)])
        let reread = try LayoutDocument(text: text, file: h.path)
        XCTAssertEqual(reread.design, h.scene.design)
        h.pilot.assertScreenMatchesWindow()
    }

    /// The mouse alone: a key the status line offers is clicked, a value with choices is stepped
    /// by clicks on its row.
    func testTheMouseAloneSetsAFanSavesTriesAndQuits() throws {
        let h = try DesignHarness()
        func click(_ hint: String, file: StaticString = #filePath, line: UInt = #line) {
            let bottom = h.pilot.screen.lines[h.pilot.screen.height - 1]
            guard let range = bottom.range(of: hint) else {
                return XCTFail("no \(hint) on the status line: \(bottom)", file: file, line: line)
            }
            h.tap((bottom.distance(from: bottom.startIndex, to: range.lowerBound), h.pilot.screen.height - 1))
        }
        h.tap(h.palette(.tableau))
        h.tap(h.cell(0, 0))
        h.tap(h.cell(0, 1))
        // fan: a click selects its row, the next steps it (none, down).
        let panel = h.scene.panel
        let fanLine = panel.firstRowLine + 2
        let row = (Int(panel.frame.minX) + 4, Int(panel.frame.minY) + fanLine)
        h.tap(row)
        XCTAssertEqual(h.scene.panelFocus?.row, 2)
        h.tap(row)
        XCTAssertEqual(h.scene.layout.slot("tableau.1")?.fan, .down)
        h.tap(h.cell(2, 3))
        XCTAssertNil(h.scene.panelFocus, "a click on the felt gives the keyboard back")
        click("Ctrl-S save")
        XCTAssertTrue(h.status.hasPrefix("saved table.toml"), h.status)
        XCTAssertNotNil(h.saved)
        click("t try it")
        XCTAssertNotNil(h.app.game)
        click("t back to the designer")
        XCTAssertNil(h.app.game)
        XCTAssertFalse(h.app.wantsQuit)
        h.tap(h.cell(2, 0))
        click("q quit")
        XCTAssertTrue(h.scene.isAskingToQuit)
        click("y yes")
        XCTAssertTrue(h.app.wantsQuit)
        XCTAssertEqual(LayoutLoader.load(text: try XCTUnwrap(h.saved), file: h.path).layout?.slots.count, 4)
    }

    func testAClickWhileTheHelpOrTheQuitQuestionShowsReachesNothingBeneath() throws {
        let h = try DesignHarness()
        h.key(.character("?"))
        h.tap(h.cell(0, 0))
        XCTAssertFalse(h.scene.isShowingHelp, "a click closes the help")
        XCTAssertEqual(h.ids, [], "and makes no slot")
        h.tap(h.cell(0, 0))
        h.key(.character("q"))
        XCTAssertTrue(h.scene.isAskingToQuit)
        h.tap(h.cell(1, 1))
        XCTAssertEqual(h.ids.count, 1, "a click on the felt while asked makes no slot")
        XCTAssertTrue(h.scene.isAskingToQuit)
        let bottom = h.pilot.screen.lines[23]
        let no = try XCTUnwrap(bottom.range(of: "n no"))
        h.tap((bottom.distance(from: bottom.startIndex, to: no.lowerBound), 23))
        XCTAssertTrue(h.app.wantsQuit)
        XCTAssertNil(h.saved)
    }

    func testSeveralSlotsSelectedWithShiftMoveTogether() throws {
        let h = try DesignHarness()
        h.tap(h.palette(.foundation))
        h.tap(h.cell(0, 0))
        h.tap(h.cell(0, 1))
        h.tap(h.cell(0, 2))
        h.tap(h.centre(of: "foundation.1"))
        let second = h.centre(of: "foundation.2")
        h.pilot.send(
            .mouse(MouseReport(action: .press, button: .left, column: second.x, row: second.y, modifiers: .shift)))
        h.pilot.release(second.x, second.y)
        h.settle()
        XCTAssertEqual(h.scene.selectedIDs, ["foundation.1", "foundation.2"])
        // foundation.2 dragged one row down takes foundation.1 with it; foundation.3 stays.
        h.drag(from: h.centre(of: "foundation.2"), to: (second.x, second.y + 6))
        XCTAssertEqual(
            h.scene.layout.slots.map(\.position),
            [GridPoint(column: 2, row: 0), GridPoint(column: 0, row: 1), GridPoint(column: 1, row: 1)])
        XCTAssertTrue(h.status.hasPrefix("2 slots moved"), h.status)
        // One undo takes the whole move back.
        h.key(.character("u"))
        XCTAssertEqual(h.scene.layout.slots.map(\.position.row), [0, 0, 0])
    }

    func testABandDraggedOverTheFeltSelectsTheSlotsItTouches() throws {
        let h = try DesignHarness()
        h.tap(h.palette(.foundation))
        for column in 0..<3 { h.tap(h.cell(0, column)) }
        h.pilot.drag(from: h.cell(1, 2), to: h.cell(0, 1))
        XCTAssertEqual(h.scene.selectedIDs, ["foundation.2", "foundation.3"])
        XCTAssertTrue(h.scene.bandView.isHidden)
        XCTAssertTrue(h.status.hasPrefix("2 slots selected"), h.status)
        XCTAssertEqual(h.ids.count, 3, "a band makes no slot")
    }

    func testEscapeAndAModeChangePutADraggedSlotBack() throws {
        let h = try DesignHarness()
        h.tap(h.cell(0, 0))
        let start = h.centre(of: "free")
        h.pilot.press(start.x, start.y)
        for x in (start.x + 1)...(start.x + 9) { h.pilot.move(x, start.y) }
        h.pilot.advance(0.2)
        XCTAssertEqual(h.view(of: "free")?.elevation, 1)
        h.key(.escape)
        h.pilot.release(start.x + 9, start.y)
        h.settle()
        XCTAssertEqual(h.position(of: "free"), GridPoint(column: 0, row: 0))
        XCTAssertEqual(h.view(of: "free")?.frame, h.geometry.frame(at: GridPoint(column: 0, row: 0)))
        XCTAssertEqual(h.view(of: "free")?.elevation, 0)

        // The help opened mid-drag ends the drag: the slot goes back, and the release reaches nothing.
        h.pilot.press(start.x, start.y)
        for x in (start.x + 1)...(start.x + 9) { h.pilot.move(x, start.y) }
        h.key(.character("?"))
        XCTAssertTrue(h.scene.isShowingHelp)
        h.pilot.release(start.x + 9, start.y)
        h.settle()
        XCTAssertEqual(h.position(of: "free"), GridPoint(column: 0, row: 0))
        XCTAssertEqual(h.view(of: "free")?.frame, h.geometry.frame(at: GridPoint(column: 0, row: 0)))
        XCTAssertFalse(h.scene.session.canRedo)
    }

    func testANewSlotLetGoOffTheFeltGoesBackIntoThePalette() throws {
        let h = try DesignHarness()
        h.pilot.drag(from: h.palette(.cell), to: (70, 8))
        XCTAssertNotNil(h.scene.slotLayer.subviews.first { $0 is DesignSlotView }, "the new slot fades on its way back")
        h.settle()
        XCTAssertEqual(h.ids, [])
        XCTAssertNil(h.scene.slotLayer.subviews.first { $0 is DesignSlotView })
        XCTAssertTrue(h.status.contains("let go over the grid"), h.status)
    }

    func testAFreelyPlacedSlotMovesInHalfCardsAndAnOverlapIsRefusedInChecksWords() throws {
        let h = try DesignHarness()
        h.tap(h.palette(.cell))
        h.tap(h.cell(0, 0))
        h.tap(h.cell(0, 2))
        // F takes the selected slot (the last made) off the map.
        h.key(.character("F"))
        XCTAssertTrue(h.status.contains("placed freely"), h.status)
        let free = try XCTUnwrap(h.ids.last)
        XCTAssertEqual(h.position(of: free), GridPoint(column: 2, row: 0))
        // Half a card (4 or 5 columns at 9 a card) to the left: it stands at 1.5.
        let start = h.centre(of: free)
        h.drag(from: start, to: (start.x - 5, start.y))
        XCTAssertEqual(h.position(of: free), GridPoint(column: 1.5, row: 0))
        // A card more puts it half over the other cell: check's warning refuses it.
        let other = h.ids.first!
        h.drag(from: h.centre(of: free), to: (h.centre(of: free).x - 9, start.y))
        XCTAssertEqual(h.position(of: free), GridPoint(column: 1.5, row: 0))
        let expected = "refused: slot '\(free)' overlaps slot '\(other)'; if that is meant, set overlap = true in both"
        XCTAssertEqual(h.status.prefix(expected.count), Substring(expected), h.status)
        XCTAssertTrue(h.panelText.contains("warning"), "the panel shows check's whole line:\n\(h.panelText)")
    }

    func testDoubleClickingASlotOpensItsKeysInThePanel() throws {
        let h = try DesignHarness()
        h.tap(h.palette(.tableau))
        h.tap(h.cell(0, 0))
        let at = h.centre(of: "tableau")
        h.pilot.click(at.x, at.y)
        h.pilot.click(at.x, at.y)
        XCTAssertNotNil(h.scene.panelFocus)
        XCTAssertEqual(h.scene.inputState, "panel")
        XCTAssertTrue(h.panelText.contains("tableau"), h.panelText)
    }
}
