import Layouts
import TableKit

extension TableApp {
    /// An app that opens on the balls game; `g` there opens the chooser.
    public static func balls(
        seed: UInt64, width: Int, height: Int, clock: TableClock,
        theme: Theme = Theme(ascii: false, monochrome: false), animations: Bool = true,
        settings: PlaySettings = PlaySettings(), dealNumber: @escaping () -> UInt64 = { UInt64.random(in: 1...999_999) }
    ) -> TableApp {
        TableApp(
            width: width, height: height, clock: clock, theme: theme, animations: animations, settings: settings,
            dealNumber: dealNumber
        ) { window, theme in BallsScene(seed: seed, window: window, theme: theme) }
    }

    /// The balls game on screen, if it shows.
    public var balls: BallsScene? { current as? BallsScene }

    /// Leaves the chooser for the balls game (a game left for the chooser stays to go back to).
    func showBalls(seed: UInt64) {
        cancelPointer()
        current?.detach()
        current = BallsScene(seed: seed, window: window, theme: theme)
        window.setNeedsFullRedraw()
    }
}

extension BallsScene {
    /// Whether a chooser entry is the balls game's rather than a layout's.
    public static func isChooserEntry(_ layout: TableLayout) -> Bool {
        layout.name == name && layout.slots.isEmpty
    }
}
