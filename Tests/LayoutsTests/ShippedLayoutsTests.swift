import Foundation
import XCTest

@testable import Layouts

final class ShippedLayoutsTests: XCTestCase {
    /// The order `cardtable list` shows: the sandbox, then the games (layouts with rules), Klondike
    /// first, then the other free tables.
    func testNamesSandboxFirstThenGamesThenFreeTables() throws {
        let names = ShippedLayouts.names
        XCTAssertEqual(names.first, "sandbox")
        XCTAssertNil(try XCTUnwrap(ShippedLayouts.layout(named: "sandbox")).rules, "the sandbox is a free table")
        let rest = try names.dropFirst().map { try XCTUnwrap(ShippedLayouts.layout(named: $0), $0) }
        let games = rest.prefix { $0.rules != nil }
        let freeTables = rest.dropFirst(games.count)
        XCTAssertEqual(games.first?.name, "klondike", "the games, Klondike first")
        XCTAssertFalse(freeTables.isEmpty, "free tables other than the sandbox")
        for layout in freeTables {
            XCTAssertNil(layout.rules, "\(layout.name) is a game listed among the free tables")
        }
        XCTAssertEqual(Set(names).count, names.count, "no name twice")
        XCTAssertNil(ShippedLayouts.source(named: "nope"))
        XCTAssertNil(ShippedLayouts.layout(named: "nope"))
    }

    func testEveryShippedLayoutLoadsWithoutErrorsOrWarnings() throws {
        for name in ShippedLayouts.names {
            let text = try XCTUnwrap(ShippedLayouts.source(named: name), name)
            let result = LayoutLoader.load(text: text, file: "layouts/\(name).toml")
            XCTAssertEqual(result.diagnostics.map(\.description), [], name)
            let layout = try XCTUnwrap(result.layout, name)
            XCTAssertEqual(layout.name, name)
            XCTAssertEqual(ShippedLayouts.layout(named: name), layout)
            XCTAssertEqual(Set(layout.slots.map(\.id)).count, layout.slots.count, "\(name): ids are unique")
        }
    }

    /// The embedded text must be what layouts/ holds: run scripts/embed-layouts after editing a layout.
    func testEmbeddedSourcesMatchTheLayoutsFolder() throws {
        let folder = repositoryRoot.appendingPathComponent("layouts")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".toml") }
        XCTAssertEqual(
            Set(files.map { String($0.dropLast(5)) }), Set(ShippedLayouts.names),
            "layouts/*.toml and ShippedLayouts.names differ")
        XCTAssertEqual(
            Set(ShippedLayouts.sources.keys), Set(files.map { String($0.dropLast(5)) }),
            "Sources/Layouts/ShippedLayouts+Sources.swift is out of date: run scripts/embed-layouts")
        for file in files {
            let onDisk = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(
                ShippedLayouts.source(named: String(file.dropLast(5))), onDisk,
                "layouts/\(file) changed: run scripts/embed-layouts")
        }
    }

    func kinds(_ layout: TableLayout) -> [SlotKind: Int] {
        layout.slots.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }

    func testSandbox() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "sandbox"))
        XCTAssertEqual(kinds(layout), [.free: 6, .trash: 1])
        XCTAssertEqual(layout.slots.last?.kind, .trash, "the trash is at the end")
        for slot in layout.slots(ofKind: .free) {
            XCTAssertTrue(slot.tapToCreate)
            XCTAssertFalse(slot.deleteOnDrop)
            XCTAssertEqual(slot.capacity, 1)
        }
        let trash = try XCTUnwrap(layout.slot("trash"))
        XCTAssertTrue(trash.deleteOnDrop)
        XCTAssertEqual(trash.capacity, 0)
        XCTAssertEqual(Set(layout.slots.map(\.position.row)), [0], "one row")
    }

    func testKlondike() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "klondike"))
        XCTAssertEqual(kinds(layout), [.stock: 1, .waste: 1, .foundation: 4, .tableau: 7])
        XCTAssertEqual(layout.slot("waste")?.fan, .right)
        XCTAssertEqual(layout.slot("tableau.1")?.fan, .down)
    }

    func testFreeCell() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "freecell"))
        XCTAssertEqual(kinds(layout), [.cell: 4, .foundation: 4, .tableau: 8])
        XCTAssertTrue(layout.slots(ofKind: .cell).allSatisfy { $0.capacity == 1 })
    }

    func testSpider() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "spider"))
        XCTAssertEqual(kinds(layout), [.stock: 1, .foundation: 8, .tableau: 10])
    }

    func testPyramidRowsOverlapAtHalfCardOffsets() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "pyramid"))
        XCTAssertEqual(kinds(layout), [.stock: 1, .waste: 1, .foundation: 1, .tableau: 28])
        var k = 0
        for row in 0..<7 {
            for i in 0...row {
                k += 1
                let slot = try XCTUnwrap(layout.slot("pyramid.\(k)"))
                XCTAssertEqual(
                    slot.position, GridPoint(column: Double(9 - row + 2 * i) / 2, row: Double(row) / 2), slot.id)
            }
        }
        // Each card below the top is covered by two cards of the next row.
        let top = try XCTUnwrap(layout.slot("pyramid.1"))
        let left = try XCTUnwrap(layout.slot("pyramid.2"))
        XCTAssertEqual(left.position.column, top.position.column - 0.5)
        XCTAssertEqual(left.position.row, top.position.row + 0.5)
    }

    func testFree30() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "free30"))
        XCTAssertEqual(kinds(layout), [.free: 30])
        XCTAssertTrue(layout.slots.allSatisfy(\.tapToCreate))
        XCTAssertEqual(layout.slots.first?.id, "free.1")
        XCTAssertEqual(layout.slots.last?.id, "free.30")
    }

    func testEveryShippedLayoutFitsAnEightyByTwentyFourTerminal() throws {
        for name in ShippedLayouts.names {
            let layout = try XCTUnwrap(ShippedLayouts.layout(named: name))
            guard case .success(let table) = Placement.place(layout, width: 80, height: 24) else {
                return XCTFail("\(name) does not fit 80x24")
            }
            XCTAssertGreaterThanOrEqual(table.cardSize.width, 6, name)
        }
    }
}
