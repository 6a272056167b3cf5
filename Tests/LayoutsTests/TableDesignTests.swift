import TestSupport
import XCTest

@testable import Layouts

/// The edits the table designer makes on a design, in the file's own terms.
final class TableDesignTests: XCTestCase {
    /// Klondike's first row and a row of three tableaus.
    func klondike() throws -> TableDesign {
        try LayoutDocument(
            text: """
                map = \"\"\"
                S W . F F
                T T T
                \"\"\"
                [slots.S]
                kind = "stock"
                [slots.W]
                kind = "waste"
                [slots.F]
                kind = "foundation"
                offset = [0.5, 0]
                [slots.T]
                kind = "tableau"
                name = "column"

                """, file: "k.toml"
        ).design
    }

    func ids(_ design: TableDesign) -> [String] { design.slots.indices.map(design.id(of:)) }

    func testIdsAndPositionsAreTheLoaders() throws {
        let design = try klondike()
        XCTAssertEqual(
            ids(design), ["stock", "waste", "foundation.1", "foundation.2", "column.1", "column.2", "column.3"])
        XCTAssertEqual(design.position(of: 2), GridPoint(column: 3.5, row: 0))
        XCTAssertEqual(design.kind(of: 4), .tableau)
        XCTAssertEqual(design.cell(nearest: GridPoint(column: 3.4, row: 0.2), character: "F"), .cell(row: 0, column: 3))
        XCTAssertEqual(design.cell(nearest: GridPoint(column: -2, row: 1.6)), .cell(row: 2, column: 0))
    }

    func testANewSlotJoinsTheGroupOfItsKindOrMakesOne() throws {
        var design = try klondike()
        let tableau = design.addSlot(kind: .tableau, at: .cell(row: 1, column: 3))
        XCTAssertEqual(design.slots[tableau].character, "T")
        XCTAssertEqual(design.id(of: tableau), "column.4")
        let cell = design.addSlot(kind: .cell, at: .cell(row: 2, column: 0))
        XCTAssertEqual(
            design.groups.last, DesignGroup(character: "C", settings: [DesignSetting(key: "kind", value: "\"cell\"")]))
        XCTAssertEqual(design.id(of: cell), "cell")
        let tapped = design.addSlot(kind: .free, at: .cell(row: 2, column: 1))
        XCTAssertEqual(design.slots[tapped].character, "f", "F is taken: the initial in lower case")
        let free = design.addSlot(kind: .trash, at: .free(GridPoint(column: 7.5, row: 0)))
        XCTAssertEqual(design.slots[free].entry["id"], "\"trash.1\"")
        XCTAssertEqual(design.position(of: free), GridPoint(column: 7.5, row: 0))
    }

    func testAnEmptiedGroupGoes() throws {
        var design = try klondike()
        design.removeSlot(1)
        XCTAssertEqual(design.groups.map(\.character), ["S", "F", "T"])
        design.removeSlot(1)
        XCTAssertEqual(ids(design), ["stock", "foundation", "column.1", "column.2", "column.3"])
    }

    func testASlotTakenOffTheMapKeepsItsSettingsAndGetsAnIdNoSlotTakes() throws {
        var design = try klondike()
        design.makeFree(4)
        XCTAssertEqual(
            design.slots[4].entry,
            [
                DesignSetting(key: "id", value: "\"column-free.1\""),
                DesignSetting(key: "group", value: "\"column-free\""),
                DesignSetting(key: "kind", value: "\"tableau\""),
            ])
        XCTAssertEqual(design.slots[4].place, .free(GridPoint(column: 0, row: 1)))
        design.makeFree(5)
        XCTAssertEqual(design.id(of: 5), "column-free.2", "the first is taken")
        design.makeFree(0)
        XCTAssertEqual(design.id(of: 0), "stock", "a group of one: its id and name")
        XCTAssertEqual(design.groups.map(\.character), ["W", "F", "T"])
        XCTAssertEqual(Set(ids(design)).count, design.slots.count)
    }

    func testAValueIsTheGroupsOrTheEntrys() throws {
        var design = try klondike()
        design.setValue("\"down\"", forKey: "fan", ofSlot: 5)
        XCTAssertEqual(design.settings(of: 4)["fan"], "\"down\"", "the whole group's")
        design.makeFree(4)
        design.setValue("\"right\"", forKey: "fan", ofSlot: 4)
        XCTAssertEqual(design.settings(of: 4)["fan"], "\"right\"")
        XCTAssertEqual(design.settings(of: 5)["fan"], "\"down\"")
        design.setValue(nil, forKey: "fan", ofSlot: 5)
        XCTAssertNil(design.settings(of: 6)["fan"])
    }

    func testASlotMovesToAnotherGroupByName() throws {
        var design = try klondike()
        design.assign(6, toGroupNamed: "reserve")
        XCTAssertEqual(design.group(of: 6)?.settings["name"], "\"reserve\"")
        XCTAssertEqual(design.id(of: 6), "reserve")
        XCTAssertEqual(design.id(of: 5), "column.2")
        design.assign(6, toGroupNamed: "column")
        XCTAssertEqual(design.slots[6].character, "T")
        XCTAssertEqual(design.groups.count, 4, "the emptied group went")
    }
}
