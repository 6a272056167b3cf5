import CTerminalShim
import TableKit

#if canImport(Glibc)
    import Glibc
#endif

/// A second terminal that joined the game (`cardtable screen` passed its descriptor): the table
/// is drawn on it while the first terminal shows the controller.
///
/// It is driven beside the first terminal's ncurses screen without one of its own: its type's
/// terminfo entry is read (``TerminalCapabilities``) and must take ECMA-48 sequences as xterm
/// does, since ``FrameEncoder`` writes its frames (xterm, tmux, screen, the Linux console, a
/// VT100 all do); anything else is refused with a message. Opening it saves its modes and sets
/// the game's raw keyboard (Ctrl-C and Ctrl-Z arrive as keys), takes the alternate screen,
/// hides the cursor and turns on the mouse (drags, SGR coordinates), focus reports and
/// bracketed paste. ``close()`` gives all of it back; so does a crash of the game
/// (`ct_emergency_restore`).
///
/// The descriptor is non-blocking: a frame the terminal does not take within
/// ``writeTimeout`` (a terminal that stopped reading) is given up, and ``failure`` says so, so
/// that the game never waits on a second terminal.
public final class SecondTerminalScreen: Screen {
    public enum OpenError: Error, CustomStringConvertible, Equatable {
        case notATerminal
        case unknownTerminal(String)
        case notECMA48(String)
        case cannotSetModes(String)

        public var description: String {
            switch self {
            case .notATerminal: "what was passed is not a terminal"
            case .unknownTerminal(let name): "terminal type '\(name)' is not known here (no terminfo entry)"
            case .notECMA48(let name):
                "terminal type '\(name)' does not take the ECMA-48 sequences a second screen is drawn with"
                    + " (xterm, tmux, screen and the Linux console do)"
            case .cannotSetModes(let reason): "its modes cannot be set: \(reason)"
            }
        }
    }

    public let descriptor: Int32
    public let term: String
    public let colorMode: ColorMode
    public let capabilities: TerminalCapabilities
    /// How long a frame may wait for the terminal to take it.
    public var writeTimeout = 1.0
    /// Why the terminal can no longer be drawn on (it stopped reading, or went away); nil while
    /// it can.
    public private(set) var failure: String?
    public private(set) var isOpen = false
    public private(set) var size: (width: Int, height: Int)
    private var encoder: FrameEncoder
    private var savedModes = termios()
    /// The modes the game set, to tell whether someone else has set theirs since.
    private var gameModes = termios()
    private var hasModes = false
    private var savedFlags: Int32 = 0
    private let enterBytes: [UInt8]
    private let leaveBytes: [UInt8]

    /// Opens the terminal on `descriptor` (the caller keeps it and closes it after ``close()``).
    ///
    /// - Parameters:
    ///   - term: its `TERM`.
    ///   - width, height: its size as it said (the descriptor's own is preferred when it has one).
    ///   - noColor: its `NO_COLOR` is set: no colour is written.
    ///   - isUTF8: text goes out as UTF-8.
    ///   - isTerminal: whether the descriptor is a terminal (tests pass a pipe).
    public init(
        descriptor: Int32, term: String, width: Int, height: Int, noColor: Bool = false, isUTF8: Bool = true,
        isTerminal: (Int32) -> Bool = { isatty($0) == 1 }
    ) throws(OpenError) {
        guard isTerminal(descriptor) else { throw OpenError.notATerminal }
        self.descriptor = descriptor
        self.term = term
        var environment = ["TERM": term]
        if noColor { environment["NO_COLOR"] = "1" }
        capabilities = TerminalCapabilities.read(outputDescriptor: descriptor, environment: environment)
        guard capabilities.isKnown else { throw OpenError.unknownTerminal(term) }
        guard capabilities.movesCursor, capabilities.takesECMA48 else { throw OpenError.notECMA48(term) }
        var strings = ct_other_terminal_strings()
        guard ct_other_terminal_strings(term, descriptor, &strings) == 0 else { throw OpenError.unknownTerminal(term) }
        enterBytes = withUnsafeBytes(of: strings.enter) { Array($0.prefix(strings.enter_length)) }
        leaveBytes = withUnsafeBytes(of: strings.leave) { Array($0.prefix(strings.leave_length)) }
        colorMode = ColorMode.detect(
            colors: capabilities.colors, hasColors: capabilities.colors > 0, environment: environment)
        let dialect = TerminalDialect(capabilities: capabilities, colorMode: colorMode, isUTF8: isUTF8)!
        size = (max(1, width), max(1, height))
        var columns: Int32 = 0
        var rows: Int32 = 0
        if ct_terminal_size(descriptor, &columns, &rows) == 0 { size = (Int(columns), Int(rows)) }
        encoder = FrameEncoder(width: size.width, height: size.height, dialect: dialect)
        try open()
    }

    deinit { close() }

    private func open() throws(OpenError) {
        if tcgetattr(descriptor, &savedModes) == 0 {
            var modes = savedModes
            ct_second_terminal_keyboard(&modes)
            guard tcsetattr(descriptor, TCSANOW, &modes) == 0 else {
                throw OpenError.cannotSetModes(String(cString: strerror(errno)))
            }
            _ = tcgetattr(descriptor, &gameModes)
            hasModes = true
        }
        savedFlags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, savedFlags | O_NONBLOCK)
        isOpen = true
        let leave = leaveBytes.map { CChar(bitPattern: $0) }
        ct_set_second_terminal(descriptor, &savedModes, leave, leave.count)
        _ = send(enterBytes + Array(TerminalScreen.mouseOn.utf8))
    }

    /// The size the terminal says it has now (after its `cardtable screen` said it changed), or
    /// `fallback` when the descriptor does not say (a pipe in tests).
    public func currentSize(fallback: (width: Int, height: Int)) -> (width: Int, height: Int) {
        var columns: Int32 = 0
        var rows: Int32 = 0
        if ct_terminal_size(descriptor, &columns, &rows) == 0 { return (Int(columns), Int(rows)) }
        return fallback
    }

    public func draw(_ changes: [CellRun]) {
        guard isOpen, failure == nil else { return }
        _ = send(encoder.encode(changes))
    }

    public func resize(width: Int, height: Int) {
        size = (max(1, width), max(1, height))
        encoder.resize(width: size.width, height: size.height)
    }

    public func invalidate() { encoder.invalidate() }

    /// Gives the terminal back: the pen reset, mouse off, cursor shown, the main screen, its own
    /// modes and flags. Idempotent. A terminal that stopped taking output is not waited for: what
    /// gives it back is written as far as it goes.
    ///
    /// The modes are set back only while they are still the game's: when `cardtable screen` was
    /// killed, its shell may have set its own first (bash sets the line editor's as it prompts),
    /// and those are left alone.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        ct_set_second_terminal(-1, nil, nil, 0)
        _ = send(encoder.resetPen() + leaveBytes, waiting: failure == nil)
        _ = fcntl(descriptor, F_SETFL, savedFlags & ~O_NONBLOCK)
        if hasModes && modesAreStillTheGames { _ = tcsetattr(descriptor, TCSANOW, &savedModes) }
    }

    private var modesAreStillTheGames: Bool {
        var now = termios()
        guard tcgetattr(descriptor, &now) == 0 else { return false }
        return withUnsafeBytes(of: &now) { current in
            withUnsafeBytes(of: &gameModes) { game in current.elementsEqual(game) }
        }
    }

    /// Writes all of `bytes`, waiting at most ``writeTimeout`` for the terminal to take them
    /// (or, not `waiting`, as many as it takes at once).
    private func send(_ bytes: [UInt8], waiting: Bool = true) -> Bool {
        var offset = 0
        let deadline = Self.now() + writeTimeout
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written > 0 {
                offset += written
                continue
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                let left = deadline - Self.now()
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if waiting && left > 0 && poll(&ready, 1, Int32((left * 1000).rounded(.up))) > 0 { continue }
                if failure == nil { failure = "it stopped taking output" }
                return false
            }
            if failure == nil { failure = "it went away (\(String(cString: strerror(errno))))" }
            return false
        }
        return true
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
