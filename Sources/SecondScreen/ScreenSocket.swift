import CDeviceShim

#if canImport(Glibc)
    import Glibc
#endif

// A running game listens on a Unix socket in a folder of the player's own (``ScreenFolder``:
// `$XDG_RUNTIME_DIR/cardtable`), one socket per game, named by its process. `cardtable screen`
// in another terminal connects and sends one request:
//
// - `who`: the game answers with a line that says what it is playing, and hangs up (so that a
//   player with several games running can choose);
// - `join`, then `key=value` lines (`term=`, `size=COLUMNSxROWS`, and `no-color=1`, `utf8=0`
//   when they apply) and an empty line, sent with the terminal's own descriptor (SCM_RIGHTS).
//   The game answers `ok DESCRIPTION` and draws on that terminal and reads its keys and mouse,
//   or `no REASON` and hangs up. While joined the connection stays open: the joining side sends
//   `size=COLUMNSxROWS` when its terminal is resized and `leave` when it is told to end; the
//   game sends `bye REASON` when it gives the terminal back (after the terminal's modes and
//   screen are restored) and hangs up. The end of the connection without a `bye` means the
//   other side is gone: the game gives the terminal back itself (`cardtable screen` was killed),
//   or `cardtable screen` restores its terminal itself (the game was).
//
// A request must come whole within a second of the connection, in at most 1,024 bytes.

/// What a joining terminal says of itself.
public struct ScreenHello: Equatable, Sendable {
    public var term: String
    public var columns: Int
    public var rows: Int
    /// `NO_COLOR` is set there: no colour is written.
    public var noColor: Bool
    /// Its locale's character set is UTF-8.
    public var isUTF8: Bool

    public init(term: String, columns: Int, rows: Int, noColor: Bool = false, isUTF8: Bool = true) {
        self.term = term
        self.columns = columns
        self.rows = rows
        self.noColor = noColor
        self.isUTF8 = isUTF8
    }

    /// The largest second screen: a bigger terminal is refused (a resize past it is drawn in
    /// its top-left corner).
    public static let largest = (columns: 1000, rows: 500)

    /// The request's text.
    public var text: String {
        "join\nterm=\(term)\nsize=\(columns)x\(rows)\n" + (noColor ? "no-color=1\n" : "")
            + (isUTF8 ? "" : "utf8=0\n") + "\n"
    }

    /// A `size=COLUMNSxROWS` line's numbers (each 0 to 99,999), or `nil`.
    public static func size(_ line: Substring) -> (columns: Int, rows: Int)? {
        guard line.hasPrefix("size=") else { return nil }
        let numbers = line.dropFirst(5).split(separator: "x", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ (1...5).contains($0.count) && $0.allSatisfy(\.isASCII) }),
            let columns = Int(numbers[0]), let rows = Int(numbers[1]), columns >= 0, rows >= 0
        else { return nil }
        return (columns, rows)
    }

    /// A size within what a second screen takes: at least 1×1, at most ``largest``.
    public static func clamped(_ size: (columns: Int, rows: Int)) -> (columns: Int, rows: Int) {
        (min(max(1, size.columns), largest.columns), min(max(1, size.rows), largest.rows))
    }

    /// A `join` request's text, or why it cannot be joined.
    public static func parse(_ request: String) -> Result<ScreenHello, ScreenRefusal> {
        var lines = request.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "join" else { return .failure(ScreenRefusal("the request is not a join")) }
        lines.removeFirst()
        var term: Substring?
        var size: (columns: Int, rows: Int)?
        var sizeLine: Substring?
        var hello = ScreenHello(term: "", columns: 0, rows: 0)
        for line in lines where !line.isEmpty {
            if line.hasPrefix("term=") {
                term = line.dropFirst(5)
            } else if line.hasPrefix("size=") {
                sizeLine = line
                size = Self.size(line)
            } else if line == "no-color=1" {
                hello.noColor = true
            } else if line == "utf8=0" {
                hello.isUTF8 = false
            }  // other keys: for later versions
        }
        guard let term, !term.isEmpty else {
            return .failure(ScreenRefusal("the join does not say the terminal's type"))
        }
        guard term.count <= 64, term.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
        else { return .failure(ScreenRefusal("the terminal's type is not a terminfo name")) }
        guard let size else {
            return .failure(
                ScreenRefusal(
                    sizeLine == nil
                        ? "the join does not say the terminal's size" : "the terminal's size is not COLUMNSxROWS"))
        }
        guard size.columns > 0, size.rows > 0 else {
            return .failure(
                ScreenRefusal(
                    "the terminal's size is \(size.columns)x\(size.rows): set it (stty rows ROWS cols COLUMNS) and join again"
                ))
        }
        guard size.columns <= largest.columns, size.rows <= largest.rows else {
            return .failure(
                ScreenRefusal(
                    "the terminal is \(size.columns)x\(size.rows): a second screen is at most "
                        + "\(largest.columns)x\(largest.rows)"))
        }
        hello.term = String(term)
        hello.columns = size.columns
        hello.rows = size.rows
        return .success(hello)
    }
}

/// Why a game does not take a terminal, in words for the person who asked.
public struct ScreenRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// What the game says to a terminal that asked to join, and when it leaves.
public enum ScreenAnswer: Equatable, Sendable {
    /// Joined: what the game plays.
    case accepted(String)
    /// Not joined: why.
    case refused(String)
    /// The terminal was given back: why.
    case bye(String)

    public init?(line: String) {
        if line.hasPrefix("ok ") {
            self = .accepted(String(line.dropFirst(3)))
        } else if line.hasPrefix("no ") {
            self = .refused(String(line.dropFirst(3)))
        } else if line.hasPrefix("bye ") {
            self = .bye(String(line.dropFirst(4)))
        } else {
            return nil
        }
    }

    /// The answer's line (without its newline); a newline in the text becomes a space.
    public var line: String {
        switch self {
        case .accepted(let text): "ok " + Self.oneLine(text)
        case .refused(let text): "no " + Self.oneLine(text)
        case .bye(let text): "bye " + Self.oneLine(text)
        }
    }

    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 }.prefix(200))
    }
}

/// Lines out of a byte stream, a part line kept for the next read; a line longer than 256 bytes
/// is dropped (nothing sent here is that long).
public struct LineReader: Sendable {
    private var pending: [UInt8] = []
    private var dropping = false

    public init() {}

    public mutating func lines(from bytes: some Collection<UInt8>) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == 0x0A {
                if !dropping { lines.append(String(decoding: pending, as: UTF8.self)) }
                pending.removeAll(keepingCapacity: true)
                dropping = false
            } else if pending.count < 256 {
                pending.append(byte)
            } else {
                dropping = true
            }
        }
        return lines
    }
}

/// Errors of the socket and folder calls: what was being done, and the system's message.
public struct ScreenSocketError: Error, CustomStringConvertible, Sendable {
    public var description: String

    /// The system call that failed and its `errno`; none for a refusal of the program's own.
    var call = ""
    var code: Int32 = 0

    init(_ call: String, _ path: String) {
        self.call = call
        code = errno
        description = "\(path): \(call): \(String(cString: strerror(code)))"
    }

    /// No one listens on the socket (`connect` said ECONNREFUSED).
    var isRefusedConnection: Bool { call == "connect" && code == ECONNREFUSED }

    /// A connect that failed with `code`: a game that took no connection in time (stopped, or
    /// frozen) is said in words (``silent(_:)``).
    static func connecting(_ path: String, _ code: Int32) -> ScreenSocketError {
        errno = code
        var error = ScreenSocketError("connect", path)
        if code == EAGAIN || code == ETIMEDOUT { error = .silent(path) }
        return error
    }

    /// The game at `path` took no connection in time, or did not answer one.
    static func silent(_ path: String) -> ScreenSocketError {
        var error = ScreenSocketError(
            message: "\(path): the game there does not answer (stopped with Ctrl-Z? 'fg' in its terminal resumes it)")
        error.silentGame = ScreenClient.Game(path: path, description: "").process ?? 0
        return error
    }

    /// The process of a game of the player's that is there but does not answer (stopped with
    /// Ctrl-Z): 0 for any other refusal (another user's socket, a folder's).
    public internal(set) var silentGame: Int32 = 0

    init(message: String) { description = message }
}

/// A time to come, on the monotonic clock.
struct Deadline {
    private let end: Double

    init(seconds: Double) { end = Self.now() + seconds }

    /// The seconds left, 0 once it has passed.
    var left: Double { max(0, end - Self.now()) }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

enum UnixSocket {
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return address
    }

    /// A connection to the socket at `path`, waiting at most `seconds` for the listener to take
    /// it. A game that is stopped (Ctrl-Z) or frozen takes no connection: once its queue of
    /// waiting ones is full, a plain connect(2) waits for ever, so the socket is non-blocking
    /// while it connects (a full queue says EAGAIN, tried again until the time is up), and
    /// blocking again once connected.
    static func connect(_ path: String, seconds: Double = 1) throws(ScreenSocketError) -> Int32 {
        guard var address = address(path) else {
            errno = ENAMETOOLONG
            throw ScreenSocketError("connect", path)
        }
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let descriptor = socket(AF_UNIX, flags, 0)
        guard descriptor >= 0 else { throw ScreenSocketError("socket", path) }
        let deadline = Deadline(seconds: seconds)
        while true {
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if connected == 0 { break }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN, deadline.left > 0 {
                // The listener's queue is full: try again shortly (poll would not wait, a
                // socket that is not connected being always ready).
                usleep(useconds_t(min(deadline.left, 0.02) * 1e6))
                continue
            }
            if code == EINPROGRESS, deadline.left > 0 {
                // The connection is under way: writable once it is made, or failed.
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, Int32((deadline.left * 1000).rounded(.up)))
                var failure: Int32 = ETIMEDOUT
                var size = socklen_t(MemoryLayout<Int32>.size)
                if ready.revents != 0, getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &size) != 0 {
                    failure = errno
                }
                if failure == 0 { break }
                let error = ScreenSocketError.connecting(path, failure)
                close(descriptor)
                throw error
            }
            let error = ScreenSocketError.connecting(path, code == EINPROGRESS ? ETIMEDOUT : code)
            close(descriptor)
            throw error
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    static func writeAll(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            bytes = bytes.dropFirst(count)
        }
    }
}
