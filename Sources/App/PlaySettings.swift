import Layouts
import Persistence
import Solitaire

/// How games play, whatever the game: chosen with options (`--autoplay`, `--mouse`,
/// `--card-size`, `--winnable`, `--winnable-only`) or the settings file, and changed in a game
/// with keys (`a`, `m`) or on the settings screen.
public struct PlaySettings: Hashable, Sendable {
    public var autoplay: AutoplayMode
    public var mouseMode: MouseMode
    /// The player's fixed card size; `nil` for the largest that fits.
    public var cardSize: CardSize?
    /// The status line says whether the game can still be won (when the app has background
    /// work to ask the solver with).
    public var showsWinnable: Bool
    /// New random deals are deals the solver finds a win for.
    public var winnableOnly: Bool

    public init(
        autoplay: AutoplayMode = .off, mouseMode: MouseMode = .drag, cardSize: CardSize? = nil,
        showsWinnable: Bool = true, winnableOnly: Bool = false
    ) {
        self.autoplay = autoplay
        self.mouseMode = mouseMode
        self.cardSize = cardSize
        self.showsWinnable = showsWinnable
        self.winnableOnly = winnableOnly
    }

    /// The play settings among the player's settings.
    public init(_ settings: Settings) {
        self.init(
            autoplay: settings.autoplay, mouseMode: settings.mouse, cardSize: settings.cardSize.fixedSize,
            showsWinnable: settings.winnable, winnableOnly: settings.winnableOnly)
    }
}

extension TableScene {
    /// Takes on play settings (a game started from the chooser, or settings changed).
    public func apply(_ settings: PlaySettings) {
        autoplay = settings.autoplay
        mouseMode = settings.mouseMode
        if fixedCardSize != settings.cardSize { fixedCardSize = settings.cardSize }
        showsWinnable = settings.showsWinnable
        winnableOnly = settings.winnableOnly
        autoplayTheDeal()
        refreshAnalysis()
        updateStatus()
    }

    /// The settings this game plays with now.
    public var settings: PlaySettings {
        PlaySettings(
            autoplay: autoplay, mouseMode: mouseMode, cardSize: fixedCardSize, showsWinnable: showsWinnable,
            winnableOnly: winnableOnly)
    }
}
