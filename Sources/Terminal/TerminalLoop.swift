import TableKit
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
///
/// The terminal's pieces come in from outside, so tests drive a whole session without one:
/// a pipe for the input, a ``SignalSource`` of their own, a recording ``SessionScreen``, a
/// poller that never sleeps and a manual clock.
///
/// ```
/// let session = TerminalLoop(screen: screen, clock: SystemClock())   // the real terminal
/// session.onInput = { events in for event in events { app.handle(event) } }
/// session.loop.needsFrame = { app.needsFrame }
/// session.loop.onFrame = { screen.draw(app.renderFrame().changes) }
/// session.run()
/// ```
public final class TerminalLoop {
    public let screen: SessionScreen
    public let clock: TableClock
    public let loop: RunLoop
    public let signals: SignalSource
    /// Where the terminal's bytes are read (standard input).
    public let inputDescriptor: Int32
    /// The signal that ended the loop, if one did: the command exits with 128 + its number
    /// once the game is saved and the terminal given back.
    public private(set) var endingSignal: Int32?
    private let input: TerminalInputReader

    /// Decoded input, in order.
    public var onInput: ([InputEvent]) -> Void {
        get { input.onInput }
        set { input.onInput = newValue }
    }
    /// Bytes arrived (before decoding): for input-to-frame timing.
    public var onBytes: () -> Void {
        get { input.onBytes }
        set { input.onBytes = newValue }
    }
    /// The new size, after the screen was told.
    public var onResize: (_ width: Int, _ height: Int) -> Void = { _, _ in }
    public var beforeSuspend: () -> Void = {}
    public var afterResume: () -> Void = {}
    /// Continued after a stop that was not the game's own (SIGSTOP, which no handler sees
    /// begin): about how long the process was stopped, from the last time the loop was seen
    /// running (a wait begun or ended) to the continue (a second or so more than the stop at
    /// most, while a clock ticks). Called before ``afterResume``.
    public var afterForeignStop: (_ seconds: Double) -> Void = { _ in }

    /// A session on the real terminal: standard input, the screen's signals, `poll(2)`.
    public convenience init(screen: TerminalScreen, clock: TableClock) {
        self.init(
            screen: screen, signals: screen.signals, clock: clock, poller: SystemPoller(), input: STDIN_FILENO)
    }

    public init(screen: SessionScreen, signals: SignalSource, clock: TableClock, poller: Poller, input: Int32) {
        self.screen = screen
        self.signals = signals
        self.clock = clock
        inputDescriptor = input
        loop = RunLoop(clock: clock, poller: poller)
        self.input = TerminalInputReader(descriptor: input, loop: loop)
        self.input.onEnd = { [unowned loop] in loop.stop() }  // the terminal is gone
        self.input.start()
        loop.addSource(signals.fileDescriptor) { [unowned self] in handleSignals() }
    }

    /// Runs `handler` whenever `descriptor` is readable, as the terminal's input is read: a
    /// pipe that background work writes to when its answer waits (the loop sleeps until then).
    public func watch(_ descriptor: Int32, handler: @escaping () -> Void) {
        loop.addSource(descriptor, handler: handler)
    }

    public func run() { loop.run() }
    public func stop() { loop.stop() }

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
                if let continued = signals.lastContinued, let alive = loop.lastAlive(before: continued) {
                    afterForeignStop(max(0, continued - alive))
                }
                afterResume()
            }
        }
    }
}

/// Where a session's signals come from: ``SignalWatcher`` in the terminal, a pipe of the
/// test's own in tests.
public protocol SignalSource: AnyObject {
    /// Readable when a signal waits: a run-loop source.
    var fileDescriptor: Int32 { get }
    /// The signals that arrived since the last call.
    func drain() -> [SignalWatcher.Event]
    /// Stops this process the way Ctrl-Z would, returning when it is continued.
    func stopProcess()
    /// When the last SIGCONT arrived, on the loop's clock (nil: none, or not known).
    var lastContinued: Double? { get }
}

extension SignalWatcher: SignalSource {}
