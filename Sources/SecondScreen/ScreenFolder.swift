#if canImport(Glibc)
    import Glibc
#endif

/// Where running games keep their sockets: `$XDG_RUNTIME_DIR/cardtable`, or, when
/// `XDG_RUNTIME_DIR` is unset (or not an absolute path, which the XDG specification says to
/// ignore), `/tmp/cardtable-UID`. The folder is the player's alone (mode 0700): anyone who can
/// connect to a game's socket can draw on a terminal with it.
public enum ScreenFolder {
    /// The folder for this environment.
    public static func path(environment: [String: String], user: uid_t = getuid()) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            let trimmed = runtime.count > 1 && runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime
            return (trimmed == "/" ? "" : trimmed) + "/cardtable"
        }
        return "/tmp/cardtable-\(user)"
    }

    /// Makes the folder (mode 0700) when it is missing, and makes sure it is a folder of the
    /// player's own that no one else may enter: one that belongs to someone else, or is a
    /// symbolic link, is refused; one of the player's that others may enter is closed to them.
    public static func prepare(_ path: String, user: uid_t = getuid()) throws(ScreenSocketError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw ScreenSocketError(
                message: "cannot make \(path): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw ScreenSocketError(message: "cannot read the folder \(path): \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw ScreenSocketError(message: "\(path) is not a folder")
        }
        guard status.st_uid == user else {
            throw ScreenSocketError(message: "\(path) belongs to another user")
        }
        if status.st_mode & 0o077 != 0 && chmod(path, 0o700) != 0 {
            throw ScreenSocketError(
                message: "\(path) is open to other users and cannot be closed: \(String(cString: strerror(errno)))")
        }
    }

    /// The joining side's check of the folder, before anything is sent to a socket in it: it
    /// must be a real folder (not a symbolic link) of the player's, closed to everyone else.
    /// Nothing is changed: another user who made `/tmp/cardtable-UID` first, and listens there,
    /// would be handed the player's terminal, so a folder that fails is refused, with the path
    /// and why. Returns false when there is no folder (no game has run).
    public static func check(_ path: String, user: uid_t = getuid()) throws(ScreenSocketError) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return false }
            throw ScreenSocketError(message: "cannot read the folder \(path): \(String(cString: strerror(errno)))")
        }
        let refusal = "not joining a game through it"
        switch status.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            throw ScreenSocketError(message: "\(path) is a symbolic link, not a folder: \(refusal)")
        default:
            throw ScreenSocketError(message: "\(path) is not a folder: \(refusal)")
        }
        guard status.st_uid == user else {
            // The player cannot remove it (in /tmp, only its owner can): the way out is another folder.
            throw ScreenSocketError(
                message: "\(path) belongs to another user (uid \(status.st_uid)), not to you: \(refusal) "
                    + "(set XDG_RUNTIME_DIR to a folder of your own, for the game too, to use another)")
        }
        guard status.st_mode & 0o077 == 0 else {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw ScreenSocketError(
                message: "\(path) is open to other users (mode \(mode)): \(refusal) ('chmod 700 \(path)' closes it)")
        }
        return true
    }

    /// The joining side's check of a game's socket before connecting: a socket (not a symbolic
    /// link or anything else) that belongs to the player.
    public static func checkSocket(_ path: String, user: uid_t = getuid()) throws(ScreenSocketError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw ScreenSocketError("lstat", path) }
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            throw ScreenSocketError(message: "\(path) is not a socket: not joining a game through it")
        }
        guard status.st_uid == user else {
            throw ScreenSocketError(
                message:
                    "\(path) belongs to another user (uid \(status.st_uid)), not to you: not joining a game through it"
            )
        }
    }
}
