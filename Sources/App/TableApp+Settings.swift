import Layouts
import Persistence
import TableKit
import TerminalInput

/// What the app keeps of the player's settings.
struct SettingsHost {
    /// The settings given with ``TableApp/useSettings(_:file:unicode:)``; before that they are
    /// read off the app (its theme, animation and play settings).
    var settings: Settings?
    /// Where changes made on the settings screen are written; `nil`: they are not.
    var file: String?
    /// Whether the terminal shows Unicode (without it the theme is ASCII whatever the setting).
    var unicode = true
    /// The settings screen, while it shows.
    var panel: SettingsPanelView?
    /// What the screen's note says after the last change: saved, or why not.
    var note: String?
    /// The settings changed on the settings screen that are not in the file, each with why (a
    /// full disk): said again on the way out. A later change of the same setting that is
    /// written takes it off.
    var unsaved: [Setting: String] = [:]

    /// What is said on the way out of changes that were not written, or nil.
    var unsavedProblem: String? {
        guard let file, !unsaved.isEmpty else { return nil }
        let settings = Setting.allCases.filter { unsaved[$0] != nil }
        let why = settings.compactMap { unsaved[$0] }.last ?? ""
        let keys = settings.map(\.key).joined(separator: ", ")
        // Why names the file first when the file itself was at fault (`PATH:1:7: …`, `PATH:
        // permission denied`): the file is not named twice.
        let namesTheFile = why.hasPrefix(TerminalText.safe(file) + ":")
        return "settings changed but not saved (\(keys))" + (namesTheFile ? "" : " in \(TerminalText.safe(file))")
            + ": \(why)"
    }
}

/// The settings screen (`o` in a game): each setting and its value; the arrows or `j` `k`
/// choose one, left and right (or `h` `l`, Enter, Space, a click) change it, Escape, `o` or
/// `q` close the screen. A change applies to the game at once, animation speed, autoplay, mouse
/// mode, card size and theme alike (a new theme draws the game anew, keeping its position,
/// moves and clock), and is written to the settings file, that setting alone, so the file keeps
/// the player's comments and whatever the command line overrode stays as the file had it.
extension TableApp {
    /// Takes on the player's settings: the theme, the animation speed, autoplay, the mouse and
    /// the card size, for the game on screen and those started after.
    ///
    /// - Parameters:
    ///   - file: where the settings screen writes changes (`nil`: nowhere, they last until quit).
    ///   - unicode: whether the terminal shows Unicode; without it the theme is ASCII.
    public func useSettings(_ settings: Settings, file: String?, unicode: Bool = true) {
        settingsHost.file = file
        settingsHost.unicode = unicode
        apply(settings)
    }

    /// The settings in effect (autoplay and the mouse as the `a` and `m` keys left them).
    public var playerSettings: Settings {
        var result = settingsHost.settings ?? settingsReadOffTheApp
        result.autoplay = settings.autoplay
        result.mouse = settings.mouseMode
        result.cardSize = settings.cardSize.map { .fixed($0) } ?? .automatic
        result.winnable = settings.showsWinnable
        result.winnableOnly = settings.winnableOnly
        return result
    }

    /// Where changes are written, if anywhere.
    public var settingsFile: String? { settingsHost.file }

    private var settingsReadOffTheApp: Settings {
        var result = Settings()
        let scale = window.animator.timeScale
        result.animation = !window.animator.isEnabled ? .off : scale < 1 ? .fast : scale > 1 ? .slow : .normal
        result.background = theme.usesTerminalBackground ? .terminal : .felt
        result.fourColour = theme.isFourColour
        result.ascii = !theme.glyphs.unicodeSuits
        return result
    }

    public var isShowingSettings: Bool { settingsHost.panel != nil }

    /// What the settings screen's note says (where changes go, or why one was not saved).
    public var settingsNote: String? { settingsHost.panel?.note }

    /// The setting selected on the settings screen.
    public var selectedSetting: Setting? { settingsHost.panel?.selectedSetting }

    /// Opens the settings screen over the game.
    public func openSettings() {
        guard settingsHost.panel == nil else { return }
        cancelPointer()
        let panel = SettingsPanelView(settings: playerSettings, note: noteForSettingsScreen(), theme: theme) {
            [unowned self] setting in
            guard let panel = self.settingsHost.panel else { return }
            panel.selected = Setting.allCases.firstIndex(of: setting) ?? panel.selected
            self.change(setting, by: 1)
        }
        settingsHost.panel = panel
        window.addSubview(panel)
        panel.centre(inWidth: window.size.width, height: window.size.height)
    }

    /// Closes the settings screen.
    public func closeSettings() {
        settingsHost.panel?.removeFromSuperview()
        settingsHost.panel = nil
        settingsHost.note = nil
    }

    /// Changes a setting `steps` values on (back when negative): at once on screen, and in the file.
    public func change(_ setting: Setting, by steps: Int) {
        var changed = playerSettings
        changed.cycle(setting, by: steps)
        apply(changed)
        if setting == .autoplay, let game, game.runAutoplay(joiningLastMove: false, after: 0) { game.afterMove() }
        settingsHost.note = save(setting, changed.value(of: setting))
        if let panel = settingsHost.panel {
            panel.show(playerSettings)
            panel.note = noteForSettingsScreen()
            panel.theme = theme
            window.bringSubviewToFront(panel)
            panel.centre(inWidth: window.size.width, height: window.size.height)
        }
    }

    /// Writes one setting into the file; what the note says about it.
    private func save(_ setting: Setting, _ value: String) -> String? {
        guard let file = settingsHost.file else { return nil }
        do {
            try SettingsFile.update(file) { $0.set(setting, to: value) }
            settingsHost.unsaved[setting] = nil
            return "Saved in \(file)"
        } catch {
            settingsHost.unsaved[setting] = error.description
            return "Not saved: \(error.description)"
        }
    }

    private func noteForSettingsScreen() -> String {
        if let note = settingsHost.note { return note }
        guard let file = settingsHost.file else { return "Changes last until you quit." }
        return "Changes are saved in \(file)"
    }

    /// Makes the settings in effect: the animator's speed, the play settings and the theme.
    func apply(_ new: Settings) {
        settingsHost.settings = new
        window.animator.isEnabled = new.animation != .off
        window.animator.timeScale = new.animation.timeScale ?? 1
        let play = PlaySettings(new)
        if settings != play { settings = play }
        let newTheme = Theme(settings: new, unicode: settingsHost.unicode, monochrome: theme.isMonochrome)
        if !newTheme.drawsLike(theme) { retheme(newTheme) }
    }

    /// Draws everything again in a new theme: the game (and the one the chooser goes back to),
    /// or the chooser with its selection.
    private func retheme(_ newTheme: Theme) {
        theme = newTheme
        window.backgroundCell = newTheme.feltCell
        if let chooser {
            let selected = chooser.selectedGame.name
            let canResume = chooser.canResume
            chooser.detach()
            let rethemed = ChooserScene(
                catalog: catalog, selecting: selected, window: window, theme: newTheme, canResume: canResume)
            rethemed.savedGames = chooser.savedGames
            current = rethemed
        }
        var rethemed: [TableScene] = []
        for scene in [game, lastGame].compactMap({ $0 }) where !rethemed.contains(where: { $0 === scene }) {
            scene.retheme(newTheme)
            rethemed.append(scene)
        }
        window.setNeedsFullRedraw()
    }

    // MARK: Input

    /// An event while the settings screen shows: its keys, clicks on its rows; a press
    /// outside it closes it (and goes no further).
    func handleSettings(_ event: InputEvent) {
        guard let panel = settingsHost.panel else { return }
        switch event {
        case .key(let press):
            switch press.key {
            case .up, .character("k"), .backTab:
                panel.selected = (panel.selected + panel.rows.count - 1) % panel.rows.count
            case .down, .character("j"), .tab:
                panel.selected = (panel.selected + 1) % panel.rows.count
            case .left, .character("h"):
                change(panel.selectedSetting, by: -1)
            case .right, .character("l"), .enter, .character(" "):
                change(panel.selectedSetting, by: 1)
            case .escape, .character("o"), .character("q"):
                closeSettings()
            case .control("c"):
                closeSettings()
                game?.perform(.quit)
            default:
                break
            }
        case .mouse(let report):
            let inside = panel.frame.contains(Point(x: Double(report.column) + 0.5, y: Double(report.row) + 0.5))
            if report.action == .press, [.left, .middle, .right].contains(report.button), !inside {
                closeSettings()
                droppingPointerSequence = true
                return
            }
            for update in pointer.handle(report) { deliver(update) }
        case .focusOut:
            cancelPointer()
        case .focusIn, .paste:
            break
        }
    }
}
