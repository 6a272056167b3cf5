import CTerminalShim
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// A second terminal on a pseudo-terminal of the test's own: what taking it writes and sets,
/// what giving it back restores, and a terminal that stops reading, which the game does not
/// wait for.
final class SecondTerminalScreenTests: XCTestCase {

    func same(_ a: termios, _ b: termios) -> Bool {
        var a = a
        var b = b
        return withUnsafeBytes(of: &a) { x in withUnsafeBytes(of: &b) { y in x.elementsEqual(y) } }
    }

    func testTakingATerminalAndGivingItBackWhole() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = pty.modes
        let flagsBefore = fcntl(pty.slave, F_GETFL)
        let screen = try SecondTerminalScreen(descriptor: pty.slave, term: "xterm-256color", width: 1, height: 1)
        XCTAssertEqual(screen.size.width, 100, "the terminal's own size, not what was said")
        XCTAssertEqual(screen.size.height, 30)
        XCTAssertEqual(screen.colorMode, .palette256)
        let taken = pty.output()
        XCTAssertTrue(taken.hasPrefix("\u{1B}[?1049h"), "the alternate screen: \(taken.debugDescription)")
        XCTAssertTrue(taken.contains("\u{1B}[?25l"), "the cursor hidden")
        XCTAssertTrue(taken.contains("\u{1B}[?1002h\u{1B}[?1006h"), "mouse drags with SGR coordinates")
        let raw = pty.modes
        XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG), 0, "raw: Ctrl-C reaches the game as a key")
        XCTAssertEqual(raw.c_iflag & tcflag_t(IXON | ICRNL), 0)
        XCTAssertNotEqual(fcntl(pty.slave, F_GETFL) & O_NONBLOCK, 0, "frames never wait on it")

        let cell = Cell("A", foreground: .white, background: .black)
        screen.draw([CellRun(x: 2, y: 1, cells: Array(repeating: cell, count: 5))])
        XCTAssertTrue(pty.output().contains("AAAAA"), "a frame drawn")

        screen.close()
        let given = pty.output()
        XCTAssertTrue(given.contains("\u{1B}[?1002l"), "mouse off: \(given.debugDescription)")
        XCTAssertTrue(given.contains("\u{1B}[?25h"), "the cursor shown")
        XCTAssertTrue(given.hasSuffix("\u{1B}[?1049l\u{1B}[23;0;0t"), "the main screen back, last")
        XCTAssertTrue(same(pty.modes, before), "the modes it had")
        XCTAssertEqual(fcntl(pty.slave, F_GETFL), flagsBefore, "its flags too")
        screen.close()
        XCTAssertEqual(pty.output(), "", "given back once")
    }

    func testTerminalsThatCannotBeASecondScreenAreRefused() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        func refusal(_ term: String, descriptor: Int32? = nil) -> SecondTerminalScreen.OpenError? {
            do {
                _ = try SecondTerminalScreen(descriptor: descriptor ?? pty.slave, term: term, width: 80, height: 24)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(refusal("no-such-terminal"), .unknownTerminal("no-such-terminal"))
        XCTAssertEqual(refusal("vt52"), .notECMA48("vt52"), "its cursor addressing is not ECMA-48's")
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        XCTAssertEqual(refusal("xterm", descriptor: ends[1]), .notATerminal)
        close(ends[0])
        close(ends[1])
        XCTAssertEqual(pty.output(), "", "nothing written to a terminal refused")
        XCTAssertEqual(
            SecondTerminalScreen.OpenError.notECMA48("vt52").description,
            "terminal type 'vt52' does not take the ECMA-48 sequences a second screen is drawn with"
                + " (xterm, tmux, screen and the Linux console do)")
    }

    func testATerminalThatStopsReadingIsGivenUpOnNotWaitedFor() throws {
        let pty = try PseudoTerminal(columns: 200, rows: 60)
        defer { pty.close() }
        let screen = try SecondTerminalScreen(descriptor: pty.slave, term: "xterm-256color", width: 200, height: 60)
        screen.writeTimeout = 0.05
        // Nobody reads the master: frames fill the terminal's buffer.
        var frames = 0
        while screen.failure == nil && frames < 1000 {
            let cell = Cell(Character(Unicode.Scalar(UInt8(65 + frames % 26))), foreground: .white, background: .black)
            screen.draw((0..<60).map { CellRun(x: 0, y: $0, cells: Array(repeating: cell, count: 200)) })
            frames += 1
        }
        XCTAssertEqual(screen.failure, "it stopped taking output")
        XCTAssertLessThan(frames, 1000)
        screen.close()  // does not wait either
        XCTAssertFalse(screen.isOpen)
    }

    func testModesSetSinceByTheShellAreLeftAlone() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let screen = try SecondTerminalScreen(descriptor: pty.slave, term: "xterm", width: 80, height: 24)
        // `cardtable screen` was killed and its shell set modes of its own before the game noticed.
        var shells = pty.modes
        shells.c_lflag |= tcflag_t(ISIG)
        shells.c_lflag &= ~tcflag_t(ECHO)
        XCTAssertEqual(tcsetattr(pty.slave, TCSANOW, &shells), 0)
        screen.close()
        XCTAssertTrue(same(pty.modes, shells), "the shell's modes stay")
        XCTAssertTrue(pty.output().hasSuffix("\u{1B}[?1049l\u{1B}[23;0;0t"), "the screen is still given back")
    }

    func testACrashGivesTheSecondTerminalBackToo() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = pty.modes
        let screen = try SecondTerminalScreen(descriptor: pty.slave, term: "xterm", width: 80, height: 24)
        _ = pty.output()
        ct_restore_second_terminal()  // what the crash handler calls
        XCTAssertTrue(pty.output().hasSuffix("\u{1B}[?1049l\u{1B}[23;0;0t"))
        XCTAssertTrue(same(pty.modes, before))
        ct_restore_second_terminal()
        XCTAssertEqual(pty.output(), "", "once")
        screen.close()
    }

    func testTheJoiningSidesSavedTerminalRestoresItself() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = pty.modes
        let saved = SavedTerminal(descriptor: pty.slave, term: "xterm-256color")
        var raw = before
        ct_second_terminal_keyboard(&raw)
        XCTAssertEqual(tcsetattr(pty.slave, TCSANOW, &raw), 0)  // as a game killed while joined left it
        saved.restore()
        XCTAssertTrue(same(pty.modes, before))
        XCTAssertTrue(pty.output().hasSuffix("\u{1B}[?1049l\u{1B}[23;0;0t"))
    }
}

/// A terminal's input on a run loop, on its own: decoded, a lone Escape flushed on the clock,
/// the end of the input said once.
final class TerminalInputReaderTests: XCTestCase {
    func testInputIsDecodedALoneEscapeWaitsForItsTimeAndTheEndIsSaid() {
        let clock = ManualClock(now: 10)
        let loop = RunLoop(clock: clock, poller: TerminalSessionTests.InstantPoller(clock: clock))
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let reader = TerminalInputReader(descriptor: ends[0], loop: loop)
        var events: [InputEvent] = []
        var ended = 0
        reader.onInput = { events += $0 }
        reader.onEnd = { ended += 1 }
        reader.start()
        XCTAssertEqual(write(ends[1], "q\u{1B}", 2), 2)
        loop.runOnce()
        XCTAssertEqual(events, [.key(KeyPress(.character("q")))], "the Escape is held back")
        loop.runOnce()  // nothing to read: the wait times out at the flush, on the clock
        XCTAssertEqual(events.last, .key(KeyPress(.escape)))
        close(ends[1])
        loop.runOnce()
        XCTAssertEqual(ended, 1)
        XCTAssertFalse(reader.isReading)
        loop.runOnce()
        XCTAssertEqual(ended, 1, "said once")
        close(ends[0])
    }
}
