import App
import CTerminalShim
import Layouts
import SecondScreen
import TableKit
import Terminal
import TerminalInput
import TestSupport
import XCTest

@testable import cardtable

#if canImport(Glibc)
    import Glibc
#endif

/// The game's side of `cardtable screen`, as the program wires it, without a terminal of its own:
/// the session's loop on a poller that never sleeps (a wait with a timeout moves the manual clock
/// instead), a real socket in a folder of the test's, and pseudo-terminals standing in for the
/// terminals that join. Each way in and out, and each request the game must refuse.
final class SecondScreenSessionTests: XCTestCase {
    final class InstantPoller: Poller {
        let clock: ManualClock
        init(clock: ManualClock) { self.clock = clock }

        func wait(for descriptors: [Int32], timeout: Double?) -> [Int32] {
            var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), 0) > 0 {
                return fds.filter { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }.map(\.fd)
            }
            if let timeout { clock.advance(by: timeout) }
            return []
        }
    }

    /// No signal ever comes.
    final class NoSignals: SignalSource {
        let fileDescriptor: Int32
        private let writeEnd: Int32
        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            fileDescriptor = ends[0]
            writeEnd = ends[1]
        }
        deinit {
            close(fileDescriptor)
            close(writeEnd)
        }
        func drain() -> [SignalWatcher.Event] { [] }
        func stopProcess() {}
        var lastContinued: Double? { nil }
    }

    /// The first terminal: frames recorded.
    final class FirstTerminal: SessionScreen {
        let recording = RecordingScreen(width: 80, height: 24)
        var size: (width: Int, height: Int) { recording.size }
        func draw(_ changes: [CellRun]) { recording.draw(changes) }
        func resize(width: Int, height: Int) { recording.resize(width: width, height: height) }
        func invalidate() {}
        func suspend() {}
        func resume() {}
        func retake() {}
    }

    var base = ""
    var clock = ManualClock(now: 100)
    var first = FirstTerminal()
    var input: [Int32] = [-1, -1]
    var terminal: TerminalLoop!
    var app: TableApp!
    var session: SecondScreenSession!
    var socketPath: String { base + "/run/game-\(getpid()).sock" }
    var ptys: [PseudoTerminal] = []

    override func setUpWithError() throws {
        base = try TemporaryFolder.make()
        XCTAssertEqual(pipe(&input), 0)
    }

    override func tearDown() {
        session?.finish()
        session = nil
        terminal = nil
        for pty in ptys { pty.close() }
        close(input[0])
        close(input[1])
        TemporaryFolder.remove(base)
    }

    /// The game, listening; `firstTerminal` is its own terminal's descriptor.
    func startGame(firstTerminal: Int32? = nil) {
        terminal = TerminalLoop(
            screen: first, signals: NoSignals(), clock: clock, poller: InstantPoller(clock: clock), input: input[0])
        app = TableApp(layout: ShippedLayouts.layout(named: "sandbox")!, seed: 1, width: 80, height: 24, clock: clock)
        session = SecondScreenSession(app: app, terminal: terminal, firstTerminal: firstTerminal ?? input[0])
        // As TerminalPlay wires the first terminal's input.
        terminal.onInput = { [unowned self] events in
            for event in events { app.handle(event) }
            session.afterInput()
        }
        XCTAssertNil(session.listen(in: base + "/run"))
    }

    func pty(columns: Int = 100, rows: Int = 30) throws -> PseudoTerminal {
        let pty = try PseudoTerminal(columns: columns, rows: rows)
        ptys.append(pty)
        return pty
    }

    /// A few turns of the game's loop.
    func turns(_ count: Int = 3) {
        for _ in 0..<count { terminal.loop.runOnce() }
    }

    func join(_ pty: PseudoTerminal, hello: ScreenHello = ScreenHello(term: "xterm-256color", columns: 100, rows: 30))
        throws -> (client: Int32, answer: ScreenAnswer?)
    {
        let client = try ScreenClient.join(socketPath, terminal: pty.slave, hello: hello)
        turns()
        return (client, ScreenClient.answer(on: client, seconds: 1))
    }

    /// A connection that sends `text` (and nothing, for an empty one), and what the game answers.
    func connect(sending text: String) -> Int32 {
        let (connection, connected) = UnixConnection.connect(socketPath)
        XCTAssertEqual(connected, 0)
        if !text.isEmpty { XCTAssertEqual(write(connection, text, text.utf8.count), text.utf8.count) }
        return connection
    }

    func line(from connection: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 1000) > 0 else { return "(nothing)" }
        let count = recv(connection, &buffer, buffer.count, 0)
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }

    // MARK: Joining and leaving

    func testAJoinMovesTheTableThereAndCtrlCThereBringsItBack() throws {
        startGame()
        let second = try pty()
        let (client, answer) = try join(second)
        XCTAssertEqual(answer, .accepted("Sandbox"))
        XCTAssertTrue(app.isOnSecondScreen)
        XCTAssertEqual(app.window.size.width, 100)
        XCTAssertTrue(session.drawFrames(on: first))
        let drawn = second.output()
        XCTAssertTrue(
            drawn.hasPrefix("\u{1B}[?1049h"), "the alternate screen taken: \(drawn.prefix(40).debugDescription)")
        XCTAssertTrue(drawn.contains("Second screen joined: "), "the table, and its status line")
        XCTAssertTrue(first.recording.text.contains("on the second screen"), "the controller on the first")
        // Enter on the second terminal (a carriage return: its modes are raw) deals a card at the cursor.
        second.type([0x0D])
        turns()
        XCTAssertEqual(app.scene.cards(in: "free.1").count, 1, "the second terminal's keys play")
        second.type([0x03])  // Ctrl-C
        turns()
        XCTAssertFalse(app.isOnSecondScreen)
        XCTAssertEqual(app.window.size.width, 80, "the table back at the first terminal's size")
        XCTAssertEqual(ScreenClient.answer(on: client, seconds: 1), .bye("Ctrl-C here"))
        XCTAssertTrue(second.output().contains("\u{1B}[?1049l"), "the second terminal given back")
        XCTAssertTrue(app.scene.statusText.hasPrefix("Second screen left: Ctrl-C there"), app.scene.statusText)
        XCTAssertEqual(app.scene.cards(in: "free.1").count, 1, "nothing lost")
        close(client)
    }

    func testTheSecondTerminalsResizesAreFollowedUpToTheLargest() throws {
        startGame()
        let second = try pty()
        let (client, _) = try join(second)
        second.resize(columns: 90, rows: 28)
        ScreenClient.resize(client, columns: 90, rows: 28)
        turns()
        XCTAssertEqual(app.window.size.width, 90)
        XCTAssertEqual(app.window.size.height, 28)
        second.resize(columns: 2000, rows: 900)
        ScreenClient.resize(client, columns: 2000, rows: 900)
        turns()
        XCTAssertEqual(app.window.size.width, 1000, "drawn in its top-left part")
        XCTAssertEqual(app.window.size.height, 500)
        XCTAssertEqual(app.controller?.window.size.width, 80, "the first terminal keeps its size")
        close(client)
    }

    func testEveryOtherWayOutGivesTheTerminalBackAndSaysWhy() throws {
        startGame()
        // The client asks to leave (a signal told it to end).
        var second = try pty()
        var (client, _) = try join(second)
        ScreenClient.leave(client)
        turns()
        XCTAssertEqual(ScreenClient.answer(on: client, seconds: 1), .bye("cardtable screen was stopped"))
        XCTAssertFalse(app.isOnSecondScreen)
        close(client)
        // The client killed: its connection ends without a word.
        second = try pty()
        (client, _) = try join(second)
        XCTAssertTrue(app.isOnSecondScreen, "joining again works")
        _ = second.output()
        close(client)
        turns()
        XCTAssertFalse(app.isOnSecondScreen)
        XCTAssertTrue(second.output().contains("\u{1B}[?1049l"), "given back though its client is gone")
        XCTAssertTrue(
            app.scene.statusText.hasPrefix("Second screen left: cardtable screen ended"), app.scene.statusText)
        // Its terminal closed.
        second = try pty()
        (client, _) = try join(second)
        close(second.master)
        turns()
        XCTAssertFalse(app.isOnSecondScreen)
        XCTAssertEqual(ScreenClient.answer(on: client, seconds: 1), .bye("the terminal closed"))
        close(client)
        ptys.removeLast()
        close(second.slave)
        // The game ends: the socket goes too.
        second = try pty()
        (client, _) = try join(second)
        session.finish()
        XCTAssertEqual(ScreenClient.answer(on: client, seconds: 1), .bye("the game ended"))
        XCTAssertEqual(access(socketPath, F_OK), -1, "the socket removed")
        close(client)
    }

    func testTheControllersButtonBringsTheTableBack() throws {
        startGame()
        let second = try pty()
        let (client, _) = try join(second)
        XCTAssertTrue(session.drawFrames(on: first))
        let row = first.recording.lines.firstIndex { $0.contains("bring the table here") }!
        let column = first.recording.lines[row].range(of: "bring the table here")!.lowerBound.utf16Offset(
            in: first.recording.lines[row])
        let click = "\u{1B}[<0;\(column + 2);\(row + 1)M\u{1B}[<0;\(column + 2);\(row + 1)m"
        XCTAssertEqual(write(input[1], click, click.utf8.count), click.utf8.count)
        turns()
        XCTAssertFalse(app.isOnSecondScreen)
        XCTAssertEqual(
            ScreenClient.answer(on: client, seconds: 1), .bye("the table was brought back to the first terminal"))
        close(client)
    }

    // MARK: Refused

    func testASecondJoinWhileOneIsJoinedIsRefusedAndTheFirstStays() throws {
        startGame()
        let (client, _) = try join(try pty())
        let other = try pty()
        let (refused, answer) = try join(other)
        guard case .refused(let reason)? = answer else { return XCTFail("\(String(describing: answer))") }
        XCTAssertTrue(reason.hasPrefix("Sandbox already shows on /dev/pts/"), reason)
        XCTAssertTrue(reason.hasSuffix("Ctrl-C there brings the table back, then join again"), reason)
        XCTAssertTrue(app.isOnSecondScreen)
        XCTAssertEqual(other.output(), "", "nothing written to the terminal refused")
        close(refused)
        close(client)
    }

    func testTerminalsTheGameCannotTakeAreRefusedWithWhy() throws {
        let own = try pty()
        startGame(firstTerminal: own.slave)
        let cases: [(PseudoTerminal, ScreenHello, String)] = [
            (own, ScreenHello(term: "xterm", columns: 80, rows: 24), "this is the game's own terminal"),
            (
                try pty(), ScreenHello(term: "xterm", columns: 80, rows: 24, isUTF8: false),
                "this terminal's locale is not UTF-8 and the game draws in Unicode: join from a UTF-8 locale"
                    + " (LANG=C.UTF-8), or start the game with --ascii"
            ),
            (
                try pty(), ScreenHello(term: "vt52", columns: 80, rows: 24),
                "terminal type 'vt52' does not take the ECMA-48 sequences a second screen is drawn with"
                    + " (xterm, tmux, screen and the Linux console do)"
            ),
            (
                try pty(), ScreenHello(term: "no-such-terminal", columns: 80, rows: 24),
                "terminal type 'no-such-terminal' is not known here (no terminfo entry)"
            ),
        ]
        for (terminal, hello, reason) in cases {
            let (client, answer) = try join(terminal, hello: hello)
            XCTAssertEqual(answer, .refused(reason))
            XCTAssertFalse(app.isOnSecondScreen)
            XCTAssertEqual(terminal.output(), "", "nothing written to \(hello.term)")
            close(client)
        }
    }

    func testWhoGarbageAndSilenceAreAnsweredAndNeverWaitedFor() throws {
        startGame()
        let who = connect(sending: "who\n")
        turns()
        XCTAssertEqual(line(from: who), "Sandbox · 0 moves\n")
        close(who)
        let garbage = connect(sending: "hello\n")
        turns()
        XCTAssertEqual(line(from: garbage), "no 'hello' is not a request the game knows (who, join)\n")
        close(garbage)
        let silent = connect(sending: "")
        let before = clock.now
        terminal.loop.runOnce()  // taken, and a timer set
        XCTAssertEqual(clock.now, before, "taking it did not wait")
        terminal.loop.runOnce()  // nothing comes: the wait ends at the timer
        XCTAssertEqual(clock.now - before, ScreenConnection.requestTimeout, accuracy: 0.001)
        XCTAssertEqual(line(from: silent), "no the request did not come whole within a second\n")
        close(silent)
        let early = connect(sending: "jo")
        close(early)
        turns()
        XCTAssertFalse(app.isOnSecondScreen, "one that hangs up half way is forgotten")
    }

    /// A connection made without waiting, sending nothing: nil once the socket's queue is full.
    func connectWithoutWaiting() -> Int32? {
        let (connection, connected) = UnixConnection.connect(socketPath, flags: Int32(SOCK_NONBLOCK.rawValue))
        guard connected == 0 else {
            XCTAssertEqual(errno, EAGAIN, "refused only for a full queue")
            close(connection)
            return nil
        }
        return connection
    }

    /// A flood of connections that say nothing: the game reads at most a few at once, the rest
    /// wait in the socket's queue (it took every one, and with as many descriptors, until it had
    /// none left for its saves), each is answered in turn, and a `who` after them is answered.
    func testAFloodOfSilentConnectionsIsTakenAFewAtATime() throws {
        startGame()
        var flood: [Int32] = []
        defer { for connection in flood { close(connection) } }
        for _ in 0..<64 {
            if let connection = connectWithoutWaiting() { flood.append(connection) }
            // Taken at once while the game takes them (a turn with nothing to do would let the
            // silent ones' time run out).
            if session.waitingRequests < SecondScreenSession.mostWaiting { terminal.loop.runOnce() }
        }
        XCTAssertEqual(session.waitingRequests, SecondScreenSession.mostWaiting)
        XCTAssertLessThan(flood.count, 64, "the socket's queue filled: the rest were refused")
        var most = 0
        for _ in 0..<(4 * flood.count) {
            terminal.loop.runOnce()
            most = max(most, session.waitingRequests)
        }
        XCTAssertEqual(most, SecondScreenSession.mostWaiting)
        XCTAssertEqual(session.waitingRequests, 0)
        for connection in flood {
            XCTAssertEqual(line(from: connection), "no the request did not come whole within a second\n")
        }
        let who = connect(sending: "who\n")
        turns()
        XCTAssertEqual(line(from: who), "Sandbox · 0 moves\n")
        close(who)
    }
}
