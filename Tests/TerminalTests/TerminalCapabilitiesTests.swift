import TableKit
import XCTest

@testable import Terminal

/// Which terminals a table can be played on, from their terminfo entries.
final class TerminalCapabilitiesTests: XCTestCase {
    private func read(_ name: String) -> TerminalCapabilities {
        TerminalCapabilities.read(outputDescriptor: -1, environment: ["TERM": name])
    }

    func testATerminalThatCannotMoveTheCursorIsRefused() {
        let dumb = read("dumb")
        XCTAssertTrue(dumb.isKnown)
        XCTAssertFalse(dumb.movesCursor)
        XCTAssertEqual(
            dumb.problem(terminal: "dumb"), "terminal type 'dumb' cannot move the cursor (terminfo has no cup)")
    }

    /// A VT52 moves its cursor by ESC Y: ncurses drew it, but the mouse, focus and paste modes
    /// written beside terminfo's sequences are ANSI's, and showed as text among the cards. A
    /// terminal that does not take ANSI sequences is refused, saying so.
    func testATerminalThatDoesNotTakeANSISequencesIsRefused() {
        for name in ["vt52", "adm3a", "wy50"] {
            let terminal = read(name)
            XCTAssertTrue(terminal.movesCursor, name)
            XCTAssertFalse(terminal.movesCursorAsANSI, name)
            XCTAssertEqual(
                terminal.problem(terminal: name),
                "terminal type '\(name)' does not take ANSI (ECMA-48) sequences, which the table is played with "
                    + "(set TERM to the terminal's own type)")
        }
        for name in ["ansi", "vt100", "linux", "xterm-mono", "screen", "tmux-256color"] {
            XCTAssertTrue(read(name).movesCursorAsANSI, name)
            XCTAssertNil(read(name).problem(terminal: name), name)
        }
    }

    func testATerminalWithoutAnAlternateScreenPlays() {
        let vt100 = read("vt100")
        XCTAssertTrue(vt100.movesCursor)
        XCTAssertFalse(vt100.hasAlternateScreen, "its screen is cleared at the end instead")
        XCTAssertEqual(vt100.colors, 0)
        XCTAssertNil(vt100.problem(terminal: "vt100"))
    }

    func testCommonTerminalsPlay() {
        for name in ["xterm", "xterm-256color", "screen", "linux"] {
            let terminal = read(name)
            XCTAssertNil(terminal.problem(terminal: name), name)
        }
        XCTAssertTrue(read("xterm-256color").hasAlternateScreen)
        XCTAssertEqual(read("xterm-256color").colors, 256)
    }

    func testAnUnknownOrMissingTerminalTypeIsRefused() {
        XCTAssertFalse(read("nosuchterm").isKnown)
        XCTAssertEqual(
            read("nosuchterm").problem(terminal: "nosuchterm"), "cannot use terminal type 'nosuchterm' (is TERM set?)")
        XCTAssertFalse(TerminalCapabilities.read(outputDescriptor: -1, environment: [:]).isKnown)
    }

    func testFramesAreWrittenByTheEncoderOnECMA48TerminalsOnly() {
        for name in ["xterm-256color", "xterm-direct", "xterm", "tmux-256color", "screen", "linux", "vt100"] {
            XCTAssertTrue(read(name).takesECMA48, name)
        }
        for name in ["vt52", "adm3a", "wy50"] {
            XCTAssertFalse(read(name).takesECMA48, "\(name): ncurses writes its frames")
            XCTAssertNil(TerminalDialect(capabilities: read(name), colorMode: .monochrome, isUTF8: true), name)
        }
        let xterm = read("xterm-256color")
        XCTAssertTrue(xterm.turnsAttributesOffOneByOne && xterm.erasesInBackgroundColor)
        XCTAssertTrue(xterm.erasesCharacters && xterm.erasesLine && !xterm.wrapsAtLastColumn)
        XCTAssertEqual(xterm.shownAttributes, [.bold, .dim, .italic, .underline, .reverse])
        let vt100 = read("vt100")
        XCTAssertFalse(vt100.turnsAttributesOffOneByOne, "a VT100 turns attributes off only all at once")
        XCTAssertFalse(vt100.erasesInBackgroundColor)
        XCTAssertFalse(vt100.shownAttributes.contains(.italic))
    }
}
