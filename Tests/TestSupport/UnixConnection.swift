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
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(connection, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return (connection, connected)
    }
}
