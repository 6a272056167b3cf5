import Balls
import Layouts
import TableKit
import TerminalInput

/// The balls game on the table (`cardtable balls`, or Balls in the chooser): the field over the
/// whole screen but the status line, which says "removed/target", the level and the keys.
///
/// Between levels nothing moves and nothing is asked for: "Tap to start next level" waits for a
/// click, Enter or Space (a pad's button, later, through the same ``TableAction``). In a level the
/// game steps at the original's 15 updates a second on the clock (``FixedRate``): a frame at any
/// rate draws the latest step, and the scene asks for a tick only at the next step's time. The
/// first click (or Enter at the cursor, which the arrows move) sets off the level's explosion.
/// `?` shows the help, `g` the game chooser, `q` quits.
///
/// The field has the original's area, 320 × 480 pixels, whatever the terminal's size (a column
/// is one pixel-width unit, a row two), so a level is as hard on any screen.
public final class BallsScene: Scene {
    public let window: Window
    let theme: Theme
    let field: BallsFieldView
    let statusLine: StatusLineView
    let helpPanel: PanelView
    public private(set) var game: BallsGame
    /// The level's clock, while a level is played.
    private(set) var rate: FixedRate?
    public internal(set) var quitRequested = false
    public internal(set) var chooserRequested = false
    /// The keyboard's aim: a cell of the field.
    public private(set) var cursor = (column: 0, row: 0)
    /// News for the status line's start (a second screen joined or left), until the next tap.
    public var notice: String? {
        didSet { if notice != oldValue { show() } }
    }

    /// The chooser's entry, and the name `g` selects when coming back.
    public static let name = "balls"
    /// The original's field: 320 × 480 pixels.
    static let fieldArea = 320.0 * 480.0

    /// The chooser's entry for the game: no slots, no rules; choosing it starts the balls.
    public static let chooserEntry = TableLayout(name: name, title: "Balls", slots: [])

    /// What the chooser says of the game.
    static let summary = [
        "Balls bounce around the table. Click once (or aim with the arrows and press Enter) to set off an explosion.",
        "A ball an explosion touches explodes in turn: start a chain reaction that removes enough balls.",
        "Ten levels, from 1 ball of 4 to all 30 of 30.",
    ]

    public init(seed: UInt64, window: Window, theme: Theme) {
        self.window = window
        self.theme = theme
        game = BallsGame(width: 320, height: 480, seed: seed)
        field = BallsFieldView(game: game, theme: theme)
        statusLine = StatusLineView(theme: theme)
        helpPanel = PanelView(lines: Self.helpLines, theme: theme)
        helpPanel.isHidden = true
        helpPanel.isUserInteractionEnabled = false
        let taps = TapGestureRecognizer { [unowned self] recognizer in
            let location = recognizer.location(in: field)
            tap(column: Int(location.x.rounded(.down)), row: Int(location.y.rounded(.down)), at: location)
        }
        // A quick second click (the one that sets off the explosion, after the one that started
        // the level) is a tap too, not half of a double-click.
        taps.recognizesEveryTap = true
        field.addGestureRecognizer(taps)
        reattach()
    }

    /// Puts the scene's views in the window and lays them out.
    public func reattach() {
        for view in [field, statusLine, helpPanel] { window.addSubview(view) }
        layoutViews()
    }

    public func detach() {
        for view in [field, statusLine, helpPanel] { view.removeFromSuperview() }
        rate = nil
    }

    static let helpLines = [
        "Balls",
        "Set off one explosion a level; every ball it touches explodes",
        "in turn. Remove the level's target of balls to pass it.",
        "",
        "  click, Enter, Space   start a level; set off the explosion",
        "  arrows                aim the explosion (the + cursor)",
        "  g                     choose another game",
        "  q                     quit",
        "",
        "The status line says removed/target. Any key closes this help.",
    ]

    public var isShowingHelp: Bool { !helpPanel.isHidden }

    // MARK: Layout

    /// The original's pixels in a column: the field keeps the original's area.
    var pixelsPerColumn: Double {
        let columns = Double(max(1, window.size.width))
        let rows = Double(max(1, window.size.height - 1))
        return (Self.fieldArea / (columns * rows * 2)).squareRoot()
    }

    public func layoutViews() {
        let width = window.size.width
        let height = window.size.height
        window.backgroundCell = theme.feltCell
        field.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(max(0, height - 1)))
        statusLine.frame = Rect(x: 0, y: Double(max(0, height - 1)), width: Double(width), height: 1)
        let size = pixelsPerColumn
        field.pixelsPerColumn = size
        game.resize(width: Double(width) * size, height: Double(max(1, height - 1)) * 2 * size)
        helpPanel.centre(inWidth: width, height: height)
        if cursor == (0, 0) || cursor.column >= width || cursor.row >= height - 1 {
            cursor = (width / 2, max(0, height - 1) / 2)
        }
        show()
    }

    // MARK: Input

    public func perform(_ action: TableAction) {
        if isShowingHelp {
            helpPanel.isHidden = true
            if action == .quit { quitRequested = true }
            return
        }
        switch action {
        case .moveCursor(let direction):
            let width = window.size.width
            let rows = max(1, window.size.height - 1)
            switch direction {
            case .up: cursor.row = max(0, cursor.row - 1)
            case .down: cursor.row = min(rows - 1, cursor.row + 1)
            case .left: cursor.column = max(0, cursor.column - 1)
            case .right: cursor.column = min(width - 1, cursor.column + 1)
            }
            show()
        case .activate:
            let point = Point(x: Double(cursor.column) + 0.5, y: Double(cursor.row) + 0.5)
            tap(column: cursor.column, row: cursor.row, at: point)
        case .showHelp:
            helpPanel.isHidden = false
        case .openChooser:
            chooserRequested = true
        case .quit:
            quitRequested = true
        default:
            break
        }
    }

    /// Any key closes the help.
    public func handleUnboundKey(_ press: KeyPress) {
        helpPanel.isHidden = true
    }

    /// A tap at a point of the field (cells, centres at +0.5): starts the next level, or sets off
    /// the explosion there.
    func tap(column: Int, row: Int, at point: Point) {
        if isShowingHelp {
            helpPanel.isHidden = true
            return
        }
        notice = nil
        let size = pixelsPerColumn
        let wasPlaying = game.isPlaying
        game.tap(at: FieldPoint(x: point.x * size, y: point.y * 2 * size))
        if !wasPlaying { rate = FixedRate(stepsPerSecond: BallsGame.updatesPerSecond, start: window.clock.now) }
        cursor = (column, row)
        show()
    }

    // MARK: Time

    /// The next step's time while a level is played; nil between levels (idle costs nothing).
    public var nextTick: Double? { game.isPlaying ? rate?.nextStep : nil }

    /// Takes the steps due by `now`, at 15 a second whatever the frame rate.
    public func tick(now: Double) {
        guard game.isPlaying, var rate else { return }
        let due = rate.stepsDue(at: now)
        self.rate = rate
        guard due > 0 else { return }
        for _ in 0..<due where game.isPlaying { game.step() }
        if !game.isPlaying { self.rate = nil }
        show()
    }

    /// Steps taken since the scene began.
    public var steps: Int { game.steps }

    // MARK: Drawing

    /// The status text, plain.
    public var statusText: String { statusLine.plainText }

    private func show() {
        field.game = game
        field.cursor = cursor
        let level = "level \(game.levelIndex + 1) of \(game.levels.count)"
        if game.isPlaying {
            field.offer = []
            let removed = "\(game.removed)/\(game.level.target)"
            let keys =
                game.hasTapped
                ? ["[?] help", "[q] quit"] : ["[click] or [Enter] explode", "[arrows] aim", "[?] help", "[q] quit"]
            statusLine.message = ([notice, removed, level].compactMap { $0 } + keys).joined(separator: " · ")
        } else {
            field.offer = offerLines
            let next = game.level
            let parts = [notice, "Balls", level, "\(next.target) of \(next.balls) to remove"].compactMap { $0 }
            statusLine.message = (parts + ["[click] start", "[?] help", "[q] quit"]).joined(separator: " · ")
        }
    }

    /// What shows between levels.
    private var offerLines: [String] {
        let next = game.level
        let goal = "Level \(game.levelIndex + 1) of \(game.levels.count): remove \(next.target) of \(next.balls) balls"
        switch game.outcome {
        case nil: return ["Balls", goal, "", "Tap to start next level"]
        case .passed where game.clearedAll:
            return ["Every level cleared!", goal, "", "Tap to play the last level again"]
        case .passed: return ["Level passed!", goal, "", "Tap to start next level"]
        case .failed: return ["Oops. Try again!", goal, "", "Tap to start next level"]
        }
    }
}
