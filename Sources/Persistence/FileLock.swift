#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on a lock file (`flock`), held until ``unlock()`` or the lock is freed.
/// The kernel drops it when the process ends, however it ends (kill -9 included), so a lock is
/// never left stale. Used to keep two processes from updating one file at once, and to mark a
/// saved game as being played.
public final class FileLock {
    public let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { unlock() }

    /// Waits for the lock (another process holds it only for the moment of an update).
    public static func acquire(_ path: String) throws(FileError) -> FileLock {
        let descriptor = try openLockFile(path)
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let error = FileError.system(path)
            close(descriptor)
            throw error
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    /// Takes the lock if no other process holds it; `nil` when one does.
    public static func attempt(_ path: String) throws(FileError) -> FileLock? {
        let descriptor = try openLockFile(path)
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let busy = errno == EWOULDBLOCK
            let error = FileError.system(path)
            close(descriptor)
            if busy { return nil }
            throw error
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    /// Runs `body` holding the lock, waiting for it first.
    public static func withLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let lock = try acquire(path)
        defer { lock.unlock() }
        return try body()
    }

    /// Gives the lock up (and closes the file); the lock file stays.
    public func unlock() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    private static func openLockFile(_ path: String) throws(FileError) -> Int32 {
        // Only a regular file of the player's, through no symbolic link but the player's own
        // (the same rule as for every file written: AtomicFile.place), opened in its folder.
        let place = try AtomicFile.place(of: path, makingFolders: true)
        let flags = O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        let descriptor = openat(place.folder, place.name, flags, 0o600)
        guard descriptor >= 0 else {
            guard errno == ELOOP else { throw .system(path) }
            // A link made since the path was looked at.
            throw FileError(path: path, reason: "is a symbolic link: not opened (another user may have put it there)")
        }
        var status = stat()
        if fstat(descriptor, &status) != 0 || AtomicFile.writeRefusal(status) != nil {
            let reason = AtomicFile.writeRefusal(status) ?? String(cString: strerror(errno))
            close(descriptor)
            throw FileError(path: path, reason: reason)
        }
        return descriptor
    }
}
