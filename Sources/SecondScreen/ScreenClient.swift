import CDeviceShim

#if canImport(Glibc)
    import Glibc
#endif

/// The joining end: the games running, and joining one.
public enum ScreenClient {
    /// A game that answered: its socket and what it is playing.
    public struct Game: Equatable, Sendable {
        public var path: String
        public var description: String
    }

    /// The games listening in `folder`, asked each in turn; a socket no game answers on (left by
    /// one that was killed) is removed.
    public static func games(in folder: String) -> [Game] {
        guard let directory = opendir(folder) else { return [] }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("game-") && name.hasSuffix(".sock") { names.append(name) }
        }
        closedir(directory)
        return names.sorted().compactMap { name in
            let path = folder + "/" + name
            guard let connection = try? UnixSocket.connect(path) else {
                if errno == ECONNREFUSED { unlink(path) }
                return nil
            }
            defer { close(connection) }
            UnixSocket.writeAll(connection, "who\n")
            var reader = LineReader()
            var buffer = [UInt8](repeating: 0, count: 256)
            var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            while poll(&ready, 1, 1000) > 0 {
                let count = recv(connection, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                if let line = reader.lines(from: buffer[0..<count]).first { return Game(path: path, description: line) }
            }
            return nil
        }
    }

    /// Joins the game at `path` with the terminal `terminal`: returns the connection, which stays
    /// open while joined (send `size=` lines on it; the game hangs up when it ends).
    public static func join(_ path: String, terminal: Int32, hello: ScreenHello) throws(ScreenSocketError) -> Int32 {
        let connection = try UnixSocket.connect(path)
        let text = Array(hello.text.utf8)
        let sent = text.withUnsafeBytes { ct_send_with_descriptor(connection, $0.baseAddress, $0.count, terminal) }
        guard sent == text.count else {
            let error = ScreenSocketError("sendmsg", path)
            close(connection)
            throw error
        }
        return connection
    }

    /// Tells the game the terminal's new size.
    public static func resize(_ connection: Int32, columns: Int, rows: Int) {
        UnixSocket.writeAll(connection, "size=\(columns)x\(rows)\n")
    }
}
