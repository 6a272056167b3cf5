import TableKit

/// The designer's side panel: the selected slot's keys (or, with none, the layout's), one row
/// each, and under them a note: why the last value was refused, in `cardtable check`'s words,
/// or what the keys do. While it has the keyboard a row is selected; while a value is typed
/// the row shows the text and a caret.
///
/// ```
/// ╭─ tableau.3 ─────────────╮
/// │ shared by 7 slots (T)   │
/// │                         │
/// │ group        tableau    │
/// │▸kind        ‹ tableau › │
/// │ fan          down       │
/// │ fan-visible  (13)       │
/// │ …                       │
/// │ mine.toml:9:15: error:  │
/// │ fan-visible must be …   │
/// ╰─ ↑↓ choose · Enter ─────╯
/// ```
final class DesignPanelView: View {
    let theme: Theme
    var title = "" {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }
    /// Lines under the title, before the rows.
    var lines: [String] = [] {
        didSet { if lines != oldValue { setNeedsDisplay() } }
    }
    var fields: [DesignField] = [] {
        didSet { if fields != oldValue { setNeedsDisplay() } }
    }
    /// The row the keys change, while the panel has the keyboard.
    var selectedRow: Int? {
        didSet { if selectedRow != oldValue { setNeedsDisplay() } }
    }
    /// The text being typed into the selected row.
    var typing: String? {
        didSet { if typing != oldValue { setNeedsDisplay() } }
    }
    /// The note at the bottom: a refusal, or what to do.
    var note = "" {
        didSet { if note != oldValue { setNeedsDisplay() } }
    }
    /// The note is a refusal (drawn in the trash's colour).
    var noteIsRefusal = false {
        didSet { if noteIsRefusal != oldValue { setNeedsDisplay() } }
    }
    var footer = "" {
        didSet { if footer != oldValue { setNeedsDisplay() } }
    }

    init(theme: Theme) {
        self.theme = theme
        super.init(frame: .zero)
        name = "design panel"
    }

    /// Columns the keys take before the values.
    static let keyColumns = 14
    /// The first row's line, below the title, its lines and a blank line.
    var firstRowLine: Int { 1 + lines.count + 1 + 1 }

    /// The row at a line of the panel (its own coordinates), if any.
    func row(atLine line: Int) -> Int? {
        let row = line - firstRowLine
        return row >= 0 && row < fields.count && row < visibleRows ? row : nil
    }

    /// Rows that fit above the note.
    var visibleRows: Int {
        max(0, Int(frame.height) - firstRowLine - 1 - noteLines(width: Int(frame.width)).count - 1)
    }

    func noteLines(width: Int) -> [String] {
        guard !note.isEmpty else { return [] }
        return Array(TextFit.wrapped(note, toColumns: max(1, width - 4)).prefix(max(1, Int(frame.height) / 3)))
    }

    override func draw(in context: DrawContext) {
        let w = context.width
        let h = context.height
        context.fill(style: theme.panel)
        guard w >= 6, h >= 3 else { return }
        drawBox(in: context, glyphs: theme.glyphs, style: theme.panel)
        let ellipsis = theme.glyphs.ellipsis
        if !title.isEmpty {
            context.put(" \(title) ", x: 2, y: 0, columns: w - 4, style: theme.panelTitle, ellipsis: ellipsis)
        }
        for (index, line) in lines.enumerated() where 1 + index < h - 1 {
            context.put(line, x: 2, y: 1 + index, columns: w - 4, style: theme.panel, ellipsis: ellipsis)
        }
        let note = noteLines(width: w)
        let rowsRoom = max(0, h - 1 - firstRowLine - (note.isEmpty ? 0 : note.count + 1))
        // The selected row stays in sight: rows scroll under the lines above them.
        let selected = selectedRow ?? 0
        let scroll = max(0, min(selected - rowsRoom + 1, fields.count - rowsRoom))
        for (line, field) in fields.dropFirst(scroll).prefix(rowsRoom).enumerated() {
            let row = line + scroll
            let y = firstRowLine + line
            let isSelected = row == selectedRow
            let style = isSelected ? ChooserStyles.selected(theme) : theme.panel
            context.fill(CellRect(x: 1, y: y, width: w - 2, height: 1), style: style)
            if isSelected { context.put(String(theme.glyphs.cursorLeft), x: 1, y: y, style: style) }
            let keyWidth = min(Self.keyColumns, max(1, w - 6))
            let valueX = 2 + keyWidth + 1
            let valueWidth = max(0, w - 1 - valueX)
            if case .addKey = field.kind {
                let add = "add"
                context.put(add, x: 2, y: y, columns: keyWidth, style: style, ellipsis: ellipsis)
                let arrows = isSelected && typing == nil
                let text = arrows ? "\(left)\(field.key)\(right)" : field.key
                context.put(text, x: valueX, y: y, columns: valueWidth, style: style, ellipsis: ellipsis)
                continue
            }
            context.put(field.key, x: 2, y: y, columns: keyWidth, style: style, ellipsis: ellipsis)
            if isSelected, let typing {
                // The end of what is typed, and the caret after it.
                let caret = theme.glyphs.unicodeSuits ? "▏" : "_"
                let text = typing + caret
                let shown = TextFit.columns(of: text) <= valueWidth ? text : String(text.suffix(max(0, valueWidth)))
                context.put(shown, x: valueX, y: y, columns: valueWidth, style: style, ellipsis: "")
            } else {
                let arrows = isSelected && !field.choices.isEmpty
                let text = arrows ? "\(left)\(field.shown)\(right)" : field.shown
                let dim = field.value == nil && !isSelected
                let valueStyle = dim ? theme.slotOutline.over(theme.panel) : style
                context.put(text, x: valueX, y: y, columns: valueWidth, style: valueStyle, ellipsis: ellipsis)
            }
        }
        if !note.isEmpty {
            let top = h - 1 - note.count
            let style = noteIsRefusal ? theme.trash.over(theme.panel) : theme.panel
            for (index, line) in note.enumerated() {
                context.put(line, x: 2, y: top + index, columns: w - 4, style: style, ellipsis: "")
            }
        }
        if !footer.isEmpty, TextFit.columns(of: footer) + 2 <= w - 4 {
            context.put(" \(footer) ", x: 2, y: h - 1, style: theme.panelTitle)
        }
    }

    private var left: String { theme.glyphs.unicodeSuits ? "‹" : "<" }
    private var right: String { theme.glyphs.unicodeSuits ? "›" : ">" }
}

extension CellStyle {
    /// This style's colours and attributes, on `other`'s background where it has none of its own.
    func over(_ other: CellStyle) -> CellStyle {
        CellStyle(foreground: foreground, background: background ?? other.background, attributes: attributes)
    }
}
