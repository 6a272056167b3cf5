import Layouts

#if canImport(Glibc)
    import Glibc
#endif

/// Reading and writing whole files, so that a reader never sees half a file: a write goes to a
/// temporary file in the same folder, is flushed to the disk (`fsync`), renamed over the old
/// file, and the folder is flushed too, so the rename itself survives a crash or power loss.
/// A process killed at any instant leaves either the old file or the new one.
///
/// Nothing is written through a path another user could have prepared (a file named on the
/// command line, one in a shared folder such as `/tmp`): the file being replaced must be a
/// regular file of the player's (``writeRefusal(_:user:)``), a symbolic link is followed only
/// when it is the player's own and leads to such a file (``destination(of:user:)``; another
/// user cannot make a link that belongs to the player, so a link kept by the player, as GNU
/// stow makes them, is written through and stays a link), and the temporary file is made
/// afresh (`O_EXCL | O_NOFOLLOW`), never opened where it was found.
public enum AtomicFile {
    /// Writes `text` to `path` atomically, making its folder (and parents) first if needed.
    /// With `keepingPermissions`, the file keeps the permissions it had (a new one gets those the
    /// umask leaves of 0666, as an editor's file does); otherwise it is the owner's alone (0600).
    public static func write(_ text: String, to path: String, keepingPermissions: Bool = false) throws(FileError) {
        try write(Array(text.utf8), to: path, keepingPermissions: keepingPermissions)
    }

    /// Writes `bytes` to `path` atomically, making its folder (and parents) first if needed.
    public static func write(_ bytes: [UInt8], to path: String, keepingPermissions: Bool = false) throws(FileError) {
        // Through the player's own links to the file they lead to, which is replaced (the links
        // stay links); the folders are made only for a path that is not a link.
        let destination = try destination(of: path)
        let target = destination.path
        let folder = folder(of: target)
        if target == path { try makeFolder(folder) }
        let existing = keepingPermissions ? destination.status.map { $0.st_mode & 0o7777 } : nil
        let mode: mode_t = keepingPermissions ? 0o666 : 0o600
        // Unique per process and write: two processes writing the same file never share a
        // temporary file; the last rename wins, whole. A name that is taken (by anything, a
        // link another user planted included) is passed over for the next.
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            counter &+= 1
            temporary = "\(target).tmp-\(getpid())-\(counter)"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EEXIST { break }
        }
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
        if failure == nil, rename(temporary, target) != 0 { failure = .system(target) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        syncFolder(folder)
    }

    /// Where a write to `path` lands, and what is there now (nil: nothing yet).
    public struct Destination {
        /// `path` itself, or the file the player's symbolic links at `path` lead to.
        public var path: String
        public var status: stat?
    }

    /// Where a file may be written for `path`: `path` itself when it is nothing yet or a regular
    /// file of `user`'s; when it is a symbolic link, the file it leads to, provided that every
    /// link on the way belongs to `user` (another user cannot make one that does, so none of
    /// them was planted) and that the file at the end is a regular file of `user`'s, or nothing
    /// yet in a folder of `user`'s (where it is made). Anything else throws, naming the path and
    /// why: a link of another user's, one leading to another user's file, a folder, a device.
    /// The folders on the way are checked too: one that is another user's link (a
    /// `/tmp/figures` made to lead into the player's home) is refused like a link at the end.
    public static func destination(of path: String, user: uid_t = geteuid()) throws(FileError) -> Destination {
        var current = path
        for _ in 0..<40 {
            if let planted = othersLinkOnTheWay(to: current, user: user) {
                throw FileError(
                    path: path,
                    reason:
                        "leads through \(planted.link), a symbolic link that belongs to another user (uid \(planted.owner)): "
                        + "not written through (another user may have put it there); give the path of the file itself")
            }
            var status = stat()
            guard lstat(current, &status) == 0 else {
                let code = errno
                guard current != path else {
                    // Nothing there (or a file where a folder of it should be, which making
                    // the folders says).
                    if code == ENOENT || code == ENOTDIR { return Destination(path: path, status: nil) }
                    throw .system(path)
                }
                guard code == ENOENT else {
                    throw FileError(
                        path: path, reason: "is a symbolic link to \(current): \(String(cString: strerror(code)))")
                }
                // A link of the player's that leads nowhere yet: the file is made at its end
                // only in a folder of the player's (never are folders made there).
                let folder = folder(of: current)
                var folderStatus = stat()
                guard stat(folder, &folderStatus) == 0, folderStatus.st_mode & S_IFMT == S_IFDIR else {
                    throw FileError(
                        path: path, reason: "is a symbolic link to \(current), whose folder does not exist")
                }
                guard folderStatus.st_uid == user else {
                    throw FileError(
                        path: path,
                        reason: "is a symbolic link to \(current), which does not exist, in a folder of another "
                            + "user's (uid \(folderStatus.st_uid)): not made there")
                }
                return Destination(path: current, status: nil)
            }
            if status.st_mode & S_IFMT == S_IFLNK {
                guard status.st_uid == user else {
                    let words =
                        "a symbolic link that belongs to another user (uid \(status.st_uid)): not written through "
                        + "(another user may have put it there); give the path of the file itself"
                    throw FileError(
                        path: path, reason: current == path ? "is \(words)" : "leads through \(current), \(words)")
                }
                guard let target = linkText(current) else {
                    throw FileError(path: path, reason: "is a symbolic link that cannot be read (\(current))")
                }
                current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
                continue
            }
            if let refusal = writeRefusal(status, user: user) {
                guard current != path else { throw FileError(path: path, reason: refusal) }
                let which = refusal.hasPrefix("is ") || refusal.hasPrefix("belongs ") ? refusal : "is " + refusal
                throw FileError(path: path, reason: "is a symbolic link to \(current), which \(which)")
            }
            return Destination(path: current, status: status)
        }
        throw FileError(path: path, reason: FileReading.Failure.symbolicLinkLoop.reason())
    }

    /// The first folder on the way to `path` (its last name aside) that is a symbolic link of
    /// someone other than `user` and root, with its owner; nil when there is none. In a folder
    /// such as `/tmp` anyone may make such a link, and it may lead anywhere the player may write.
    /// The links of the player's own (and root's) on the way are followed and their way checked.
    static func othersLinkOnTheWay(to path: String, user: uid_t, withLastName: Bool = false, depth: Int = 0)
        -> (link: String, owner: uid_t)?
    {
        var names = path.split(separator: "/", omittingEmptySubsequences: true)
        if !withLastName { names = names.dropLast() }
        var way = path.hasPrefix("/") ? "" : "."
        for name in names {
            way += "/" + name
            var status = stat()
            guard lstat(way, &status) == 0 else { return nil }
            guard status.st_mode & S_IFMT == S_IFLNK else { continue }
            if status.st_uid != user && status.st_uid != 0 { return (way, status.st_uid) }
            // Too many levels: opening it fails with ELOOP, which is said then.
            guard depth < 40, let target = linkText(way) else { return nil }
            let resolved = target.hasPrefix("/") ? target : folder(of: way) + "/" + target
            if let found = othersLinkOnTheWay(to: resolved, user: user, withLastName: true, depth: depth + 1) {
                return found
            }
        }
        return nil
    }

    /// What is at `path` now, when a file may be written there (nothing, or a regular file of
    /// the player's, or the player's own link to one: see ``destination(of:user:)``); throws,
    /// naming the path and why, for anything else.
    @discardableResult
    public static func replaceable(_ path: String, user: uid_t = geteuid()) throws(FileError) -> stat? {
        try destination(of: path, user: user).status
    }

    /// Why nothing may be written to the file `status` describes (as `lstat` or `fstat` gives
    /// it); nil for a regular file of `user`'s. A symbolic link found here (where a file was
    /// looked for, once its links were followed) is not written through.
    public static func writeRefusal(_ status: stat, user: uid_t = geteuid()) -> String? {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard status.st_uid == user else {
                return "belongs to another user (uid \(status.st_uid)): not written"
            }
            return nil
        case S_IFLNK:
            return "is a symbolic link: not written through (another user may have put it there); "
                + "give the path of the file itself"
        case S_IFDIR:
            return "is a directory"
        default:
            return FileReading.refusal(status, limit: Int.max)?.reason() ?? "not a regular file"
        }
    }

    /// What the symbolic link at `path` holds.
    private static func linkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let bytes = buffer[..<count].map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        // A name that is not UTF-8 would not be the same name once a String.
        return Array(text.utf8) == bytes ? text : nil
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

    /// The last temporary file's number.
    nonisolated(unsafe) static var counter = 0
}
