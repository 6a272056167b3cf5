import Layouts

#if canImport(Glibc)
    import Glibc
#endif

/// A file that could not be read, written, locked or moved: the path and why, in one line
/// (`/home/ann/.local/state/cardtable/saves: Permission denied`).
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error for the last failed system call (`errno`).
    static func system(_ path: String) -> FileError {
        FileError(path: path, reason: String(cString: strerror(errno)))
    }

    /// One line, whatever the path holds (``TerminalText``: a line feed in a file's name would
    /// start a line of its own).
    public var description: String { TerminalText.safe("\(path): \(reason)") }
}
