import Layouts
import Persistence
import Solitaire

/// How games play, whatever the game: chosen with options (`--autoplay`, `--mouse`,
/// `--card-size`) or the settings file, and changed in a game with keys (`a`, `m`) or on the
/// settings screen.
public struct PlaySettings: Hashable, Sendable {
    public var autoplay: AutoplayMode
    public var mouseMode: MouseMode
    /// The player's fixed card size; `nil` for the largest that fits.
    public var cardSize: CardSize?

    public init(autoplay: AutoplayMode = .off, mouseMode: MouseMode = .drag, cardSize: CardSize? = nil) {
        self.autoplay = autoplay
        self.mouseMode = mouseMode
        self.cardSize = cardSize
    }

    /// The play settings among the player's settings.
    public init(_ settings: Settings) {
        self.init(autoplay: settings.autoplay, mouseMode: settings.mouse, cardSize: settings.cardSize.fixedSize)
    }
}

extension TableScene {
    /// Takes on play settings (a game started from the chooser, or settings changed).
    public func apply(_ settings: PlaySettings) {
        autoplay = settings.autoplay
        mouseMode = settings.mouseMode
        if fixedCardSize != settings.cardSize { fixedCardSize = settings.cardSize }
        autoplayTheDeal()
    }

    /// The settings this game plays with now.
    public var settings: PlaySettings {
        PlaySettings(autoplay: autoplay, mouseMode: mouseMode, cardSize: fixedCardSize)
    }
}
