import CTerminalShim

#if canImport(Glibc)
    import Glibc
#endif

/// Signals delivered as bytes on a pipe, so the run loop handles them in ordinary code:
/// resize, terminate, hang-up, interrupt, quit, stop and continue.
public final class SignalWatcher {
    public enum Event: Equatable, Sendable {
        case resize
        /// SIGTERM, SIGHUP, SIGINT, SIGQUIT: leave, giving the terminal back.
        case terminate(Int32)
        /// Ctrl-Z.
        case suspend
    }

    /// The pipe's read end: a run-loop source.
    public let fileDescriptor: Int32

    public init() {
        fileDescriptor = ct_signal_pipe()
        for signal in [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP] { _ = ct_watch_signal(signal) }
        // Writing to a terminal that hung up must not kill us before we clean up.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The signals that arrived since the last call.
    public func drain() -> [Event] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var events: [Event] = []
        while true {
            let count = read(fileDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                switch Int32(byte) {
                case SIGWINCH: if !events.contains(.resize) { events.append(.resize) }
                case SIGTSTP: events.append(.suspend)
                case let other: events.append(.terminate(other))
                }
            }
        }
        return events
    }

    /// Stops this process the way Ctrl-Z would, returning when it is continued.
    public func stopProcess() {
        ct_default_signal(SIGTSTP)
        raise(SIGTSTP)
        _ = ct_watch_signal(SIGTSTP)
    }
}
