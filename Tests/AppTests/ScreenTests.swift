import TableKit
import TerminalInput
import XCTest

@testable import App

/// What the screen looks like: a terminal too small for the table, the ASCII and
/// monochrome theme, and the status line.
final class ScreenTests: XCTestCase {
    func testATooSmallTerminalSaysSoAndGrowingRestoresTheTable() {
        let h = Harness(seed: 1)
        h.click(slot: "free.1")
        h.click(slot: "free.3")
        h.key(.right)
        h.key(.right)  // the cursor on free.3
        let table = h.screen

        h.resize(width: 10, height: 5)
        XCTAssertEqual(h.scene.neededSize?.width, 33)
        XCTAssertEqual(h.scene.neededSize?.height, 5)
        XCTAssertEqual(h.lines, ["terminal  ", "too small ", "(need     ", "33x5)     ", "          "])
        XCTAssertFalse(h.screen.contains("quit"), "no status line on a tiny screen")

        // Nothing can be played meanwhile.
        h.click(2, 2)
        h.key(.right)
        h.key(.enter)
        h.key(.left)
        XCTAssertEqual(h.lines, ["terminal  ", "too small ", "(need     ", "33x5)     ", "          "])
        XCTAssertEqual(h.cards(in: "free.1"), ["4H"])
        XCTAssertEqual(h.cards(in: "free.3"), ["AS"])
        XCTAssertEqual(h.cardCount, 2)

        h.resize(width: 32, height: 5)
        XCTAssertEqual(h.lines[0], "terminal too small (need 33x5)  ")

        h.resize(width: 80, height: 24)
        XCTAssertEqual(h.scene.cursorSlot, "free.3", "the cursor stayed where it was")
        XCTAssertEqual(h.screen, table, "the table is back as it was")
        h.assertAllCardsAtRest()
    }

    func testTheSmallestTableThatFits() {
        let h = Harness(seed: 1, width: 33, height: 5)
        h.click(slot: "free.1")
        h.click(slot: "free.2")
        h.key(.right)
        XCTAssertEqual(h.scene.placement?.cardSize.description, "3x2")
        assertScreen(
            h,
            """

             4♥ ▸A♠  ┌+┐ ┌+┐ ┌+┐ ┌+┐     ┌✕┐
                     └ ┘ └ ┘ └ ┘ └ ┘     └ ┘

             Enter picks up A♠ · ? help · q …
            """)
        // Small cards drag too.
        let from = h.origin(of: "free.2")
        let to = h.origin(of: "free.5")
        h.press(from.x, from.y)
        h.drag(from.x + 1, from.y)
        h.drag(to.x, to.y)
        h.release(to.x, to.y)
        h.settle()
        XCTAssertEqual(h.cards(in: "free.5"), ["AS"])
        h.assertAllCardsAtRest()
    }

    func testAsciiMonochromeTheme() {
        let h = Harness(seed: 1, theme: Theme(ascii: true, monochrome: true))
        h.click(slot: "free.1")
        h.click(slot: "free.3")
        h.key(.right)
        assertScreen(
            h,
            """

                 +4H---+  +-----+  +AS---+  .     .  .     .  .     .           .     .
                 |     |  |     |  |     |
                 |  H  | >|  +  |  |  S  |     +        +        +                 X
                 |     |  |     |  |     |
                 +---4H+  +-----+  +---AS+  .     .  .     .  .     .           .     .

















             Sandbox · click deals · drag moves · Enter deals a card · ? help · q quit
            """)
        XCTAssertEqual(h.findCard("4H", corner: "+")?.x, 5)
        // Cards are told from the felt by reverse video; nothing is coloured.
        XCTAssertTrue(h.cell(8, 2).attributes.contains(.reverse), "the card face")
        XCTAssertFalse(h.cell(40, 12).attributes.contains(.reverse), "the felt")
        for y in 0..<24 {
            for x in 0..<80 {
                let cell = h.cell(x, y)
                XCTAssertTrue(
                    [RGB.black, RGB.white].contains(cell.foreground)
                        && [RGB.black, RGB.white].contains(cell.background),
                    "colour at \(x),\(y)")
            }
        }
        XCTAssertTrue(h.scene.statusText.contains("q quit"))
        // A drag works the same.
        h.press(26, 3)
        h.drag(27, 3)
        h.advance(0.1)
        h.drag(45, 3)
        XCTAssertTrue(h.scene.statusText.hasPrefix("Dragging AS"))
        h.release(45, 3)
        h.settle()
        XCTAssertEqual(h.cards(in: "free.5"), ["AS"])
        XCTAssertEqual(h.findCard("AS", corner: "+")?.x, 41)
        h.assertAllCardsAtRest()
    }

    func testTheStatusLineSaysWhatThePlayerCanDo() throws {
        let h = Harness(seed: 1)
        func statusRow() -> String { h.lines[23].trimmingCharacters(in: .whitespaces) }
        let idle = "Sandbox · click deals · drag moves · "
        XCTAssertEqual(h.scene.statusText, idle + "Enter deals a card · ? help · q quit")
        XCTAssertEqual(statusRow(), h.scene.statusText, "the whole status line fits 80 columns")
        // The keys are drawn in the key colour.
        let theme = h.scene.theme
        let enter = try XCTUnwrap(h.lines[23].range(of: "Enter"))
        let column = h.lines[23].distance(from: h.lines[23].startIndex, to: enter.lowerBound)
        XCTAssertEqual(h.cell(column, 23).foreground, theme.statusKey.foreground)
        XCTAssertEqual(h.cell(column - 2, 23).foreground, theme.status.foreground)

        h.key(.enter)
        h.advance(0.1)  // faded in
        XCTAssertEqual(h.scene.statusText, idle + "Enter picks up 4♥ · ? help · q quit")
        XCTAssertEqual(statusRow(), h.scene.statusText)

        h.key(.enter)
        XCTAssertEqual(h.scene.statusText, "Carrying 4♥ · arrows choose a slot · Enter drop · Esc put back")
        XCTAssertEqual(statusRow(), h.scene.statusText)
        h.key(.escape)
        XCTAssertEqual(h.scene.statusText, idle + "Enter picks up 4♥ · ? help · q quit")
        h.settle()

        h.press(8, 3)
        XCTAssertTrue(h.scene.statusText.hasPrefix(idle), "a press alone is not a drag")
        h.drag(9, 3)
        XCTAssertEqual(h.scene.statusText, "Dragging 4♥ · release on a slot with room · ✕ deletes · Esc puts it back")
        XCTAssertEqual(statusRow(), h.scene.statusText)
        h.release(9, 3)
        XCTAssertEqual(h.scene.statusText, idle + "Enter picks up 4♥ · ? help · q quit")

        h.key(.right)
        XCTAssertEqual(h.scene.statusText, idle + "Enter deals a card · ? help · q quit")
        for _ in 0..<5 { h.key(.right) }
        XCTAssertEqual(h.scene.cursorSlot, "trash")
        XCTAssertEqual(h.scene.statusText, idle + "arrows move · ? help · q quit")
        XCTAssertEqual(statusRow(), h.scene.statusText)
    }

    func testOnANarrowScreenTheStatusLineKeepsTheKeys() {
        let h = Harness(seed: 1, width: 50, height: 24)
        XCTAssertEqual(h.scene.placement?.cardSize.description, "5x4")
        XCTAssertEqual(h.scene.statusText, "Sandbox · Enter deals a card · ? help · q quit")
        XCTAssertEqual(h.lines[23].trimmingCharacters(in: .whitespaces), h.scene.statusText)
        h.resize(width: 40, height: 24)
        XCTAssertEqual(h.scene.statusText, "Enter deals a card · ? help · q quit")
        h.resize(width: 80, height: 24)
        XCTAssertEqual(h.scene.statusText, "Sandbox · click deals · drag moves · Enter deals a card · ? help · q quit")
    }
}
