import Layouts
import Persistence
import TableKit
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// Figures gathered while playing, written by `--stats FILE` for benchmarks.
struct PlayStatistics {
    struct FrameRecord {
        var bytes: Int
        var minimumBytes: Int
        var changedCells: Int
    }

    var colorMode: ColorMode = .monochrome
    var frames: [FrameRecord] = []
    var composeSeconds: [Double] = []
    var inputToFrame: [Double] = []
    var firstFrameSeconds: Double?
    var wakeups = 0
    var totalBytes = 0

    mutating func record(frame: Window.Frame, composeSeconds seconds: Double, bytes: Int, colorMode: ColorMode) {
        let cells = frame.changes.reduce(0) { $0 + $1.cells.count }
        frames.append(
            FrameRecord(
                bytes: bytes, minimumBytes: OutputCost.minimumBytes(for: frame.changes, colorMode: colorMode),
                changedCells: cells))
        composeSeconds.append(seconds)
    }

    /// The figures as written: one key per line.
    var text: String {
        var text = "# cardtable --stats: one key per line; times in milliseconds\n"
        text += "color_mode: \(colorMode.rawValue)\n"
        text += "frames: \(frames.count)\n"
        text += "bytes_written: \(totalBytes)\n"
        text += "wakeups: \(wakeups)\n"
        if let first = firstFrameSeconds { text += "first_frame_ms: \(milliseconds(first))\n" }
        text += summary("compose_ms", composeSeconds)
        text += summary("input_to_frame_ms", inputToFrame)
        for (index, frame) in frames.enumerated() {
            text += "frame: \(index) bytes \(frame.bytes) minimum \(frame.minimumBytes) cells \(frame.changedCells)\n"
        }
        return text
    }

    /// Writes the figures to `path`, a regular file (``StatisticsTarget``); every write is
    /// checked, and flushed to the disk, so that a full disk is said, not lost.
    func write(to path: String) throws(StatisticsTarget.Failure) {
        try StatisticsTarget.write(text, to: path)
    }

    private func summary(_ name: String, _ values: [Double]) -> String {
        guard !values.isEmpty else { return "\(name)_count: 0\n" }
        let sorted = values.sorted()
        let median = sorted[sorted.count / 2]
        let p90 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
        return
            "\(name)_count: \(values.count)\n\(name)_median: \(milliseconds(median))\n\(name)_p90: \(milliseconds(p90))\n\(name)_max: \(milliseconds(sorted.last!))\n"
    }

    private func milliseconds(_ seconds: Double) -> String {
        let value = (seconds * 1000 * 1000).rounded() / 1000
        return "\(value)"
    }
}

/// Where `--stats FILE` writes: a regular file, checked before the game starts so that a target
/// that cannot take the figures (a missing folder, a folder, a FIFO, a device such as /dev/full,
/// a file that cannot be written) is said at once, and written at the end without ever blocking.
/// The path may be in a shared folder (`/tmp/figures`), so nothing another user could have put
/// there is written through: a symbolic link of another user's (it could lead to any file of the
/// player's, which would be truncated), a file of someone else's, a file with other names (hard
/// links). A link of the player's own is followed as every file written follows it
/// (`AtomicFile.place`): to a regular file of the player's, which is written, the link
/// staying a link.
enum StatisticsTarget {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String

        var description: String { "--stats: cannot write the figures to \(path): \(reason)" }
    }

    /// A file ``prepare(_:)`` made: which one, so that a game that never started takes it away.
    struct Made {
        var device: dev_t
        var inode: ino_t
    }

    /// Makes sure the figures can be written to `path`: refuses what is not a regular file
    /// without opening it, and creates the file (empty) when there is none, which it returns.
    @discardableResult
    static func prepare(_ path: String) throws(Failure) -> Made? {
        let existed = (try? AtomicFile.place(of: path))?.status != nil
        let descriptor = try open(path)
        defer { close(descriptor) }
        var status = stat()
        guard !existed, fstat(descriptor, &status) == 0 else { return nil }
        return Made(device: status.st_dev, inode: status.st_ino)
    }

    /// Takes away the file ``prepare(_:)`` made when no figures came to be written (the game
    /// did not start: no terminal, one refused): the same file, still empty, and nothing else.
    static func takeBack(_ made: Made, at path: String) {
        guard let place = try? AtomicFile.place(of: path), let found = place.status,
            found.st_dev == made.device, found.st_ino == made.inode, found.st_size == 0,
            found.st_mode & S_IFMT == S_IFREG
        else { return }
        unlinkat(place.folder, place.name, 0)
    }

    /// Writes `text` to `path`, replacing what it held.
    static func write(_ text: String, to path: String) throws(Failure) {
        let descriptor = try open(path)
        var failure: Failure?
        if ftruncate(descriptor, 0) != 0 { failure = Failure(path: path, reason: String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        var offset = 0
        while failure == nil && offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = Failure(path: path, reason: String(cString: strerror(errno)))
            } else {
                offset += written
            }
        }
        // A disk that fills up may only say so when the data is flushed.
        if failure == nil && fsync(descriptor) != 0 {
            failure = Failure(path: path, reason: String(cString: strerror(errno)))
        }
        if close(descriptor) != 0 && failure == nil {
            failure = Failure(path: path, reason: String(cString: strerror(errno)))
        }
        if let failure { throw failure }
    }

    /// The file open for writing; never a FIFO or a device (which could block or swallow the
    /// figures), and never through a symbolic link but the player's own.
    private static func open(_ path: String) throws(Failure) -> Int32 {
        let place: AtomicFile.Place
        do {
            place = try AtomicFile.place(of: path)
        } catch {
            throw Failure(path: path, reason: error.reason)
        }
        let (target, found) = (place.path, place.status)
        func failure(_ code: Int32) -> Failure {
            switch code {
            case ENOENT: Failure(path: path, reason: "no such folder: \(folder(of: target))")
            case ENXIO: Failure(path: path, reason: "not a regular file (a FIFO no one reads)")
            // O_NOFOLLOW: a symbolic link made since it was looked at.
            case ELOOP: Failure(path: path, reason: "is a symbolic link: not written through")
            default: Failure(path: path, reason: FileReading.failure(code).reason(what: "a file"))
            }
        }
        if let found, let refusal = refusal(found) { throw Failure(path: path, reason: refusal) }
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        let descriptor = openat(place.folder, place.name, flags, 0o644)
        guard descriptor >= 0 else { throw failure(errno) }
        var status = stat()
        var reason: String?
        if fstat(descriptor, &status) != 0 {
            reason = String(cString: strerror(errno))
        } else if let found, status.st_dev != found.st_dev || status.st_ino != found.st_ino {
            reason = "was replaced while it was opened"
        } else {
            reason = refusal(status)
        }
        if let reason {
            close(descriptor)
            throw Failure(path: path, reason: reason)
        }
        return descriptor
    }

    /// Why this file (as `lstat` or `fstat` gives it) cannot take the figures; nil for a
    /// regular file of the player's with no other name.
    private static func refusal(_ status: stat) -> String? {
        if let refusal = AtomicFile.writeRefusal(status) { return refusal }
        guard status.st_nlink <= 1 else {
            return "has other names (\(status.st_nlink) hard links): not written, since it may be another's file"
        }
        return nil
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
