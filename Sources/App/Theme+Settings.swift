import Persistence

extension Theme {
    /// The theme the player's settings ask for, on a terminal that shows Unicode (`unicode`;
    /// without it, ASCII whatever the setting) and colours (without them, `monochrome`).
    public init(settings: Settings, unicode: Bool, monochrome: Bool) {
        self.init(
            ascii: settings.ascii || !unicode, monochrome: monochrome, fourColour: settings.fourColour,
            terminalBackground: settings.background == .terminal)
    }

    /// Whether two themes draw alike (the same settings on the same terminal).
    func drawsLike(_ other: Theme) -> Bool {
        glyphs.unicodeSuits == other.glyphs.unicodeSuits && isMonochrome == other.isMonochrome
            && isFourColour == other.isFourColour && usesTerminalBackground == other.usesTerminalBackground
    }
}
