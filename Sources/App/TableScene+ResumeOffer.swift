import Persistence
import Solitaire
import TableKit
import TerminalInput

/// The offer to resume a saved game: the saved position is on the table, and a panel over it
/// asks whether to play on.
///
/// ```
/// ╭────────────────────────────────────────╮
/// │ Resume Klondike #12345, 34 moves, 3:12? │
/// │                                        │
/// │  Your game as you left it.             │
/// │                                        │
/// │  ▸ r  Resume this game                 │
/// │    n  New deal (this game is lost)     │
/// │    g  Choose another game              │
/// │    q  Quit (the game stays saved)      │
/// ╰────────────────────────────────────────╯
/// ```
extension TableScene {
    var resumeOffer: ResumeOfferView? {
        window.subviews.lazy.compactMap { $0 as? ResumeOfferView }.first
    }

    /// Whether the resume offer is up; keys and clicks go to it.
    public var isOfferingResume: Bool { resumeOffer != nil }

    /// Puts a saved game on the table and asks whether to play on. With `dealAsked` (the player
    /// named the deal), the other choice is that deal from its start rather than the next deal.
    public func offerResume(_ saved: SavedGame, _ resumed: ResumedGame, dealAsked: Bool = false) {
        restore(saved, resumed)
        // The clock waits for the answer.
        if clockStart != nil { clockStop = window.clock.now }
        let choices: [(WinChoice, String)] = [
            (.resume, "Resume this game"),
            dealAsked
                ? (.startAfresh, "Start \(dealName) afresh (this game counts as lost)")
                : (.newDeal, "New deal (this game counts as lost)"),
            (.chooseGame, "Choose another game"),
            (.quit, "Quit (the game stays saved)"),
        ]
        let panel = WinPanelView(
            title: "Resume \(saved.summary)?", detail: "Your game as you left it.", choices: choices, theme: theme
        ) { [unowned self] choice in
            self.chooseOnResumeOffer(choice)
        }
        let offer = ResumeOfferView(panel: panel, width: window.size.width, height: window.size.height)
        let above = window.subviews.firstIndex { $0 === cursorView } ?? 0
        window.insertSubview(offer, at: above + 1)
        cursorVisible = false
        updateCursor()
    }

    /// A key while the offer is up.
    public func handleResumeOffer(_ press: KeyPress) {
        guard let offer = resumeOffer else { return }
        if press.key == .control("c") || press.key == .escape {
            chooseOnResumeOffer(press.key == .escape ? .resume : .quit)
            return
        }
        if let choice = offer.panel.choice(for: press) { chooseOnResumeOffer(choice) }
    }

    /// Carries out the offer's choice; the offer goes.
    public func chooseOnResumeOffer(_ choice: WinChoice) {
        resumeOffer?.removeFromSuperview()
        cursorVisible = true
        if let started = clockStart, let stopped = clockStop, !isWon {
            clockStart = window.clock.now - (stopped - started)
            clockStop = nil
        }
        switch choice {
        case .newDeal: newGame()
        case .startAfresh:
            giveUpGame()
            beginNewGameRecord()
            replacePosition(with: startPosition)
        case .chooseGame: chooserRequested = true
        case .quit: quitRequested = true
        case .resume, .replay: break
        }
        updateCursor()
        updateStatus()
    }

    /// The screen changed size: the offer is centred again.
    func layoutResumeOffer() {
        resumeOffer?.layout(width: window.size.width, height: window.size.height)
    }
}

/// Covers the screen while the resume offer is up, so a click reaches only its panel.
final class ResumeOfferView: View {
    let panel: WinPanelView

    init(panel: WinPanelView, width: Int, height: Int) {
        self.panel = panel
        super.init(frame: .zero)
        name = "resume offer"
        addSubview(panel)
        layout(width: width, height: height)
    }

    func layout(width: Int, height: Int) {
        frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        panel.centre(inWidth: width, height: height)
    }
}
