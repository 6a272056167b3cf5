import TableKit
import XCTest

@testable import Terminal

/// The minimum `--stats` reports: a lower bound that no frame's bytes can be below.
final class OutputCostTests: XCTestCase {
    func testMinimumCountsTextCursorAndColours() {
        let a = Cell("a", foreground: .white, background: .black)
        let spade = Cell("♠", foreground: .white, background: .black)
        let red = Cell("x", foreground: RGB(255, 0, 0), background: .black)
        let runs = [CellRun(x: 0, y: 0, cells: [a, spade, spade]), CellRun(x: 9, y: 4, cells: [red])]
        // "a", "♠" and "x" printed once (the second ♠ may be a repeat); the terminal may
        // already have white on black, red takes one ESC[31m; reaching the second run is the
        // first place or a move that may be the repeat's.
        XCTAssertEqual(OutputCost.minimumBytes(for: runs, colorMode: .ansi8), 5 + "\u{1B}[31m".utf8.count)
        XCTAssertEqual(OutputCost.minimumBytes(for: [], colorMode: .truecolor), 0)
    }

    func testShortestColourParameters() {
        XCTAssertEqual(OutputCost.parameterLength(196, colorMode: .palette256), "38;5;196".utf8.count)
        XCTAssertEqual(OutputCost.parameterLength(3, colorMode: .ansi8), "33".utf8.count)
        XCTAssertEqual(OutputCost.parameterLength(0xFF0007, colorMode: .truecolor), "38;2;255;0;7".utf8.count)
    }

    func testBlanksCostNothingButTheirBackground() {
        let felt = RGB(hex: 0x1D5C35)
        let blanks = CellRun(x: 4, y: 2, cells: Array(repeating: Cell(" ", background: felt), count: 50))
        XCTAssertEqual(OutputCost.minimumBytes(for: [blanks], colorMode: .palette256), 0, "a clear can make them")
    }

    /// A first frame of 1000×300 cells, mostly felt: the old minimum (a cursor move per run and
    /// every cell's text) was larger than the bytes that draw it.
    func testALargeFirstFrameCostsNoMoreThanTheBytesThatDrawIt() {
        let (width, height) = (1000, 300)
        var canvas = Canvas(width: width, height: height, fill: Cell(" ", background: RGB(hex: 0x1D5C35)))
        for card in 0..<40 {
            let x0 = 10 + card * 24
            for y in 5..<15 {
                for x in x0..<(x0 + 7) {
                    let edge = y == 5 || y == 14 || x == x0 || x == x0 + 6
                    canvas.set(
                        Cell(edge ? "─" : " ", foreground: RGB(hex: 0x202020), background: RGB(hex: 0xF6F3EA)), x: x,
                        y: y)
                }
            }
        }
        let changes = canvas.changes(from: Canvas(width: 0, height: 0))
        for mode in [ColorMode.palette256, .truecolor] {
            var encoder = FrameEncoder(width: width, height: height, dialect: TerminalDialect(colorMode: mode))
            let written = encoder.encode(changes).count
            let minimum = OutputCost.minimumBytes(for: changes, colorMode: mode)
            XCTAssertGreaterThan(minimum, 0)
            XCTAssertLessThanOrEqual(minimum, written, "\(mode)")
        }
    }

    /// Frames of every sort, in every colour mode and written in every dialect: the bytes
    /// written are never below the minimum.
    func testMinimumNeverExceedsTheBytesWritten() {
        var random = SeededRandom(seed: 2024)
        for mode in ColorMode.allCases {
            for dialect in [
                TerminalDialect(colorMode: mode), TerminalDialect(colorMode: mode, turnsAttributesOffOneByOne: false),
                TerminalDialect(
                    colorMode: mode, erasesInBackgroundColor: false, erasesCharacters: false, erasesLine: false),
            ] {
                var encoder = FrameEncoder(width: 30, height: 8, dialect: dialect)
                var previous = Canvas(width: 0, height: 0)
                for frame in 0..<80 {
                    let canvas = randomCanvas(width: 30, height: 8, changing: previous, random: &random)
                    let changes = canvas.changes(from: previous)
                    let written = encoder.encode(changes).count
                    XCTAssertLessThanOrEqual(
                        OutputCost.minimumBytes(for: changes, colorMode: mode), written, "\(mode) frame \(frame)")
                    previous = canvas
                }
            }
        }
    }
}
