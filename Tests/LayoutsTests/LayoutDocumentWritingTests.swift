import TestSupport
import XCTest

@testable import Layouts

/// How a changed design is written into the file: each rule, with the exact text it gives.
final class LayoutDocumentWritingTests: XCTestCase {
    let klondike = """
        # A comment at the top.

        name = "small"
        title = "Small"

        map = \"\"\"
        S W . F F
        T T T T T
        \"\"\"

        [game]
        family = "Klondike"

        [slots.S]
        kind = "stock"

        # The waste.
        [slots.W]
        kind = "waste"
        fan = "right"   # three cards show
        fan-visible = 3

        [slots.F]
        kind = "foundation"

        [slots.T]
        kind = "tableau"
        fan = "down"
        deal-up = 1

        """

    func open(_ text: String, file: String = "small.toml") throws -> LayoutDocument {
        try LayoutDocument(text: text, file: file)
    }

    /// The text written for the design `change` makes, which must load without errors when `clean`.
    func written(
        _ text: String, clean: Bool = true, file: StaticString = #filePath, line: UInt = #line,
        _ change: (inout TableDesign) -> Void
    ) throws -> String {
        let document = try open(text)
        var design = document.design
        change(&design)
        let result = document.text(for: design)
        if clean {
            let loaded = LayoutLoader.load(text: result, file: "small.toml")
            XCTAssertEqual(loaded.diagnostics.map(\.description), [], result, file: file, line: line)
        }
        // Read again, it is the same design (its slots perhaps in another order).
        let reread = try open(result)
        XCTAssertEqual(reread.design.grid, design.grid, file: file, line: line)
        XCTAssertEqual(reread.design.groups, design.groups, file: file, line: line)
        XCTAssertEqual(
            Set(reread.design.slots), Set(design.slots), "slots differ after reading back:\n\(result)", file: file,
            line: line)
        XCTAssertEqual(reread.design.slots.count, design.slots.count, file: file, line: line)
        return result
    }

    func index(of id: String, in design: TableDesign) -> Int {
        design.slots.indices.first { design.id(of: $0) == id }!
    }

    // MARK: The map

    func testAMovedSlotRedrawsOnlyItsRows() throws {
        let result = try written(klondike) { design in
            design.moveSlot(index(of: "waste", in: design), to: .cell(row: 0, column: 2))
        }
        XCTAssertEqual(result, klondike.replacingOccurrences(of: "S W . F F\n", with: "S . W F F\n"))
    }

    func testANewSlotLengthensItsRowAndANewRowIsAdded() throws {
        let result = try written(klondike) { design in
            design.addSlot(kind: .foundation, at: .cell(row: 0, column: 6))
            design.addSlot(kind: .tableau, at: .cell(row: 3, column: 1))
        }
        XCTAssertEqual(
            result,
            klondike.replacingOccurrences(
                of: "S W . F F\nT T T T T\n", with: "S W . F F . F\nT T T T T\n.\n. T\n"))
    }

    func testRemovedSlotsTakeTheirTrailingDotsAndRowsWithThem() throws {
        let result = try written(klondike) { design in
            for id in ["tableau.5", "tableau.4", "foundation.2", "foundation"] {
                design.removeSlot(index(of: id, in: design))
            }
        }
        XCTAssertEqual(
            result,
            klondike.replacingOccurrences(of: "S W . F F\nT T T T T\n", with: "S W\nT T T\n")
                .replacingOccurrences(of: "[slots.F]\nkind = \"foundation\"\n\n", with: ""))
    }

    func testDotsAPersonWroteAfterASlotThatStaysAreKept() throws {
        let text = klondike.replacingOccurrences(of: "S W . F F\n", with: "S W . F F . . .\n")
        let result = try written(text) { design in
            design.moveSlot(index(of: "stock", in: design), to: .cell(row: 0, column: 2))
        }
        XCTAssertEqual(result, text.replacingOccurrences(of: "S W . F F . . .\n", with: ". W S F F . . .\n"))
    }

    func testTheMapsOwnSpacingAndIndentation() throws {
        let text = """
            map = '''
              SW.F
              TTTT
              '''

            [slots.S]
            kind = "stock"
            [slots.W]
            kind = "waste"
            [slots.F]
            kind = "foundation"
            [slots.T]
            kind = "tableau"

            """
        let result = try written(text) { design in
            design.addSlot(kind: .foundation, at: .cell(row: 0, column: 5))
            design.addSlot(kind: .tableau, at: .cell(row: 2, column: 0))
        }
        XCTAssertEqual(result, text.replacingOccurrences(of: "  SW.F\n  TTTT\n", with: "  SW.F.F\n  TTTT\n  T\n"))
    }

    func testARowThatWasEmptyTakesTheMapsIndentation() throws {
        let text = """
            map = \"\"\"
              S  W

              T
            \"\"\"
            [slots.S]
            kind = "stock"
            [slots.W]
            kind = "waste"
            [slots.T]
            kind = "tableau"

            """
        let result = try written(text) { design in
            design.addSlot(kind: .tableau, at: .cell(row: 1, column: 1))
            design.removeSlot(index(of: "tableau.2", in: design))
        }
        XCTAssertEqual(result, text.replacingOccurrences(of: "  S  W\n\n  T\n", with: "  S  W\n  .  T\n"))
    }

    func testAOneLineMapStaysOnOneLineUntilItHasTwoRows() throws {
        let text = """
            map = "S W . F"
            [slots.S]
            kind = "stock"
            [slots.W]
            kind = "waste"
            [slots.F]
            kind = "foundation"

            """
        let moved = try written(text) { design in
            design.moveSlot(index(of: "foundation", in: design), to: .cell(row: 0, column: 4))
        }
        XCTAssertEqual(moved, text.replacingOccurrences(of: "\"S W . F\"", with: "\"S W . . F\""))
        let grown = try written(text) { design in
            design.addSlot(kind: .foundation, at: .cell(row: 1, column: 3))
        }
        XCTAssertEqual(
            grown, text.replacingOccurrences(of: "\"S W . F\"", with: "\"\"\"\nS W . F\n. . . F\n\"\"\""))
    }

    func testAMapWithoutSlotsIsLeftEmptyInItsQuotes() throws {
        let text = """
            map = \"\"\"
            S
            \"\"\"

            [slots.S]
            kind = "stock"

            [[slot]]
            id = "free"
            at = [2, 0]

            """
        let result = try written(text) { design in
            design.removeSlot(index(of: "stock", in: design))
        }
        XCTAssertEqual(
            result,
            """
            map = \"\"\"
            \"\"\"

            [[slot]]
            id = "free"
            at = [2, 0]

            """)
    }

    func testAMapIsAddedWhereTheShippedLayoutsWriteIt() throws {
        let text = """
            name = "free"

            [[slot]]
            id = "free"
            at = [2, 0]

            """
        let result = try written(text) { design in
            design.addSlot(kind: .stock, at: .cell(row: 1, column: 0))
        }
        XCTAssertEqual(
            result,
            """
            name = "free"

            map = \"\"\"
            .
            S
            \"\"\"

            [slots.S]
            kind = "stock"

            [[slot]]
            id = "free"
            at = [2, 0]

            """)
    }

    // MARK: [slots.X] tables

    func testValuesAreReplacedInPlaceAndKeysAddedAndRemoved() throws {
        let result = try written(klondike) { design in
            let waste = index(of: "waste", in: design)
            design.setValue("\"down\"", forKey: "fan", ofSlot: waste)
            design.setValue(nil, forKey: "fan-visible", ofSlot: waste)
            design.setValue("\"W\"", forKey: "label", ofSlot: waste)
        }
        XCTAssertEqual(
            result,
            klondike.replacingOccurrences(
                of: "fan = \"right\"   # three cards show\nfan-visible = 3\n",
                with: "fan = \"down\"   # three cards show\nlabel = \"W\"\n"))
    }

    func testAGroupWithoutSlotsGoesWithTheCommentsAboveIt() throws {
        let result = try written(klondike) { design in
            design.removeSlot(index(of: "waste", in: design))
        }
        XCTAssertEqual(
            result,
            klondike.replacingOccurrences(of: "S W . F F\n", with: "S . . F F\n")
                .replacingOccurrences(
                    of:
                        "# The waste.\n[slots.W]\nkind = \"waste\"\nfan = \"right\"   # three cards show\nfan-visible = 3\n\n",
                    with: ""))
    }

    func testANewGroupGoesAfterTheLastGroup() throws {
        let result = try written(klondike) { design in
            design.addSlot(kind: .cell, at: .cell(row: 2, column: 0))
        }
        XCTAssertEqual(
            result,
            klondike.replacingOccurrences(of: "T T T T T\n", with: "T T T T T\nC\n") + "\n[slots.C]\nkind = \"cell\"\n")
    }

    func testWithoutGroupsANewOneGoesAfterTheGameTable() throws {
        let text = """
            title = "Free"

            [game]
            family = "Other"

            # The entries.

            [[slot]]
            id = "stock"
            kind = "stock"
            at = [0, 0]

            """
        let result = try written(text) { design in
            design.addSlot(kind: .waste, at: .cell(row: 0, column: 1))
        }
        XCTAssertEqual(
            result,
            """
            title = "Free"

            map = \"\"\"
            . W
            \"\"\"

            [game]
            family = "Other"

            [slots.W]
            kind = "waste"

            # The entries.

            [[slot]]
            id = "stock"
            kind = "stock"
            at = [0, 0]

            """)
    }

    // MARK: [[slot]] entries

    func testAnEntryMovesInPlaceAndNewEntriesGoAfterTheLast() throws {
        let text = """
            # Free slots.
            title = "Free"

            [[slot]]
            id = "a"
            at = [ 0, 0 ]   # the first

            # The second.
            [[slot]]
            id = "b"
            at = [1.5, 0]

            [[slot]]
            id = "c"
            at = [3, 0]

            """
        let result = try written(text) { design in
            design.moveSlot(0, to: .free(GridPoint(column: 0, row: 7.5)))
            design.removeSlot(1)
            design.addSlot(kind: .cell, at: .free(GridPoint(column: 0.25, row: 2)))
        }
        XCTAssertEqual(
            result,
            """
            # Free slots.
            title = "Free"

            [[slot]]
            id = "a"
            at = [ 0, 7.5 ]   # the first

            [[slot]]
            id = "c"
            at = [3, 0]

            [[slot]]
            id = "cell.1"
            group = "cell"
            kind = "cell"
            at = [0.25, 2]

            """)
    }

    func testASlotMadeFreeBecomesAnEntry() throws {
        let result = try written(klondike) { design in
            design.makeFree(index(of: "stock", in: design))
        }
        XCTAssertEqual(
            result,
            klondike.replacingOccurrences(of: "S W . F F\n", with: ". W . F F\n")
                .replacingOccurrences(of: "[slots.S]\nkind = \"stock\"\n\n", with: "")
                + "\n[[slot]]\nid = \"stock\"\ngroup = \"stock\"\nkind = \"stock\"\nat = [0, 0]\n")
    }

    // MARK: The grid

    func testTheGridIsReplacedInPlaceOrAddedAboveTheMap() throws {
        let added = try written(klondike) { $0.grid = GridPoint(column: 1.5, row: 1) }
        XCTAssertEqual(
            added,
            klondike.replacingOccurrences(of: "title = \"Small\"\n", with: "title = \"Small\"\ngrid = [1.5, 1]\n"))
        let text = klondike.replacingOccurrences(
            of: "title = \"Small\"\n", with: "title = \"Small\"\ngrid = [ 1.5, 1 ]\n")
        let changed = try written(text) { $0.grid = GridPoint(column: 1.5, row: 1.25) }
        XCTAssertEqual(changed, text.replacingOccurrences(of: "[ 1.5, 1 ]", with: "[ 1.5, 1.25 ]"))
    }

    func testNumbersAreWrittenShort() {
        XCTAssertEqual(DesignWriter.number(7.5), "7.5")
        XCTAssertEqual(DesignWriter.number(7), "7")
        XCTAssertEqual(DesignWriter.number(-0.25), "-0.25")
        XCTAssertEqual(DesignWriter.number(0.1 + 0.2), "0.30000000000000004")
    }
}
