import XCTest

@testable import TableKit

final class CompositingTests: XCTestCase {
    let felt = RGB(0, 100, 0)

    func makeWindow(width: Int = 12, height: Int = 4) -> Window {
        Window(
            width: width, height: height, clock: ManualClock(),
            background: Cell(".", foreground: .white, background: felt))
    }

    func testViewsCompositeInZOrder() {
        let window = makeWindow()
        let a = BlockView("a", frame: Rect(x: 1, y: 0, width: 4, height: 2))
        let b = BlockView("b", frame: Rect(x: 3, y: 1, width: 4, height: 2))
        window.addSubview(a)
        window.addSubview(b)
        window.renderFrame()
        XCTAssertEqual(
            window.canvas.text,
            """
            .aaaa.......
            .aabbbb.....
            ...bbbb.....
            ............
            """)
        window.bringSubviewToFront(a)
        window.renderFrame()
        XCTAssertEqual(window.canvas.lines[1], ".aaaabb.....")
    }

    func testAlphaBlendsTowardWhatLiesBeneath() {
        let window = makeWindow()
        let block = BlockView("x", frame: Rect(x: 0, y: 0, width: 2, height: 1), color: RGB(200, 0, 0))
        window.addSubview(block)
        block.alpha = 0.5
        window.renderFrame()
        XCTAssertEqual(window.canvas[0, 0].glyph, Glyph("x"), "at one half the view's glyph shows")
        XCTAssertEqual(window.canvas[0, 0].background, RGB(100, 50, 0))
        block.alpha = 0.25
        window.renderFrame()
        XCTAssertEqual(window.canvas[0, 0].glyph, Glyph("."), "below one half the glyph beneath shows")
        XCTAssertEqual(window.canvas[0, 0].background, RGB(50, 75, 0))
        block.alpha = 0
        window.renderFrame()
        XCTAssertEqual(window.canvas[0, 0], Cell(".", foreground: .white, background: felt), "fully faded is the felt")
    }

    func testAlphaMultipliesDownTheTree() {
        let window = makeWindow()
        let parent = View(frame: Rect(x: 0, y: 0, width: 4, height: 1))
        let child = BlockView("x", frame: Rect(x: 0, y: 0, width: 1, height: 1), color: RGB(200, 100, 0))
        window.addSubview(parent)
        parent.addSubview(child)
        parent.alpha = 0.5
        child.alpha = 0.5
        window.renderFrame()
        XCTAssertEqual(window.canvas[0, 0].background, felt.mixed(with: RGB(200, 100, 0), fraction: 0.25))
    }

    func testWideCharactersTakeTwoCellsAndBreakCleanly() {
        var canvas = Canvas(width: 6, height: 1, fill: Cell(" "))
        canvas.set(Cell("漢"), x: 1, y: 0)
        XCTAssertEqual(canvas[1, 0].glyph.width, 2)
        XCTAssertTrue(canvas[2, 0].glyph.isContinuation)
        XCTAssertEqual(canvas.text, " 漢   ")
        canvas.set(Cell("a"), x: 2, y: 0)  // overwrite the right half
        XCTAssertEqual(canvas.text, "  a   ", "the orphaned left half becomes a space")
        canvas.set(Cell("字"), x: 5, y: 0)  // would stick out
        XCTAssertEqual(canvas[5, 0].glyph, .space)
        canvas.set(Cell("字"), x: 3, y: 0)
        canvas.set(Cell("b"), x: 3, y: 0)  // overwrite the left half
        XCTAssertFalse(canvas[4, 0].glyph.isContinuation)
        XCTAssertEqual(Glyph("e\u{301}").width, 1)
        XCTAssertEqual(Glyph("🂡").width, 1)
        XCTAssertEqual(Glyph("🃏").width, 2)
    }

    func testDrawContextPutsWideTextAndClipsIt() {
        let window = makeWindow(width: 8, height: 1)
        final class Label: View {
            override func draw(in context: DrawContext) {
                context.put("a漢字b", x: 0, y: 0, style: CellStyle(foreground: .white))
            }
        }
        let label = Label(frame: Rect(x: 2, y: 0, width: 6, height: 1))
        window.addSubview(label)
        window.renderFrame()
        XCTAssertEqual(window.canvas.text, "..a漢字b")
        label.frame = Rect(x: 3, y: 0, width: 4, height: 1)  // the second wide glyph no longer fits
        window.renderFrame()
        XCTAssertEqual(window.canvas.text, "...a漢 .", "a wide glyph cut by the view's edge is dropped, not halved")
    }

    func testLiftedViewCastsAShadow() {
        let window = makeWindow(width: 10, height: 4)
        let card = BlockView("c", frame: Rect(x: 1, y: 0, width: 3, height: 2))
        window.addSubview(card)
        card.elevation = 1
        window.renderFrame()
        let shadowCell = window.canvas[4, 2]  // two right, one down from the card's corner
        XCTAssertLessThan(shadowCell.background.green, felt.green)
        XCTAssertEqual(window.canvas[4, 3].background, felt)
        card.elevation = 0
        window.renderFrame()
        XCTAssertEqual(window.canvas[4, 2].background, felt, "the shadow goes when the card settles")
    }

    func testOnlyDirtyAreasAreComposedAgain() {
        let window = makeWindow(width: 40, height: 10)
        let card = BlockView("c", frame: Rect(x: 1, y: 1, width: 5, height: 3))
        window.addSubview(card)
        XCTAssertEqual(window.renderFrame().composedCells, 400, "the first frame composes everything")
        XCTAssertEqual(window.renderFrame().composedCells, 0, "nothing changed, nothing composed")
        card.frame.origin.x = 2
        let frame = window.renderFrame()
        XCTAssertEqual(frame.composedCells, 18, "old and new rectangles, merged: 6 × 3")
        XCTAssertEqual(
            frame.changes.reduce(0) { $0 + $1.cells.count }, 6, "only the left column and the new right column")
    }
}
