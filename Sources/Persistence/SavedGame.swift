import Solitaire

/// A game as it is kept between runs: which variant, where it began, every move made and every
/// move taken back (so undo and redo reach past a restart of the program), and the time played.
/// Written after every move by ``SaveStore``; the file format is ``SavedGame/encoded()``.
public struct SavedGame: Hashable, Sendable {
    /// Unique to one game (a deal played from its start): names the save file, and the game's
    /// entry in the statistics, so a game is never counted twice.
    public var id: String
    /// The layout's short name (`klondike`): what statistics and resume offers go by.
    public var variant: String
    /// How to find the layout again: a shipped game's name, or a layout file's absolute path.
    public var layout: String
    /// The variant's title (`Klondike`), for messages when the layout is gone.
    public var title: String
    /// ``Layouts/TableLayout/fingerprint`` of the variant when the game was saved.
    public var fingerprint: String
    public var start: GameStart
    /// The values of the options a scripted variant offers, as the game was played (`draw` = `3`).
    public var options: [String: String]
    /// The moves made, oldest first, each with every step it took (autoplay included).
    public var history: [MoveRecord]
    /// The moves taken back, the last one taken back last.
    public var undone: [MoveRecord]
    /// Seconds on the game's clock.
    public var elapsed: Double
    /// The demo played moves of it: it is not the player's to count in the statistics.
    public var assisted: Bool

    public init(
        id: String, variant: String, layout: String, title: String, fingerprint: String, start: GameStart,
        history: [MoveRecord] = [], undone: [MoveRecord] = [], elapsed: Double = 0, options: [String: String] = [:],
        assisted: Bool = false
    ) {
        self.assisted = assisted
        self.options = options
        self.id = id
        self.variant = variant
        self.layout = layout
        self.title = title
        self.fingerprint = fingerprint
        self.start = start
        self.history = history
        self.undone = undone
        self.elapsed = elapsed
    }

    /// The moves on the table (``history``'s count), as the status line counts them.
    public var moveCount: Int { history.count }

    /// Whether the player has moved in this game (taken-back moves count; a deal's own
    /// autoplay does not): only such a game is saved, offered again, and counted in statistics.
    public var playerHasMoved: Bool {
        func byPlayer(_ record: MoveRecord) -> Bool { record.steps.first.map { !$0.automatic } ?? false }
        return history.contains(where: byPlayer) || undone.contains(where: byPlayer)
    }

    /// "#12345", or "(set position)" for a game started from a position.
    public var dealName: String {
        if case .deal(let number) = start { return "#\(number)" }
        return "(set position)"
    }

    /// "Klondike #12345, 34 moves, 3:12": how a resume offer names the game.
    public var summary: String {
        "\(title) \(dealName), \(moveCount == 1 ? "1 move" : "\(moveCount) moves"), \(clockText(elapsed))"
    }

    /// A new game id: 16 hex digits from the system's random source.
    public static func newID() -> String {
        let value = UInt64.random(in: 1...UInt64.max)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
