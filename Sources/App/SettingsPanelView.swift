import Persistence
import TableKit

/// The settings screen: a panel over the game listing each setting and its value, one row
/// selected; below them a note says where changes are saved, or why they were not.
///
/// ```
/// ╭──────────────── Settings ────────────────╮
/// │                                          │
/// │ ▸ Animation           ‹ normal ›         │
/// │   Autoplay              off              │
/// │   Mouse                 drag             │
/// │   Card size             auto             │
/// │   Background            felt             │
/// │   Four-colour deck      off              │
/// │   ASCII only            off              │
/// │                                          │
/// │ Saved in ~/.config/cardtable/config.toml │
/// ╰────── ←→ change · Esc closes ────────────╯
/// ```
final class SettingsPanelView: View {
    var theme: Theme {
        didSet {
            for row in rows { row.theme = theme }
            setNeedsDisplay()
        }
    }
    let rows: [SettingsRowView]
    /// The row the keys change.
    var selected = 0 {
        didSet {
            for (index, row) in rows.enumerated() { row.isSelected = index == selected }
        }
    }
    /// The last lines: where changes go, or why they did not.
    var note: String {
        didSet { if note != oldValue { setNeedsDisplay() } }
    }

    /// - Parameter tap: called with the setting of a row clicked.
    init(settings: Settings, note: String, theme: Theme, tap: @escaping (Setting) -> Void) {
        self.theme = theme
        self.note = note
        rows = Setting.allCases.map { SettingsRowView(setting: $0, value: settings.value(of: $0), theme: theme) }
        super.init(frame: .zero)
        name = "settings panel"
        for row in rows {
            row.addGestureRecognizer(TapGestureRecognizer { [unowned row] _ in tap(row.setting) })
            addSubview(row)
        }
        rows.first?.isSelected = true
    }

    /// The setting of the selected row.
    var selectedSetting: Setting { rows[selected].setting }

    /// Shows new values.
    func show(_ settings: Settings) {
        for row in rows { row.value = settings.value(of: row.setting) }
    }

    /// The first row, below the title and a blank line.
    static let firstRow = 3
    /// Lines the note may take.
    static let noteLines = 3
    static let preferredWidth = 48

    /// The note cut into lines that fit inside the border.
    func noteLines(width: Int) -> [String] {
        Array(TextFit.wrapped(note, toColumns: max(1, width - 4)).prefix(SettingsPanelView.noteLines))
    }

    /// Centres the panel on a screen of the given size (shrunk to fit) and places its rows.
    func centre(inWidth width: Int, height: Int) {
        let panelWidth = min(width, SettingsPanelView.preferredWidth)
        let size = Size(
            width: Double(panelWidth),
            height: Double(SettingsPanelView.firstRow + rows.count + 2 + SettingsPanelView.noteLines))
        frame = Rect(centring: size, inWidth: width, height: height)
        for (index, row) in rows.enumerated() {
            row.frame = Rect(
                x: 1, y: Double(SettingsPanelView.firstRow + index), width: max(0, frame.width - 2), height: 1)
        }
    }

    override func draw(in context: DrawContext) {
        let w = context.width
        let h = context.height
        context.fill(style: theme.panel)
        guard w >= 2, h >= 2 else { return }
        drawBox(in: context, glyphs: theme.glyphs, style: theme.panel)
        let title = "Settings"
        context.put(title, x: max(1, (w - title.count) / 2), y: 1, style: theme.panelTitle)
        let noteTop = SettingsPanelView.firstRow + rows.count + 1
        for (index, line) in noteLines(width: w).enumerated() where noteTop + index < h - 1 {
            context.put(line, x: 2, y: noteTop + index, columns: w - 4, style: theme.panel, ellipsis: "")
        }
        let arrows = theme.glyphs.unicodeSuits ? "←→" : "<- ->"
        let footer = " \(arrows) change · Esc closes "
        if footer.count <= w - 4 {
            context.put(footer, x: max(2, (w - footer.count) / 2), y: h - 1, style: theme.panelTitle)
        }
    }
}

/// One setting's row: `▸ Animation           ‹ normal ›`, the marks on the selected row.
final class SettingsRowView: View {
    let setting: Setting
    var theme: Theme {
        didSet { setNeedsDisplay() }
    }
    /// The value as the file writes it (`true`, `normal`).
    var value: String {
        didSet { if value != oldValue { setNeedsDisplay() } }
    }
    var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsDisplay() } }
    }

    init(setting: Setting, value: String, theme: Theme) {
        self.setting = setting
        self.value = value
        self.theme = theme
        super.init(frame: .zero)
        name = "setting \(setting.key)"
    }

    /// The value as the screen shows it: `on` and `off` for true and false.
    var shownValue: String {
        guard setting.isBoolean else { return value }
        return value == "true" ? "on" : "off"
    }

    /// The column the values start in.
    static let valueColumn = 21

    override func draw(in context: DrawContext) {
        let style = isSelected ? ChooserStyles.selected(theme) : theme.panel
        context.fill(style: style)
        context.put(isSelected ? String(theme.glyphs.cursorLeft) : " ", x: 1, y: 0, style: style)
        context.put(setting.title, x: 3, y: 0, style: style)
        let unicode = theme.glyphs.unicodeSuits
        let (left, right) = isSelected ? (unicode ? "‹ " : "< ", unicode ? " ›" : " >") : ("  ", "  ")
        context.put(left + shownValue + right, x: SettingsRowView.valueColumn, y: 0, style: style)
    }
}
