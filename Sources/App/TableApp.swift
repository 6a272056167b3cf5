import Gamepads
import Layouts
import Persistence
import Solitaire
import TableKit
import TerminalInput

/// The whole app without a terminal: a window showing the game chooser or a game, fed decoded
/// terminal events. The terminal front end and the end-to-end tests drive it the same way.
///
/// ```
/// let app = TableApp(layout: sandbox, seed: 1, width: 80, height: 24, clock: ManualClock())
/// app.handle(.mouse(MouseReport(action: .press, button: .left, column: 4, row: 2)))
/// app.renderFrame()
/// print(app.screenText)
///
/// let chooser = TableApp(chooserWith: games, width: 100, height: 30, clock: clock) { nextDeal() }
/// chooser.handle(.key(KeyPress(.enter)))   // plays the selected game
/// ```
///
/// Keys and clicks go to whichever shows. A game's `g` (``TableScene/chooserRequested``) brings
/// the chooser back with that game selected; Escape there goes back to the game. While a win is
/// celebrated, keys and presses go to the celebration first.
public final class TableApp {
    public let window: Window
    /// Colours and characters; changed on the settings screen.
    public internal(set) var theme: Theme
    /// The games the chooser lists, made when it first opens: a game started by name does not
    /// load every shipped layout before its first frame.
    public private(set) lazy var catalog = makeCatalog()
    private let makeCatalog: () -> ChooserCatalog
    /// The deal number of a game started from the chooser.
    let dealNumber: () -> UInt64
    /// The scene on screen: the chooser, a game, or another (the balls game). The app shows
    /// one at a time; switching detaches the old scene's views.
    public internal(set) var current: Scene?
    /// The game on screen; nil while the chooser (or another scene) shows.
    public var game: TableScene? { current as? TableScene }
    /// The chooser, while it shows.
    public var chooser: ChooserScene? { current as? ChooserScene }
    /// The last game shown: the one on screen, or the one the chooser goes back to.
    var lastGame: TableScene?
    var pointer = PointerTracker()
    /// How games started here play (autoplay, mouse mode); the game on screen follows changes.
    public var settings: PlaySettings {
        didSet {
            if let game, game.settings != settings { game.apply(settings) }
        }
    }
    /// Keeps the games: each is saved after every change and its end recorded; a game chosen
    /// with a saved game waiting offers to resume it. Nil keeps nothing (previews, most tests).
    public var keeper: GameKeeper? {
        didSet {
            for scene in [game, lastGame].compactMap({ $0 }) { scene.keeper = keeper }
            if let chooser {
                let saved = showSavedGames(in: chooser)
                // Opening on the chooser: the newest saved game is selected, ready to resume.
                if lastGame == nil, let newest = saved.first { chooser.select(named: newest.variant) }
            }
        }
    }
    /// Where the solver's searches run ("still winnable?", winnable deals, the demo): each game
    /// on screen uses it. Nil (most tests, previews): the status line says nothing about
    /// winning, and hints and the demo search on the main thread within a hint's short budget.
    public var background: BackgroundWork? {
        didSet {
            for scene in [game, lastGame].compactMap({ $0 }) { scene.background = background }
        }
    }
    /// The deal of the next game started from the chooser was asked for by number (`--deal`):
    /// it is dealt as asked, even with winnable deals only. Once.
    public var nextDealIsAsked = false
    /// What went wrong keeping games (a save moved aside), for the front end to print too.
    public private(set) var keeperProblems: [String] = []
    /// The cell and time of the click that changed screens: the second press of a double-click
    /// there belongs to the old screen, and is dropped.
    var clickThatChangedScreens: (column: Int, row: Int, time: Double)?
    /// A press was dropped: the rest of its sequence is too.
    var droppingPointerSequence = false
    /// The player's settings, the file they are saved in and the settings screen (TableApp+Settings.swift).
    var settingsHost = SettingsHost()
    /// What took input at the last look: a change breaks off the drag or carry (TableApp+Modes.swift).
    var lastInputMode: InputMode?
    /// The first terminal's controller while the table shows on a second screen
    /// (TableApp+SecondScreen.swift); nil while the table is on the first.
    public internal(set) var controller: ControllerScreen?
    /// The last moves the controller lists, kept while the game's history stays the same.
    var controllerMoves = ControllerMoveList()
    /// The player asked for the table back from the second screen, and how: Ctrl-C there, or the
    /// controller's button. The front end gives that terminal back (``secondScreenLeft(reason:)``).
    public internal(set) var tableReturnRequest: TableReturn?
    /// The layout designer, on screen or waiting under a layout it tries (TableApp+Design.swift).
    public internal(set) var designer: DesignScene?

    /// The game on screen or, while the chooser shows, the last game played. An app started in
    /// the chooser has none until a game is chosen (asking for it then is a programming error).
    public var scene: TableScene {
        guard let scene = game ?? lastGame else { preconditionFailure("no game yet: the app started in the chooser") }
        return scene
    }

    /// An app that opens straight into a game.
    ///
    /// - Parameters:
    ///   - catalog: the games the chooser lists when the player asks for it (`g`).
    ///   - dealNumber: the deal number of a game started from the chooser.
    public convenience init(
        layout: TableLayout, seed: UInt64, width: Int, height: Int, clock: TableClock,
        theme: Theme = Theme(ascii: false, monochrome: false), animations: Bool = true,
        catalog: @autoclosure @escaping () -> ChooserCatalog = .shipped, settings: PlaySettings = PlaySettings(),
        dealNumber: @escaping () -> UInt64 = { UInt64.random(in: 1...999_999) }
    ) {
        self.init(
            layout: layout, start: .deal(seed), width: width, height: height, clock: clock, theme: theme,
            animations: animations, catalog: catalog(), settings: settings, dealNumber: dealNumber)
    }

    /// An app that opens straight into a game from a deal or a position.
    public init(
        layout: TableLayout, start: GameStart, width: Int, height: Int, clock: TableClock,
        theme: Theme = Theme(ascii: false, monochrome: false), animations: Bool = true,
        catalog: @autoclosure @escaping () -> ChooserCatalog = .shipped, settings: PlaySettings = PlaySettings(),
        dealNumber: @escaping () -> UInt64 = { UInt64.random(in: 1...999_999) }
    ) {
        self.settings = settings
        window = Window(width: max(1, width), height: max(1, height), clock: clock, background: theme.feltCell)
        window.animator.isEnabled = animations
        self.theme = theme
        makeCatalog = catalog
        self.dealNumber = dealNumber
        let scene = TableScene(layout: layout, start: start, window: window, theme: theme)
        scene.apply(settings)
        current = scene
        lastGame = scene
        lastInputMode = inputMode
    }

    /// An app that opens in the game chooser.
    ///
    /// - Parameters:
    ///   - games: the games to list (the chooser groups them by family).
    ///   - selecting: the name of the game selected at first.
    ///   - dealNumber: the deal number of each game started from the chooser.
    public init(
        chooserWith games: [TableLayout], selecting: String? = nil, width: Int, height: Int, clock: TableClock,
        theme: Theme = Theme(ascii: false, monochrome: false), animations: Bool = true,
        settings: PlaySettings = PlaySettings(), dealNumber: @escaping () -> UInt64
    ) {
        self.settings = settings
        window = Window(width: max(1, width), height: max(1, height), clock: clock, background: theme.feltCell)
        window.animator.isEnabled = animations
        self.theme = theme
        let catalog = ChooserCatalog(games: games)
        makeCatalog = { catalog }
        self.dealNumber = dealNumber
        current = ChooserScene(catalog: catalog, selecting: selecting, window: window, theme: theme)
        lastInputMode = inputMode
    }

    /// An app that opens on a scene of its own making (the balls game: ``TableApp/balls(seed:width:height:clock:theme:animations:settings:dealNumber:)``).
    ///
    /// - Parameters:
    ///   - catalog: the games the chooser lists when the player asks for it (`g`).
    ///   - opening: makes the first scene, in the app's window.
    public init(
        width: Int, height: Int, clock: TableClock, theme: Theme = Theme(ascii: false, monochrome: false),
        animations: Bool = true, catalog: @autoclosure @escaping () -> ChooserCatalog = .shipped,
        settings: PlaySettings = PlaySettings(),
        dealNumber: @escaping () -> UInt64 = { UInt64.random(in: 1...999_999) },
        opening: (Window, Theme) -> Scene
    ) {
        self.settings = settings
        window = Window(width: max(1, width), height: max(1, height), clock: clock, background: theme.feltCell)
        window.animator.isEnabled = animations
        self.theme = theme
        makeCatalog = catalog
        self.dealNumber = dealNumber
        current = opening(window, theme)
        lastInputMode = inputMode
    }

    public var wantsQuit: Bool { current?.quitRequested ?? false }

    /// Whether the chooser is on screen.
    public var isShowingChooser: Bool { chooser != nil }

    // MARK: Events

    /// Feeds one decoded event from the first terminal (or a key a gamepad stands for). While the
    /// table shows on a second screen, keys still act on the game and the mouse works the
    /// controller (``handle(secondScreen:)`` takes that terminal's events).
    public func handle(_ event: InputEvent) {
        if let controller {
            if case .key = event {
                handleOnTable(event)
            } else {
                handle(event, on: controller)
            }
            return
        }
        handleOnTable(event)
    }

    /// An event for whatever shows where the table is.
    func handleOnTable(_ event: InputEvent) {
        if case .mouse(let report) = event, dropsPointerReport(report) { return }
        if isTryingDesign, leavesTry(event) {
            // A click that left: the rest of its sequence reaches nothing.
            if case .mouse = event { droppingPointerSequence = true }
            backToDesigner()
            settleInputMode()
            return
        }
        if isShowingSettings {
            handleSettings(event)
        } else if let chooser {
            handle(event, in: chooser)
        } else if let game {
            handle(event, in: game)
        } else if let current {
            handle(event, inScene: current)
        }
        afterInput(event)
        settleInputMode()
    }

    private func handle(_ event: InputEvent, in chooser: ChooserScene) {
        switch event {
        case .key(let press):
            chooser.handle(press)
        case .mouse(let report):
            switch (report.action, report.button) {
            case (.press, .wheelUp): chooser.scroll(by: -1)
            case (.press, .wheelDown): chooser.scroll(by: 1)
            default: for update in pointer.handle(report) { deliver(update) }
            }
        case .focusOut:
            cancelPointer()
        case .focusIn, .paste:
            break
        }
    }

    private func handle(_ event: InputEvent, in scene: TableScene) {
        if scene.isPlayingDemo || scene.isFindingDeal {
            handleWhileBusy(event, in: scene)
            return
        }
        switch event {
        case .key(let press):
            let action = KeyBindings.action(for: press)
            if scene.isOfferingResume {
                scene.handleResumeOffer(press)
            } else if scene.isCelebrating {
                scene.handleCelebration(press)
            } else if scene.isShowingHelp {
                // Keys that scroll a help too long for the screen scroll it; any other closes it.
                if !scene.scrollHelp(for: press.key) {
                    // The pause panel is a small menu: n and g do what they say once it closes.
                    let wasPaused = scene.isPaused
                    scene.closeHelp(quitting: action == .quit)
                    if wasPaused, let action, action == .newGame || action == .openChooser {
                        scene.perform(action)
                    }
                }
            } else if let action {
                scene.perform(action)
                if action == .openSettings { openSettings() }
            }
        case .mouse(let report):
            if scene.isShowingHelp {
                // A click closes the help; it does not reach the table beneath.
                if report.action == .press { scene.closeHelp(quitting: false) }
                return
            }
            if scene.isCascading {
                // A press skips the cascade; the rest of its sequence reaches nothing.
                if report.action == .press {
                    scene.skipCelebration()
                    droppingPointerSequence = true
                }
                return
            }
            for update in pointer.handle(report) { deliver(update) }
        case .focusOut:
            cancelPointer()
        case .focusIn, .paste:
            break
        }
    }

    /// An event for a scene other than the chooser and a game: keys become actions, the mouse
    /// pointer events for the window's views.
    private func handle(_ event: InputEvent, inScene scene: Scene) {
        switch event {
        case .key(let press):
            if scene.handleKeyPress(press) {
                break
            } else if let action = KeyBindings.action(for: press) {
                scene.perform(action)
            } else {
                scene.handleUnboundKey(press)
            }
        case .mouse(let report):
            if scene.handleMouse(report) {
                if report.action == .press { droppingPointerSequence = true }
                return
            }
            for update in pointer.handle(report) { deliver(update) }
        case .focusOut:
            cancelPointer()
        case .focusIn, .paste:
            break
        }
    }

    /// An event while the demo plays or a winnable deal is looked for. Any key or press stops
    /// the demo, and does nothing else (Ctrl-C still quits). While a deal is looked for, keys
    /// wait: Escape plays the deal drawn as it is, the quit keys quit, and presses do nothing.
    private func handleWhileBusy(_ event: InputEvent, in scene: TableScene) {
        switch event {
        case .key(let press):
            let action = KeyBindings.action(for: press)
            if scene.isPlayingDemo {
                scene.stopDemo()
                if press.key == .control("c") { scene.perform(.quit) }
            } else if action == .cancel {
                scene.playDealAsDrawn()
            } else if action == .quit {
                scene.perform(.quit)
            }
        case .mouse(let report):
            // The rest of the press's sequence reaches nothing: no drag starts from it.
            if report.action == .press, [.left, .middle, .right].contains(report.button) {
                scene.stopDemo()
                droppingPointerSequence = true
            }
        case .focusOut:
            cancelPointer()
        case .focusIn, .paste:
            break
        }
    }

    /// Whether a mouse report is dropped: the second press of a double-click that changed
    /// screens, and the rest of a sequence whose press was dropped.
    private func dropsPointerReport(_ report: MouseReport) -> Bool {
        let isButton = [MouseButton.left, .middle, .right].contains(report.button)
        if report.action == .press, isButton {
            droppingPointerSequence = false
            if let click = clickThatChangedScreens, click.column == report.column, click.row == report.row,
                window.clock.now - click.time <= window.multiTapInterval
            {
                clickThatChangedScreens = nil
                droppingPointerSequence = true
                return true
            }
            return false
        }
        if droppingPointerSequence, report.action == .release { droppingPointerSequence = false }
        return droppingPointerSequence
    }

    func deliver(_ update: PointerUpdate) {
        guard update.button == .left else { return }
        let location = Point(x: Double(update.column) + 0.5, y: Double(update.row) + 0.5)
        window.post(PointerEvent(update.phase, at: location))
    }

    /// After each event: a screen change the event asked for.
    private func afterInput(_ event: InputEvent) {
        let changedScreens: Bool
        if let chooser {
            if let chosen = chooser.chosenGame {
                start(chosen)
                changedScreens = true
            } else if chooser.resumeRequested, let lastGame {
                resume(lastGame)
                changedScreens = true
            } else {
                changedScreens = false
            }
        } else if isTryingDesign, let game, game.quitRequested || game.chooserRequested {
            backToDesigner()
            changedScreens = true
        } else if let designer = current as? DesignScene, designer.tryRequested {
            designer.tryRequested = false
            tryDesign(designer)
            changedScreens = true
        } else if let game, game.chooserRequested {
            showChooser(selecting: game.layout.name)
            changedScreens = true
        } else if let current, current.chooserRequested {
            showChooser(selecting: current is BallsScene ? BallsScene.name : nil)
            changedScreens = true
        } else {
            changedScreens = false
        }
        // Autoplay or the mouse mode changed in a game: the next game plays the same way.
        if let game, game.settings != settings { settings = game.settings }
        if changedScreens, case .mouse(let report) = event {
            clickThatChangedScreens = (report.column, report.row, window.clock.now)
        }
    }

    // MARK: Screens

    /// Leaves the chooser for a new deal of a game.
    private func start(_ layout: TableLayout) {
        if BallsScene.isChooserEntry(layout) {
            showBalls(seed: dealNumber())
            return
        }
        cancelPointer()
        current?.detach()
        lastGame?.leaveGame()
        let asked = nextDealIsAsked
        nextDealIsAsked = false
        let scene = TableScene(layout: layout, seed: dealNumber(), window: window, theme: theme)
        scene.keeper = keeper
        scene.background = background
        scene.apply(settings)
        current = scene
        lastGame = scene
        if !asked { scene.findWinnableDeal() }
        offerSavedGame()
        window.setNeedsFullRedraw()
    }

    /// When the game on screen's variant has a saved game waiting, puts it on the table and
    /// offers to resume it; with `deal`, only a saved game of that deal. Saves that cannot be
    /// resumed are moved aside and said.
    public func offerSavedGame(deal: UInt64? = nil) {
        guard let keeper, let scene = game else { return }
        let found =
            deal.map { keeper.resume(variant: scene.layout.name, layout: scene.layout, deal: $0) }
            ?? keeper.resume(variant: scene.layout.name, layout: scene.layout)
        let problems = keeper.takeProblems()
        keeperProblems += problems
        if let found { scene.offerResume(found.saved, found.resumed, dealAsked: deal != nil) }
        if let last = problems.last {
            // Files by their names (said whole on the way out): a save that could not be read
            // was named by its path, and the status line cut before it said why.
            scene.notice = PathNames.namingFilesByName(last)
            scene.updateStatus()
        }
        settleInputMode()
    }

    /// The player quits: the game on screen (or left for the chooser) is left, counted as
    /// lost if they moved in it, and stays saved to be resumed.
    public func finish() {
        lastGame?.leaveGame()
        keeperProblems += keeper?.takeProblems() ?? []
        if let unsaved = keeper?.unsavedProblem { keeperProblems.append("the game is not saved: \(unsaved)") }
        if let unsaved = settingsHost.unsavedProblem { keeperProblems.append(unsaved) }
    }

    /// The game on screen could not be saved, a game's result could not be recorded, or a
    /// setting changed on the settings screen could not be written: the program ends with an
    /// error.
    public var leftUnsaved: Bool {
        keeper?.unsavedProblem != nil || keeper?.unrecordedProblem != nil || settingsHost.unsavedProblem != nil
    }

    /// Leaves the game (or another scene) for the chooser, with the game selected.
    func showChooser(selecting name: String?) {
        cancelPointer()
        if let game {
            game.chooserRequested = false
            game.putHandBack()
            game.closeHelp(quitting: false)
        }
        window.animator.finishAll()
        current?.detach()
        current = ChooserScene(
            catalog: catalog, selecting: name, window: window, theme: theme, canResume: lastGame != nil)
        if let chooser { showSavedGames(in: chooser) }
        window.setNeedsFullRedraw()
    }

    /// Marks the chooser's games that have a saved game waiting (other than the one this app
    /// plays, which Escape goes back to). Returns the saved games, newest first.
    @discardableResult
    private func showSavedGames(in chooser: ChooserScene) -> [SavedGame] {
        guard let keeper else { return [] }
        let playing = lastGame?.gameID
        let games = keeper.savedGames().filter { $0.id != playing }
        var saved: [String: String] = [:]
        for game in games where saved[game.variant] == nil { saved[game.variant] = game.summary }
        keeperProblems += keeper.takeProblems()
        chooser.savedGames = saved
        return games
    }

    /// Leaves the chooser for the game it was opened from, as it was.
    private func resume(_ scene: TableScene) {
        cancelPointer()
        current?.detach()
        scene.reattach()
        current = scene
        window.setNeedsFullRedraw()
    }

    /// Focus lost, a suspend, a lost release: the open drag or carry (if any) is cancelled and
    /// the cards go back.
    public func cancelPointer() {
        putHandBack()
    }

    /// The program is being suspended (Ctrl-Z): the game's clock stops until ``resumed()``.
    public func suspending() {
        cancelPointer()
        game?.suspendClock()
    }

    /// The program is running again after ``suspending()``: the game's clock goes on.
    public func resumed() {
        game?.resumeClock()
    }

    /// The program was stopped from outside (SIGSTOP) for about `seconds` and goes on: that
    /// time is not played either.
    public func resumed(afterStoppedFor seconds: Double) {
        game?.takeOffClock(seconds)
    }

    /// A gamepad's news: a press does what its key does (GamepadBindings.swift); a pad that
    /// comes or goes is said on the status line, and one that goes puts any cards in hand back.
    public func handle(gamepad notice: GamepadNotice) {
        switch notice {
        case .pressed(let button, _):
            if let key = GamepadBindings.key(for: button) { handle(.key(KeyPress(key))) }
        case .connected(let name):
            announce("Gamepad connected: \(name)")
        case .disconnected(let name):
            putHandBack()
            announce("Gamepad disconnected: \(name)")
        }
    }

    /// The terminal changed size: cancel any drag or carry, lay the screen out again.
    public func resize(width: Int, height: Int) {
        putHandBack()
        window.resize(width: max(1, width), height: max(1, height))
        if let chooser {
            chooser.layoutViews()
        } else if let game {
            game.cancelForResize()
            game.layoutTable()
            game.layoutCelebration()
            game.layoutResumeOffer()
        } else {
            current?.layoutViews()
        }
        settingsHost.panel?.centre(inWidth: window.size.width, height: window.size.height)
        settleInputMode()
    }

    // MARK: Frames

    /// A frame is due: something changed or animates, pointer motion waits, or the scene's
    /// simulation (a win's cards flying, the balls) is due a tick.
    public var needsFrame: Bool {
        window.needsFrame || (controller?.window.needsFrame ?? false)
            || (nextTick.map { $0 <= window.clock.now } ?? false)
    }

    /// When the scene on screen next wants a tick (nil while nothing moves): the front end
    /// wakes for it (``RunLoop/frameDeadline``).
    public var nextTick: Double? { current?.nextTick }

    /// Moves the scene's simulation (a win's cascade, the balls) on to the clock's time, then
    /// composes the frame.
    @discardableResult
    public func renderFrame() -> Window.Frame {
        current?.tick(now: window.clock.now)
        settleInputMode()  // the win panel shows when the cascade is over
        refreshController()
        return window.renderFrame()
    }

    /// The screen as text (glyphs only), trailing spaces trimmed.
    public var screenText: String { window.canvas.trimmedText }
}

extension TableScene {
    /// A resize puts the cards in hand back (the app did already) and ends every animation.
    func cancelForResize() {
        putHandBack()
        window.animator.finishAll()
    }

    /// Puts the scene's views back in the window after ``detach()``, as they were.
    func reattach() {
        window.backgroundCell = theme.feltCell
        for view in [tableLayer, cursorView, statusLine, helpPanel, tooSmallView] { window.addSubview(view) }
        layoutTable()
    }
}
