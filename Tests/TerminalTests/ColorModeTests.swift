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

    func testTheTerminalsOwnColourIsItsDefaultInEveryMode() {
        for mode in [ColorMode.truecolor, .palette256, .ansi8] {
            XCTAssertEqual(mode.colorNumber(for: .terminalDefault), -1, "\(mode)")
            XCTAssertNotEqual(mode.colorNumber(for: RGB(2, 2, 2)), -1, "\(mode): a near-black is a colour")
        }
    }
}
