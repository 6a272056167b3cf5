import CTerminalShim

#if canImport(Glibc)
    import Glibc
#endif

/// Signals delivered as bytes on a pipe, so the run loop handles them in ordinary code, as
/// ``SignalPolicy`` says: resize, suspend and resume, and every signal that would end the
/// process. Crash signals are the screen's (``TerminalScreen``); ignored ones are ignored here.
public final class SignalWatcher {
    public enum Event: Equatable, Sendable {
        case resize
        /// A signal that ends the game (``SignalPolicy/end``): leave, giving the terminal back.
        case terminate(Int32)
        /// Ctrl-Z.
        case suspend
        /// SIGCONT, after a stop that was not the game's own (SIGSTOP, SIGTTIN, SIGTTOU, a
        /// debugger): the shell may have changed the terminal meanwhile.
        case resume
    }

    /// The pipe's read end: a run-loop source.
    public let fileDescriptor: Int32
    /// The process is stopping itself (Ctrl-Z), so the SIGCONT that continues it is expected.
    private var stoppedItself = false

    /// Installs the handlers of every signal ``SignalPolicy`` names but the crash signals.
    public init() {
        fileDescriptor = ct_signal_pipe()
        for signal in SignalPolicy.handledSignals {
            switch SignalPolicy.policy(for: signal) {
            case .resize, .suspend, .resume: _ = ct_watch_signal(signal)
            case .end: _ = ct_watch_ending_signal(signal)
            case .ignore: _ = ct_ignore_signal(signal)
            case .crash, nil: break
            }
        }
    }

    /// Puts back the default action of every signal this watcher handles (for tests; a
    /// program keeps its handlers to the end).
    public func restoreDefaults() {
        for signal in SignalPolicy.handledSignals where SignalPolicy.policy(for: signal) != .crash {
            ct_default_signal(signal)
        }
    }

    /// What a signal does now: its default action, nothing, or a handler.
    enum Disposition: Equatable {
        case defaultAction, ignored, caught
    }

    static func disposition(of signal: Int32) -> Disposition? {
        switch ct_signal_disposition(signal) {
        case 0: .defaultAction
        case 1: .ignored
        case 2: .caught
        default: nil
        }
    }

    /// The signals that arrived since the last call.
    public func drain() -> [Event] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var events: [Event] = []
        while true {
            let count = read(fileDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                let signal = Int32(byte)
                switch SignalPolicy.policy(for: signal) {
                case .resize: if !events.contains(.resize) { events.append(.resize) }
                case .suspend: events.append(.suspend)
                case .resume:
                    if stoppedItself {
                        stoppedItself = false  // the Ctrl-Z path takes the terminal again itself
                    } else if !events.contains(.resume) {
                        events.append(.resume)
                    }
                case .end: events.append(.terminate(signal))
                case .crash:
                    // Sent by another process (kill -SEGV, a watchdog's SIGABRT): an end asked
                    // for, made in order; it killed the game with the clock since its last move.
                    if ct_take_sent_crash_signal(signal) != 0 { events.append(.terminate(signal)) }
                case .ignore, nil: break
                }
            }
        }
        ct_acknowledge_ending_signals()
        return events
    }

    /// When the last SIGCONT arrived, on the monotonic clock (``SystemClock``'s), if one did.
    public var lastContinued: Double? {
        let time = ct_last_continue()
        return time > 0 ? time : nil
    }

    /// Stops this process the way Ctrl-Z would, returning when it is continued.
    public func stopProcess() {
        stoppedItself = true
        ct_default_signal(SIGTSTP)
        raise(SIGTSTP)
        _ = ct_watch_signal(SIGTSTP)
    }
}
