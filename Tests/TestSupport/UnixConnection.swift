#if canImport(Glibc)
    import Glibc
#endif

/// A plain connection to a Unix socket, as any process could make it.
public enum UnixConnection {
    /// A stream socket made with `flags` (`SOCK_NONBLOCK`: a full queue says EAGAIN at once),
    /// and what connecting it to `path` returned (0, or -1 with `errno` set). The caller closes
    /// the descriptor either way.
    public static func connect(_ path: String, flags: Int32 = 0) -> (descriptor: Int32, connected: Int32) {
        let connection = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | flags, 0)
        let connected = at(path) { Glibc.connect(connection, $0, $1) }
        return (connection, connected)
    }

    /// A stream socket bound to `path` and listening, that takes no connection: a game stopped
    /// with Ctrl-Z, as those who connect see it. -1 when it could not be made; the caller closes it.
    public static func silentListener(_ path: String) -> Int32 {
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0, at(path, { bind(listener, $0, $1) }) == 0, listen(listener, 4) == 0 else {
            if listener >= 0 { close(listener) }
            return -1
        }
        return listener
    }

    /// `call` with the address of `path`.
    private static func at(_ path: String, _ call: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
