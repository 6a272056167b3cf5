import Layouts
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// Text that does not fit: labels with clusters a cell cannot hold (a family emoji, a letter
/// with six accents, flags), wide characters and labels longer than their slot are drawn inside
/// the slot, between its corner marks, so the cursor's outline around it stays whole; a title too
/// long for the status line or a panel is cut with an ellipsis inside it.
final class LabelFittingTests: XCTestCase {
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"

    /// Five free slots, each labelled with text that does not fit as it is.
    static let layoutText = """
        name = "labels"
        title = "Labels \(family) with a title far too long for any status line or panel to show whole"
        map = \"\"\"
        A B C D E
        \"\"\"
        [slots.A]
        kind = "free"
        name = "family"
        label = "\(family)\(family)"
        [slots.B]
        kind = "free"
        name = "accents"
        label = "a\\u0301\\u0302\\u0303\\u0304\\u0305\\u0306z"
        [slots.C]
        kind = "free"
        name = "flags"
        label = "\u{1F1EB}\u{1F1F7}\u{200B}x"
        [slots.D]
        kind = "free"
        name = "long"
        label = "a label far too long for any slot"
        [slots.E]
        kind = "free"
        name = "wide"
        label = "漢字漢字漢字"
        """

    func harness(width: Int = 60, height: Int = 12) throws -> Harness {
        let result = LayoutLoader.load(text: Self.layoutText, file: "/tables/labels.toml")
        var layout = try XCTUnwrap(result.layout, "\(result.diagnostics)")
        // The loader refuses a bidirectional control in a label; the table still draws any
        // label as cells, whatever made it.
        layout.slots[2].label = "\u{1F1EB}\u{1F1F7}\u{200B}\u{202E}x"
        let h = Harness(layout: layout, seed: 1, width: width, height: height)
        h.renderFrame()
        return h
    }

    /// The cursor's outline around each labelled slot in turn: its box is whole on every row,
    /// and the label sits inside it.
    func testLabelsStayInsideTheirSlotAndTheCursorsOutlineStaysWhole() throws {
        let h = try harness()
        for (index, slot) in h.layout.slots.map(\.id).enumerated() {
            if index > 0 { h.key(.right) }
            h.settle()
            XCTAssertEqual(h.scene.cursorSlot, slot)
            let frame = h.slotFrame(slot)
            let (left, top) = (Int(frame.minX), Int(frame.minY))
            let (right, bottom) = (Int(frame.maxX) - 1, Int(frame.maxY) - 1)
            for y in top...bottom {
                let edge = y == top || y == bottom
                XCTAssertEqual(
                    h.cell(left, y).glyph, Glyph(edge ? (y == top ? "┌" : "└") : "│"), "\(slot): left edge, row \(y)")
                XCTAssertEqual(
                    h.cell(right, y).glyph, Glyph(edge ? (y == top ? "┐" : "┘") : "│"), "\(slot): right edge, row \(y)")
            }
            for y in top...bottom {
                for x in left...right {
                    let glyph = h.cell(x, y).glyph
                    XCTAssertLessThanOrEqual(glyph.text.unicodeScalars.count, Glyph.maximumScalars)
                    XCTAssertFalse(glyph.text.unicodeScalars.contains { $0.value == 0x200D || $0.value == 0x202E })
                }
            }
        }
    }

    /// The whole screen: each label cut or replaced inside its slot, the title cut on the status line.
    func testTheTableWithLabelsThatDoNotFit() throws {
        let h = try harness()
        h.key(.right)
        h.key(.right)
        h.key(.right)  // the cursor on the long label
        h.settle()
        assertScreen(
            h,
            """

               ┌       ┐  ┌       ┐  ┌       ┐  ┌───────┐  ┌       ┐
                                                │       │
                                                │       │
                 ？？        �z         �x     ▸│a labe…│   漢字漢…
                                                │       │
                                                │       │
               └       ┘  └       ┘  └       ┘  └───────┘  └       ┘



             Enter deals a card · ? help · q quit
            """)
    }

    /// Slot names on a preview are shortened by columns: a wide character takes two.
    func testNameTagsAreShortenedByColumns() {
        XCTAssertEqual(NameTagView.shortened("tableau.3", toFit: 5), "tab.3")
        XCTAssertEqual(NameTagView.shortened("漢字漢字.10", toFit: 5), "漢.10")
        XCTAssertEqual(NameTagView.shortened("漢字漢字", toFit: 5), "漢字")
        XCTAssertEqual(NameTagView.shortened("x.12345", toFit: 3), "345")
        for id in ["漢字漢字.10", Self.family + ".7", "tableau.10", "a\u{301}\u{302}bcdef"] {
            for width in 1...8 {
                XCTAssertLessThanOrEqual(
                    TextFit.columns(of: NameTagView.shortened(id, toFit: width)), width, "\(id) in \(width)")
            }
        }
    }

    /// A panel (help) whose title is too long for the screen keeps its border.
    func testAPanelCutsATitleTooLongForTheScreen() throws {
        let h = try harness(width: 40, height: 16)
        h.key(.character("?"))
        h.settle()
        let panel = h.scene.helpPanel.frame
        let (left, right) = (Int(panel.minX), Int(panel.maxX) - 1)
        for y in Int(panel.minY) + 1..<Int(panel.maxY) - 1 {
            XCTAssertEqual(h.cell(left, y).glyph, Glyph("│"), "row \(y)")
            XCTAssertEqual(h.cell(right, y).glyph, Glyph("│"), "row \(y)")
        }
        XCTAssertTrue(h.lines[Int(panel.minY) + 1].contains("…"), h.screen)
    }
}
