import TableKit
import Terminal
import TerminalInput

#if canImport(Glibc)
    import Glibc
#endif

/// What every full-screen command shares: a run loop on the terminal's input and the
/// signal pipe. Input is decoded (a lone Escape is told from a sequence after 25 ms, a
/// sequence cut off is dropped after 0.5 s); a resize tells ncurses and the caller; Ctrl-Z
/// gives the terminal back until `fg`, and a continue after any other stop takes it again;
/// every signal that ends the game (``SignalPolicy/end``: SIGTERM, SIGHUP, Ctrl-C's SIGINT,
/// SIGUSR1, ...), or the terminal going away, stops the loop.
final class TerminalLoop {
    let screen: TerminalScreen
    let clock: TableClock
    let loop: RunLoop
    var signals: SignalWatcher { screen.signals }
    /// The signal that ended the loop, if one did: the command exits with 128 + its number
    /// once the game is saved and the terminal given back.
    private(set) var endingSignal: Int32?
    private var decoder = InputDecoder()
    private var escapeTimer: RunLoop.TimerID?

    /// Decoded input, in order.
    var onInput: ([InputEvent]) -> Void = { _ in }
    /// Bytes arrived (before decoding): for input-to-frame timing.
    var onBytes: () -> Void = {}
    /// The new size, after ncurses was told.
    var onResize: (_ width: Int, _ height: Int) -> Void = { _, _ in }
    var beforeSuspend: () -> Void = {}
    var afterResume: () -> Void = {}

    init(screen: TerminalScreen, clock: TableClock) {
        self.screen = screen
        self.clock = clock
        loop = RunLoop(clock: clock, poller: SystemPoller())
        loop.addSource(STDIN_FILENO) { [unowned self] in readInput() }
        loop.addSource(signals.fileDescriptor) { [unowned self] in handleSignals() }
    }

    /// Runs `handler` whenever `descriptor` is readable, as the terminal's input is read: a
    /// pipe that background work writes to when its answer waits (the loop sleeps until then).
    func watch(_ descriptor: Int32, handler: @escaping () -> Void) {
        loop.addSource(descriptor, handler: handler)
    }

    func run() { loop.run() }
    func stop() { loop.stop() }

    private func readInput() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count <= 0 {
            if count == 0 || (errno != EINTR && errno != EAGAIN) { loop.stop() }  // the terminal is gone
            return
        }
        onBytes()
        onInput(decoder.feed(buffer[0..<count]))
        scheduleFlush()
    }

    /// While the decoder holds bytes back (or watches what follows an Escape it
    /// flushed), flushes it after its delay, and again while it still does.
    private func scheduleFlush() {
        if let timer = escapeTimer { loop.cancelTimer(timer) }
        escapeTimer = nil
        guard decoder.hasPendingBytes else { return }
        escapeTimer = loop.addTimer(after: decoder.flushDelay) { [unowned self] in
            escapeTimer = nil
            onInput(decoder.flush())
            scheduleFlush()
        }
    }

    private func handleSignals() {
        for event in signals.drain() {
            switch event {
            case .resize:
                let size = screen.size
                screen.resize(width: size.width, height: size.height)
                screen.invalidate()
                onResize(size.width, size.height)
            case .terminate(let signal):
                if endingSignal == nil { endingSignal = signal }
                loop.stop()
            case .suspend:
                beforeSuspend()
                screen.suspend()
                signals.stopProcess()
                screen.resume()
                afterResume()
            case .resume:
                screen.retake()
                afterResume()
            }
        }
    }
}
