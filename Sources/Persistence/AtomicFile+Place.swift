import Layouts

#if canImport(Glibc)
    import Glibc
#endif

extension AtomicFile {
    /// Where a file for a path is: its folder, held open, and its name in that folder. Everything
    /// done to the file afterwards (the temporary file made, the rename, a lock opened) is done
    /// inside `folder` by name (`openat`, `renameat`), so a folder on the way swapped for a link
    /// once it was looked at changes nothing: the folder was reached by descriptor, one name at a
    /// time, never by the path again.
    public struct Place: ~Copyable {
        /// The folder, open (`O_DIRECTORY`); closed when the place goes.
        public let folder: Int32
        /// The file's name in `folder` (no slash).
        public let name: String
        /// The file's path as text, for messages: the path asked for, or where the player's own
        /// links at it lead.
        public let path: String
        /// What is there now; nil for nothing yet.
        public let status: stat?

        deinit { close(folder) }
    }

    /// Finds the place of `path` (see ``Place``), walking from `/` (or the current folder, for a
    /// relative path) one name at a time with `openat(O_NOFOLLOW | O_DIRECTORY)`. A symbolic
    /// link met on the way is followed only when it belongs to `user` or to root (another user
    /// cannot make one that does: none of them was planted), its owner read with
    /// `fstatat(AT_SYMLINK_NOFOLLOW)` in the folder held open; anything else is refused by path
    /// and why, as ``destination(of:user:)`` says. With `makingFolders`, missing folders of the
    /// path (and of the player's folder links on the way) are made, 0700; never at the end of a
    /// link that stands for the file itself.
    ///
    /// With `asFolder`, `path` is a folder: every name in it is walked (and made) as a folder,
    /// and the place is that folder itself, named `.`.
    public static func place(
        of path: String, user: uid_t = geteuid(), makingFolders: Bool = false, asFolder: Bool = false
    ) throws(FileError) -> Place {
        var current = path
        // Whether the file's own name was a link (then nothing but the file is made at its end).
        var followedTheFile = false
        for _ in 0..<40 {
            let absolute = current.hasPrefix("/")
            let names = current.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            guard let last = asFolder ? "." : names.last else {
                throw FileError(path: path, reason: "is a directory")
            }
            var folder = open(absolute ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard folder >= 0 else { throw .system(path) }
            var way = absolute ? "" : "."
            var followed: String?
            for (index, name) in names.dropLast(asFolder ? 0 : 1).enumerated() {
                way += "/" + name
                var next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if next < 0, errno == ENOENT, makingFolders, !followedTheFile {
                    if mkdirat(folder, name, 0o700) != 0, errno != EEXIST {
                        defer { close(folder) }
                        throw .system(way)
                    }
                    next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                if next >= 0 {
                    close(folder)
                    folder = next
                    continue
                }
                let code = errno
                defer { close(folder) }
                var status = stat()
                guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                    if followedTheFile && (code == ENOENT || code == ENOTDIR) {
                        throw FileError(
                            path: path, reason: "is a symbolic link to \(current), whose folder does not exist",
                            brief: "is a symbolic link into a folder that does not exist")
                    }
                    if code == ENOENT {
                        throw FileError(
                            path: path, reason: "no such folder: \(self.folder(of: current))",
                            brief: "its folder does not exist")
                    }
                    throw FileError(path: way, reason: String(cString: strerror(code)))
                }
                guard status.st_mode & S_IFMT == S_IFLNK else {
                    if code == ENOTDIR { throw FileError(path: way, reason: "not a folder") }
                    throw FileError(path: way, reason: String(cString: strerror(code)))
                }
                guard status.st_uid == user || status.st_uid == 0 else {
                    throw FileError(
                        path: path, reason: "leads through \(way), " + othersLinkWords(status.st_uid),
                        brief: othersLinkBrief(through: true))
                }
                guard let target = linkText(in: folder, name) else {
                    throw FileError(
                        path: path, reason: "is a symbolic link that cannot be read (\(way))",
                        brief: "leads through a symbolic link that cannot be read")
                }
                let rest = names[(index + 1)...].joined(separator: "/")
                followed = (target.hasPrefix("/") ? target : self.folder(of: way) + "/" + target) + "/" + rest
                break
            }
            if let followed {
                current = followed
                continue
            }
            if asFolder { return Place(folder: folder, name: ".", path: current, status: nil) }
            // The file's own name, in the folder held open.
            var status = stat()
            guard fstatat(folder, last, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                let code = errno
                guard code == ENOENT else {
                    defer { close(folder) }
                    if current == path { throw .system(path) }
                    let why = String(cString: strerror(code))
                    throw FileError(
                        path: path, reason: "is a symbolic link to \(current): \(why)",
                        brief: "is a symbolic link to \(PathNames.lastComponent(current)): \(why)")
                }
                if current != path {
                    // A link of the player's that leads nowhere yet: the file is made at its end
                    // only in a folder of the player's.
                    var folderStatus = stat()
                    guard fstat(folder, &folderStatus) == 0, folderStatus.st_uid == user else {
                        defer { close(folder) }
                        throw FileError(
                            path: path,
                            reason: "is a symbolic link to \(current), which does not exist, in a folder of another "
                                + "user's (uid \(folderStatus.st_uid)): not made there",
                            brief: "is a symbolic link into another user's folder: not made there")
                    }
                }
                return Place(folder: folder, name: last, path: current, status: nil)
            }
            if status.st_mode & S_IFMT == S_IFLNK {
                defer { close(folder) }
                guard status.st_uid == user else {
                    let words = othersLinkWords(status.st_uid)
                    throw FileError(
                        path: path, reason: current == path ? "is \(words)" : "leads through \(current), \(words)",
                        brief: othersLinkBrief(through: current != path))
                }
                guard let target = linkText(in: folder, last) else {
                    throw FileError(
                        path: path, reason: "is a symbolic link that cannot be read (\(current))",
                        brief: "leads through a symbolic link that cannot be read")
                }
                current = target.hasPrefix("/") ? target : self.folder(of: current) + "/" + target
                followedTheFile = true
                continue
            }
            if let refusal = writeRefusal(status, user: user) {
                defer { close(folder) }
                guard current != path else { throw FileError(path: path, reason: refusal) }
                let which = refusal.hasPrefix("is ") || refusal.hasPrefix("belongs ") ? refusal : "is " + refusal
                throw FileError(
                    path: path, reason: "is a symbolic link to \(current), which \(which)",
                    brief: "is a symbolic link to " + (writeRefusalBrief(status) ?? "a file it may not write"))
            }
            return Place(folder: folder, name: last, path: current, status: status)
        }
        throw FileError(path: path, reason: FileReading.Failure.symbolicLinkLoop.reason())
    }

    /// Why a symbolic link of another user's is not followed.
    static func othersLinkWords(_ owner: uid_t) -> String {
        "a symbolic link that belongs to another user (uid \(owner)): not written through "
            + "(another user may have put it there); give the path of the file itself"
    }

    /// ``othersLinkWords(_:)`` in few words, for a status line.
    static func othersLinkBrief(through: Bool) -> String {
        through
            ? "leads through another user's symbolic link: not written through"
            : "is another user's symbolic link: not written through"
    }

    /// What a link leads to that ``writeRefusal(_:user:)`` refuses, in few words and with no
    /// uid: `another user's file: not written`.
    static func writeRefusalBrief(_ status: stat) -> String? {
        switch status.st_mode & S_IFMT {
        case S_IFREG: "another user's file: not written"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO: not written"
        case S_IFCHR, S_IFBLK: "a device: not written"
        case S_IFSOCK: "a socket: not written"
        default: nil
        }
    }

    /// What the symbolic link `name` in the open folder `folder` holds.
    static func linkText(in folder: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(folder, name, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let bytes = buffer[..<count].map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        // A name that is not UTF-8 would not be the same name once a String.
        return Array(text.utf8) == bytes ? text : nil
    }
}
