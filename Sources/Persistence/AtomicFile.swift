import Layouts

#if canImport(Glibc)
    import Glibc
#endif

/// Reading and writing whole files, so that a reader never sees half a file: a write goes to a
/// temporary file in the same folder, is flushed to the disk (`fsync`), renamed over the old
/// file, and the folder is flushed too, so the rename itself survives a crash or power loss.
/// A process killed at any instant leaves either the old file or the new one.
public enum AtomicFile {
    /// Writes `text` to `path` atomically, making its folder (and parents) first if needed.
    /// With `keepingPermissions`, the file keeps the permissions it had (a new one gets those the
    /// umask leaves of 0666, as an editor's file does); otherwise it is the owner's alone (0600).
    public static func write(_ text: String, to path: String, keepingPermissions: Bool = false) throws(FileError) {
        try write(Array(text.utf8), to: path, keepingPermissions: keepingPermissions)
    }

    /// Writes `bytes` to `path` atomically, making its folder (and parents) first if needed.
    public static func write(_ bytes: [UInt8], to path: String, keepingPermissions: Bool = false) throws(FileError) {
        let folder = folder(of: path)
        try makeFolder(folder)
        // Unique per process and write: two processes writing the same file never share a
        // temporary file; the last rename wins, whole.
        counter &+= 1
        let temporary = "\(path).tmp-\(getpid())-\(counter)"
        var old = stat()
        let existing = keepingPermissions && stat(path, &old) == 0 ? old.st_mode & 0o7777 : nil
        let mode: mode_t = keepingPermissions ? 0o666 : 0o600
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .system(temporary) }
        if let existing { _ = fchmod(descriptor, existing) }
        var failure: FileError?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .system(temporary)
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = .system(temporary) }
        if close(descriptor) != 0, failure == nil { failure = .system(temporary) }
        if failure == nil, rename(temporary, path) != 0 { failure = .system(path) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        syncFolder(folder)
    }

    /// The whole file, or `nil` when it does not exist; other failures (no permission, a
    /// folder, a FIFO or a device in its place, a symbolic link loop) throw. Nothing but a
    /// regular file is opened, and files larger than `limit` bytes are refused before they are
    /// read; `what` names the kind of file in that message ("a save").
    public static func read(_ path: String, limit: Int = 64 << 20, what: String = "a file") throws(FileError)
        -> [UInt8]?
    {
        switch FileReading.read(path, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.missing): return nil
        case .failure(let failure): throw FileError(path: path, reason: failure.reason(what: what))
        }
    }

    /// The whole file as UTF-8 text (invalid bytes replaced), or `nil` when it does not exist.
    public static func readText(_ path: String, limit: Int = 64 << 20, what: String = "a file") throws(FileError)
        -> String?
    {
        try read(path, limit: limit, what: what).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Renames a file, flushing the folder after.
    public static func move(_ path: String, to destination: String) throws(FileError) {
        guard rename(path, destination) == 0 else { throw .system(path) }
        syncFolder(folder(of: destination))
    }

    /// Removes a file; one that is already gone is not an error.
    public static func remove(_ path: String) throws(FileError) {
        if unlink(path) == 0 {
            syncFolder(folder(of: path))
        } else if errno != ENOENT {
            throw .system(path)
        }
    }

    /// Makes a folder and its parents (mode 0700: saves and statistics are the player's own).
    public static func makeFolder(_ path: String) throws(FileError) {
        guard !path.isEmpty else { return }
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw FileError(path: path, reason: "not a folder") }
            return
        }
        let parent = folder(of: path)
        if parent != path { try makeFolder(parent) }
        if mkdir(path, 0o700) != 0, errno != EEXIST { throw .system(path) }
    }

    /// The folder a path is in (`.` for a bare name).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Flushes a folder's entries (a rename, a new file) to the disk.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    nonisolated(unsafe) private static var counter = 0
}
