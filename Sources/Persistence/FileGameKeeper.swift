import Layouts
import Scripting
import Solitaire

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps games in files: saves in `$XDG_STATE_HOME/cardtable/saves` (``SaveStore``) and
/// results in the statistics under `$XDG_DATA_HOME/cardtable`.
public final class FileGameKeeper: GameKeeper {
    public let saves: SaveStore
    public let statistics: StatisticsStore
    /// Finds a variant's layout again from ``SavedGame/layout`` (a shipped name or a path): the
    /// layout, or why it does not load (no diagnostics: there is no such game).
    let findLayout: (String) -> LayoutLoadResult
    private var problems: [String] = []
    /// The last problem saving said, so a full disk is said once, not after every move.
    private var lastSaveProblem: String?
    public var unsavedProblem: String? { lastSaveProblem }
    public private(set) var unrecordedProblem: String?
    /// Each variant's figures as the last result recorded left them: the win panel asks for
    /// them right after the win is recorded, without reading the file again.
    private var recordedFigures: [String: VariantStatistics] = [:]

    public init(folders: XDGDirectories, findLayout: @escaping (String) -> LayoutLoadResult) {
        saves = SaveStore(folder: folders.state + "/saves")
        statistics = StatisticsStore(directories: folders)
        self.findLayout = findLayout
    }

    /// A keeper whose layouts are found or not, never found with errors (shipped ones).
    public convenience init(folders: XDGDirectories, findLayout: @escaping (String) -> TableLayout?) {
        self.init(folders: folders) { LayoutLoadResult(layout: findLayout($0), diagnostics: []) }
    }

    public func keep(_ game: SavedGame) -> String? {
        do {
            if game.playerHasMoved {
                try saves.save(game)
            } else {
                // Nothing to resume (a fresh deal, a restart): no save.
                try saves.remove(game)
            }
            lastSaveProblem = nil
            return nil
        } catch {
            let problem = "cannot save: \(error)"
            defer { lastSaveProblem = problem }
            return problem == lastSaveProblem ? nil : problem
        }
    }

    public func end(_ game: SavedGame, won: Bool?, discard: Bool) -> String? {
        var problem: String?
        if let won {
            let result = GameResult(
                gameID: game.id, variant: game.variant, title: game.title, won: won, moves: game.moveCount,
                seconds: game.elapsed, endedAt: Int64(time(nil)))
            do {
                let recording = try statistics.record(result)
                recordedFigures[game.variant] = recording.statistics
                if let notice = recording.notice { problems.append(notice) }
                problem = recording.notice
            } catch {
                // Said on the status line, and again on the way out: a quit ends the game with
                // no status line left to read (a full or unreadable statistics file said nothing).
                problem = "cannot record the statistics: \(error)"
                unrecordedProblem = problem
                problems.append(problem!)
            }
        }
        if discard {
            do { try saves.remove(game) } catch { problem = "cannot remove the save: \(error)" }
        } else {
            saves.release()
        }
        return problem
    }

    public func leave(_ game: SavedGame) {
        saves.release()
    }

    public func resume(variant: String, layout: TableLayout) -> (saved: SavedGame, resumed: ResumedGame)? {
        resume(variant: variant, layout: layout, where: { _ in true })
    }

    public func resume(variant: String, layout: TableLayout, deal: UInt64) -> (saved: SavedGame, resumed: ResumedGame)?
    {
        resume(variant: variant, layout: layout, where: { $0.start == .deal(deal) })
    }

    /// The newest save of the variant that `wanted` accepts, replayed and claimed.
    private func resume(variant: String, layout: TableLayout, where wanted: (SavedGame) -> Bool)
        -> (saved: SavedGame, resumed: ResumedGame)?
    {
        let prefix = SaveStore.slug(variant) + "-"
        for entry in saves.entries() {
            switch entry.game {
            case .failure(let error):
                // A file that does not read is the variant's if its name says so.
                guard fileName(entry.path).hasPrefix(prefix) else { continue }
                setAside(entry.path, because: error)
            case .success(let game):
                guard game.variant == variant, wanted(game), (try? saves.claim(game)) == true else { continue }
                do {
                    let resumed = try game.replay(with: rulesOf(layout, options: game.options), file: entry.path)
                    if game.fingerprint != layout.fingerprint {
                        problems.append(
                            "\(game.title)'s rules changed since this game was saved; it replays under them")
                    }
                    return (game, resumed)
                } catch {
                    saves.release(removingLock: true)
                    moveAside(entry.path, because: error.description)
                }
            }
        }
        return nil
    }

    public func savedGames() -> [SavedGame] {
        var games: [SavedGame] = []
        for entry in saves.entries() {
            switch entry.game {
            case .failure(let error):
                setAside(entry.path, because: error)
            case .success(let game):
                let found = findLayout(game.layout)
                if found.layout != nil {
                    games.append(game)
                } else if let error = found.diagnostics.first(where: { $0.severity == .error }) {
                    // The game is there but does not load now (the player's layout half
                    // edited, or held to a rule made stricter since, such as a title's
                    // bidirectional control): its saves were moved aside as if the game were
                    // gone, and were never offered again once it loaded. They stay, said once.
                    guard !unloadableSaid.contains(entry.path) else { continue }
                    unloadableSaid.insert(entry.path)
                    problems.append(
                        "\(entry.path): not offered, as its game does not load (\(error.description)); "
                            + "the save is left as it is, to resume once the game loads")
                } else {
                    moveAside(entry.path, because: "\(entry.path): no game '\(game.layout)' any more")
                }
            }
        }
        return games
    }

    public func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    public func statisticsLine(variant: String, width: Int) -> String? {
        guard let figures = recordedFigures[variant] ?? (try? statistics.statistics(for: variant)) else {
            return nil
        }
        return figures.summaryLine(fitting: width)
    }

    /// Sets aside a save that cannot be resumed: one written by a later CardTable is left where
    /// it is, untouched (that CardTable resumes it), and said once; any other is moved aside.
    private func setAside(_ path: String, because error: SaveError) {
        guard error.kind == .futureVersion else { return moveAside(path, because: error.description) }
        guard !newerSavesSaid.contains(path) else { return }
        newerSavesSaid.insert(path)
        problems.append("\(error); left as it is for that CardTable, a new game starts")
    }

    /// The saves of a later CardTable already said (each is said once, not at every look).
    private var newerSavesSaid: Set<String> = []
    /// The saves of a game that does not load now already said.
    private var unloadableSaid: Set<String> = []

    /// Moves a save that cannot be resumed aside, saying why and where it went.
    private func moveAside(_ path: String, because reason: String) {
        do {
            let destination = try saves.moveAside(path)
            problems.append("\(reason); kept as \(fileName(destination)), a new game starts")
        } catch {
            problems.append("\(reason); and it cannot be moved aside: \(error.reason)")
        }
    }

    private func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
