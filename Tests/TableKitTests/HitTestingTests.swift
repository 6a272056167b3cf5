import XCTest

@testable import TableKit

final class HitTestingTests: XCTestCase {
    func testNestedViewsAreHitDeepestFirstAndConvertCoordinates() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        let panel = View(frame: Rect(x: 10, y: 5, width: 30, height: 20))
        let button = View(frame: Rect(x: 2, y: 3, width: 4, height: 2))
        root.addSubview(panel)
        panel.addSubview(button)
        XCTAssertTrue(root.hitTest(Point(x: 13, y: 9)) === button)
        XCTAssertTrue(root.hitTest(Point(x: 11, y: 6)) === panel)
        XCTAssertTrue(root.hitTest(Point(x: 1, y: 1)) === root)
        XCTAssertNil(root.hitTest(Point(x: 200, y: 1)))
        XCTAssertEqual(button.convert(Point(x: 1, y: 1), to: root), Point(x: 13, y: 9))
        XCTAssertEqual(button.convert(Point(x: 13, y: 9), from: nil), Point(x: 1, y: 1))
        XCTAssertEqual(panel.convert(Point.zero, to: button), Point(x: -2, y: -3))
        panel.boundsOrigin = Point(x: 1, y: 0)  // scrolled one cell
        XCTAssertEqual(button.convert(Point.zero, to: root), Point(x: 11, y: 8))
    }

    func testLaterSubviewsAreInFrontAndBringToFrontReorders() {
        let root = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        root.addSubview(a)
        root.addSubview(b)
        XCTAssertTrue(root.hitTest(Point(x: 6, y: 6)) === b)
        root.bringSubviewToFront(a)
        XCTAssertTrue(root.hitTest(Point(x: 6, y: 6)) === a)
        XCTAssertTrue(root.subviews.last === a)
        root.sendSubviewToBack(a)
        XCTAssertTrue(root.hitTest(Point(x: 6, y: 6)) === b)
        b.removeFromSuperview()
        XCTAssertNil(b.superview)
        XCTAssertTrue(root.hitTest(Point(x: 6, y: 6)) === a)
    }

    func testEnlargedTouchAreaFromOverriddenPointInside() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let small = GenerousView(frame: Rect(x: 100, y: 100, width: 4, height: 2))
        root.addSubview(small)
        XCTAssertTrue(root.hitTest(Point(x: 61, y: 61)) === small, "39 cells above-left is inside")
        XCTAssertTrue(root.hitTest(Point(x: 143, y: 141)) === small, "39 cells below-right is inside")
        XCTAssertTrue(root.hitTest(Point(x: 59, y: 100)) === root, "41 cells left is outside")
        let plain = View(frame: Rect(x: 100, y: 100, width: 4, height: 2))
        XCTAssertFalse(plain.point(inside: Point(x: -1, y: 0)))
    }

    func testHiddenTransparentAndDisabledViewsAreSkippedWithTheirSubviews() {
        let root = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let back = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let front = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let child = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(child)
        XCTAssertTrue(root.hitTest(Point(x: 1, y: 1)) === child)
        front.isHidden = true
        XCTAssertTrue(root.hitTest(Point(x: 1, y: 1)) === back)
        front.isHidden = false
        front.alpha = 0
        XCTAssertTrue(root.hitTest(Point(x: 1, y: 1)) === back)
        front.alpha = 1
        front.isUserInteractionEnabled = false
        XCTAssertTrue(root.hitTest(Point(x: 1, y: 1)) === back)
        front.isUserInteractionEnabled = true
        XCTAssertTrue(root.hitTest(Point(x: 1, y: 1)) === child)
    }
}
