import Layouts

#if canImport(Glibc)
    import Glibc
#endif

/// The statistics file in its folder (`$XDG_DATA_HOME/cardtable/statistics`): recording a game's
/// result, and reading every variant's figures.
///
/// Any number of processes may record at once: each holds a lock (`statistics.lock`, beside the
/// file) while it reads, changes and rewrites the file, and every write is atomic, so a reader
/// without the lock sees the whole old file or the whole new one.
///
///     let store = StatisticsStore(directories: folders)
///     let recorded = try store.record(result)
///     panel.line = recorded.statistics.summaryLine(fitting: 60)
public struct StatisticsStore: Hashable, Sendable {
    public static let fileName = "statistics"

    public let folder: String
    /// The most the file may be, read or written (``StatisticsFile/sizeLimit``; less in tests).
    public let sizeLimit: Int

    public init(folder: String, sizeLimit: Int = StatisticsFile.sizeLimit) {
        self.folder = folder
        self.sizeLimit = sizeLimit
    }

    /// The store in the XDG data folder (`~/.local/share/cardtable`).
    public init(directories: XDGDirectories) {
        self.init(folder: directories.data)
    }

    /// The statistics file.
    public var path: String { folder + "/" + Self.fileName }

    /// The lock file held while the file is updated.
    public var lockPath: String { folder + "/" + Self.fileName + ".lock" }

    /// The file as read, or `nil` when there is none yet. Lines that cannot be read are in its
    /// `problems`. Throws for a file that cannot be read, is larger than
    /// ``sizeLimit``, or is from a newer version.
    public func load() throws(FileError) -> StatisticsFile? {
        guard let bytes = try AtomicFile.read(path, limit: sizeLimit, what: "the statistics file") else {
            return nil
        }
        return try StatisticsFile.parse(bytes, path: path)
    }

    /// One variant's figures; `nil` when it was never played (or there is no file).
    public func statistics(for variant: String) throws(FileError) -> VariantStatistics? {
        try load()?.statistics[variant]
    }

    /// Records how a game ended, replacing the result already kept for the same `gameID`.
    /// A file with lines that cannot be read is first moved aside (to `statistics.bad`, or
    /// `statistics.bad.N` when that exists), then written afresh with the lines that could.
    /// Throws, leaving the file as it was, when it cannot be read or written, is too large (or
    /// would be, with this result), or is from a newer version.
    @discardableResult
    public func record(_ result: GameResult) throws(FileError) -> StatisticsRecording {
        guard !result.gameID.isEmpty, !result.variant.isEmpty else {
            throw FileError(path: path, reason: "a result needs a game ID and a variant")
        }
        guard StatisticsFile.line(for: result).utf8.count <= StatisticsFile.lineLimit else {
            throw FileError(path: path, reason: "the result of game '\(result.gameID.prefix(40))' is too long to keep")
        }
        let lock = try FileLock.acquire(lockPath)
        defer { lock.unlock() }
        var file = try load() ?? StatisticsFile()
        let problems = file.problems
        file.problems = []
        file.record(result)
        let text = file.text
        // What is written must read back: a file past the limit would refuse this result and
        // every later one, and `cardtable stats` with them.
        guard text.utf8.count <= sizeLimit else {
            throw FileError(
                path: path,
                reason: "is full (\(file.results.count - 1) games, the \(FileReading.describe(bytes: sizeLimit)) the "
                    + "file may be): this game's result is not recorded; move the file aside to start another")
        }
        var movedAside: String?
        if !problems.isEmpty {
            let destination = try Self.freeName(for: path)
            try AtomicFile.move(path, to: destination)
            movedAside = destination
        }
        try AtomicFile.write(text, to: path)
        let played = file.results.filter { $0.variant == result.variant }
        return StatisticsRecording(
            statistics: VariantStatistics.byVariant(played)[result.variant]!, problems: problems,
            movedAside: movedAside)
    }

    /// `PATH.bad`, or the first `PATH.bad.N` (N from 1) that does not exist.
    static func freeName(for path: String) throws(FileError) -> String {
        var candidate = path + ".bad"
        var number = 0
        var status = stat()
        while lstat(candidate, &status) == 0 {
            number += 1
            guard number <= 9999 else { throw FileError(path: path, reason: "too many files moved aside already") }
            candidate = path + ".bad.\(number)"
        }
        return candidate
    }
}

/// What recording a result did: the variant's figures with it, and whether the file had to be
/// mended first.
public struct StatisticsRecording: Hashable, Sendable {
    /// The recorded variant's figures, this game included.
    public var statistics: VariantStatistics
    /// The lines of the old file that could not be read (they are in the file moved aside).
    public var problems: [StatisticsProblem]
    /// Where the old file was moved, when it had problems.
    public var movedAside: String?

    public init(statistics: VariantStatistics, problems: [StatisticsProblem], movedAside: String?) {
        self.statistics = statistics
        self.problems = problems
        self.movedAside = movedAside
    }

    /// One line for a status line when the old file was moved aside, else `nil`
    /// (`Statistics had bad lines; the old file is kept as …/statistics.bad`).
    public var notice: String? {
        movedAside.map { "Statistics had bad lines; the old file is kept as \($0)" }
    }
}
