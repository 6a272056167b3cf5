import CDeviceShim

#if canImport(Glibc)
    import Glibc
#endif

/// The game's end: a socket other terminals may join through, `FOLDER/game-PID.sock`.
///
/// Nothing here waits: the game's run loop watches ``descriptor``, takes each connection with
/// ``accept()``, watches the connection's descriptor in turn and reads it with
/// ``ScreenConnection/read()`` when it is readable, giving up on one whose request has not come
/// whole within ``ScreenConnection/requestTimeout``.
public final class ScreenHost {
    public let path: String
    public let descriptor: Int32
    /// The user whose processes may connect: the player (the folder is theirs alone already; a
    /// connection from anyone else is refused all the same).
    public var owner = getuid()

    /// Listens in `folder` (made, for the player alone, when missing: ``ScreenFolder``). A socket
    /// file left by a game that has ended is replaced.
    public init(folder: String, process: Int32 = getpid()) throws(ScreenSocketError) {
        try ScreenFolder.prepare(folder)
        path = folder + "/game-\(process).sock"
        guard var address = UnixSocket.address(path) else {
            throw ScreenSocketError(message: "\(path): the path is too long for a socket")
        }
        unlink(path)
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        descriptor = socket(AF_UNIX, flags, 0)
        guard descriptor >= 0 else { throw ScreenSocketError("socket", path) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            let error = ScreenSocketError("bind", path)
            close(descriptor)
            throw error
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// The last ``accept()`` found a connection waiting but could not take it: the process (or
    /// the system) has no descriptor or memory to spare. The connection stays in the socket's
    /// queue, and ``descriptor`` stays readable: wait a little before taking it again.
    public private(set) var isShortOfDescriptors = false

    /// The next connection waiting on ``descriptor``, or nil when none is (or when it could not
    /// be taken: ``isShortOfDescriptors``).
    public func accept() -> ScreenConnection? {
        let connection = Glibc.accept(descriptor, nil, nil)
        isShortOfDescriptors = connection < 0 && [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(errno)
        guard connection >= 0 else { return nil }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
        var user: UInt32 = 0
        let isOwners = ct_peer_user(connection, &user) == 0 && user == owner
        return ScreenConnection(descriptor: connection, isOwners: isOwners)
    }
}

/// One connection to the game's socket: first its request, then, for a terminal that joined,
/// the lines it sends while joined. Closed when it is let go.
public final class ScreenConnection {
    public let descriptor: Int32
    /// How long a request may take to arrive whole.
    public static let requestTimeout = 1.0
    /// The longest request.
    static let longestRequest = 1024

    private var request: [UInt8] = []
    private var passed: Int32 = -1
    private var lines = LineReader()
    private var isClosed = false

    /// The process at the other end is the player's.
    public let isOwners: Bool

    public init(descriptor: Int32, isOwners: Bool = true) {
        self.descriptor = descriptor
        self.isOwners = isOwners
    }

    deinit {
        close()
        if passed >= 0 { Glibc.close(passed) }
    }

    public enum Request: Equatable {
        /// What does the game play?
        case who
        /// A terminal joins: what it said of itself, and its descriptor (the caller's to close).
        case join(ScreenHello, terminal: Int32)
    }

    public enum Outcome: Equatable {
        /// Part of the request has come, or none: read again when readable.
        case waiting
        case request(Request)
        /// Not a request the game takes, and why (answer it with ``ScreenAnswer/refused(_:)``).
        case invalid(ScreenRefusal)
        /// The other side hung up before its request was whole.
        case gone
    }

    /// Reads what has arrived of the request.
    public func read() -> Outcome {
        guard isOwners else { return .invalid(ScreenRefusal("this game is another user's")) }
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            var fd: Int32 = -1
            let count = buffer.withUnsafeMutableBytes {
                ct_receive_with_descriptor(descriptor, $0.baseAddress, $0.count, &fd)
            }
            if fd >= 0 {
                if passed >= 0 { Glibc.close(passed) }
                passed = fd
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return .waiting }
                return .gone
            }
            if count == 0 { return .gone }
            request += buffer[0..<count]
            if let outcome = finished() { return outcome }
            if request.count > Self.longestRequest {
                return .invalid(ScreenRefusal("the request is longer than \(Self.longestRequest) bytes"))
            }
        }
    }

    /// The request, once it is whole.
    private func finished() -> Outcome? {
        guard let firstEnd = request.firstIndex(of: 0x0A) else { return nil }
        let first = String(decoding: request[..<firstEnd], as: UTF8.self)
        switch first {
        case "who":
            return .request(.who)
        case "join":
            // Whole at its empty line.
            guard let end = request.indices.dropLast().first(where: { request[$0] == 0x0A && request[$0 + 1] == 0x0A })
            else { return nil }
            switch ScreenHello.parse(String(decoding: request[...end], as: UTF8.self)) {
            case .failure(let refusal):
                return .invalid(refusal)
            case .success(let hello):
                guard passed >= 0 else {
                    return .invalid(ScreenRefusal("the join did not bring the terminal's descriptor"))
                }
                let terminal = passed
                passed = -1
                return .request(.join(hello, terminal: terminal))
            }
        default:
            return .invalid(ScreenRefusal("'\(first.prefix(40))' is not a request the game knows (who, join)"))
        }
    }

    /// The most bytes ``readLines()`` reads a call.
    public static let mostBytesACall = 4096

    /// The lines that arrived since the last call (`size=…`, `leave`), or nil once the other side
    /// has hung up. At most ``mostBytesACall`` bytes are read: what is left is read when the
    /// descriptor is readable again, so that a peer that never stops sending is read a part a
    /// turn and the game's loop goes on between (it read until the socket was empty, and never
    /// came back from a peer that kept it full).
    public func readLines() -> [String]? {
        var buffer = [UInt8](repeating: 0, count: 512)
        var result: [String] = []
        for _ in 0..<(Self.mostBytesACall / buffer.count) {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                result += lines.lines(from: buffer[0..<count])
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return result }
            return nil
        }
        return result
    }

    /// Sends an answer (it is short: it never waits).
    public func say(_ answer: ScreenAnswer) {
        UnixSocket.writeAll(descriptor, answer.line + "\n")
    }

    /// Answers a `who`.
    public func say(description: String) {
        UnixSocket.writeAll(descriptor, ScreenAnswer.oneLine(description) + "\n")
    }

    /// Hangs up. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }
}
