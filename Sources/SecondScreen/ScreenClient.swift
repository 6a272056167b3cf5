import CDeviceShim

#if canImport(Glibc)
    import Glibc
#endif

/// The joining end: the games running, and joining one.
public enum ScreenClient {
    /// A game that answered: its socket, its process and what it is playing.
    public struct Game: Equatable, Sendable {
        public var path: String
        public var description: String
        /// The game's process, from its socket's name (`game-PID.sock`).
        public var process: Int32? {
            let name = path.split(separator: "/").last ?? ""
            guard name.hasPrefix("game-"), name.hasSuffix(".sock") else { return nil }
            return Int32(name.dropFirst(5).dropLast(5))
        }

        public init(path: String, description: String) {
            self.path = path
            self.description = description
        }

        /// "Klondike #5 · 12 moves (process 1234)".
        public var title: String { process.map { "\(description) (process \($0))" } ?? description }
    }

    /// The games listening in `folder`, asked each in turn (each has `seconds` to take the
    /// connection and `seconds` to answer: one that does not, stopped with Ctrl-Z, is said in
    /// `refused`); a socket no game listens on (left by one that was killed) is removed. Nothing is sent
    /// before the folder, the socket and the process listening on it are known to be `user`'s
    /// (``ScreenFolder/check(_:user:)``, ``connect(_:user:)``): a folder that is not throws, and
    /// a socket that is not is passed over and said in `refused`. No folder: no games.
    public static func games(in folder: String, user: uid_t = getuid(), seconds: Double = 1)
        throws(ScreenSocketError) -> (games: [Game], refused: [ScreenSocketError])
    {
        guard try ScreenFolder.check(folder, user: user), let directory = opendir(folder) else { return ([], []) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("game-") && name.hasSuffix(".sock") { names.append(name) }
        }
        closedir(directory)
        var games: [Game] = []
        var refused: [ScreenSocketError] = []
        for name in names.sorted() {
            let path = folder + "/" + name
            let connection: Int32
            do {
                connection = try connect(path, user: user, seconds: seconds)
            } catch {
                // A socket of the player's that no game listens on: one that was killed left it.
                if error.isRefusedConnection { unlink(path) } else { refused.append(error) }
                continue
            }
            defer { close(connection) }
            UnixSocket.writeAll(connection, "who\n")
            if let description = readLine(connection, seconds: seconds) {
                games.append(Game(path: path, description: description))
            } else {
                refused.append(.silent(path))
            }
        }
        return (games.sorted { ($0.process ?? 0) < ($1.process ?? 0) }, refused)
    }

    /// Asks the game at `path` to take the terminal `terminal`: returns the connection, which
    /// stays open while joined. Read the answer with ``answer(on:seconds:)``. The folder, the
    /// socket and the process listening are checked to be `user`'s before anything is sent.
    public static func join(_ path: String, terminal: Int32, hello: ScreenHello, user: uid_t = getuid())
        throws(ScreenSocketError) -> Int32
    {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        guard try ScreenFolder.check(folder.isEmpty ? "/" : folder, user: user) else {
            throw ScreenSocketError(message: "\(folder): no such folder")
        }
        let connection = try connect(path, user: user)
        let text = Array(hello.text.utf8)
        let sent = text.withUnsafeBytes { ct_send_with_descriptor(connection, $0.baseAddress, $0.count, terminal) }
        guard sent == text.count else {
            let error = ScreenSocketError("sendmsg", path)
            close(connection)
            throw error
        }
        return connection
    }

    /// A connection to the game's socket at `path`, made only when the socket is `user`'s
    /// (``ScreenFolder/checkSocket(_:user:)``) and so is the process listening on it (its
    /// credentials, `SO_PEERCRED`), checked before anything is sent. A game that takes no
    /// connection within `seconds` (stopped, or frozen) throws.
    public static func connect(_ path: String, user: uid_t = getuid(), seconds: Double = 1)
        throws(ScreenSocketError) -> Int32
    {
        try ScreenFolder.checkSocket(path, user: user)
        let connection = try UnixSocket.connect(path, seconds: seconds)
        do {
            try checkListener(connection, path: path, user: user)
        } catch {
            close(connection)
            throw error
        }
        return connection
    }

    /// Throws unless the process at the other end of `connection` (the one that listened on
    /// `path`) is `user`'s, by its credentials (`SO_PEERCRED`).
    public static func checkListener(_ connection: Int32, path: String, user: uid_t = getuid())
        throws(ScreenSocketError)
    {
        var peer: UInt32 = 0
        guard ct_peer_user(connection, &peer) == 0 else { throw ScreenSocketError("SO_PEERCRED", path) }
        guard peer == user else {
            throw ScreenSocketError(
                message: "\(path): the process listening there is another user's (uid \(peer)), not yours: "
                    + "nothing was sent to it")
        }
    }

    /// The game's answer to a join, waited for at most `seconds`; nil when none came (the game
    /// hung up, or said nothing the client understands).
    public static func answer(on connection: Int32, seconds: Double) -> ScreenAnswer? {
        readLine(connection, seconds: seconds).flatMap { ScreenAnswer(line: $0) }
    }

    /// Tells the game the terminal's new size.
    public static func resize(_ connection: Int32, columns: Int, rows: Int) {
        UnixSocket.writeAll(connection, "size=\(columns)x\(rows)\n")
    }

    /// Asks the game to give the terminal back (it answers `bye`).
    public static func leave(_ connection: Int32) {
        UnixSocket.writeAll(connection, "leave\n")
    }

    /// One line from `connection`, read byte by byte (nothing after it is taken), waiting at most
    /// `seconds` in all.
    static func readLine(_ connection: Int32, seconds: Double) -> String? {
        var line: [UInt8] = []
        let deadline = Deadline(seconds: seconds)
        while line.count < 512 {
            let left = deadline.left
            var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&ready, 1, Int32((left * 1000).rounded(.up))) > 0 else { return nil }
            var byte: UInt8 = 0
            let count = recv(connection, &byte, 1, 0)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return nil }
            if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }
}
