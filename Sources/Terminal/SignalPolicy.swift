import CTerminalShim

#if canImport(Glibc)
    import Glibc
#endif

/// What the game does with each signal while it has the terminal. Every signal whose default
/// action ends the process is caught, so that the terminal is always given back:
///
/// - an orderly end (`.end`): the run loop stops, the game is saved as on `q`, the terminal is
///   given back, and the process exits with status 128 + the signal's number. If the loop does
///   not answer (a second such signal arrives while the first is still unread), the terminal
///   is given back from the signal handler and the process dies of the signal.
/// - a crash (`.crash`): a handler gives the terminal back and the process dies of the same
///   signal; the game was saved after its last move. The same signal sent by another process
///   (`kill -SEGV`, a watchdog's SIGABRT) is no crash: it ends the game in order, as `.end`.
/// - ignored (`.ignore`): SIGPIPE (writing to a terminal that hung up fails instead, and
///   SIGHUP ends the game) and SIGXFSZ (a file over the size limit fails to be written, and the
///   save's failure is reported).
///
/// SIGKILL and SIGSTOP cannot be caught; nor can signals 32 and 33, which the C library keeps
/// for its threads. SIGTTIN and SIGTTOU stop the process by default, as SIGSTOP does, and
/// SIGCONT takes the terminal again.
public enum SignalPolicy: Equatable, Sendable {
    /// SIGWINCH: the new size is read and the table laid out again.
    case resize
    /// SIGTSTP (Ctrl-Z): the terminal is given back until the process is continued.
    case suspend
    /// SIGCONT: the terminal's modes, mouse and screen are taken again and the table redrawn.
    case resume
    case end
    case crash
    case ignore

    /// The standard signals that end the game in order.
    static let endingSignals: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR,
        SIGSTKFLT, SIGXCPU,
    ]
    /// What a Swift trap raises (SIGILL, SIGTRAP), what the C library's abort raises, faults, and
    /// a system call refused (SIGSYS).
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS]
    static let ignoredSignals: [Int32] = [SIGPIPE, SIGXFSZ]

    /// The real-time signals the program may catch: SIGRTMIN to SIGRTMAX. Each ends the game.
    public static var realTimeSignals: ClosedRange<Int32> {
        Int32(ct_first_realtime_signal())...Int32(ct_last_realtime_signal())
    }

    /// The policy for a signal, or nil for one left to its default (SIGCHLD, SIGURG, SIGTTIN,
    /// SIGTTOU, and the signals that cannot be caught).
    public static func policy(for signal: Int32) -> SignalPolicy? {
        switch signal {
        case SIGWINCH: .resize
        case SIGTSTP: .suspend
        case SIGCONT: .resume
        case _ where endingSignals.contains(signal) || realTimeSignals.contains(signal): .end
        case _ where crashSignals.contains(signal): .crash
        case _ where ignoredSignals.contains(signal): .ignore
        default: nil
        }
    }

    /// Every signal with a policy, by number.
    public static var handledSignals: [Int32] {
        (1...realTimeSignals.upperBound).filter { policy(for: $0) != nil }
    }
}
