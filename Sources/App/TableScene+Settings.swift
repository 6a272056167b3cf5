import TableKit

/// A game drawn anew when the theme changes on the settings screen (ASCII, four colours, the
/// terminal's background): every view is made again in the new theme, while the position,
/// the moves and the moves undone, the clock, the cursor and the play settings stay as they
/// were.
extension TableScene {
    public func retheme(_ newTheme: Theme) {
        let attached = tableLayer.superview != nil
        putHandBack()
        clearHint()
        closeHelp(quitting: false)
        window.animator.finishAll()
        detach()
        theme = newTheme
        for view in tableLayer.subviews { view.removeFromSuperview() }
        slotViews = [:]
        targetViews = []
        hintViews = []
        cursorView = CursorView(theme: theme)
        statusLine = StatusLineView(theme: theme)
        helpPanel = TableScene.makeHelpPanel(for: layout, theme: theme)
        helpPanel.isHidden = true
        tooSmallView = MessageView(theme: theme)
        makeSlotViews()
        makeCardViews()
        guard attached else { return }
        reattach()
        // A win's celebration stays above the table.
        if let overlay = winOverlay { window.bringSubviewToFront(overlay) }
    }
}
