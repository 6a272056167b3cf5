#if canImport(Glibc)
    import Glibc
#endif

/// Tells when files may have changed, through inotify on their folders, so that editors that
/// write a temporary file and rename it over the original are seen too. The files watched can
/// change at any time (a layout's script, once the layout names it; a name that now leads to
/// another file).
///
/// A folder that is removed (or was never there) is not the end: the nearest folder above it
/// that exists is watched instead, for the folder to come (back), and the watches are set up
/// again when anything on the way changes. Each such change counts as a change of the files,
/// so that the caller reads them again.
final class FileWatcher {
    let fileDescriptor: Int32
    /// The files watched, as given.
    private(set) var paths: [String] = []
    /// By inotify watch descriptor: the names in that folder that matter, a watched file or the
    /// next folder on the way down to one.
    private var names: [Int32: Set<String>] = [:]
    /// Watch descriptors of folders watched because a folder below them was missing.
    private var waitingOn: Set<Int32> = []

    private static let fileEvents = IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM
    private static let folderEvents = IN_DELETE_SELF | IN_MOVE_SELF

    init?(paths: [String] = []) {
        fileDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fileDescriptor >= 0 else { return nil }
        watch(paths)
    }

    deinit { close(fileDescriptor) }

    /// Watches these files instead of those watched so far (a file that does not exist yet too).
    func watch(_ paths: [String]) {
        self.paths = paths
        rewatch()
    }

    /// Watches one more file.
    func watch(_ path: String) {
        guard !paths.contains(path) else { return }
        watch(paths + [path])
    }

    /// Whether every file's own folder is watched (false while one of them is missing).
    var watchesEveryFolder: Bool { waitingOn.isEmpty }

    /// Sets the watches up again from the paths. A folder already watched keeps its descriptor;
    /// watches no longer needed stay in the kernel but count for nothing.
    private func rewatch() {
        names = [:]
        waitingOn = []
        for path in paths {
            var (folder, name) = Self.split(path)
            var waiting = false
            while true {
                let mask = UInt32(Self.fileEvents | Self.folderEvents)
                let descriptor = inotify_add_watch(fileDescriptor, folder, mask)
                if descriptor >= 0 {
                    names[descriptor, default: []].insert(name)
                    if waiting { waitingOn.insert(descriptor) }
                    break
                }
                // Missing (or not a folder): wait for it in the folder above.
                let parent = Self.split(folder)
                guard parent.folder != folder else { break }
                (folder, name) = parent
                waiting = true
            }
        }
    }

    /// The folder a path is in and its last part: `("a/b", "c.toml")`, `(".", "c.toml")`, `("/", "a")`.
    static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", trimmed) }
        let folder = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        return (folder, String(trimmed[trimmed.index(after: slash)...]))
    }

    /// The most reads of the events a call to ``drain()`` makes.
    static let mostReadsACall = 4

    /// Reads the pending events; true if one concerned a watched file, or a folder on the way to
    /// one came or went (the watches are then set up again). At most ``mostReadsACall`` reads
    /// (some thousand events): the rest are read when the descriptor is readable again, so that
    /// a folder whose entries change without end (`/tmp`, where every user makes files) is read
    /// a part a turn and the program's loop goes on between.
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var touched = false
        var foldersChanged = false
        for _ in 0..<Self.mostReadsACall {
            let count = read(fileDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let (descriptor, mask, length) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + headerSize - 4, as: UInt32.self))
                    )
                }
                let nameStart = offset + headerSize
                let nameEnd = min(count, nameStart + length)
                let name = String(decoding: buffer[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
                offset = nameEnd
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: anything may have changed.
                    (touched, foldersChanged) = (true, true)
                    continue
                }
                guard let watched = names[descriptor] else { continue }
                if mask & UInt32(IN_IGNORED | Self.folderEvents) != 0 {
                    // A watched folder went away.
                    (touched, foldersChanged) = (true, true)
                } else if watched.contains(name) {
                    touched = true
                    if waitingOn.contains(descriptor) { foldersChanged = true }
                }
            }
        }
        if foldersChanged { rewatch() }
        return touched
    }
}
