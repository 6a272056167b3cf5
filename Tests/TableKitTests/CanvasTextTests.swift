import XCTest

@testable import TableKit

/// A canvas read as text (what `cardtable render` prints): right, and in work linear in its
/// area. The work is counted, never timed: each cell of a row is read at most twice (once
/// looking for the trailing spaces, once for the text), however wide the row.
final class CanvasTextTests: XCTestCase {
    final class Counter {
        var reads = 0
    }

    /// A row of cells that counts how often a cell is read.
    struct CountingRow: BidirectionalCollection {
        let cells: [Cell]
        let counter: Counter
        var startIndex: Int { 0 }
        var endIndex: Int { cells.count }
        func index(after i: Int) -> Int { i + 1 }
        func index(before i: Int) -> Int { i - 1 }
        subscript(position: Int) -> Cell {
            counter.reads += 1
            return cells[position]
        }
    }

    func testEachCellOfARowIsReadAtMostTwiceAtEveryWidth() {
        for width in [10, 100, 1000, 10_000] {
            let rows: [(String, [Cell])] = [
                ("blank", Array(repeating: Cell(" "), count: width)),
                ("a card then felt", (0..<width).map { Cell($0 < 7 ? "─" : " ") }),
                ("full", (0..<width).map { Cell($0 % 2 == 0 ? "x" : "漢") }),
            ]
            for (name, cells) in rows {
                for trimming in [false, true] {
                    let counter = Counter()
                    _ = Canvas.line(of: CountingRow(cells: cells, counter: counter), trimmingTrailingSpaces: trimming)
                    XCTAssertLessThanOrEqual(counter.reads, 2 * width, "\(name), \(width) wide, trimming: \(trimming)")
                }
            }
        }
    }

    func testTrimmedTextDropsTrailingSpacesOnly() {
        var canvas = Canvas(width: 6, height: 3, fill: Cell(" "))
        canvas.set(Cell("a"), x: 0, y: 0)
        canvas.set(Cell("漢"), x: 4, y: 1)
        canvas.set(Cell("e\u{301}"), x: 2, y: 2)
        XCTAssertEqual(canvas.trimmedText, "a\n    漢\n  e\u{301}")
        XCTAssertEqual(canvas.text, "a     \n    漢\n  e\u{301}   ")
        XCTAssertEqual(canvas.lines.count, 3)
    }

    /// A thousand rows a thousand wide, mostly felt: the text has each row's content and no
    /// trailing spaces (the case that once took seconds).
    func testALargeCanvasBecomesText() {
        var canvas = Canvas(width: 1000, height: 1000, fill: Cell(" "))
        for y in stride(from: 0, to: 1000, by: 100) { canvas.set(Cell("x"), x: y, y: y) }
        let lines = canvas.trimmedText.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 1000)
        XCTAssertEqual(lines[100], Substring(String(repeating: " ", count: 100) + "x"))
        XCTAssertEqual(lines[101], "")
    }

    /// A frame composed to be read is not diffed: the next frame sent still holds every change.
    func testComposingWithoutDiffingKeepsTheChangesForTheNextFrameSent() {
        let window = Window(width: 4, height: 1, clock: ManualClock(), background: Cell("."))
        window.composeFrame()
        XCTAssertEqual(window.canvas.text, "....")
        XCTAssertEqual(window.previousCanvas.width, 0, "nothing was sent")
        window.addSubview(BlockView("#", frame: Rect(x: 1, y: 0, width: 2, height: 1)))
        let frame = window.renderFrame()
        XCTAssertEqual(frame.changes.reduce(0) { $0 + $1.cells.count }, 4, "the whole screen, as nothing was sent")
        XCTAssertEqual(window.canvas.text, ".##.")
    }
}
