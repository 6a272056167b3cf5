import XCTest

@testable import TableKit

final class GeometryTests: XCTestCase {
    func testRoundingRuleRoundsHalvesUpAndKeepsSizes() {
        XCTAssertEqual(Rect(x: 2.4, y: 1.5, width: 5, height: 3).cellRect, CellRect(x: 2, y: 2, width: 5, height: 3))
        XCTAssertEqual(Rect(x: 2.5, y: 0.49, width: 5, height: 3).cellRect, CellRect(x: 3, y: 0, width: 5, height: 3))
        XCTAssertEqual(roundToCell(-0.5), 0)
        XCTAssertEqual(roundToCell(-0.51), -1)
        XCTAssertEqual(roundToCell(.nan), 0)
        // A sliding rectangle keeps its size in cells whatever its fractional origin.
        for step in 0..<20 {
            let r = Rect(x: Double(step) * 0.13, y: 0, width: 7, height: 5).cellRect
            XCTAssertEqual(r.width, 7)
            XCTAssertEqual(r.height, 5)
        }
    }

    func testRectContainmentIsHalfOpenAndInsetGrows() {
        let r = Rect(x: 0, y: 0, width: 10, height: 4)
        XCTAssertTrue(r.contains(Point(x: 0, y: 0)))
        XCTAssertFalse(r.contains(Point(x: 10, y: 0)))
        XCTAssertFalse(r.contains(Point(x: 0, y: 4)))
        XCTAssertTrue(r.insetBy(dx: -40, dy: -40).contains(Point(x: -39, y: 43)))
        XCTAssertEqual(r.intersection(Rect(x: 5, y: 2, width: 10, height: 10)), Rect(x: 5, y: 2, width: 5, height: 2))
        XCTAssertEqual(r.union(Rect(x: 20, y: 1, width: 1, height: 1)), Rect(x: 0, y: 0, width: 21, height: 4))
    }
}
