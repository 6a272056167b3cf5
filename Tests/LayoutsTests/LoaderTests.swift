import XCTest

@testable import Layouts

/// Well-formed layouts: what they turn into.
final class LoaderTests: XCTestCase {
    func testBriefExampleLoadsWithIDsPositionsAndDefaults() throws {
        let text = """
            # Klondike
            name = "klondike"
            title = "Klondike"
            map = \"\"\"
            S W . F F F F
            T T T T T T T
            \"\"\"
            [slots.S]            # one table per map character
            kind = "stock"
            [slots.W]
            kind = "waste"
            [slots.T]
            kind = "tableau"
            fan = "down"
            [slots.F]
            kind = "foundation"
            label = "A"
            """
        let result = load(text, file: "klondike.toml")
        XCTAssertEqual(result.diagnostics, [])
        let layout = try XCTUnwrap(result.layout)
        XCTAssertEqual(layout.name, "klondike")
        XCTAssertEqual(layout.title, "Klondike")
        XCTAssertEqual(
            layout.slots.map(\.id),
            [
                "stock", "waste", "foundation.1", "foundation.2", "foundation.3", "foundation.4",
                "tableau.1", "tableau.2", "tableau.3", "tableau.4", "tableau.5", "tableau.6", "tableau.7",
            ])
        XCTAssertEqual(layout.slot("stock")?.position, GridPoint(column: 0, row: 0))
        XCTAssertEqual(layout.slot("waste")?.position, GridPoint(column: 1, row: 0))
        XCTAssertEqual(layout.slot("foundation.1")?.position, GridPoint(column: 3, row: 0))
        XCTAssertEqual(layout.slot("foundation.4")?.position, GridPoint(column: 6, row: 0))
        XCTAssertEqual(layout.slot("tableau.7")?.position, GridPoint(column: 6, row: 1))
        let tableau = try XCTUnwrap(layout.slot("tableau.1"))
        XCTAssertEqual(tableau.group, "tableau")
        XCTAssertEqual(tableau.kind, .tableau)
        XCTAssertEqual(tableau.fan, .down)
        XCTAssertEqual(tableau.fanVisible, 13)
        XCTAssertNil(tableau.capacity)
        XCTAssertFalse(tableau.tapToCreate)
        XCTAssertFalse(tableau.deleteOnDrop)
        XCTAssertNil(tableau.label)
        XCTAssertEqual(layout.slot("foundation.2")?.label, "A")
        XCTAssertEqual(layout.slot("stock")?.fanVisible, 1)
        XCTAssertNil(layout.slot("nope"))
        XCTAssertEqual(layout.slots(ofKind: .foundation).count, 4)
        XCTAssertEqual(layout.slots(inGroup: "tableau").count, 7)
    }

    func testDenseAndSpacedMapsAreTheSame() throws {
        let settings = """
            [slots.A]
            kind = "cell"
            [slots.B]
            kind = "stock"
            """
        let dense = try XCTUnwrap(load("map = \"\"\"\nA.B\n.AA\n\"\"\"\n" + settings).layout)
        let spaced = try XCTUnwrap(load("map = \"\"\"\n  A . B\n  . A A\n\"\"\"\n" + settings).layout)
        let tabs = try XCTUnwrap(load("map = \"\"\"\nA\t.\tB\n.\tA  A   \n\"\"\"\n" + settings).layout)
        XCTAssertEqual(dense, spaced)
        XCTAssertEqual(dense, tabs)
        XCTAssertEqual(dense.slots.map(\.id), ["cell.1", "stock", "cell.2", "cell.3"])
        XCTAssertEqual(
            dense.slots.map(\.position),
            [
                GridPoint(column: 0, row: 0), GridPoint(column: 2, row: 0),
                GridPoint(column: 1, row: 1), GridPoint(column: 2, row: 1),
            ])
    }

    func testRaggedRowsAndBlankRowsAreFine() throws {
        let layout = try XCTUnwrap(
            load(
                """
                map = \"\"\"
                A

                A A A
                \"\"\"
                [slots.A]
                """
            ).layout)
        XCTAssertEqual(
            layout.slots.map(\.position),
            [
                GridPoint(column: 0, row: 0), GridPoint(column: 0, row: 2),
                GridPoint(column: 1, row: 2), GridPoint(column: 2, row: 2),
            ])
    }

    func testGroupNameIsNameElseKindElseCharacter() throws {
        let layout = try XCTUnwrap(
            load(
                """
                map = "A B C C"
                [slots.A]
                kind = "cell"
                name = "spare"
                [slots.B]
                kind = "reserve"
                [slots.C]
                """
            ).layout)
        XCTAssertEqual(layout.slots.map(\.id), ["spare", "reserve", "C.1", "C.2"])
        XCTAssertEqual(layout.slots.map(\.group), ["spare", "reserve", "C", "C"])
        // No kind: a free slot, which creates a card when tapped.
        XCTAssertEqual(layout.slot("C.1")?.kind, .free)
        XCTAssertEqual(layout.slot("C.1")?.tapToCreate, true)
    }

    func testKindDefaults() throws {
        let layout = try XCTUnwrap(
            load(
                """
                map = "F X S"
                [slots.F]
                kind = "free"
                [slots.X]
                kind = "trash"
                [slots.S]
                kind = "stock"
                """
            ).layout)
        let free = try XCTUnwrap(layout.slot("free"))
        XCTAssertTrue(free.tapToCreate)
        XCTAssertFalse(free.deleteOnDrop)
        XCTAssertNil(free.capacity)
        let trash = try XCTUnwrap(layout.slot("trash"))
        XCTAssertFalse(trash.tapToCreate)
        XCTAssertTrue(trash.deleteOnDrop)
        XCTAssertEqual(trash.capacity, 0)
        let stock = try XCTUnwrap(layout.slot("stock"))
        XCTAssertFalse(stock.tapToCreate)
        XCTAssertFalse(stock.deleteOnDrop)
    }

    func testExplicitSettingsOverrideDefaults() throws {
        let layout = try XCTUnwrap(
            load(
                """
                map = "X W"
                [slots.X]
                kind = "trash"
                capacity = 5
                delete-on-drop = false
                tap-to-create = true
                label = "bin"
                [slots.W]
                kind = "waste"
                fan = "right"
                """
            ).layout)
        let trash = try XCTUnwrap(layout.slot("trash"))
        XCTAssertEqual(trash.capacity, 5)
        XCTAssertFalse(trash.deleteOnDrop)
        XCTAssertTrue(trash.tapToCreate)
        XCTAssertEqual(trash.label, "bin")
        XCTAssertEqual(layout.slot("waste")?.fanVisible, 3)
    }

    func testGridAndOffsetGiveFractionalPositions() throws {
        let layout = try XCTUnwrap(
            load(
                """
                grid = [0.5, 0.5]
                map = \"\"\"
                . A
                B . B
                \"\"\"
                [slots.A]
                kind = "tableau"
                offset = [0.25, -0.25]
                [slots.B]
                kind = "tableau"
                name = "low"
                overlap = true
                """
            ).layout)
        XCTAssertEqual(layout.slot("tableau")?.position, GridPoint(column: 0.75, row: -0.25))
        XCTAssertEqual(layout.slot("low.1")?.position, GridPoint(column: 0, row: 0.5))
        XCTAssertEqual(layout.slot("low.2")?.position, GridPoint(column: 1, row: 0.5))
    }

    func testExplicitSlots() throws {
        let result = load(
            """
            map = "S"
            [slots.S]
            kind = "stock"

            [[slot]]
            id = "hand.1"
            group = "hand"
            at = [1.5, 0]
            kind = "reserve"
            fan = "right"
            fan-visible = 5

            [[slot]]
            id = "bin"
            at = [3, 1.25]
            kind = "trash"
            """)
        XCTAssertEqual(result.diagnostics, [])
        let layout = try XCTUnwrap(result.layout)
        XCTAssertEqual(layout.slots.map(\.id), ["stock", "hand.1", "bin"])
        let hand = try XCTUnwrap(layout.slot("hand.1"))
        XCTAssertEqual(hand.group, "hand")
        XCTAssertEqual(hand.position, GridPoint(column: 1.5, row: 0))
        XCTAssertEqual(hand.fanVisible, 5)
        XCTAssertEqual(layout.slot("bin")?.group, "bin")
        XCTAssertEqual(layout.slot("bin")?.deleteOnDrop, true)
    }

    func testOnlyExplicitSlotsNeedNoMap() throws {
        let layout = try XCTUnwrap(
            load(
                """
                [[slot]]
                id = "a"
                at = [0, 0]
                """, file: "dir/free.toml"
            ).layout)
        XCTAssertEqual(layout.name, "free")
        XCTAssertEqual(layout.title, "free")
        XCTAssertEqual(layout.slots.count, 1)
    }

    func testInlineTablesAndDottedKeys() throws {
        let result = load(
            """
            map = "A B"
            slots.A.kind = "stock"
            slots.B = { kind = "waste", fan = "right", fan-visible = 2 }
            """)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.layout?.slot("waste")?.fanVisible, 2)
    }

    func testQuotedMapCharacters() throws {
        let result = load(
            """
            map = "# é"
            [slots."#"]
            kind = "cell"
            [slots.é]
            kind = "stock"
            """)
        // A bare key cannot be é: TOML says so, with a position.
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "bad.toml:4:8: error: TOML syntax: error while parsing key: expected bare key starting character or string delimiter, saw 'é'"
            ])
        let fixed = load(
            """
            map = "# é"
            [slots."#"]
            kind = "cell"
            [slots."é"]
            kind = "stock"
            """)
        XCTAssertEqual(fixed.diagnostics, [])
        XCTAssertEqual(fixed.layout?.slots.map(\.id), ["cell", "stock"])
    }

    func testWindowsLineEndingsAndByteOrderMark() throws {
        let text = "\u{FEFF}map = \"\"\"\r\nA A\r\n\"\"\"\r\n[slots.A]\r\nkind = \"cell\"\r\nfan = \"sideways\"\r\n"
        XCTAssertEqual(
            descriptions(text),
            [
                "bad.toml:6:7: error: unknown fan \"sideways\" (one of none, down, right)"
            ])
        let fixed = text.replacingOccurrences(of: "sideways", with: "down")
        XCTAssertEqual(
            load(fixed).layout?.slots.map(\.position),
            [
                GridPoint(column: 0, row: 0), GridPoint(column: 1, row: 0),
            ])
    }

    func testSlotLayoutInitDefaults() {
        let trash = SlotLayout(id: "t", group: "t", kind: .trash, position: GridPoint(column: 0, row: 0))
        XCTAssertEqual(trash.capacity, 0)
        XCTAssertTrue(trash.deleteOnDrop)
        XCTAssertFalse(trash.tapToCreate)
        XCTAssertEqual(trash.fan, FanDirection.none)
        XCTAssertEqual(trash.fanVisible, 1)
        let free = SlotLayout(
            id: "f", group: "f", kind: .free, position: GridPoint(column: 1, row: 0), fan: .down, capacity: 3)
        XCTAssertTrue(free.tapToCreate)
        XCTAssertEqual(free.fanVisible, 13)
        XCTAssertEqual(free.capacity, 3)
        let right = SlotLayout(
            id: "w", group: "w", kind: .waste, position: GridPoint(column: 0, row: 0), fan: .right, fanVisible: 0)
        XCTAssertEqual(right.fanVisible, 1, "at least one card shows")
    }

    /// The words a layout file uses for kinds and fans (cardtable-layout(5)) load as those kinds and fans.
    func testKindAndFanWordsLoad() {
        let kinds: [(String, SlotKind)] = [
            ("stock", .stock), ("waste", .waste), ("foundation", .foundation), ("tableau", .tableau),
            ("cell", .cell), ("reserve", .reserve), ("trash", .trash), ("free", .free),
        ]
        XCTAssertEqual(Set(kinds.map(\.1)), Set(SlotKind.allCases), "every kind has its word")
        for (word, kind) in kinds {
            let result = load("map = \"A\"\n[slots.A]\nkind = \"\(word)\"\n")
            XCTAssertEqual(result.diagnostics.map(\.description), [], word)
            XCTAssertEqual(result.layout?.slots.map(\.kind), [kind], word)
        }
        let fans: [(String, FanDirection)] = [("none", .none), ("down", .down), ("right", .right)]
        XCTAssertEqual(Set(fans.map(\.1)), Set(FanDirection.allCases), "every fan has its word")
        for (word, fan) in fans {
            let result = load("map = \"A\"\n[slots.A]\nkind = \"tableau\"\nfan = \"\(word)\"\n")
            XCTAssertEqual(result.diagnostics.map(\.description), [], word)
            XCTAssertEqual(result.layout?.slots.map(\.fan), [fan], word)
        }
    }

    func testDiagnosticDescriptions() {
        let positioned = LayoutDiagnostic(
            file: "a.toml", position: SourcePosition(line: 3, column: 7), keyPath: "slots.T.fan",
            severity: .error, message: "boom")
        XCTAssertEqual(positioned.description, "a.toml:3:7: error: boom")
        let keyed = LayoutDiagnostic(
            file: "a.toml", position: nil, keyPath: "slots.T.fan", severity: .error, message: "boom")
        XCTAssertEqual(keyed.description, "a.toml: error: at slots.T.fan: boom")
        let bare = LayoutDiagnostic(file: "a.toml", position: nil, keyPath: nil, severity: .warning, message: "hm")
        XCTAssertEqual(bare.description, "a.toml: warning: hm")
    }
}
