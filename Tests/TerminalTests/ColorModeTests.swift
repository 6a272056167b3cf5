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

    // MARK: The arithmetic forms agree with the first, array-based ones

    /// Every colour of a grid over the cube (each channel in steps of 15, and every value next
    /// to a cube level's midpoint), every grey, and every value of each channel alone: the
    /// integer forms give what the first forms (kept below) gave.
    func testThePaletteAndEightColourMappingsGiveWhatTheFirstFormsGave() {
        var values: [UInt8] = Array(stride(from: 0, through: 255, by: 15))
        for midpoint: UInt8 in [47, 115, 155, 195, 235] { values += [midpoint - 1, midpoint, midpoint + 1] }
        var colors: [RGB] = []
        for red in values { for green in values { for blue in values { colors.append(RGB(red, green, blue)) } } }
        for value in 0...255 {
            let v = UInt8(value)
            colors += [RGB(v, v, v), RGB(v, 0, 0), RGB(0, v, 0), RGB(0, 0, v), RGB(v, 255, 128), RGB(40, v, 200)]
        }
        var mismatches: [String] = []
        for color in colors {
            if ColorMode.nearest256(color) != Self.firstNearest256(color) {
                mismatches.append("256: \(color) gives \(ColorMode.nearest256(color))")
            }
            if ColorMode.nearest8(color) != Self.firstNearest8(color) {
                mismatches.append("8: \(color) gives \(ColorMode.nearest8(color))")
            }
        }
        XCTAssertGreaterThan(colors.count, 30_000)
        XCTAssertEqual(mismatches.prefix(10), [])
    }

    /// The palette mapping as first written, with arrays: the reference.
    private static func firstNearest256(_ color: RGB) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func cubeIndex(_ v: UInt8) -> Int {
            let value = Int(v)
            var best = 0
            for (i, level) in levels.enumerated() where abs(level - value) < abs(levels[best] - value) { best = i }
            return best
        }
        let (r, g, b) = (cubeIndex(color.red), cubeIndex(color.green), cubeIndex(color.blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeColor = (levels[r], levels[g], levels[b])
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let greyLevel = 8 + 10 * greyStep
        func distance(_ c: (Int, Int, Int)) -> Int {
            let dr = c.0 - Int(color.red)
            let dg = c.1 - Int(color.green)
            let db = c.2 - Int(color.blue)
            return dr * dr + dg * dg + db * db
        }
        return distance((greyLevel, greyLevel, greyLevel)) < distance(cubeColor) ? 232 + greyStep : cube
    }

    /// The eight-colour mapping as first written, in floating point: the reference.
    private static func firstNearest8(_ color: RGB) -> Int {
        let channels = [Int(color.red), Int(color.green), Int(color.blue)]
        let strongest = channels.max() ?? 0
        guard strongest >= 40 else { return 0 }
        let on = channels.map { Double($0) >= Double(strongest) * 0.6 }
        return (on[0] ? 1 : 0) | (on[1] ? 2 : 0) | (on[2] ? 4 : 0)
    }
}
