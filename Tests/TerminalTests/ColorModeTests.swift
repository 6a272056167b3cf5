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
        // ESC[1;1H (6) + "a" (1) + "♠" (3) + SGR once; ESC[5;10H (7) + "x" + a second SGR.
        let sgrWhite = OutputCost.sgrLength(a, colorMode: .ansi8)  // ESC[0;37;40m = 10
        let sgrRed = OutputCost.sgrLength(red, colorMode: .ansi8)  // ESC[0;31;40m = 10
        XCTAssertEqual(sgrWhite, 10)
        XCTAssertEqual(OutputCost.minimumBytes(for: runs, colorMode: .ansi8), 6 + 1 + 3 + sgrWhite + 7 + 1 + sgrRed)
        XCTAssertEqual(OutputCost.minimumBytes(for: [], colorMode: .truecolor), 0)
    }
}
