#if canImport(Glibc)
    import Glibc
#endif

/// The game's end: a socket other terminals may join through, `FOLDER/game-PID.sock`.
public final class ScreenHost {
    public let path: String
    public let descriptor: Int32
    /// What `who` is answered with: the game being played, in a line.
    public var description = "CardTable"

    /// Listens in `folder` (made, for the player alone, when missing). A socket file left by a
    /// game that has ended is replaced.
    public init(folder: String, process: Int32 = getpid()) throws(ScreenSocketError) {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw ScreenSocketError("mkdir", folder) }
        path = folder + "/game-\(process).sock"
        guard var address = UnixSocket.address(path) else {
            errno = ENAMETOOLONG
            throw ScreenSocketError("bind", path)
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
        guard bound == 0, listen(descriptor, 4) == 0 else {
            let error = ScreenSocketError("bind", path)
            close(descriptor)
            throw error
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Takes the connection waiting on ``descriptor`` (poll says when) and its request: a `who`
    /// is answered here; a join is returned. Anything else is hung up on. The request must come
    /// within a second (it is sent as soon as the connection is made).
    public func accept() -> ScreenGuest? {
        let connection = Glibc.accept(descriptor, nil, nil)
        guard connection >= 0 else { return nil }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        let (request, terminal) = UnixSocket.readRequest(connection, seconds: 1)
        if request.hasPrefix("who\n") {
            UnixSocket.writeAll(connection, description + "\n")
        } else if let hello = ScreenHello(request: request), terminal >= 0, isTerminal(terminal) {
            return ScreenGuest(terminal: terminal, hello: hello, connection: connection)
        }
        if terminal >= 0 { close(terminal) }
        close(connection)
        return nil
    }

    /// Whether a descriptor sent with a join is a terminal (tests pass a pipe in its place).
    public var isTerminal: (Int32) -> Bool = { isatty($0) != 0 }
}
