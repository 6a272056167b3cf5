import CDeviceShim

#if canImport(Glibc)
    import Glibc
#endif

// A running game listens on a Unix socket in a folder of the player's own (under
// `$XDG_RUNTIME_DIR`), one socket per game, named by its process. `cardtable screen` in another
// terminal connects and sends one request:
//
// - `who`: the game answers with a line that says what it is playing, and hangs up (so that a
//   player with several games running can choose);
// - `join`: sent with the terminal's own descriptor (SCM_RIGHTS), its TERM and size. The game
//   then draws on that terminal and reads its keys and mouse, while the connection stays open:
//   the joining side sends `size=COLUMNSxROWS` lines when its terminal is resized, and the end of
//   the connection (the second terminal closed, Ctrl-C there, its process killed) is the end of
//   the second screen.

/// What a joining terminal says of itself.
public struct ScreenHello: Equatable, Sendable {
    public var term: String
    public var columns: Int
    public var rows: Int

    public init(term: String, columns: Int, rows: Int) {
        self.term = term
        self.columns = columns
        self.rows = rows
    }

    /// The request's text.
    public var text: String { "join\nterm=\(term)\nsize=\(columns)x\(rows)\n" }

    /// A `size=COLUMNSxROWS` line's numbers (each 1 to 10,000), or `nil`.
    public static func size(_ line: Substring) -> (columns: Int, rows: Int)? {
        guard line.hasPrefix("size=") else { return nil }
        let numbers = line.dropFirst(5).split(separator: "x", omittingEmptySubsequences: false)
        guard numbers.count == 2, let columns = Int(numbers[0]), let rows = Int(numbers[1]),
            (1...10_000).contains(columns), (1...10_000).contains(rows)
        else { return nil }
        return (columns, rows)
    }

    /// A `join` request, or `nil` when the text is not one.
    public init?(request: String) {
        let lines = request.split(separator: "\n")
        guard lines.first == "join", lines.count == 3, lines[1].hasPrefix("term="),
            let size = Self.size(lines[2])
        else { return nil }
        let term = lines[1].dropFirst(5)
        guard !term.isEmpty, term.count <= 64,
            term.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        self.init(term: String(term), columns: size.columns, rows: size.rows)
    }
}

/// A terminal that joined: its descriptor (the game's to draw on and read), what it said of
/// itself, and the connection that stays open while it is joined.
public struct ScreenGuest: Sendable {
    public var terminal: Int32
    public var hello: ScreenHello
    public var connection: Int32
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

/// Errors of the socket calls, with the call's name and the system's message.
public struct ScreenSocketError: Error, CustomStringConvertible, Sendable {
    public var description: String

    init(_ call: String, _ path: String) {
        description = "\(path): \(call): \(String(cString: strerror(errno)))"
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

    static func connect(_ path: String) throws(ScreenSocketError) -> Int32 {
        guard var address = address(path) else {
            errno = ENAMETOOLONG
            throw ScreenSocketError("connect", path)
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ScreenSocketError("socket", path) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let error = ScreenSocketError("connect", path)
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Reads until the peer has sent a whole request (a `who` line, or the three lines of a
    /// join) or `seconds` pass; returns the text and the descriptor sent with it.
    static func readRequest(_ descriptor: Int32, seconds: Double) -> (String, Int32) {
        var text: [UInt8] = []
        var passed: Int32 = -1
        var buffer = [UInt8](repeating: 0, count: 512)
        var waited = 0
        while text.count < 512 && waited < Int(seconds * 1000) {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else {
                waited += 50
                continue
            }
            var fd: Int32 = -1
            let count = buffer.withUnsafeMutableBytes {
                ct_receive_with_descriptor(descriptor, $0.baseAddress, 512, &fd)
            }
            if fd >= 0 {
                if passed >= 0 { close(passed) }
                passed = fd
            }
            guard count > 0 else { break }
            text += buffer[0..<count]
            let lines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
            if lines.first.map(Array.init) == Array("who".utf8) || (lines.count > 3) { break }
        }
        return (String(decoding: text, as: UTF8.self), passed)
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
