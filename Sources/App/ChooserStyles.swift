import TableKit

/// The chooser's styles, made from the theme's: a selected row stands out in the title colour
/// (reverse video in monochrome).
enum ChooserStyles {
    /// A selected row: the list's cursor, the win panel's chosen choice.
    static func selected(_ theme: Theme) -> CellStyle {
        if theme.isMonochrome {
            return CellStyle(foreground: .white, background: .black, attributes: [.reverse, .bold])
        }
        return CellStyle(
            foreground: theme.panel.background, background: theme.panelTitle.foreground, attributes: [.bold])
    }
}
