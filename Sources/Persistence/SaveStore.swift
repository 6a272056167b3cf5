import Layouts

#if canImport(Glibc)
    import Glibc
#endif

/// The saved games, one file per game in `$XDG_STATE_HOME/cardtable/saves`:
/// `VARIANT-ID.save`, with `VARIANT-ID.lock` beside it. A process playing a game holds the
/// game's lock (`flock`), so two terminals never play, offer or write the same game; the
/// kernel frees the lock however the process ends, kill -9 included. Every write is atomic.
public final class SaveStore {
    public let folder: String
    /// The game this process plays and the lock it holds on it.
    private var held: (id: String, lock: FileLock)?

    public init(folder: String) {
        self.folder = folder
    }

    /// One save file found in the folder: its game when it reads, or why it does not.
    public struct Entry {
        public var path: String
        public var modified: Double
        public var game: Result<SavedGame, SaveError>
    }

    /// The file of a game.
    public func path(of game: SavedGame) -> String {
        "\(folder)/\(Self.slug(game.variant))-\(Self.slug(game.id)).save"
    }

    /// Writes the game, taking its lock first if this process does not hold it yet (and
    /// letting go of the game it held before).
    public func save(_ game: SavedGame) throws(FileError) {
        let text = game.encoded()
        // What is written must read back: a save past the reading limit is not written, and the
        // last one that fits stays (a script's hook may make 100,000 steps a move).
        guard text.utf8.count <= Self.sizeLimit else {
            throw FileError(
                path: path(of: game),
                reason:
                    "the save would be \(text.utf8.count >> 20) MB, more than the \(Self.sizeLimit >> 20) MB a save "
                    + "may be; the last save that fits is kept (undo to save again)")
        }
        if let field = game.fieldBreakingItsLine {
            throw FileError(
                path: path(of: game), reason: "not saved: the \(field) holds a line feed, which a save cannot keep")
        }
        if let name = game.optionNameNotAWord {
            throw FileError(
                path: path(of: game),
                reason: "not saved: the option '\(name)' is not one word, which a save cannot keep")
        }
        // A file of a later CardTable's under this game's name is never written over (its
        // format is not this one's to replace); looked at once, when the game is taken up.
        if held?.id != game.id, case .failure(let error) = Self.read(path(of: game)), error.kind == .futureVersion {
            throw FileError(
                path: path(of: game), reason: "holds a game saved by a later CardTable: not written over")
        }
        try hold(game)
        try AtomicFile.write(text, to: path(of: game))
    }

    /// The largest save read back, and so the largest written.
    public static let sizeLimit = 16 << 20

    /// Removes a game's save and its lock file.
    public func remove(_ game: SavedGame) throws(FileError) {
        try AtomicFile.remove(path(of: game))
        if held?.id == game.id {
            try? AtomicFile.remove(lockPath(of: game))
            release()
        }
    }

    /// Lets go of the game this process holds: it stays saved, and any process may take it up.
    /// With `removingLock`, its lock file goes too (removed while held): the game's save was
    /// moved aside, and the lock would be left behind.
    public func release(removingLock: Bool = false) {
        if removingLock, let held { unlink(held.lock.path) }
        held?.lock.unlock()
        held = nil
    }

    /// Takes a game's lock; `false` when another process plays it.
    public func claim(_ game: SavedGame) throws(FileError) -> Bool {
        if held?.id == game.id { return true }
        guard let lock = try FileLock.attempt(lockPath(of: game)) else { return false }
        release()
        held = (game.id, lock)
        return true
    }

    /// The save files in the folder, newest first, each read (not replayed). Files of games
    /// another process holds are left out unless `includingHeld`. No folder yet is no saves.
    public func entries(includingHeld: Bool = false) -> [Entry] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var found: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(".save"), !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            if !includingHeld, isHeldElsewhere(savePath: path) { continue }
            var status = stat()
            // Something that is not a plain file (a folder, a dangling link, a pipe, which would
            // block a read) is never opened: it is unreadable, and moved aside like a bad save.
            let exists = stat(path, &status) == 0
            guard exists, status.st_mode & S_IFMT == S_IFREG else {
                let why = exists ? "not a plain file" : "a link to nothing"
                let error = SaveError(.unreadable, file: path, "cannot be read: \(why)")
                found.append(Entry(path: path, modified: 0, game: .failure(error)))
                continue
            }
            let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
            let game = Self.read(path)
            found.append(Entry(path: movedToItsName(path, game: game), modified: modified, game: game))
        }
        return found.sorted { $0.modified > $1.modified }
    }

    /// Where a save read from `path` lies once it has its file's name: a game saved under a name
    /// the game has lost since (``ShippedLayouts/formerNames``) moves to its new name's file,
    /// so that its next save replaces it rather than leaving it behind to be offered again.
    /// Left where it is when that name is taken or the move fails.
    private func movedToItsName(_ path: String, game: Result<SavedGame, SaveError>) -> String {
        guard case .success(let saved) = game else { return path }
        let name = path.dropFirst(folder.count + 1)
        let formerNames = ShippedLayouts.formerNames.filter { $0.value == saved.variant }.keys
        guard formerNames.contains(where: { name.hasPrefix(Self.slug($0) + "-") }) else { return path }
        let destination = self.path(of: saved)
        guard destination != path, access(destination, F_OK) != 0,
            (try? AtomicFile.move(path, to: destination)) != nil
        else { return path }
        unlink(String(path.dropLast(".save".count)) + ".lock")
        return destination
    }

    /// Reads and decodes one save file.
    public static func read(_ path: String) -> Result<SavedGame, SaveError> {
        do {
            guard let text = try AtomicFile.readText(path, limit: sizeLimit, what: "a save") else {
                return .failure(SaveError(.unreadable, file: path, "no such file"))
            }
            return .success(try SavedGame.decode(text, file: path))
        } catch let error as FileError {
            return .failure(SaveError(.unreadable, file: path, "cannot be read: \(error.reason)"))
        } catch let error as SaveError {
            return .failure(error)
        } catch {
            return .failure(SaveError(.unreadable, file: path, "\(error)"))
        }
    }

    /// Moves a save that cannot be resumed out of the way, to `NAME.bad` (or `NAME.bad.2`, …),
    /// never deleting it, and takes its lock file away when no other process holds it (it was
    /// left behind, one for every save moved aside). Returns where it went.
    @discardableResult
    public func moveAside(_ path: String) throws(FileError) -> String {
        var destination = path + ".bad"
        var number = 1
        while access(destination, F_OK) == 0 {
            number += 1
            destination = "\(path).bad.\(number)"
        }
        try AtomicFile.move(path, to: destination)
        if path.hasSuffix(".save") { removeLockFile(String(path.dropLast(".save".count)) + ".lock") }
        return destination
    }

    /// Removes a lock file no process holds: this one's own (let go of), or one that can be
    /// taken now (removed while held, so that no other process holds it as it goes).
    private func removeLockFile(_ lock: String) {
        if held?.lock.path == lock {
            release(removingLock: true)
        } else if access(lock, F_OK) == 0, let probe = try? FileLock.attempt(lock) {
            unlink(lock)
            probe.unlock()
        }
    }

    // MARK: Locks

    private func lockPath(of game: SavedGame) -> String {
        String(path(of: game).dropLast(".save".count)) + ".lock"
    }

    private func hold(_ game: SavedGame) throws(FileError) {
        guard held?.id != game.id else { return }
        guard try claim(game) else {
            throw FileError(path: path(of: game), reason: "another CardTable is playing this game")
        }
    }

    /// Whether another process holds the lock of a save file (this process's own game is not
    /// "elsewhere").
    private func isHeldElsewhere(savePath: String) -> Bool {
        let lock = String(savePath.dropLast(".save".count)) + ".lock"
        if held?.lock.path == lock { return false }
        guard access(lock, F_OK) == 0 else { return false }
        guard let probe = try? FileLock.attempt(lock) else { return true }
        probe.unlock()
        return false
    }

    /// A file-name-safe form of a name: letters, digits, `-` and `_` kept, anything else `_`.
    static func slug(_ name: String) -> String {
        let kept = name.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": Character(scalar)
            default: "_"
            }
        }
        return kept.isEmpty ? "_" : String(kept.prefix(64))
    }
}
