import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal session (``TerminalLoop``) driven without a terminal: input through a pipe,
/// signals through a pipe of the test's own, a poller that never sleeps (a wait with a timeout
/// moves the manual clock on instead) and a recording screen.
final class TerminalSessionTests: XCTestCase {
    /// A poller that answers at once: the descriptors readable now, or, when none is, the
    /// clock moved on by the timeout. A wait without one (idle) is counted.
    final class InstantPoller: Poller {
        let clock: ManualClock
        private(set) var idleWaits = 0
        private(set) var timeouts: [Double?] = []

        init(clock: ManualClock) { self.clock = clock }

        func wait(for descriptors: [Int32], timeout: Double?) -> [Int32] {
            timeouts.append(timeout)
            var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), 0) > 0 {
                return fds.filter { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }.map(\.fd)
            }
            if let timeout { clock.advance(by: timeout) } else { idleWaits += 1 }
            return []
        }
    }

    /// Signals the test sends: each one a byte on a pipe and an event to drain.
    final class PipeSignals: SignalSource {
        let fileDescriptor: Int32
        let writeEnd: Int32
        private var pending: [SignalWatcher.Event] = []
        private(set) var stops = 0
        var log: (String) -> Void = { _ in }
        var lastContinued: Double?

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

        func send(_ event: SignalWatcher.Event) {
            pending.append(event)
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }

        func drain() -> [SignalWatcher.Event] {
            var buffer = [UInt8](repeating: 0, count: 64)
            _ = read(fileDescriptor, &buffer, buffer.count)
            defer { pending = [] }
            return pending
        }

        func stopProcess() {
            stops += 1
            log("stop")
        }
    }

    /// A terminal's screen that records frames and what the session asked of it.
    final class FakeTerminal: SessionScreen {
        let recording: RecordingScreen
        var size: (width: Int, height: Int)
        private(set) var calls: [String] = []
        var log: (String) -> Void = { _ in }

        init(width: Int, height: Int) {
            recording = RecordingScreen(width: width, height: height)
            size = (width, height)
        }

        func draw(_ changes: [CellRun]) { recording.draw(changes) }
        func resize(width: Int, height: Int) {
            recording.resize(width: width, height: height)
            record("resize \(width)x\(height)")
        }
        func invalidate() { record("invalidate") }
        func suspend() { record("suspend") }
        func resume() { record("resume") }
        func retake() { record("retake") }

        private func record(_ call: String) {
            calls.append(call)
            log(call)
        }
    }

    var clock: ManualClock!
    var poller: InstantPoller!
    var signals: PipeSignals!
    var screen: FakeTerminal!
    var session: TerminalLoop!
    var window: Window!
    var inputWrite: Int32 = -1
    var inputRead: Int32 = -1
    var events: [InputEvent] = []

    override func setUp() {
        clock = ManualClock(now: 100)
        poller = InstantPoller(clock: clock)
        signals = PipeSignals()
        screen = FakeTerminal(width: 20, height: 4)
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        inputRead = ends[0]
        inputWrite = ends[1]
        session = TerminalLoop(screen: screen, signals: signals, clock: clock, poller: poller, input: inputRead)
        window = Window(width: 20, height: 4, clock: clock)
        events = []
        // A key shows its character everywhere; a resize lays the window out again.
        session.onInput = { [unowned self] decoded in
            events += decoded
            for case .key(let press) in decoded {
                if case .character(let character) = press.key { window.backgroundCell = Cell(character) }
            }
        }
        session.onResize = { [unowned self] width, height in window.resize(width: width, height: height) }
        session.loop.needsFrame = { [unowned self] in window.needsFrame }
        session.loop.onFrame = { [unowned self] in screen.draw(window.renderFrame().changes) }
    }

    override func tearDown() {
        close(inputRead)
        close(inputWrite)
        session = nil
    }

    private func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(inputWrite, $0.baseAddress, $0.count) }
    }

    func testInputBytesComeOutAsAFrame() {
        session.loop.runOnce()  // the first frame
        type("x")
        session.loop.runOnce()  // the key, read and decoded at once
        XCTAssertEqual(events, [.key(KeyPress(.character("x")))])
        session.loop.runOnce()  // its frame, paced a 60th of a second after the last
        XCTAssertEqual(screen.recording.text(0, 0, width: 3), "xxx")
        XCTAssertEqual(screen.recording.text(19, 3, width: 1), "x")
    }

    func testIdleWaitsWithoutATimeout() {
        session.loop.runOnce()  // the first frame
        session.loop.runOnce()
        XCTAssertEqual(poller.idleWaits, 1, "nothing to do: the wait has no timeout")
        XCTAssertEqual(poller.timeouts.last!, nil)
    }

    func testALoneEscapeIsFlushedByItsTimerOnTheClock() {
        type("\u{1B}")
        session.loop.runOnce()
        XCTAssertEqual(events, [], "an Escape may begin a sequence: held back")
        let before = clock.now
        session.loop.runOnce()  // the poller waits out the escape timer on the manual clock
        XCTAssertEqual(events, [.key(KeyPress(.escape))])
        XCTAssertEqual(clock.now - before, 0.025, accuracy: 0.002, "a lone Escape waits 25 ms")
    }

    func testAResizeReachesTheScreenAndTheScene() {
        session.loop.runOnce()
        screen.size = (30, 6)
        signals.send(.resize)
        session.loop.runOnce()
        XCTAssertEqual(Array(screen.calls.suffix(2)), ["resize 30x6", "invalidate"])
        XCTAssertEqual(window.size.width, 30)
        XCTAssertEqual(window.size.height, 6)
        XCTAssertEqual(screen.recording.width, 30, "the frame after the resize is drawn at the new size")
    }

    func testSuspendGivesTheTerminalBackAndTakesItAgain() {
        var order: [String] = []
        screen.log = { order.append($0) }
        signals.log = { order.append($0) }
        session.beforeSuspend = { order.append("before") }
        session.afterResume = { order.append("after") }
        signals.send(.suspend)
        session.loop.runOnce()
        XCTAssertEqual(order, ["before", "suspend", "stop", "resume", "after"])
        signals.send(.resume)
        session.loop.runOnce()
        XCTAssertEqual(order.suffix(2), ["retake", "after"])
    }

    /// SIGSTOP is seen by no handler: the continue that follows says how long the process was
    /// stopped, about: from the last time the loop was seen running (a wait begun or ended) to
    /// the SIGCONT's arrival (the game's clock takes it off; it counted the whole stop).
    func testAContinueAfterAStopFromOutsideSaysAboutHowLongTheStopLasted() {
        var stops: [Double] = []
        var order: [String] = []
        session.afterForeignStop = {
            stops.append($0)
            order.append("stopped")
        }
        session.afterResume = { order.append("after") }
        session.loop.runOnce()  // the first frame: the loop was last seen running then
        clock.advance(by: 0.4)  // the loop waits, then is stopped
        clock.advance(by: 600)  // stopped, then continued
        signals.lastContinued = clock.now
        clock.advance(by: 0.001)  // the handler's byte wakes the loop
        signals.send(.resume)
        session.loop.runOnce()
        XCTAssertEqual(stops.count, 1)
        XCTAssertEqual(stops[0], 600.4, accuracy: 0.01, "from the last time the loop ran to the continue")
        XCTAssertEqual(order, ["stopped", "after"])
        // Continued again without a stop: about nothing to take off.
        clock.advance(by: 0.2)
        signals.lastContinued = clock.now
        clock.advance(by: 0.001)
        signals.send(.resume)
        session.loop.runOnce()
        XCTAssertEqual(stops.count, 2)
        XCTAssertEqual(stops[1], 0.2, accuracy: 0.01)
        // Ctrl-Z's own stop is counted by the game itself: nothing is said of it here.
        signals.send(.suspend)
        session.loop.runOnce()
        XCTAssertEqual(stops.count, 2)
    }

    func testAnEndingSignalStopsTheLoopAndIsKept() {
        signals.send(.terminate(SIGTERM))
        session.loop.stop()  // a stop from before is forgotten when the loop runs again
        session.run()  // returns: the signal stopped it
        XCTAssertEqual(session.endingSignal, SIGTERM)
        XCTAssertEqual(session.loop.wakeups, 1)
    }

    func testTheTerminalGoingAwayStopsTheLoop() {
        close(inputWrite)
        inputWrite = -1
        session.run()  // end of file on the input
        XCTAssertNil(session.endingSignal)
        XCTAssertEqual(session.loop.wakeups, 1)
    }

    func testAFrameDeadlineEndsTheWaitWithoutAFrameNeededNow() {
        session.loop.runOnce()  // the first frame
        session.loop.frameDeadline = { [unowned self] in clock.now + 0.25 }
        XCTAssertEqual(session.loop.nextTimeout() ?? -1, 0.25, accuracy: 1e-9)
        session.loop.frameDeadline = { nil }
        XCTAssertNil(session.loop.nextTimeout())
    }
}
