import App
import ArgumentParser
import Gamepads
import Layouts
import Persistence
import SecondScreen
import Solitaire
import TableKit
import Terminal
import TerminalInput

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a table in the real terminal: the run loop reads terminal bytes and signals,
/// feeds the app, and writes frames, until the player quits or a signal ends it. The
/// terminal is given back on every way out.
final class TerminalPlay {
    struct Options {
        /// The first game's deal number; nil for a random one (each game from the chooser
        /// takes a random one).
        var deal: UInt64?
        /// The first game's position, from `--position` (instead of a deal).
        var position: GameState? = nil
        /// The settings file's, with the command line's options laid over them.
        var settings: Settings
        /// Where the settings screen writes changes.
        var settingsFile: String?
        var statsPath: String?
        var startTime: Double
        /// How the named game's layout is found again when resumed: its name, or a file's
        /// absolute path.
        var layoutSource: String?
        /// Keeps games in the XDG folders; nil keeps nothing (no HOME).
        var keeper: GameKeeper?
        /// Offer the named game's saved game (of the deal asked for, when one was; none for a
        /// position).
        var offersSavedGame = true
        /// `--option`: the values of options the named game's script offers.
        var scriptOptions: [String: String] = [:]
        /// `cardtable balls`: open the balls game with this seed instead of a table.
        var ballsSeed: UInt64? = nil
        /// The folder gamepads are found in (`--gamepads`); nil for none.
        var gamepadFolder: String? = nil
        /// The folder the game's socket goes in, for `cardtable screen` (``ScreenFolder``); nil
        /// for none.
        var screenFolder: String? = nil
        /// `cardtable design`: open the layout designer on this session instead of a table.
        var design: DesignSession? = nil
        /// The designed file does not exist yet.
        var designIsNew = false
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The game to open; nil opens the game chooser.
    let layout: TableLayout?
    let options: Options
    let clock = SystemClock()
    var stats = PlayStatistics()
    /// When the first input byte since the last frame arrived.
    var pendingInputTime: Double?

    init(layout: TableLayout?, options: Options) {
        self.layout = layout
        self.options = options
    }

    func run() throws {
        let screen: TerminalScreen
        do {
            screen = try TerminalScreen(environment: ProcessEnvironment.current)
        } catch {
            throw Failure(description: "\(error)")
        }
        defer { screen.close() }
        let theme = Theme(
            settings: options.settings, unicode: screen.isUTF8, monochrome: screen.colorMode == .monochrome)
        let animations = options.settings.animation != .off
        let size = screen.size
        let randomDeal = { UInt64.random(in: 1...1_000_000) }
        let app: TableApp
        if let session = options.design {
            app = TableApp.design(
                session: session, isNewFile: options.designIsNew, width: size.width, height: size.height, clock: clock,
                theme: theme, animations: animations, settings: PlaySettings(options.settings), dealNumber: randomDeal)
        } else if let seed = options.ballsSeed {
            app = TableApp.balls(
                seed: seed, width: size.width, height: size.height, clock: clock, theme: theme,
                animations: animations, settings: PlaySettings(options.settings), dealNumber: randomDeal)
        } else if let layout {
            let start = options.position.map(GameStart.position) ?? .deal(options.deal ?? randomDeal())
            app = TableApp(
                layout: layout, start: start, width: size.width, height: size.height,
                clock: clock, theme: theme, animations: animations, settings: PlaySettings(options.settings),
                dealNumber: randomDeal)
        } else {
            let games = ShippedLayouts.names.compactMap { ShippedLayouts.layout(named: $0) } + [BallsScene.chooserEntry]
            var firstDeal = options.deal
            app = TableApp(
                chooserWith: games, width: size.width, height: size.height, clock: clock, theme: theme,
                animations: animations, settings: PlaySettings(options.settings)
            ) {
                defer { firstDeal = nil }
                return firstDeal ?? randomDeal()
            }
        }
        app.useSettings(options.settings, file: options.settingsFile, unicode: screen.isUTF8)
        app.keeper = options.keeper
        // The solver searches on threads of its own; an answer wakes the loop through a pipe.
        // Its searches wait until the first frame is written (HeldBackgroundWork).
        let threads = ThreadedBackgroundWork()
        let background = HeldBackgroundWork(threads)
        app.background = background
        if let source = options.layoutSource { app.game?.layoutSource = source }
        if !options.scriptOptions.isEmpty { app.game?.useScriptOptions(options.scriptOptions) }
        if layout != nil, options.offersSavedGame { app.offerSavedGame(deal: options.deal) }
        // A deal drawn at random (not asked for, not a saved game offered) may have to be a
        // winnable one; the chooser's first game keeps the deal asked for.
        if layout != nil, options.deal == nil, options.position == nil, app.game?.isOfferingResume == false {
            app.game?.findWinnableDeal()
        }
        if layout == nil, options.deal != nil { app.nextDealIsAsked = true }
        let terminal = TerminalLoop(screen: screen, clock: clock)
        let loop = terminal.loop
        // The status line's clock: a timer for its next second, only while a game's clock runs.
        var tick: RunLoop.TimerID?
        func scheduleTick() {
            if let pending = tick { loop.cancelTimer(pending) }
            tick = nil
            guard let game = app.game, let next = game.nextClockTick else { return }
            tick = loop.addTimer(after: next - clock.now) {
                tick = nil
                app.game?.clockTicked()
                scheduleTick()
            }
        }
        // The demo's next move: a timer for it, only while the demo plays.
        var demoStep: RunLoop.TimerID?
        func scheduleDemoStep() {
            if let pending = demoStep { loop.cancelTimer(pending) }
            demoStep = nil
            guard let game = app.game, let next = game.nextDemoStep else { return }
            demoStep = loop.addTimer(after: next - clock.now) {
                demoStep = nil
                app.game?.demoTicked()
                scheduleDemoStep()
                scheduleTick()
            }
        }
        // Gamepads: the folder's watch and each pad's descriptor, watched as they come and go.
        let pads = options.gamepadFolder.map { GamepadMonitor(folder: $0) }
        var watchedPads: Set<Int32> = []
        func deliver(_ notices: [GamepadNotice]) {
            guard let pads else { return }
            for notice in notices { app.handle(gamepad: notice) }
            let now = Set(pads.descriptors)
            for gone in watchedPads.subtracting(now) { loop.removeSource(gone) }
            for new in now.subtracting(watchedPads) {
                terminal.watch(new) { deliver(pads.handle(readable: new)) }
            }
            watchedPads = now
            if app.wantsQuit { loop.stop() }
            scheduleTick()
            scheduleDemoStep()
        }
        terminal.watch(threads.wakeDescriptor) {
            threads.deliverAnswers()
            scheduleDemoStep()
        }
        stats.colorMode = screen.colorMode
        if options.statsPath != nil {
            terminal.onBytes = { [unowned self] in
                if pendingInputTime == nil { pendingInputTime = clock.now }
            }
        }
        // A second screen: `cardtable screen` in another terminal joins through the game's socket.
        let secondScreen = SecondScreenSession(app: app, terminal: terminal, firstTerminal: STDOUT_FILENO)
        defer { secondScreen.finish() }
        secondScreen.afterChange = {
            if app.wantsQuit { loop.stop() }
            scheduleTick()
            scheduleDemoStep()
        }
        // Pads already plugged in, and the socket a second terminal joins through: looked for
        // once the first frame is out (below), not before it.
        func startDevices() {
            deliver(pads?.start() ?? [])
            if let folder = options.screenFolder, let problem = secondScreen.listen(in: folder) {
                app.announce(problem)
            }
        }
        terminal.onInput = { events in
            for event in events { app.handle(event) }
            secondScreen.afterInput()
        }
        terminal.onResize = { width, height in
            if app.isOnSecondScreen {
                app.resizeController(width: width, height: height)
            } else {
                app.resize(width: width, height: height)
            }
        }
        terminal.beforeSuspend = {
            // A stopped game cannot draw the second terminal or read it: it is given back.
            secondScreen.leave(.suspended)
            app.suspending()
        }
        terminal.afterForeignStop = { seconds in app.resumed(afterStoppedFor: seconds) }
        terminal.afterResume = {
            app.resumed()
            app.firstScreenWindow.setNeedsFullRedraw()
        }

        loop.needsFrame = { app.needsFrame }
        loop.frameDeadline = { app.nextTick }
        // 20 ms after the first frame is written (time for the terminal to show it, on a
        // machine with few cores): the searches asked for start, the save's fingerprint is
        // worked out away from the first move, and gamepads and second screens are looked for.
        var releaseTimer: RunLoop.TimerID?
        func afterFrame() {
            guard !background.isReleased, releaseTimer == nil else { return }
            releaseTimer = loop.addTimer(after: TerminalPlay.backgroundDelay) {
                background.release()
                app.game?.prepareLayoutFingerprint()
                startDevices()
            }
        }
        if options.statsPath == nil {
            // Nothing is measured: a frame is composing and writing, no more.
            loop.onFrame = {
                if !secondScreen.drawFrames(on: screen) { screen.draw(app.renderFrame().changes) }
                afterFrame()
            }
        } else {
            loop.onFrame = { [unowned self] in
                if secondScreen.drawFrames(on: screen) {
                    pendingInputTime = nil  // frames on two terminals are not measured
                } else {
                    drawMeasuredFrame(app: app, screen: screen)
                }
                afterFrame()
            }
        }

        terminal.run()
        secondScreen.finish()
        app.finish()
        screen.close()
        // Said in the status line while playing; said again where it stays readable.
        for problem in app.keeperProblems { printError("cardtable: \(problem)") }
        if let path = options.statsPath {
            stats.wakeups = loop.wakeups
            stats.totalBytes = Int(screen.bytesWritten)
            try stats.write(to: path)
        }
        // Ended by a signal: saved and given back as on q, and the status says which signal.
        if let signal = terminal.endingSignal {
            // The designer's unsaved changes are kept beside the file.
            if let designer = app.designer, designer.isModified {
                switch designer.writeRecoveryCopy() {
                case .success(let path): printError("cardtable: unsaved changes kept in \(path)")
                case .failure(let error): printError("cardtable: unsaved changes lost: \(error)")
                }
            }
            throw ExitCode(128 + signal)
        }
        if app.leftUnsaved { throw ExitCode(1) }
    }

    /// How long after the first frame is written the background work starts.
    static let backgroundDelay = 0.02

    /// A frame with `--stats`: its bytes (two reads of the kernel's count), compose time,
    /// input-to-frame time and the minimum its changes need are recorded.
    private func drawMeasuredFrame(app: TableApp, screen: TerminalScreen) {
        let bytesBefore = screen.bytesWritten
        let composeStart = clock.now
        let frame = app.renderFrame()
        let composeEnd = clock.now
        screen.draw(frame.changes)
        let written = clock.now
        stats.record(
            frame: frame, composeSeconds: composeEnd - composeStart,
            bytes: Int(screen.bytesWritten - bytesBefore), colorMode: screen.colorMode)
        if stats.firstFrameSeconds == nil { stats.firstFrameSeconds = written - options.startTime }
        if let input = pendingInputTime {
            stats.inputToFrame.append(written - input)
            pendingInputTime = nil
        }
    }
}

extension TerminalPlay.Options {
    /// What `play` and `balls` share: games kept in the player's XDG folders (found again by name
    /// or path), and the folder a second terminal joins through.
    mutating func useThePlayersFolders(environment: [String: String]) {
        screenFolder = ScreenFolder.path(environment: environment)
        // Without a HOME (nor XDG folders) nothing can be kept: said as a save that failed is,
        // where the game played on and was lost without a word.
        keeper =
            XDGDirectories(environment: environment).map { folders -> GameKeeper in
                FileGameKeeper(folders: folders) { name in
                    // A game that is nowhere is no game any more; one that is there but does not
                    // load says why, and its saves are kept for when it loads again.
                    let location = LayoutResolver.locate(name, environment: environment)
                    if case .nowhere = location { return LayoutLoadResult(layout: nil, diagnostics: []) }
                    return LayoutResolver.load(name, from: location)
                }
            } ?? NowhereGameKeeper()
    }
}
