import TestSupport
import XCTest

@testable import TableKit

/// A view wholly beneath an opaque sibling is not drawn (`View.isOpaque`), and leaving it out
/// changes no cell of any frame.
final class CoveredViewsTests: XCTestCase {
    /// A block that counts its draws and says it is opaque when asked to.
    final class CountingBlock: View {
        let character: Character
        let color: RGB
        let opaque: Bool
        var draws = 0

        init(_ character: Character, frame: Rect, color: RGB, opaque: Bool) {
            self.character = character
            self.color = color
            self.opaque = opaque
            super.init(frame: frame)
        }

        override var isOpaque: Bool { opaque }

        override func draw(in context: DrawContext) {
            draws += 1
            context.fill(glyph: Glyph(character), style: CellStyle(foreground: .black, background: color))
        }
    }

    func makeWindow(width: Int = 20, height: Int = 8) -> Window {
        Window(width: width, height: height, clock: ManualClock(), background: Cell(".", background: RGB(0, 90, 0)))
    }

    func testAViewWhollyUnderAnOpaqueSiblingIsNotDrawn() {
        let window = makeWindow()
        let under = CountingBlock("u", frame: Rect(x: 2, y: 1, width: 4, height: 3), color: .white, opaque: true)
        let partly = CountingBlock("p", frame: Rect(x: 8, y: 1, width: 4, height: 3), color: .white, opaque: true)
        let cover = CountingBlock("c", frame: Rect(x: 1, y: 0, width: 10, height: 4), color: .white, opaque: true)
        [under, partly, cover].forEach(window.addSubview)
        window.renderFrame()
        XCTAssertEqual(under.draws, 0, "wholly covered")
        XCTAssertEqual(partly.draws, 1, "one column shows beside the cover")
        XCTAssertEqual(window.canvas.lines[1], ".ccccccccccp........")
    }

    func testWhatCanShowThroughIsStillDrawn() {
        let frame = Rect(x: 2, y: 1, width: 4, height: 3)
        /// Draws of a block under a cover made by `cover`, with `lifted` for a shadow.
        func drawsUnder(lifted: Bool = false, _ cover: (CountingBlock) -> Void) -> Int {
            let window = makeWindow()
            let under = CountingBlock("u", frame: frame, color: .white, opaque: true)
            under.elevation = lifted ? 1 : 0
            let top = CountingBlock("c", frame: frame, color: .white, opaque: true)
            cover(top)
            window.addSubview(under)
            window.addSubview(top)
            window.renderFrame()
            return under.draws
        }
        XCTAssertEqual(drawsUnder { _ in }, 0, "the check: an opaque cover hides it")
        XCTAssertEqual(drawsUnder(lifted: true) { _ in }, 1, "its shadow falls outside the cover")
        XCTAssertEqual(drawsUnder { $0.alpha = 0.5 }, 1, "under a cover at half alpha")
        XCTAssertEqual(drawsUnder { $0.isHidden = true }, 1, "under a hidden cover")
        let window = makeWindow()
        let under = CountingBlock("u", frame: frame, color: .white, opaque: true)
        window.addSubview(under)
        window.addSubview(CountingBlock("n", frame: frame, color: .white, opaque: false))
        window.renderFrame()
        XCTAssertEqual(under.draws, 1, "under a view that is not opaque")
    }

    func testOnlyTheDirtyPartNeedsCovering() {
        let window = makeWindow()
        let under = CountingBlock("u", frame: Rect(x: 0, y: 0, width: 6, height: 3), color: .white, opaque: true)
        let cover = CountingBlock("c", frame: Rect(x: 2, y: 0, width: 6, height: 3), color: .white, opaque: true)
        window.addSubview(under)
        window.addSubview(cover)
        window.renderFrame()
        XCTAssertEqual(under.draws, 1)
        window.invalidate(CellRect(x: 3, y: 1, width: 2, height: 1))
        window.renderFrame()
        XCTAssertEqual(under.draws, 1, "the dirty cells lie wholly under the cover")
        window.invalidate(CellRect(x: 1, y: 1, width: 2, height: 1))
        window.renderFrame()
        XCTAssertEqual(under.draws, 2, "one dirty cell is the view's own")
    }

    /// Random piles of blocks, some opaque, some faded, lifted or hidden, some with subviews,
    /// composed twice: as they are, and with no view opaque (every view drawn). Every frame's
    /// cells are the same.
    func testLeavingCoveredViewsOutChangesNoCell() {
        var random = SplitMix64(seed: 16)
        var skipped = 0
        for _ in 0..<200 {
            let plan = (0..<(2 + random.below(10))).map { _ in
                (
                    x: random.below(14) - 2, y: random.below(6) - 1, width: 1 + random.below(8),
                    height: 1 + random.below(5), character: random.pick(Array("abcdefgh")),
                    color: RGB(UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256))),
                    opaque: random.chance(70), alpha: random.chance(15) ? 0.5 : 1.0,
                    elevation: random.chance(10) ? 1.0 : 0.0, hidden: random.chance(5),
                    child: random.chance(15), clips: random.chance(50)
                )
            }
            let dirty = CellRect(
                x: random.below(16), y: random.below(6), width: 1 + random.below(8), height: 1 + random.below(4))
            var frames: [[String]] = []
            var draws: [Int] = []
            for honoursOpacity in [true, false] {
                let window = makeWindow(width: 16, height: 6)
                var blocks: [CountingBlock] = []
                for step in plan {
                    let block = CountingBlock(
                        step.character,
                        frame: Rect(
                            x: Double(step.x), y: Double(step.y), width: Double(step.width), height: Double(step.height)
                        ),
                        color: step.color, opaque: step.opaque && honoursOpacity)
                    block.alpha = step.alpha
                    block.elevation = step.elevation
                    block.isHidden = step.hidden
                    block.clipsToBounds = step.clips
                    if step.child {
                        block.addSubview(
                            BlockView("z", frame: Rect(x: -1, y: 1, width: 3, height: 1), color: step.color))
                    }
                    window.addSubview(block)
                    blocks.append(block)
                }
                window.renderFrame()
                var text = [window.canvas.text, describe(window.canvas)]
                window.invalidate(dirty)
                window.renderFrame()
                text += [window.canvas.text, describe(window.canvas)]
                frames.append(text)
                draws.append(blocks.reduce(0) { $0 + $1.draws })
            }
            XCTAssertEqual(frames[0], frames[1], "\(plan)")
            skipped += draws[1] - draws[0]
        }
        XCTAssertGreaterThan(skipped, 20, "the plans cover views often enough to test something")
    }

    private func describe(_ canvas: Canvas) -> String {
        var text = ""
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let cell = canvas[x, y]
                text += "\(cell.foreground)/\(cell.background);"
            }
            text += "\n"
        }
        return text
    }
}
