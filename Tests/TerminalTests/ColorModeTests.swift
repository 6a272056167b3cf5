import TableKit
import XCTest

@testable import Terminal

final class ColorModeTests: XCTestCase {
    func testDetectionFollowsTheTerminalAndNoColor() {
        XCTAssertEqual(ColorMode.detect(colors: 0x100_0000, hasColors: true, environment: [:]), .truecolor)
        XCTAssertEqual(ColorMode.detect(colors: 256, hasColors: true, environment: [:]), .palette256)
        XCTAssertEqual(ColorMode.detect(colors: 8, hasColors: true, environment: [:]), .ansi8)
        XCTAssertEqual(ColorMode.detect(colors: 0, hasColors: false, environment: [:]), .monochrome)
        XCTAssertEqual(ColorMode.detect(colors: 256, hasColors: true, environment: ["NO_COLOR": "1"]), .monochrome)
        XCTAssertEqual(
            ColorMode.detect(colors: 256, hasColors: true, environment: ["NO_COLOR": ""]), .palette256,
            "an empty NO_COLOR does not count (no-color.org)")
    }

    func testPaletteMapping() {
        XCTAssertEqual(ColorMode.palette256.colorNumber(for: RGB(255, 0, 0)), 196)
        XCTAssertEqual(ColorMode.palette256.colorNumber(for: RGB(0, 0, 0)), 16)
        XCTAssertEqual(ColorMode.palette256.colorNumber(for: RGB(128, 128, 128)), 244, "greys use the grey ramp")
        XCTAssertEqual(ColorMode.truecolor.colorNumber(for: RGB(hex: 0x1D5C35)), 0x1D5C35)
    }

    func testEightColoursKeepTheHue() {
        XCTAssertEqual(ColorMode.ansi8.colorNumber(for: RGB(hex: 0x1D5C35)), 2, "the felt stays green")
        XCTAssertEqual(ColorMode.ansi8.colorNumber(for: RGB(hex: 0xF6F3EA)), 7, "card faces are white")
        XCTAssertEqual(ColorMode.ansi8.colorNumber(for: RGB(hex: 0xC8102E)), 1, "red suits are red")
        XCTAssertEqual(ColorMode.ansi8.colorNumber(for: RGB(hex: 0x111111)), 0, "black suits are black")
        XCTAssertEqual(ColorMode.ansi8.colorNumber(for: RGB(hex: 0xFFD23F)), 3, "the cursor is yellow")
    }
}

final class OutputCostTests: XCTestCase {
    func testMinimumCountsCursorMovesTextAndColourChanges() {
        let a = Cell("a", foreground: .white, background: .black)
        let b = Cell("♠", foreground: .white, background: .black)
        let red = Cell("x", foreground: RGB(255, 0, 0), background: .black)
        let runs = [CellRun(x: 0, y: 0, cells: [a, b]), CellRun(x: 9, y: 4, cells: [red])]
        // ESC[1;1H + "a" + "♠" + ESC[0;37;40m (once: "♠" looks the same), then ESC[5;10H + "x" + ESC[0;31;40m.
        let expected = "\u{1B}[1;1H" + "a" + "♠" + "\u{1B}[0;37;40m" + "\u{1B}[5;10H" + "x" + "\u{1B}[0;31;40m"
        XCTAssertEqual(expected.utf8.count, 38)
        XCTAssertEqual(OutputCost.minimumBytes(for: runs, colorMode: .ansi8), expected.utf8.count)
        XCTAssertEqual(OutputCost.minimumBytes(for: [], colorMode: .truecolor), 0)
    }

    func testSelectGraphicRenditionLengths() {
        let red = Cell("x", foreground: RGB(255, 0, 0), background: .black, attributes: [.bold, .reverse])
        XCTAssertEqual(OutputCost.sgrLength(red, colorMode: .ansi8), "\u{1B}[0;1;7;31;40m".utf8.count)
        XCTAssertEqual(
            OutputCost.sgrLength(red, colorMode: .truecolor), "\u{1B}[0;1;7;38;2;255;0;0;48;2;0;0;0m".utf8.count)
        XCTAssertEqual(OutputCost.sgrLength(red, colorMode: .monochrome), "\u{1B}[0;1;7m".utf8.count)
    }

    func testTheTerminalsOwnColourIsItsDefaultInEveryMode() {
        for mode in [ColorMode.truecolor, .palette256, .ansi8] {
            XCTAssertEqual(mode.colorNumber(for: .terminalDefault), -1, "\(mode)")
            XCTAssertNotEqual(mode.colorNumber(for: RGB(2, 2, 2)), -1, "\(mode): a near-black is a colour")
        }
        let felt = Cell(" ", foreground: RGB(255, 0, 0), background: .terminalDefault)
        XCTAssertEqual(OutputCost.sgrLength(felt, colorMode: .truecolor), "\u{1B}[0;38;2;255;0;0;49m".utf8.count)
        XCTAssertEqual(OutputCost.sgrLength(felt, colorMode: .ansi8), "\u{1B}[0;31;49m".utf8.count)
    }
}
