import TableKit

/// What takes the player's input, and the one rule about it: when it changes, the cards in hand
/// go back. A drag (or a carry with the keyboard) belongs to the table as it was when it began;
/// help, a panel (settings, a script's failure, the win, the resume offer), the "terminal too
/// small" message, a resize, the chooser, another game or a new deal, focus lost and a suspend
/// all end it, and the cards snap back to where they came from. No card is left lifted under an
/// overlay, and a release that arrives while one shows reaches nothing.
///
/// The app compares the mode before and after everything that can change it (each event, each
/// frame, a resize, focus lost), so no key or panel needs its own cancelling.
struct InputMode: Equatable {
    enum Screen: Equatable {
        case chooser
        case settings
        /// A game, by its view and its game id (a new deal or a resumed game is another game).
        case game(ObjectIdentifier, String)
        /// Another scene (the balls game), by its identity.
        case scene(ObjectIdentifier)
        case nothing
    }

    var screen: Screen
    /// What lies over the game, if anything.
    var overlay: TableScene.Overlay
    /// What takes another scene's input (``Scene/inputState``).
    var sceneState = ""
    var width: Int
    var height: Int
}

extension TableApp {
    /// The mode now.
    var inputMode: InputMode {
        let screen: InputMode.Screen
        if isShowingSettings {
            screen = .settings
        } else if chooser != nil {
            screen = .chooser
        } else if let game {
            screen = .game(ObjectIdentifier(game), game.gameID)
        } else if let current {
            screen = .scene(ObjectIdentifier(current))
        } else {
            screen = .nothing
        }
        let overlay = chooser == nil ? game?.overlay ?? .none : .none
        return InputMode(
            screen: screen, overlay: overlay,
            sceneState: game == nil && chooser == nil ? current?.inputState ?? "" : "",
            width: window.size.width, height: window.size.height)
    }

    /// Breaks off the drag or carry if the mode changed since the last look. Returns whether it did.
    @discardableResult
    func settleInputMode() -> Bool {
        let mode = inputMode
        guard mode != lastInputMode else { return false }
        lastInputMode = mode
        putHandBack()
        return true
    }

    /// Ends every pointer sequence (the terminal's and the window's: a later release reaches
    /// nothing) and puts the cards in hand back on their pile, in the game on screen and in the
    /// one the chooser goes back to.
    func putHandBack() {
        _ = pointer.cancel()
        window.cancelPointer()
        var scenes: [TableScene] = []
        for scene in [game, lastGame].compactMap({ $0 }) where !scenes.contains(where: { $0 === scene }) {
            scene.putHandBack()
            scenes.append(scene)
        }
        if game == nil, chooser == nil { current?.putHandBack() }
    }
}

extension TableScene {
    /// What covers the table and takes keys and clicks instead of it.
    enum Overlay: Equatable {
        case none
        case help
        /// The help panel showing a script's failure.
        case failure
        case resumeOffer
        /// The win's cascade, then its panel.
        case cascade
        case winPanel
        /// The table does not fit: the "terminal too small" message shows instead.
        case tooSmall
    }

    var overlay: Overlay {
        if isOfferingResume { return .resumeOffer }
        if isShowingWinPanel { return .winPanel }
        if isCelebrating { return .cascade }
        if isShowingHelp { return helpLinesAside == nil ? .help : .failure }
        if placement == nil { return .tooSmall }
        return .none
    }
}
