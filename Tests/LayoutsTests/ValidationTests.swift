import Foundation
import XCTest

@testable import Layouts

/// Broken layout files: each error with its exact place and message.
final class ValidationTests: XCTestCase {
    func assertDiagnostics(
        _ text: String, _ expected: [String], layout expectLayout: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = load(text)
        XCTAssertEqual(result.diagnostics.map(\.description), expected, file: file, line: line)
        XCTAssertEqual(result.layout != nil, expectLayout, file: file, line: line)
        XCTAssertEqual(result.hasErrors, result.diagnostics.contains { $0.severity == .error }, file: file, line: line)
    }

    func testTOMLSyntaxErrorPositionComesFromTheParser() {
        assertDiagnostics(
            """
            map = "A"
            [slots.A]
            kind = = "stock"
            """, ["bad.toml:3:8: error: TOML syntax: error while parsing value: could not determine value type"])
        assertDiagnostics(
            """
            map = "A"
            [slots.A
            kind = "stock"
            """, ["bad.toml:2:9: error: TOML syntax: error while parsing table header: expected ']', saw '\\n'"])
        assertDiagnostics(
            """
            map = "A"
            [slots.A]
            kind = "stock"
            [slots.A]
            """,
            [
                "bad.toml:4:1: error: TOML syntax: error while parsing table header: cannot redefine existing table 'slots.A'"
            ])
    }

    /// Inputs on which toml++ 3.4, the parser before ours, tripped its own assertions: the loader
    /// still reports them itself, with their place.
    func testParserTrapsAreReportedNotParsed() {
        assertDiagnostics(
            "map = \"A\"\n[# note]\n",
            [
                "bad.toml:2:2: error: TOML syntax: error while parsing table header: expected bare key starting character or string delimiter, saw '#'"
            ])
        assertDiagnostics(
            "map = \"A\"\n[[ \u{16}x]]\n",
            [
                "bad.toml:2:4: error: TOML syntax: error while parsing table header: expected bare key starting character or string delimiter, saw U+0016"
            ])
        assertDiagnostics(
            "map = \"A\"\n[ [slots.A]]",
            [
                "bad.toml:2:3: error: TOML syntax: error while parsing table header: expected bare key starting character or string delimiter, saw '['"
            ])
        assertDiagnostics(
            "map = \"A\"\n[slots.A]\nlabel = 1979-05-27 3\n",
            [
                "bad.toml:3:9: error: TOML syntax: error while parsing date-time: expected a time (HH:MM:SS) after the date and the space"
            ])
        assertDiagnostics(
            "map = \"A\"\n[slots.A]\noffset = [0.5,} 0]\n",
            [
                "bad.toml:3:15: error: TOML syntax: error while parsing array: expected a value or closing ']', saw '}'"
            ])
        assertDiagnostics(
            "grid = [1,\u{2028}2]\n",
            [
                "bad.toml:1:11: error: TOML syntax: error while parsing array: expected a value or closing ']', saw U+2028"
            ])
        // Valid neighbours of those traps still parse.
        assertDiagnostics(
            "map = \"A\"\n[ \"slots\" . A ]\nlabel = \"x\" # [# not a header]\n[[slot]]\nid = \"b\"\nat = [1, 0,]\n",
            [], layout: true)
        let deep = "a = " + String(repeating: "[", count: 100_000)
        XCTAssertEqual(
            descriptions(deep),
            [
                "bad.toml:1:21: error: arrays and inline tables nested more than 16 deep, the most they may be"
            ])
        XCTAssertTrue(load("a = " + String(repeating: "{b=", count: 50_000)).hasErrors)
    }

    func testMissingMap() {
        assertDiagnostics(
            """
            name = "nothing"
            [slots.A]
            kind = "stock"
            """, ["bad.toml:1:1: error: missing map: a layout needs a map (or at least one [[slot]])"])
        assertDiagnostics("", ["bad.toml:1:1: error: missing map: a layout needs a map (or at least one [[slot]])"])
    }

    func testMapWithNoSlots() {
        assertDiagnostics(
            """
            map = \"\"\"
            . . .
            \"\"\"
            """, ["bad.toml:1:7: error: the map has no slots: every character but '.' and blanks is a slot"])
    }

    func testMapCharacterWithoutTable() {
        assertDiagnostics(
            """
            map = \"\"\"
            S W
            T T W
            \"\"\"
            [slots.S]
            kind = "stock"
            [slots.T]
            kind = "tableau"
            """, ["bad.toml:2:3: error: map character 'W' has no [slots.W] table"])
        assertDiagnostics(
            "map = 'S #'\n[slots.S]\n",
            [
                "bad.toml:1:10: error: map character '#' has no [slots.\"#\"] table"
            ])
    }

    func testTableNotInMap() {
        assertDiagnostics(
            """
            map = "A"
            [slots.A]
            kind = "stock"
            [slots.B]
            kind = "waste"
            """, ["bad.toml:4:8: error: [slots.B] is not used: 'B' does not appear in the map"])
    }

    func testSlotsTableKeyMustBeOneCharacter() {
        assertDiagnostics(
            """
            map = "A"
            [slots.A]
            [slots.AB]
            kind = "waste"
            """, ["bad.toml:3:8: error: [slots.AB] must be named by a single map character (not '.' or a blank)"])
    }

    func testUnknownKind() {
        assertDiagnostics(
            """
            map = "T"
            [slots.T]
            kind = "tabelau"
            """,
            [
                "bad.toml:3:8: error: unknown kind \"tabelau\"; did you mean \"tableau\"? (one of stock, waste, foundation, tableau, cell, reserve, trash, free)"
            ])
        assertDiagnostics(
            "map = \"T\"\n[slots.T]\nkind = \"pile\"\n",
            [
                "bad.toml:3:8: error: unknown kind \"pile\" (one of stock, waste, foundation, tableau, cell, reserve, trash, free)"
            ])
    }

    func testUnknownFan() {
        assertDiagnostics(
            """
            map = "T"
            [slots.T]
            kind = "tableau"
            fan  =  "up"
            """, ["bad.toml:4:9: error: unknown fan \"up\" (one of none, down, right)"])
    }

    func testFanVisibleBelowOne() {
        assertDiagnostics(
            """
            map = "T"
            [slots.T]
            fan = "down"
            fan-visible = 0
            """, ["bad.toml:4:15: error: fan-visible must be at least 1, found 0"])
        assertDiagnostics(
            "map = \"T\"\n[slots.T]\nfan = \"down\"\nfan-visible = 500\n",
            [
                "bad.toml:4:15: error: fan-visible must be at most 104, found 500"
            ])
    }

    func testNegativeCapacity() {
        assertDiagnostics(
            """
            map = "C"
            [slots.C]
            kind = "cell"
            capacity = -1
            """, ["bad.toml:4:12: error: capacity must be 0 or more, found -1"])
    }

    func testWrongValueTypes() {
        assertDiagnostics(
            """
            title = 3
            map = "T"
            [slots.T]
            kind = "tableau"
            fan = 3
            fan-visible = 2.5
            capacity = "13"
            tap-to-create = "yes"
            label = 1
            overlap = 1979-05-27
            """,
            [
                "bad.toml:1:9: error: title must be a string, found an integer (3)",
                "bad.toml:5:7: error: fan must be a string (one of none, down, right), found an integer (3)",
                "bad.toml:6:15: error: fan-visible must be an integer, found a float (2.5)",
                "bad.toml:7:12: error: capacity must be an integer, found a string (\"13\")",
                "bad.toml:8:17: error: tap-to-create must be true or false, found a string (\"yes\")",
                "bad.toml:9:9: error: label must be a string, found an integer (1)",
                "bad.toml:10:11: error: overlap must be true or false, found a date",
            ])
        assertDiagnostics("map = 3\n", ["bad.toml:1:7: error: map must be a string, found an integer (3)"])
        assertDiagnostics(
            "map = \"A\"\n[slots.A]\noffset = [1, \"x\"]\n",
            [
                "bad.toml:3:14: error: offset must be an array of two numbers [column, row], found a string (\"x\") at position 2"
            ])
        assertDiagnostics(
            "map = \"A\"\n[slots.A]\noffset = [1]\n",
            [
                "bad.toml:3:10: error: offset must be an array of two numbers [column, row], found 1 value"
            ])
        assertDiagnostics(
            "map = \"A\"\n[slots.A]\noffset = [nan, 0]\n",
            [
                "bad.toml:3:11: error: offset must hold finite numbers, found nan"
            ])
        assertDiagnostics(
            "map = \"A\"\nslots = [1]\n",
            [
                "bad.toml:1:8: error: map character 'A' has no [slots.A] table",
                "bad.toml:2:9: error: slots must be a table of [slots.X] tables, found an array (for freely placed slots, write [[slot]])",
            ])
        assertDiagnostics(
            "map = \"A\"\n[slots]\nA = \"stock\"\n",
            [
                "bad.toml:1:8: error: map character 'A' has no [slots.A] table",
                "bad.toml:3:5: error: [slots.A] must be a table of settings, found a string (\"stock\")",
            ])
        assertDiagnostics(
            "[slot]\nid = \"a\"\n",
            [
                "bad.toml:1:1: error: missing map: a layout needs a map (or at least one [[slot]])",
                "bad.toml:1:2: error: slot must be an array of tables ([[slot]]), found a table (write [[slot]] with two brackets, or use [slots.X] for map characters)",
            ])
    }

    func testUnknownKeys() {
        assertDiagnostics(
            """
            name = "x"
            tittle = "X"
            map = "T"
            [slots.T]
            kind = "tableau"
            fan-visble = 3
            colour = "red"
            at = [0, 0]
            """,
            [
                "bad.toml:2:1: error: unknown key 'tittle' at the top level; did you mean 'title'?",
                "bad.toml:6:1: error: unknown key 'fan-visble' in [slots.T]; did you mean 'fan-visible'?",
                "bad.toml:7:1: error: unknown key 'colour' in [slots.T] (valid keys: \(LayoutLoader.groupKeys.joined(separator: ", ")))",
                "bad.toml:8:1: error: unknown key 'at' in [slots.T]; 'at' places a [[slot]]: a map group is placed by the map (shift it with offset)",
            ])
        assertDiagnostics(
            """
            [[slot]]
            id = "a"
            at = [0, 0]
            Kind = "cell"
            offset = [1, 1]
            """,
            [
                "bad.toml:4:1: error: unknown key 'Kind' in [[slot]] 1; did you mean 'kind'?",
                "bad.toml:5:1: error: unknown key 'offset' in [[slot]] 1; 'offset' belongs in a [slots.X] group",
            ])
        assertDiagnostics(
            "map = \"T\"\nslots.T.fan_visible = 3\n",
            [
                "bad.toml:2:9: error: unknown key 'fan_visible' in [slots.T]; did you mean 'fan-visible'?"
            ])
    }

    func testDuplicateSlotIDs() {
        assertDiagnostics(
            """
            map = "A"
            [slots.A]
            kind = "stock"

            [[slot]]
            id = "stock"
            at = [3, 0]
            """, ["bad.toml:6:6: error: duplicate slot id 'stock' (the first is at line 1, column 8)"])
        assertDiagnostics(
            """
            map = "F G G"
            [slots.F]
            kind = "foundation"
            [slots.G]
            kind = "foundation"
            """,
            [
                "bad.toml:4:8: error: group name 'foundation' is already used by [slots.F]; give [slots.G] its own name = \"...\""
            ])
        assertDiagnostics(
            """
            map = "F G"
            [slots.F]
            name = "pile"
            [slots.G]
            name = "pile"
            """,
            [
                "bad.toml:5:8: error: group name 'pile' is already used by [slots.F]; give [slots.G] its own name = \"...\""
            ])
    }

    func testExplicitSlotNeedsIDAndPosition() {
        assertDiagnostics(
            """
            map = "A"
            [slots.A]
            [[slot]]
            kind = "cell"
            [[slot]]
            id = "two words"
            at = [1, 2, 3]
            """,
            [
                "bad.toml:3:3: error: [[slot]] needs an id = \"...\"",
                "bad.toml:3:3: error: [[slot]] needs a position: at = [column, row]",
                "bad.toml:6:6: error: id must be letters, digits, '-', '_' or '.', found \"two words\"",
                "bad.toml:7:6: error: at must be an array of two numbers [column, row], found 3 values",
            ])
    }

    func testNamesAndGrid() {
        assertDiagnostics(
            """
            name = ""
            grid = [0, 1]
            map = "A"
            [slots.A]
            name = "a.b"
            """,
            [
                "bad.toml:1:8: error: name must not be empty",
                "bad.toml:2:8: error: grid sizes must be greater than 0 and at most 10 card units",
                "bad.toml:5:8: error: name must be letters, digits, '-' or '_', found \"a.b\"",
            ])
    }

    func testPositionsTooFarOut() {
        assertDiagnostics(
            """
            [[slot]]
            id = "far"
            at = [1e9, 0]
            """,
            [
                "bad.toml:2:6: error: slot 'far' is too far out (column 1000000000, row 0); positions stay within 1000 card units"
            ])
    }

    func testAllErrorsAreReportedInFileOrder() {
        let result = load(
            """
            map = \"\"\"
            A B Q
            \"\"\"
            [slots.A]
            kind = "tabelau"
            fan = 3
            fan-visble = 2
            [slots.C]
            capacity = -1
            """)
        XCTAssertNil(result.layout)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "bad.toml:2:3: error: map character 'B' has no [slots.B] table",
                "bad.toml:2:5: error: map character 'Q' has no [slots.Q] table",
                "bad.toml:5:8: error: unknown kind \"tabelau\"; did you mean \"tableau\"? (one of stock, waste, foundation, tableau, cell, reserve, trash, free)",
                "bad.toml:6:7: error: fan must be a string (one of none, down, right), found an integer (3)",
                "bad.toml:7:1: error: unknown key 'fan-visble' in [slots.A]; did you mean 'fan-visible'?",
                "bad.toml:8:8: error: [slots.C] is not used: 'C' does not appear in the map",
                "bad.toml:9:12: error: capacity must be 0 or more, found -1",
            ])
        XCTAssertEqual(result.diagnostics[4].keyPath, "slots.A.fan-visble")
        XCTAssertEqual(result.diagnostics[6].keyPath, "slots.C.capacity")
    }

    func testMapWithEscapesFallsBackToTheMapValue() {
        assertDiagnostics(
            "map = \"A\\u0042\"\n[slots.A]\n",
            [
                "bad.toml:1:7: error: map character 'B' has no [slots.B] table"
            ])
        assertDiagnostics(
            "map = \"A\\u0001\"\n[slots.A]\n",
            [
                "bad.toml:1:7: error: the map contains the control character \\x01"
            ])
    }

    func testNULCharacter() {
        assertDiagnostics(
            "map = \"A\"\n[slots.A]\nlabel = \"x\u{0}\"\n",
            [
                "bad.toml:3:11: error: the file contains a NUL character (U+0000)"
            ])
    }

    // MARK: Warnings

    func testOverlapWarning() {
        assertDiagnostics(
            """
            map = "A"
            [slots.A]
            kind = "stock"
            [[slot]]
            id = "extra"
            at = [0.5, 0.25]
            """,
            ["bad.toml:5:6: warning: slot 'extra' overlaps slot 'stock'; if that is meant, set overlap = true in both"],
            layout: true)
        // Both sides allow it: no warning. Touching edges are no overlap.
        assertDiagnostics(
            """
            map = "A"
            [slots.A]
            kind = "stock"
            overlap = true
            [[slot]]
            id = "extra"
            at = [0.5, 0.25]
            overlap = true
            [[slot]]
            id = "beside"
            at = [1.5, 0.25]
            """, [], layout: true)
    }

    func testOffTableWarning() {
        assertDiagnostics(
            """
            map = "A"
            [slots.A]
            kind = "stock"
            offset = [-0.5, 0]
            """,
            [
                "bad.toml:1:8: warning: slot 'stock' is off the table (column -0.5, row 0): positions should not be negative"
            ], layout: true)
    }

    func testFanVisibleWithoutFanWarning() {
        assertDiagnostics(
            """
            map = "A"
            [slots.A]
            kind = "stock"
            fan-visible = 3
            """, ["bad.toml:4:1: warning: fan-visible has no effect when fan is \"none\""], layout: true)
    }

    // MARK: Files

    func testUnreadableFiles() throws {
        let missing = LayoutLoader.load(path: "/nonexistent/dir/x.toml")
        XCTAssertNil(missing.layout)
        XCTAssertEqual(missing.diagnostics.map(\.description), ["/nonexistent/dir/x.toml: error: no such file"])

        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        XCTAssertEqual(
            LayoutLoader.load(path: directory.path).diagnostics.map(\.description),
            ["\(directory.path): error: is a directory, not a layout file"])

        let binary = directory.appendingPathComponent("binary.toml")
        try Data("map = \"A\"\n# caf\u{E9}\n".utf8.prefix(17) + [0xE9, 0x0A]).write(to: binary)
        XCTAssertEqual(
            LayoutLoader.load(path: binary.path).diagnostics.map(\.description),
            ["\(binary.path):2:7: error: the file is not valid UTF-8"])

        let good = directory.appendingPathComponent("good.toml")
        try Data("map = \"A\"\n[slots.A]\nkind = \"cell\"\nfan = \"up\"\n".utf8).write(to: good)
        let result = LayoutLoader.load(path: good.path)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            ["\(good.path):4:7: error: unknown fan \"up\" (one of none, down, right)"])
    }
}
