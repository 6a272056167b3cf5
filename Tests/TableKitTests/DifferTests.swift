import XCTest

@testable import TableKit

final class DifferTests: XCTestCase {
    func testIdenticalFramesHaveNoChanges() {
        let a = Canvas(width: 10, height: 3, fill: Cell("x"))
        XCTAssertEqual(a.changes(from: a), [])
    }

    func testChangedCellsComeAsRunsPerRow() {
        let before = Canvas(width: 10, height: 3, fill: Cell(" "))
        var after = before
        after.set(Cell("a"), x: 2, y: 1)
        after.set(Cell("b"), x: 3, y: 1)
        after.set(Cell("c"), x: 7, y: 1)
        after.set(Cell("d"), x: 0, y: 2)
        let runs = after.changes(from: before)
        XCTAssertEqual(
            runs.map { "\($0.x),\($0.y):\($0.cells.map(\.glyph.text).joined())" }, ["2,1:ab", "7,1:c", "0,2:d"])
    }

    func testColourChangeAloneCounts() {
        let before = Canvas(width: 3, height: 1, fill: Cell(" "))
        var after = before
        after.set(Cell(" ", background: RGB(1, 2, 3)), x: 1, y: 0)
        XCTAssertEqual(after.changedCellCount(from: before), 1)
    }

    func testAChangedWideGlyphIsSentWhole() {
        var before = Canvas(width: 6, height: 1, fill: Cell(" "))
        before.set(Cell("漢", foreground: .white), x: 2, y: 0)
        var after = before
        after.set(Cell("漢", foreground: RGB(255, 0, 0)), x: 2, y: 0)
        let runs = after.changes(from: before)
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(runs[0].x, 2)
        XCTAssertEqual(runs[0].cells.count, 2)
    }

    func testRegionLimitsTheComparisonAndSizeChangeSendsEverything() {
        let before = Canvas(width: 4, height: 2, fill: Cell(" "))
        var after = before
        after.set(Cell("a"), x: 0, y: 0)
        after.set(Cell("b"), x: 3, y: 1)
        XCTAssertEqual(after.changes(from: before, in: CellRect(x: 2, y: 0, width: 2, height: 2)).count, 1)
        let bigger = Canvas(width: 5, height: 2, fill: Cell(" "))
        XCTAssertEqual(bigger.changedCellCount(from: before), 10)
    }
}
