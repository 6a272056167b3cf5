import TestSupport
import XCTest

@testable import Layouts

/// Layouts written in unusual but valid TOML: they come back byte for byte, and edits keep their style.
final class LayoutDocumentOddFilesTests: XCTestCase {
    static let odd: [String: String] = [
        "crlf":
            "title = \"Crlf\"\r\nmap = \"\"\"\r\nS W\r\n\"\"\"\r\n\r\n[slots.S]\r\nkind = \"stock\"\r\n[slots.W]\r\nkind = \"waste\"\r\n",
        "crlf-entries": "title = \"Crlf\"\r\n\r\n[[slot]]\r\nid = \"a\"\r\nat = [3, 0]\r\n",
        "tabs":
            "title\t=\t\"Tabs\"\n\nmap = \"\"\"\n\tS\tW\n\"\"\"\n\n[slots.S]\n\tkind = \"stock\"\t# a stock\n[slots.W]\n\tkind = \"waste\"\n",
        "literal":
            "title = 'Literal'\nmap = '''\nS W\n'''\n[slots.S]\nkind = 'stock'\nlabel = '''x'''\n[slots.W]\nkind = \"waste\"\n",
        "inline": "map = \"S W\"\n[slots]\nS = { kind = \"stock\" }\nW = { kind = \"waste\", fan = \"right\" }\n",
        "inline-dotted": "map = \"S W\"\nslots.S = { kind = \"stock\" }\nslots.W = {kind = \"waste\"}  # the waste\n",
        "inline-slots": "map = \"S W\"\nslots = { S = { kind = \"stock\" }, W = {kind=\"waste\"} }\n",
        "dotted": "map = \"SW\"\n[slots]\nS.kind = \"stock\"  # the stock\nW.kind = \"waste\"\n",
        "order": "title = \"Order\"\nmap = \"W S\"\nname = \"order\"\n\n[slots.W]\nkind = \"waste\"\n\n[slots.S]\n"
            + "kind = \"stock\"\n\n[game]\nfamily = \"Klondike\"\n",
        "no-final-line-break": "map = \"S\"\n[slots.S]\nkind = \"stock\"",
        "byte-order-mark": "\u{FEFF}map = \"S\"\n[slots.S]\nkind = \"stock\"\n",
        "inline-entries": "slot = [ { id = \"a\", at = [0, 0] }, { id = \"b\", at = [1.5, 0] } ]\n",
        "inline-entries-lines": "slot = [\n  { id = \"a\", at = [0, 0] },  # a\n  { id = \"b\", at = [1.5, 0] },\n]\n",
        "escaped-map":
            "map = \"S\\tW\\nT T\"\n[slots.S]\nkind = \"stock\"\n[slots.W]\nkind = \"waste\"\n[slots.T]\nkind = \"tableau\"\n",
        "quoted-character": "map = \"\"\"\n# .\n\"\"\"\n[slots.\"#\"]\nkind = \"stock\"\n",
        "comments-everywhere": """
        # top
        map = \"\"\"   
        S W
        \"\"\"   # the map
        # before
        [slots.S] # header
        # inside
        kind = "stock" # value
        # after

        [slots.W]
        kind = "waste"
        # end
        """,
    ]

    func testOddFilesComeBackByteForByte() throws {
        for (name, text) in Self.odd.sorted(by: { $0.key < $1.key }) {
            let document = try LayoutDocument(text: text, file: name + ".toml")
            XCTAssertEqual(document.text(for: document.design), text, name)
            XCTAssertEqual(DesignWriter.write(document.design, over: document.design, in: text), text, name)
        }
    }

    /// `change` made to the odd file `name`: the text, which loads without errors and reads back as the design.
    func edit(_ name: String, _ change: (inout TableDesign) -> Void) throws -> String {
        let document = try LayoutDocument(text: Self.odd[name]!, file: name + ".toml")
        var design = document.design
        change(&design)
        let text = document.text(for: design)
        XCTAssertEqual(
            document.load(design).diagnostics.filter { $0.severity == .error }.map(\.description), [], text)
        let reread = try LayoutDocument(text: text, file: name + ".toml")
        XCTAssertNil(LayoutDocumentFuzzTests.difference(reread.design, design), text)
        return text
    }

    func slot(_ id: String, _ design: TableDesign) -> Int {
        design.slots.indices.first { design.id(of: $0) == id }!
    }

    func testLineBreaksAndTabsAreTheFilesOwn() throws {
        XCTAssertEqual(
            try edit("crlf") { $0.addSlot(kind: .cell, at: .cell(row: 1, column: 1)) },
            "title = \"Crlf\"\r\nmap = \"\"\"\r\nS W\r\n. C\r\n\"\"\"\r\n\r\n[slots.S]\r\nkind = \"stock\"\r\n"
                + "[slots.W]\r\nkind = \"waste\"\r\n\r\n[slots.C]\r\nkind = \"cell\"\r\n")
        XCTAssertEqual(
            try edit("crlf-entries") { design in
                design.addSlot(kind: .stock, at: .cell(row: 0, column: 0))
                design.grid = GridPoint(column: 1.5, row: 1)
            },
            "title = \"Crlf\"\r\ngrid = [1.5, 1]\r\n\r\nmap = \"\"\"\r\nS\r\n\"\"\"\r\n\r\n[slots.S]\r\nkind = \"stock\"\r\n\r\n"
                + "[[slot]]\r\nid = \"a\"\r\nat = [3, 0]\r\n")
        XCTAssertEqual(
            try edit("tabs") { design in
                design.setValue("\"A\"", forKey: "label", ofSlot: slot("stock", design))
                design.addSlot(kind: .cell, at: .cell(row: 0, column: 3))
            },
            "title\t=\t\"Tabs\"\n\nmap = \"\"\"\n\tS\tW\t.\tC\n\"\"\"\n\n[slots.S]\n\tkind = \"stock\"\t# a stock\n"
                + "\tlabel = \"A\"\n[slots.W]\n\tkind = \"waste\"\n\n[slots.C]\nkind = \"cell\"\n")
    }

    func testLiteralStringsStayLiteral() throws {
        XCTAssertEqual(
            try edit("literal") { design in
                design.moveSlot(slot("waste", design), to: .cell(row: 1, column: 0))
                design.setValue(nil, forKey: "label", ofSlot: slot("stock", design))
            },
            "title = 'Literal'\nmap = '''\nS\nW\n'''\n[slots.S]\nkind = 'stock'\n[slots.W]\nkind = \"waste\"\n")
    }

    func testInlineTablesAreEditedInline() throws {
        XCTAssertEqual(
            try edit("inline") { design in
                design.setValue("\"down\"", forKey: "fan", ofSlot: slot("waste", design))
                design.setValue("\"A\"", forKey: "label", ofSlot: slot("stock", design))
            },
            "map = \"S W\"\n[slots]\nS = { kind = \"stock\", label = \"A\" }\nW = { kind = \"waste\", fan = \"down\" }\n"
        )
        XCTAssertEqual(
            try edit("inline") { design in
                design.removeSlot(slot("stock", design))
                design.setValue(nil, forKey: "fan", ofSlot: slot("waste", design))
            },
            "map = \". W\"\n[slots]\nW = { kind = \"waste\" }\n")
        XCTAssertEqual(
            try edit("inline-dotted") { design in
                design.removeSlot(slot("stock", design))
                design.setValue("\"A\"", forKey: "label", ofSlot: slot("waste", design))
                design.addSlot(kind: .cell, at: .cell(row: 0, column: 2))
            },
            "map = \". W C\"\nslots.W = {kind = \"waste\", label = \"A\"}  # the waste\n\n[slots.C]\nkind = \"cell\"\n")
        XCTAssertEqual(
            try edit("inline-slots") { design in
                design.removeSlot(slot("stock", design))
                design.addSlot(kind: .cell, at: .cell(row: 0, column: 2))
            },
            "map = \". W C\"\nslots = { W = {kind=\"waste\"}, C = { kind = \"cell\" } }\n")
    }

    func testDottedKeysStayDotted() throws {
        XCTAssertEqual(
            try edit("dotted") { design in
                design.setValue("\"right\"", forKey: "fan", ofSlot: slot("waste", design))
                design.addSlot(kind: .cell, at: .cell(row: 0, column: 2))
            },
            "map = \"SWC\"\n[slots]\nS.kind = \"stock\"  # the stock\nW.kind = \"waste\"\nW.fan = \"right\"\n\n"
                + "[slots.C]\nkind = \"cell\"\n")
        XCTAssertEqual(
            try edit("dotted") { $0.removeSlot(slot("stock", $0)) },
            "map = \".W\"\n[slots]\nW.kind = \"waste\"\n")
    }

    func testTablesInAnOddOrder() throws {
        XCTAssertEqual(
            try edit("order") { $0.addSlot(kind: .foundation, at: .cell(row: 0, column: 2)) },
            "title = \"Order\"\nmap = \"W S F\"\nname = \"order\"\n\n[slots.W]\nkind = \"waste\"\n\n[slots.S]\n"
                + "kind = \"stock\"\n\n[slots.F]\nkind = \"foundation\"\n\n[game]\nfamily = \"Klondike\"\n")
    }

    func testTheLastLineGetsItsLineBreakAndTheByteOrderMarkStays() throws {
        XCTAssertEqual(
            try edit("no-final-line-break") { $0.setValue("\"A\"", forKey: "label", ofSlot: 0) },
            "map = \"S\"\n[slots.S]\nkind = \"stock\"\nlabel = \"A\"\n")
        XCTAssertEqual(
            try edit("byte-order-mark") { $0.setValue("\"A\"", forKey: "label", ofSlot: 0) },
            "\u{FEFF}map = \"S\"\n[slots.S]\nkind = \"stock\"\nlabel = \"A\"\n")
    }

    func testEntriesInAnInlineArray() throws {
        XCTAssertEqual(
            try edit("inline-entries") { design in
                design.moveSlot(1, to: .free(GridPoint(column: 2, row: 0)))
                design.removeSlot(0)
                design.addSlot(kind: .cell, at: .free(GridPoint(column: 0, row: 1)))
            },
            "slot = [ { id = \"b\", at = [2, 0] }, { id = \"cell.1\", group = \"cell\", kind = \"cell\", at = [0, 1] } ]\n"
        )
    }

    func testEntriesInAnArrayOverSeveralLines() throws {
        XCTAssertEqual(
            try edit("inline-entries-lines") { $0.addSlot(kind: .cell, at: .free(GridPoint(column: 0, row: 1))) },
            "slot = [\n  { id = \"a\", at = [0, 0] },  # a\n  { id = \"b\", at = [1.5, 0] }, "
                + "{ id = \"cell.1\", group = \"cell\", kind = \"cell\", at = [0, 1] },\n]\n")
        XCTAssertEqual(
            try edit("inline-entries-lines") { design in
                design.removeSlot(1)
                design.addSlot(kind: .cell, at: .free(GridPoint(column: 0, row: 1)))
            },
            "slot = [\n  { id = \"a\", at = [0, 0] },\n"
                + "  { id = \"cell.1\", group = \"cell\", kind = \"cell\", at = [0, 1] },\n]\n")
        XCTAssertEqual(
            try edit("inline-entries-lines") { design in
                design.removeSlot(1)
                design.moveSlot(0, to: .free(GridPoint(column: 3, row: 0)))
            },
            "slot = [\n  { id = \"a\", at = [3, 0] },\n]\n")
    }

    func testAMapWrittenWithEscapesIsWrittenWithThem() throws {
        XCTAssertEqual(
            try edit("escaped-map") { $0.moveSlot(slot("waste", $0), to: .cell(row: 1, column: 2)) },
            "map = \"S\\nT T\\tW\"\n[slots.S]\nkind = \"stock\"\n[slots.W]\nkind = \"waste\"\n"
                + "[slots.T]\nkind = \"tableau\"\n")
    }

    func testAQuotedMapCharacter() throws {
        XCTAssertEqual(
            try edit("quoted-character") { $0.addSlot(kind: .stock, at: .cell(row: 1, column: 0)) },
            "map = \"\"\"\n# .\n#\n\"\"\"\n[slots.\"#\"]\nkind = \"stock\"\n")
        XCTAssertEqual(
            try edit("quoted-character") { $0.addSlot(kind: .waste, at: .cell(row: 0, column: 1)) },
            "map = \"\"\"\n# W\n\"\"\"\n[slots.\"#\"]\nkind = \"stock\"\n\n[slots.W]\nkind = \"waste\"\n")
    }

    func testCommentsAreKept() throws {
        XCTAssertEqual(
            try edit("comments-everywhere") { design in
                design.setValue("\"right\"", forKey: "fan", ofSlot: slot("stock", design))
                design.moveSlot(slot("waste", design), to: .cell(row: 1, column: 2))
            },
            """
            # top
            map = \"\"\"   
            S . W
            \"\"\"   # the map
            # before
            [slots.S] # header
            # inside
            kind = "stock" # value
            fan = "right"
            # after

            [slots.W]
            kind = "waste"
            # end
            """)
        XCTAssertEqual(
            try edit("comments-everywhere") { $0.removeSlot(slot("stock", $0)) },
            """
            # top
            map = \"\"\"   
            . W
            \"\"\"   # the map
            [slots.W]
            kind = "waste"
            # end
            """)
    }
}
