import Foundation
import TestSupport
import XCTest

@testable import Layouts

/// Every layout in layouts/, with its text and the path it is read from (scripts are found beside it).
func shippedLayoutFiles() throws -> [(name: String, file: String, text: String)] {
    let folder = repositoryRoot.appendingPathComponent("layouts")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".toml") }
        .sorted()
    return try names.map { name in
        let url = folder.appendingPathComponent(name)
        return (String(name.dropLast(5)), url.path, try String(contentsOf: url, encoding: .utf8))
    }
}

/// Opening a layout in the designer: the design read from it, and the text unchanged when nothing is.
final class LayoutDocumentTests: XCTestCase {
    func testEveryShippedLayoutComesBackByteForByte() throws {
        let files = try shippedLayoutFiles()
        XCTAssertGreaterThanOrEqual(files.count, 69)
        for (name, file, text) in files {
            let document = try LayoutDocument(text: text, file: file)
            XCTAssertEqual(document.text(for: document.design), text, name)
            // Not only because the design is the same value: written from a copy made afresh.
            var copy = TableDesign(grid: document.design.grid, groups: document.design.groups, slots: [])
            copy.slots = document.design.slots
            XCTAssertEqual(DesignWriter.write(copy, over: document.design, in: text), text, name)
        }
    }

    func testTheDesignPlacesEverySlotWhereTheLoaderDoes() throws {
        for (name, file, text) in try shippedLayoutFiles() {
            let document = try LayoutDocument(text: text, file: file)
            let layout = try XCTUnwrap(LayoutLoader.load(text: text, file: file).layout, name)
            let design = document.design
            XCTAssertEqual(design.slots.count, layout.slots.count, name)
            let loaded = Dictionary(uniqueKeysWithValues: layout.slots.map { ($0.id, $0) })
            for index in design.slots.indices {
                let id = design.id(of: index)
                let slot = try XCTUnwrap(loaded[id], "\(name): \(id)")
                XCTAssertEqual(design.position(of: index), slot.position, "\(name): \(id)")
                XCTAssertEqual(design.kind(of: index), slot.kind, "\(name): \(id)")
            }
            XCTAssertEqual(Set(design.slots.indices.map(design.id(of:))).count, design.slots.count, name)
            // Loaded as check loads the file: its script found beside it.
            XCTAssertEqual(document.load(design).diagnostics, [], name)
        }
    }

    func testTheManualSaysHowTheDesignerWrites() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("man/cardtable-layout.5"), encoding: .utf8)
        let start = try XCTUnwrap(page.range(of: ".Sh WRITTEN BY THE DESIGNER\n"))
        let end = try XCTUnwrap(page.range(of: ".Sh ", range: start.upperBound..<page.endIndex))
        let section = page[start.upperBound..<end.lowerBound]
        for topic in ["comments", "quotes", ".It Ic grid", ".Ic [slots.X]", ".Ic [[slot]]", "7.500000", "inline"] {
            XCTAssertTrue(section.contains(topic), "WRITTEN BY THE DESIGNER says nothing of \(topic)")
        }
    }

    // MARK: A new file

    func testANewFileHasANameATitleAndAnEmptyMap() throws {
        let document = LayoutDocument(newFile: "/home/me/my-table.toml")
        XCTAssertEqual(
            document.text,
            """
            name = "my-table"
            title = "My Table"

            map = \"\"\"
            \"\"\"

            """)
        XCTAssertEqual(document.design, TableDesign())
        XCTAssertEqual(try LayoutDocument(text: document.text, file: document.file).design, document.design)
        XCTAssertEqual(
            document.load(document.design).diagnostics.map(\.description),
            ["/home/me/my-table.toml:4:7: error: the map has no slots: every character but '.' and blanks is a slot"])
        var design = document.design
        design.addSlot(kind: .stock, at: .cell(row: 0, column: 0))
        design.addSlot(kind: .waste, at: .cell(row: 0, column: 1))
        XCTAssertEqual(
            document.text(for: design),
            """
            name = "my-table"
            title = "My Table"

            map = \"\"\"
            S W
            \"\"\"

            [slots.S]
            kind = "stock"

            [slots.W]
            kind = "waste"

            """)
        XCTAssertEqual(document.load(design).diagnostics, [])
    }

    func testANewFilesNameIsOneALayoutMayHave() {
        XCTAssertEqual(LayoutDocument(newFile: "two words.toml").design, TableDesign())
        XCTAssertTrue(
            LayoutDocument(newFile: "two words.toml").text.hasPrefix("name = \"two-words\"\ntitle = \"Two Words\"\n"))
        XCTAssertTrue(LayoutDocument(newFile: ".toml").text.hasPrefix("name = \"layout\"\n"))
    }

    // MARK: Bad input

    func errors(_ text: String) -> [String] {
        do {
            _ = try LayoutDocument(text: text, file: "bad.toml")
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }

    func testTextThatIsNotTOMLIsRefusedWithItsLineAndColumn() {
        XCTAssertEqual(
            errors("title = \"x\"\nmap = \"\"\"\nS\n"),
            ["bad.toml:4:1: error: TOML syntax: error while parsing string: encountered end-of-file"])
        XCTAssertEqual(errors("[slots.S\nkind = 1").count, 1)
        XCTAssertTrue(errors("[slots.S\nkind = 1")[0].hasPrefix("bad.toml:1:"), "\(errors("[slots.S\nkind = 1"))")
    }

    func testShapesADesignCannotHoldAreRefused() {
        XCTAssertEqual(errors("map = 3\n"), ["bad.toml:1:7: error: map must be a string, found an integer (3)"])
        XCTAssertEqual(
            errors("map = \"S\"\n[slots]\nS = 1\n"),
            [
                "bad.toml:1:8: error: map character 'S' has no [slots.S] table",
                "bad.toml:3:5: error: [slots.S] must be a table of settings, found an integer (1)",
            ])
        XCTAssertEqual(
            errors("map = \"AB\"\n[slots.AB]\nkind = \"stock\"\n").last,
            "bad.toml:2:8: error: [slots.AB] must be named by a single map character (not '.' or a blank)")
        XCTAssertEqual(
            errors("[[slot]]\nid = \"a\"\n"), ["bad.toml:1:3: error: [[slot]] needs a position: at = [column, row]"])
        XCTAssertEqual(
            errors("[[slot]]\nid = \"a\"\nat = [1, \"x\"]\n"),
            [
                "bad.toml:3:10: error: at must be an array of two numbers [column, row], found a string (\"x\") at position 2"
            ])
        XCTAssertEqual(
            errors("slot = 1\n"),
            [
                "bad.toml:1:1: error: missing map: a layout needs a map (or at least one [[slot]])",
                "bad.toml:1:8: error: slot must be an array of tables ([[slot]]), found an integer (1)",
            ])
    }

    func testAFileOverTheSizeLimitIsRefused() {
        let text = "# " + String(repeating: "x", count: LayoutLoader.maxFileBytes) + "\n"
        XCTAssertEqual(
            errors(text),
            ["bad.toml: error: the file is 1048579 bytes, larger than the 1048576 bytes (1 MB) a layout file may be"])
    }

    func testALayoutWithWrongValuesOpensToBeMended() throws {
        let text = """
            map = "S Z"
            [slots.S]
            kind = "stok"
            fan = 3

            """
        XCTAssertFalse(LayoutLoader.load(text: text, file: "bad.toml").diagnostics.isEmpty)
        let document = try LayoutDocument(text: text, file: "bad.toml")
        XCTAssertEqual(document.design.groups.map(\.character), ["S", "Z"], "Z's group has no table yet")
        var design = document.design
        design.setValue("\"stock\"", forKey: "kind", ofSlot: 0)
        design.setValue(nil, forKey: "fan", ofSlot: 0)
        design.setValue("\"waste\"", forKey: "kind", ofSlot: 1)
        XCTAssertEqual(
            document.text(for: design),
            """
            map = "S Z"
            [slots.S]
            kind = "stock"

            [slots.Z]
            kind = "waste"

            """)
        XCTAssertEqual(document.load(design).diagnostics, [])
    }
}
