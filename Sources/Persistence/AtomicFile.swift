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
/// afresh (`O_EXCL | O_NOFOLLOW`), never opened where it was found. The path is walked once,
/// folder by folder through descriptors (``place(of:user:makingFolders:)``), and the temporary
/// file is made and renamed inside the last folder's descriptor: a folder swapped for a link
/// after it was looked at is not followed.
public enum AtomicFile {
    /// Writes `text` to `path` atomically, making its folder (and parents) first if needed.
    /// With `keepingPermissions`, the file keeps the permissions it had (a new one gets those the
    /// umask leaves of 0666, as an editor's file does); otherwise it is the owner's alone (0600).
    /// Without `replacing`, a file that is there, or comes there before the write is done, is
    /// left as it is and the write throws ``existsAlready``: the new file is linked into place,
    /// which fails for a name that is taken, instead of renamed over it.
    public static func write(
        _ text: String, to path: String, keepingPermissions: Bool = false, replacing: Bool = true
    ) throws(FileError) {
        try write(Array(text.utf8), to: path, keepingPermissions: keepingPermissions, replacing: replacing)
    }

    /// Why a write that may not replace a file did not: the file is there.
    public static let existsAlready = "exists already: not written over"

    /// Writes `bytes` to `path` atomically, making its folder (and parents) first if needed.
    public static func write(
        _ bytes: [UInt8], to path: String, keepingPermissions: Bool = false, replacing: Bool = true
    ) throws(FileError) {
        // Through the player's own links to the file they lead to, which is replaced (the links
        // stay links); the folders are made only for a path that is not a link. Everything after
        // is done in the folder held open, by name: nothing is looked up by path again.
        let place = try place(of: path, makingFolders: true)
        if !replacing, place.status != nil { throw FileError(path: place.path, reason: existsAlready) }
        betweenFindingAndWriting?()
        let existing = keepingPermissions ? place.status.map { $0.st_mode & 0o7777 } : nil
        let mode: mode_t = keepingPermissions ? 0o666 : 0o600
        // Unique per process and write: two processes writing the same file never share a
        // temporary file; the last rename wins, whole. A name that is taken (by anything, a
        // link another user planted included) is passed over for the next.
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            counter &+= 1
            temporary = "\(place.name).tmp-\(getpid())-\(counter)"
            descriptor = openat(
                place.folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        // A failure before the rename names the file, which is left as it was (a full disk
        // says so of the save, not of a temporary file no one will find).
        func unwritten() -> FileError {
            let left = place.status == nil ? "nothing was written" : "the file is left as it was"
            return FileError(path: place.path, reason: "\(String(cString: strerror(errno))): \(left)")
        }
        guard descriptor >= 0 else { throw unwritten() }
        if let existing { _ = fchmod(descriptor, existing) }
        var failure: FileError?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = unwritten()
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = unwritten() }
        if close(descriptor) != 0, failure == nil { failure = unwritten() }
        if failure == nil, replacing, renameat(place.folder, temporary, place.folder, place.name) != 0 {
            failure = .system(place.path)
        } else if failure == nil, !replacing {
            // A hard link is made only where nothing is: what came there meanwhile stays.
            if linkat(place.folder, temporary, place.folder, place.name, 0) != 0 {
                failure = errno == EEXIST ? FileError(path: place.path, reason: existsAlready) : .system(place.path)
            } else {
                unlinkat(place.folder, temporary, 0)
            }
        }
        if let failure {
            unlinkat(place.folder, temporary, 0)
            throw failure
        }
        fsync(place.folder)
    }

    /// Run between finding where a file goes and writing it: the tests swap a folder there.
    nonisolated(unsafe) static var betweenFindingAndWriting: (() -> Void)?

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
        let place = try place(of: path, user: user)
        return Destination(path: place.path, status: place.status)
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

    /// Makes a folder and its parents (mode 0700: saves and statistics are the player's own),
    /// walking the path as a write does (``place(of:user:makingFolders:asFolder:)``): nothing is
    /// made through another user's link, and a file where a folder should be is an error.
    public static func makeFolder(_ path: String) throws(FileError) {
        guard !path.isEmpty else { return }
        _ = try place(of: path, makingFolders: true, asFolder: true)
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
