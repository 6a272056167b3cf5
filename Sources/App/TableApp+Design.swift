import Layouts
import Solitaire
import TableKit
import TerminalInput

/// The layout designer in the app (`cardtable design FILE`): it opens on the ``DesignScene``;
/// `t` there plays the layout as it stands (a game dealt by its rules, or a free table as the
/// sandbox plays), and `t`, `q` or the game's quit keys come back to the designer, as it was.
/// Nothing of the tried game is kept or counted.
extension TableApp {
    /// An app that opens on the designer for a session's layout.
    public static func design(
        session: DesignSession, isNewFile: Bool = false, width: Int, height: Int, clock: TableClock,
        theme: Theme = Theme(ascii: false, monochrome: false), animations: Bool = true,
        settings: PlaySettings = PlaySettings(), dealNumber: @escaping () -> UInt64 = { UInt64.random(in: 1...999_999) }
    ) -> TableApp {
        var made: DesignScene?
        let app = TableApp(
            width: width, height: height, clock: clock, theme: theme, animations: animations, catalog: .shipped,
            settings: settings, dealNumber: dealNumber
        ) { window, theme in
            let scene = DesignScene(session: session, isNewFile: isNewFile, window: window, theme: theme)
            made = scene
            return scene
        }
        app.designer = made
        return app
    }

    /// A layout from the designer is being played.
    public var isTryingDesign: Bool { designer != nil && game != nil }

    /// What leaves a tried layout for the designer: `t`, the quit keys, and a click on either
    /// where the status line offers it (`[t] back to the designer`).
    func leavesTry(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let press):
            return press.key == .character("t") || KeyBindings.action(for: press) == .quit
        case .mouse(let report):
            guard report.action == .press, report.button == .left, let game,
                report.row == window.size.height - 1, !game.statusLine.isHidden,
                let key = game.statusLine.key(atColumn: report.column)
            else { return false }
            return key == "t" || key == "q"
        default:
            return false
        }
    }

    /// Plays the designer's layout as it stands, on a deal of its rules (a free table deals
    /// nothing).
    func tryDesign(_ designer: DesignScene) {
        cancelPointer()
        window.animator.finishAll()
        current?.detach()
        let scene = TableScene(layout: designer.layout, seed: dealNumber(), window: window, theme: theme)
        scene.layoutSource = designer.session.document.file
        scene.apply(settings)
        scene.quitLabel = "back to the designer"
        let layout = designer.layout
        let makesNoCards = layout.rules == nil && !layout.slots.contains { $0.tapToCreate }
        // A free table deals nothing: its cards come from slots that make them when tapped.
        scene.notice =
            makesNoCards
            ? "Trying \(designer.fileLabel): no slot makes cards (tap-to-create) · [t] back to the designer"
            : "Trying \(designer.fileLabel): [t] back to the designer"
        scene.updateStatus()
        current = scene
        lastGame = scene
        window.setNeedsFullRedraw()
    }

    /// Leaves the tried layout for the designer, as it was left.
    func backToDesigner() {
        guard let designer else { return }
        cancelPointer()
        window.animator.finishAll()
        current?.detach()
        lastGame = nil
        designer.reattach()
        designer.notice = "back from trying \(designer.fileLabel)"
        designer.updateStatus()
        current = designer
        window.setNeedsFullRedraw()
    }
}
