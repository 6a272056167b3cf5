import CTerminalShim

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal's modes kept before it is handed to a game as a second screen, and what gives its
/// screen back (mouse off, attributes off, cursor shown, the main screen), so that
/// `cardtable screen` can restore its own terminal when the game went away without doing so
/// (it was killed, or crashed before its handler could).
public struct SavedTerminal {
    public let descriptor: Int32
    private var modes = termios()
    private let hasModes: Bool
    private let leaveBytes: [UInt8]

    /// Keeps the modes of the terminal on `descriptor`, of type `term`.
    public init(descriptor: Int32, term: String) {
        self.descriptor = descriptor
        hasModes = tcgetattr(descriptor, &modes) == 0
        var strings = ct_other_terminal_strings()
        if ct_other_terminal_strings(term, descriptor, &strings) == 0 {
            leaveBytes = withUnsafeBytes(of: strings.leave) { Array($0.prefix(strings.leave_length)) }
        } else {
            leaveBytes = Array("\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?1004l\u{1B}[?2004l\u{1B}[m\u{1B}[?25h".utf8)
        }
    }

    /// Gives the screen and the modes back.
    public func restore() {
        leaveBytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
        if hasModes {
            var modes = modes
            _ = tcsetattr(descriptor, TCSANOW, &modes)
        }
    }
}
