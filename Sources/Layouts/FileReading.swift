// Reading a file a player named: layouts, scripts, settings, positions, saves and statistics
// all come through here, so that none of them can block, loop or run out of memory.

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a whole regular file, refusing what is not one before reading a byte: a FIFO or a
/// device (which could block, or never end), a folder, a symbolic link loop, and a file larger
/// than the limit the caller gives (checked against the file's size first, then against what
/// is actually read, for files whose size the system does not know).
public enum FileReading {
    /// Why a file was not read, in words a message can use after the file's name.
    public enum Failure: Error, Hashable, Sendable {
        case missing
        case directory
        /// A FIFO, a device, a socket: what it is ("a FIFO").
        case notRegular(String)
        case symbolicLinkLoop
        case permissionDenied
        /// The file's size and the most that may be read, in bytes.
        case tooLarge(size: Int, limit: Int)
        /// Any other failure of the system, as the system says it.
        case system(String)

        /// `no such file`, `not a regular file (a FIFO)`, `too many levels of symbolic links`, …;
        /// `what` names the kind of file in the size message ("a layout").
        public func reason(what: String = "a file") -> String {
            switch self {
            case .missing: "no such file"
            case .directory: "is a directory, not \(what)"
            case .notRegular(let kind): "not a regular file (\(kind))"
            case .symbolicLinkLoop: "too many levels of symbolic links"
            case .permissionDenied: "permission denied"
            case .tooLarge(let size, let limit):
                "the file is \(size) bytes, larger than the \(limit) bytes (\(FileReading.describe(bytes: limit))) "
                    + "\(what) may be"
            case .system(let text): text
            }
        }
    }

    /// The file's bytes, or why not.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        // The kind and size first, from the path: nothing that is not a regular file is opened
        // (opening some devices does something).
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(failure(errno)) }
        if let refusal = refusal(status, limit: limit) { return .failure(refusal) }
        // Non-blocking: should the file have been swapped for a FIFO since, opening it does not wait.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(failure(errno)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { return .failure(failure(errno)) }
        if let refusal = refusal(status, limit: limit) { return .failure(refusal) }
        var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { break }
                bytes.append(contentsOf: [UInt8](repeating: 0, count: min(max(count, 4096), limit + 1 - count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(failure(errno))
            }
            if got == 0 { break }
            count += got
        }
        if count > limit { return .failure(.tooLarge(size: max(count, Int(status.st_size)), limit: limit)) }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// What a path is not, when it is not a regular file within the limit.
    public static func refusal(_ status: stat, limit: Int) -> Failure? {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            let size = Int(status.st_size)
            return size > limit ? .tooLarge(size: size, limit: limit) : nil
        case S_IFDIR: return .directory
        case S_IFIFO: return .notRegular("a FIFO")
        case S_IFCHR: return .notRegular("a character device")
        case S_IFBLK: return .notRegular("a block device")
        case S_IFSOCK: return .notRegular("a socket")
        default: return .notRegular("not a file")
        }
    }

    public static func failure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT, ENOTDIR: .missing
        case ELOOP: .symbolicLinkLoop
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .directory
        default: .system(String(cString: strerror(code)))
        }
    }

    /// `1 MB`, `64 KB`, `300 bytes`: a limit in the unit it is a whole number of (1 MB = 1048576 bytes).
    public static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}
