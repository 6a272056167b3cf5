import TestSupport
import XCTest

@testable import Layouts

/// The scanner that finds where keys and values are written.
final class SourceIndexTests: XCTestCase {
    func index(_ text: String) -> SourceIndex {
        SourceIndex.scan(Array(text.unicodeScalars))
    }

    func at(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(line: line, column: column)
    }

    func testHeadersKeysAndValues() {
        let idx = index(
            """
            name = "x"   # comment = 1
            [slots.T]
            fan = "down"
              [ slots . "#" ]
            'fan-visible' = 3
            [[slot]]
            at = [1, 2.5]
            [[slot]]
            at = [ [1], { a = 2 } ]
            """)
        XCTAssertEqual(idx.keys["name"], at(1, 1))
        XCTAssertEqual(idx.values["name"], at(1, 8))
        XCTAssertNil(idx.keys["comment"])
        XCTAssertEqual(idx.keys["slots"], at(2, 2))
        XCTAssertEqual(idx.keys["slots.T"], at(2, 8))
        XCTAssertEqual(idx.values["slots.T.fan"], at(3, 7))
        XCTAssertEqual(idx.keys["slots.\"#\""], at(4, 13))
        XCTAssertEqual(idx.keys["slots.\"#\".fan-visible"], at(5, 1))
        XCTAssertEqual(idx.keys["slot[1]"], at(6, 3))
        XCTAssertEqual(idx.values["slot[1].at"], at(7, 6))
        XCTAssertEqual(idx.values["slot[1].at[2]"], at(7, 10))
        XCTAssertEqual(idx.keys["slot[2]"], at(8, 3))
        XCTAssertEqual(idx.values["slot[2].at[2].a"], at(9, 19))
    }

    func testDottedKeysInlineTablesAndMultilineStrings() {
        let idx = index(
            """
            map = \"\"\"
            A = B
            [not.a.header]
            \"\"\"
            slots.A = { kind = "x", fan = 'y' }
            slots.B.label = '''
            ]]'''
            after = 1
            """)
        XCTAssertEqual(idx.values["map"], at(1, 7))
        XCTAssertNil(idx.keys["not"])
        XCTAssertNil(idx.keys["A"])
        XCTAssertEqual(idx.keys["slots.A"], at(5, 7))
        XCTAssertEqual(idx.values["slots.A.kind"], at(5, 20))
        XCTAssertEqual(idx.keys["slots.A.fan"], at(5, 25))
        XCTAssertEqual(idx.keys["slots.B.label"], at(6, 9))
        XCTAssertEqual(idx.keys["after"], at(8, 1))
    }

    func testKeyPathFormatting() {
        XCTAssertEqual(KeyPath.join("", "slots"), "slots")
        XCTAssertEqual(KeyPath.join("slots", "T"), "slots.T")
        XCTAssertEqual(KeyPath.join("slots", "#"), "slots.\"#\"")
        XCTAssertEqual(KeyPath.join("slots", "a\"b"), "slots.\"a\\\"b\"")
        XCTAssertEqual(KeyPath.index("slot", 2), "slot[2]")
        XCTAssertEqual(KeyPath.quoted("\u{1}"), "\"\\u0001\"")
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestions.closest(to: "fan-visble", in: LayoutLoader.groupKeys), "fan-visible")
        XCTAssertEqual(Suggestions.closest(to: "FanVisible", in: LayoutLoader.groupKeys), "fan-visible")
        XCTAssertEqual(Suggestions.closest(to: "lable", in: LayoutLoader.groupKeys), "label")
        XCTAssertEqual(Suggestions.closest(to: "knid", in: LayoutLoader.groupKeys), "kind")
        XCTAssertNil(Suggestions.closest(to: "colour", in: LayoutLoader.groupKeys))
        XCTAssertNil(Suggestions.closest(to: "", in: LayoutLoader.groupKeys))
    }

    /// On garbage the scanner still ends, and everything it records points into the text: positions
    /// on a line that exists and at most one column past its end, offsets inside the text, an order
    /// for every path it placed.
    func testScannerSurvivesGarbageAndRecordsOnlyPlacesInTheText() {
        var rng = SplitMix64(seed: 42)
        let alphabet = Array("[]{}=\"'#.,\n \\ab1é\t".unicodeScalars)
        var recorded = 0
        for _ in 0..<300 {
            let scalars = (0..<rng.below(120)).map { _ in alphabet[rng.below(alphabet.count)] }
            let index = SourceIndex.scan(scalars)
            let text = String(String.UnicodeScalarView(scalars))
            let lineLengths = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.unicodeScalars.count
            }
            func check(_ position: SourcePosition, _ what: String) {
                guard position.line >= 1 && position.line <= lineLengths.count else {
                    return XCTFail("\(what) on line \(position.line) of \(lineLengths.count): \(text.debugDescription)")
                }
                XCTAssertTrue(
                    position.column >= 1 && position.column <= lineLengths[position.line - 1] + 1,
                    "\(what) at column \(position.column) of line \(position.line): \(text.debugDescription)")
            }
            for (path, position) in index.keys { check(position, "key \(path)") }
            for (path, position) in index.values { check(position, "value \(path)") }
            for (path, offset) in index.valueOffsets {
                XCTAssertTrue(
                    offset >= 0 && offset < scalars.count, "value offset of \(path): \(text.debugDescription)")
            }
            for path in index.keys.keys {
                XCTAssertNotNil(index.order[path], "\(path) has no order: \(text.debugDescription)")
            }
            if let hazard = index.hazard {
                XCTAssertTrue(hazard.offset >= 0 && hazard.offset < scalars.count, "hazard offset")
            }
            recorded += index.keys.count
        }
        XCTAssertGreaterThan(recorded, 0, "the garbage held some keys to place")
    }
}
