import Solitaire

/// How the mouse moves cards. Both modes drag; they differ in what a click on a card does.
public enum MouseMode: String, CaseIterable, Sendable {
    /// Cards are dragged onto a pile; a click on a card does nothing (the stock's deals).
    case drag
    /// Click-to-move: a click on a card plays it where it obviously goes, or picks it up to
    /// be put down by a click on a pile.
    case click
}

/// How games play, whatever the game: chosen with options (`--autoplay`, `--mouse`) and
/// changed in a game with keys (`a`, `m`).
public struct PlaySettings: Hashable, Sendable {
    public var autoplay: AutoplayMode
    public var mouseMode: MouseMode

    public init(autoplay: AutoplayMode = .off, mouseMode: MouseMode = .drag) {
        self.autoplay = autoplay
        self.mouseMode = mouseMode
    }
}

extension TableScene {
    /// Takes on play settings (a game started from the chooser, or settings changed).
    public func apply(_ settings: PlaySettings) {
        autoplay = settings.autoplay
        mouseMode = settings.mouseMode
        autoplayTheDeal()
    }

    /// The settings this game plays with now.
    public var settings: PlaySettings { PlaySettings(autoplay: autoplay, mouseMode: mouseMode) }
}
