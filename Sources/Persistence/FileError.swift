import Layouts

#if canImport(Glibc)
    import Glibc
#endif

/// A file that could not be read, written, locked or moved: the path and why, in one line
/// (`/home/ann/.local/state/cardtable/saves: Permission denied`).
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// The reason in few words and naming no second path, for a status line that names the file
    /// by its name alone (`is another user's symbolic link: not written through`); nil when
    /// ``reason`` is short already.
    public var brief: String?

    public init(path: String, reason: String, brief: String? = nil) {
        self.path = path
        self.reason = reason
        self.brief = brief
    }

    /// The file by its last name and why in few words (``brief``), for a status line of 80
    /// columns: `mine.toml: is another user's symbolic link: not written through`.
    public var short: String {
        TerminalText.safe("\(PathNames.lastComponent(path)): \(brief ?? reason)")
    }

    /// The error for the last failed system call (`errno`).
    static func system(_ path: String) -> FileError {
        FileError(path: path, reason: String(cString: strerror(errno)))
    }

    /// One line, whatever the path holds (``TerminalText``: a line feed in a file's name would
    /// start a line of its own).
    public var description: String { TerminalText.safe("\(path): \(reason)") }
}
