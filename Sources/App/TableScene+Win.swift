import Layouts
import Persistence
import Solitaire
import TableKit
import TerminalInput

/// Winning: the foundation cards cascade off the table as in the classic Windows game, then a
/// panel says what was won, in what time and how many moves, and offers what comes next. Any
/// key or click skips the cascade to the panel.
///
/// The celebration lives in a ``WinOverlayView`` over the table (the view tree holds its state),
/// found again through the window. While it is up the app routes keys here first
/// (``handleCelebration(_:)``), a press skips the cascade (``skipCelebration()``), and before
/// each frame it calls ``advanceCelebration()``; ``isCascading`` keeps frames coming until the
/// last card has left, and asks for none once the panel is up.
extension TableScene {
    /// The win's overlay, while it is up.
    var winOverlay: WinOverlayView? {
        window.subviews.lazy.compactMap { $0 as? WinOverlayView }.first
    }

    /// A win is being celebrated: the cascade or the win panel is up.
    public var isCelebrating: Bool { winOverlay != nil }

    /// The cards are flying, or about to once the table has settled.
    public var isCascading: Bool { winOverlay.map { !$0.isFinished } ?? false }

    /// The win panel is up, waiting for a choice.
    public var isShowingWinPanel: Bool { winOverlay?.panel != nil }

    /// The choices the win panel offers, in order (empty when it is not up).
    public var winChoices: [WinChoice] { winOverlay?.panel?.choiceViews.map(\.choice) ?? [] }

    /// Starts the celebration of a won game: the foundation cards leave one by one, top cards
    /// first, going round the foundations. Does nothing unless the game is won, or when the
    /// celebration is already on. With animation off the panel shows at once.
    public func celebrateWin() {
        guard layout.rules != nil, isWon, !isCelebrating else { return }
        putHandBack()
        let cursorWasVisible = cursorVisible
        cursorVisible = false
        updateCursor()
        let (width, height) = window.size
        let size = placement?.cardSize ?? CardSize(width: 1, height: 1)
        let cascade = WinCascade(
            launches: cascadeLaunches(), cardSize: (size.width, size.height), width: width, floor: height - 1,
            seed: seed)
        let overlay = WinOverlayView(
            cascade: cascade, cardSize: (size.width, size.height), width: width, height: height, theme: theme)
        overlay.cursorWasVisible = cursorWasVisible
        let above = window.subviews.firstIndex { $0 === cursorView } ?? 0
        window.insertSubview(overlay, at: above + 1)
        if !window.animator.isEnabled || placement == nil || cascade.stamps.isEmpty { showWinPanel() }
    }

    /// The foundation cards in the order they leave: the top card of each foundation in turn,
    /// round and round until none is left.
    func cascadeLaunches() -> [WinCascade.Launch] {
        var stacks = layout.slots.indices.filter { layout.slots[$0].kind == .foundation && showsCards($0) }
            .map { pileViews[$0] }
        var launches: [WinCascade.Launch] = []
        while stacks.contains(where: { !$0.isEmpty }) {
            for index in stacks.indices {
                guard let view = stacks[index].popLast() else { continue }
                launches.append(
                    WinCascade.Launch(card: view.card, x: roundToCell(view.frame.minX), y: roundToCell(view.frame.minY))
                )
            }
        }
        return launches
    }

    /// Moves the cascade on to the clock's time: called by the app before each frame. The cards
    /// set off once the table has settled; when the last one has left, the panel shows.
    public func advanceCelebration() {
        guard let overlay = winOverlay, !overlay.isFinished else { return }
        let now = window.clock.now
        if overlay.startTime == nil {
            guard !window.animator.isAnimating else { return }
            overlay.startTime = now
        }
        overlay.paint(upTo: now - (overlay.startTime ?? now))
        if overlay.hasPaintedEverything { showWinPanel() }
    }

    /// Stops the cascade where it is and shows the win panel.
    public func skipCelebration() {
        guard let overlay = winOverlay, !overlay.isFinished else { return }
        showWinPanel()
    }

    func showWinPanel() {
        guard let overlay = winOverlay, overlay.panel == nil else { return }
        overlay.finish()
        let choices: [(WinChoice, String)] = [
            (.newDeal, "New deal of \(layout.title)"), (.replay, replayText),
            (.chooseGame, "Choose another game"), (.quit, "Quit"),
        ]
        let panel = WinPanelView(
            title: "You won \(layout.title) \(dealName)!", detail: winDetail,
            choices: choices, theme: theme
        ) { [unowned self] choice in
            self.choose(choice)
        }
        panel.note =
            isCounted
            ? keeper?.statisticsLine(variant: layout.name, width: min(60, max(20, window.size.width - 8)))
            : layout.rules == nil
                ? nil
                : demoPlayed
                    ? "Not counted in the statistics: the demo played" : "Not counted: a game from a set position"

        overlay.addSubview(panel)
        overlay.panel = panel
        panel.centre(inWidth: window.size.width, height: window.size.height)
    }

    /// "Replay deal #12", or "Replay the position" for a game started from one.
    var replayText: String {
        if case .position = start { return "Replay the position" }
        return "Replay deal #\(seed)"
    }

    /// "3:07 · 112 moves": the game's clock, stopped by the win, and the moves.
    var winDetail: String {
        let moves = history.count == 1 ? "1 move" : "\(history.count) moves"
        return "\(clockText(elapsedSeconds)) · \(moves)"
    }

    /// Makes a choice of the win panel: the celebration ends and the choice is carried out.
    public func choose(_ choice: WinChoice) {
        guard let overlay = winOverlay else { return }
        cursorVisible = overlay.cursorWasVisible
        overlay.removeFromSuperview()
        switch choice {
        case .newDeal: newGame()
        case .replay: restart()
        case .chooseGame: chooserRequested = true
        case .quit: quitRequested = true
        case .resume, .startAfresh: break
        }
        updateCursor()
        updateStatus()
    }

    /// A key while the celebration is up. During the cascade any key shows the panel (Ctrl-C
    /// still quits); on the panel a choice's key makes it, the arrows move the selection and
    /// Enter makes the selected choice.
    public func handleCelebration(_ press: KeyPress) {
        guard let overlay = winOverlay else { return }
        if press.key == .control("c") {
            choose(.quit)
            return
        }
        guard let panel = overlay.panel else {
            skipCelebration()
            return
        }
        if let choice = panel.choice(for: press) { choose(choice) }
    }

    /// The screen changed size: the cascade stops (its trail was drawn for the old size) and
    /// the panel is centred again.
    func layoutCelebration() {
        guard let overlay = winOverlay else { return }
        overlay.clearTrail(width: window.size.width, height: window.size.height)
        showWinPanel()
        overlay.panel?.centre(inWidth: window.size.width, height: window.size.height)
    }
}
