import Persistence
import TableKit
import TerminalInput

/// What the first terminal shows while the table is on a second screen (the controller): what
/// is played and where, its status, the last moves (or the balls' level), buttons that do what
/// their keys do, and the keys. A value, worked out from the scene on screen before each frame
/// and drawn again only when it changes.
public struct ControllerSummary: Equatable {
    /// A button: a key's action, or giving the table back to this terminal.
    public struct Button: Equatable {
        public enum Action: Equatable {
            case key(Key)
            case bringTableBack
        }

        /// The key as shown on the button (`u`), empty for none.
        public var key: String
        public var label: String
        public var action: Action

        public init(key: String, label: String, action: Action) {
            self.key = key
            self.label = label
            self.action = action
        }

        /// The button as drawn: ` u undo `.
        public var text: String { key.isEmpty ? " \(label) " : " \(key) \(label) " }
    }

    /// What is played: "Klondike #5".
    public var title: String
    /// Where the table is: "on the second screen /dev/pts/5 · Ctrl-C there gives it back".
    public var place: String
    /// "12 moves · 2:31 · winnable".
    public var status: String
    /// The last thing said on the status line: a second screen joined, a refused move.
    public var notice: String?
    /// How the table comes back.
    public var hint = "Ctrl-C on the second screen, or the last button, brings the table here."
    /// "Last moves", or "Level".
    public var listTitle: String
    /// Newest first.
    public var list: [String]
    public var buttons: [Button]
    /// The keys, each in status-line markup (`[u] undo`).
    public var keys: [String]
}

extension TableApp {
    /// The controller's content for the scene on screen.
    func controllerSummary(place: String) -> ControllerSummary {
        let bringBack = ControllerSummary.Button(key: "", label: "bring the table here", action: .bringTableBack)
        let quit = ControllerSummary.Button(key: "q", label: "quit", action: .key(.character("q")))
        if isShowingSettings {
            return ControllerSummary(
                title: "Settings", place: place, status: "The settings show on the second screen.", notice: nil,
                listTitle: "", list: [],
                buttons: [ControllerSummary.Button(key: "Esc", label: "close", action: .key(.escape)), bringBack],
                keys: ["[arrows] choose", "[Enter] change", "[Esc] close"])
        }
        if chooser != nil {
            return ControllerSummary(
                title: "Choosing a game", place: place, status: "The game chooser shows on the second screen.",
                notice: nil, listTitle: "", list: [],
                buttons: [
                    ControllerSummary.Button(key: "Enter", label: "play", action: .key(.enter)), quit, bringBack,
                ],
                keys: ["[arrows] choose a game", "[Enter] play it", "[Esc] back to the game", "[q] quit"])
        }
        if let game {
            return game.controllerSummary(
                place: place, cache: &controllerMoves,
                buttons: { game in
                    var buttons = [ControllerSummary.Button(key: "u", label: "undo", action: .key(.character("u")))]
                    if game.layout.rules != nil {
                        buttons.append(ControllerSummary.Button(key: "H", label: "hint", action: .key(.character("H"))))
                    }
                    buttons += [
                        ControllerSummary.Button(key: "n", label: "new game", action: .key(.character("n"))),
                        ControllerSummary.Button(key: "?", label: "help", action: .key(.character("?"))), quit,
                        bringBack,
                    ]
                    return buttons
                })
        }
        if let balls {
            return balls.controllerSummary(
                place: place,
                buttons: [
                    ControllerSummary.Button(key: "Enter", label: "start / explode", action: .key(.enter)),
                    ControllerSummary.Button(key: "g", label: "games", action: .key(.character("g"))), quit, bringBack,
                ])
        }
        return ControllerSummary(
            title: "CardTable", place: place, status: "", notice: nil, listTitle: "", list: [],
            buttons: [quit, bringBack],
            keys: [])
    }
}

/// The last moves described, kept while the game's history is the same.
struct ControllerMoveList {
    var gameID = ""
    var count = -1
    var last: MoveRecordKey?
    var lines: [String] = []

    /// Enough for the tallest terminal's controller.
    static let limit = 60
}

/// What tells one history from another cheaply: its length and its last move.
struct MoveRecordKey: Equatable {
    var from: Int
    var to: Int
    var count: Int
    var steps: Int
}

extension TableScene {
    func controllerSummary(
        place: String, cache: inout ControllerMoveList, buttons: (TableScene) -> [ControllerSummary.Button]
    ) -> ControllerSummary {
        let moves = history.count == 1 ? "1 move" : "\(history.count) moves"
        var status = moves
        if layout.rules != nil {
            status += " · " + clockText(elapsedSeconds)
            if let winnability { status += " · " + winnability.word(ellipsis: theme.glyphs.ellipsis) }
            if rules.isWon(state) { status += " · won" }
        }
        // The keys for playing; help (?) lists the rest.
        let playing: [(TableAction, String)] = [
            (.moveCursor(.up), "move"), (.activate, "pick up, drop"), (.dealFromStock, "deal"), (.cancel, "put back"),
            (.undo, "undo"), (.redo, "redo"), (.hint, "hint"), (.newGame, "new game"),
            (.openChooser, "other games"), (.pause, "pause"), (.showHelp, "every key"), (.quit, "quit"),
        ]
        let keys = playing.filter { KeyBindings.applies($0.0, to: layout) }.map {
            $0.0 == .moveCursor(.up) ? "[arrows] \($0.1)" : "\(KeyBindings.hint(for: $0.0)) \($0.1)"
        }
        return ControllerSummary(
            title: layout.rules != nil ? "\(layout.title) \(dealName)" : layout.title, place: place, status: status,
            notice: notice, listTitle: "Last moves", list: lastMoves(cache: &cache), buttons: buttons(self), keys: keys)
    }

    /// The moves made, newest first and numbered, each in the game's words ("12. Move 7♥ onto 8♠").
    func lastMoves(cache: inout ControllerMoveList) -> [String] {
        let key = history.last.map {
            MoveRecordKey(from: $0.move.from, to: $0.move.to, count: $0.move.count, steps: $0.steps.count)
        }
        if cache.gameID == gameID, cache.count == history.count, cache.last == key { return cache.lines }
        var position = state
        var lines: [String] = []
        for (index, record) in history.enumerated().reversed().prefix(ControllerMoveList.limit) {
            position.revert(record)
            let sentence = rules.describe(record.move, in: position).message { theme.label(for: $0) }
            lines.append("\(index + 1). \(sentence)")
        }
        if lines.isEmpty { lines = ["No moves yet."] }
        cache = ControllerMoveList(gameID: gameID, count: history.count, last: key, lines: lines)
        return lines
    }
}

extension BallsScene {
    func controllerSummary(place: String, buttons: [ControllerSummary.Button]) -> ControllerSummary {
        let level = "Level \(game.levelIndex + 1) of \(game.levels.count)"
        let status: String
        var list: [String]
        if game.isPlaying {
            status = "\(game.removed)/\(game.level.target) removed · \(level.lowercased())"
            list = [
                "\(level): remove \(game.level.target) of \(game.level.balls) balls.",
                game.hasTapped
                    ? "The chain reaction is on." : "Click (or aim and press Enter) to set off the explosion.",
            ]
        } else {
            status = "Between levels · \(level.lowercased())"
            list = [
                "\(level): remove \(game.level.target) of \(game.level.balls) balls.",
                "Click, or press Enter, to start it.",
            ]
            switch game.outcome {
            case .passed?: list.insert(game.clearedAll ? "Every level cleared!" : "Level passed!", at: 0)
            case .failed?: list.insert("Oops. Try again!", at: 0)
            case nil: break
            }
        }
        return ControllerSummary(
            title: "Balls", place: place, status: status, notice: notice, listTitle: "Level", list: list,
            buttons: buttons,
            keys: [
                "[click, Enter, Space] start a level, set off the explosion", "[arrows] aim", "[g] games", "[q] quit",
            ])
    }
}
