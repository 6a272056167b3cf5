import TableKit

/// Where each part of a ``ControllerSummary`` goes on a screen of a given size: the title bar,
/// the status, the notice, the list under its heading, the buttons and the keys. The list gets
/// the rows left; on a short screen the keys go first, then the list. Pure, so tests read it.
///
/// ```
///  Klondike #5 · on the second screen /dev/pts/3 (xterm-256color, 100x30)
///
///  12 moves · 2:31 · winnable
///  Second screen joined: /dev/pts/3 (xterm-256color, 100x30)
///  Ctrl-C on the second screen, or the last button below, brings the table back here.
///
///  Last moves
///    12. Move 7♥ onto 8♠
///    11. Deal from the stock
///
///   u undo   H hint   n new game   ? help   q quit   bring the table here
///
///  arrows, h j k l move the cursor · … · q quit
/// ```
struct ControllerLayout: Equatable {
    enum Kind: Equatable {
        case bar, heading, body, dim, keys
    }

    struct Line: Equatable {
        var y: Int
        var x: Int
        var text: String
        var kind: Kind
    }

    struct Placed: Equatable {
        var rect: CellRect
        var button: ControllerSummary.Button
    }

    var lines: [Line] = []
    var buttons: [Placed] = []

    init(summary: ControllerSummary, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let room = max(1, width - 2)
        var top: [Line] = [Line(y: 0, x: 0, text: " \(summary.title) · \(summary.place)", kind: .bar)]
        var y = 2
        if !summary.status.isEmpty {
            top.append(Line(y: y, x: 1, text: summary.status, kind: .body))
            y += 1
        }
        // The notice's row stays when there is none, so that nothing below moves when one comes.
        if let notice = summary.notice { top.append(Line(y: y, x: 1, text: notice, kind: .body)) }
        y += 1
        top.append(Line(y: y, x: 1, text: summary.hint, kind: .dim))
        y += 1
        let listTop = y + 1
        // The buttons, wrapped to the width.
        var buttonRows: [[ControllerSummary.Button]] = [[]]
        var used = 0
        for button in summary.buttons {
            let columns = TextFit.columns(of: button.text)
            if used > 0 && used + 1 + columns > room {
                buttonRows.append([])
                used = 0
            }
            buttonRows[buttonRows.count - 1].append(button)
            used += (used > 0 ? 1 : 0) + columns
        }
        let keyLines = Self.wrap(summary.keys, columns: room)
        // Rows below the list: a blank, the buttons, and (when there are keys) a blank and the keys.
        let listRowsWanted = summary.list.isEmpty ? 0 : 1 + min(summary.list.count, 3)
        var keysShown = keyLines.count
        func bottomRows(_ keys: Int) -> Int { 1 + buttonRows.count + (keys > 0 ? 1 + keys : 0) }
        while keysShown > 0 && listTop + listRowsWanted + bottomRows(keysShown) > height { keysShown -= 1 }
        let bottomTop = max(listTop, height - bottomRows(keysShown) + 1)
        lines = top.filter { $0.y < height }
        // The list, newest first, in the rows left.
        if !summary.list.isEmpty && listTop < bottomTop - 1 {
            lines.append(Line(y: listTop, x: 1, text: summary.listTitle, kind: .heading))
            for (index, item) in summary.list.enumerated() where listTop + 1 + index < bottomTop - 1 {
                lines.append(Line(y: listTop + 1 + index, x: 3, text: item, kind: .body))
            }
        }
        var row = bottomTop
        for buttonsInRow in buttonRows where row < height {
            var x = 1
            for button in buttonsInRow {
                let columns = TextFit.columns(of: button.text)
                buttons.append(Placed(rect: CellRect(x: x, y: row, width: columns, height: 1), button: button))
                x += columns + 1
            }
            row += 1
        }
        row += 1
        for line in keyLines.prefix(keysShown) where row < height {
            lines.append(Line(y: row, x: 1, text: line, kind: .keys))
            row += 1
        }
    }

    /// Items in status-line markup joined by " · " and wrapped to `columns` (an item never
    /// split unless it is longer than a line).
    static func wrap(_ items: [String], columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items {
            let joined = line.isEmpty ? item : line + " · " + item
            if StatusLineView.columns(of: joined) <= columns || line.isEmpty {
                line = joined
            } else {
                lines.append(line)
                line = item
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The button at a cell, if any.
    func button(atColumn x: Int, row y: Int) -> ControllerSummary.Button? {
        buttons.first { $0.rect.contains(CellPoint(x: x, y: y)) }?.button
    }
}

/// The controller on the first terminal while the table is on a second screen: it draws a
/// ``ControllerSummary`` (``ControllerLayout``) and takes clicks on its buttons.
public final class ControllerView: View {
    let theme: Theme
    /// What a button does when clicked.
    var onButton: (ControllerSummary.Button) -> Void = { _ in }
    public internal(set) var summary: ControllerSummary {
        didSet {
            if summary != oldValue { relayout() }
        }
    }
    private(set) var layout: ControllerLayout

    init(summary: ControllerSummary, theme: Theme) {
        self.summary = summary
        self.theme = theme
        layout = ControllerLayout(summary: summary, width: 0, height: 0)
        super.init(frame: .zero)
        name = "controller"
        addGestureRecognizer(
            TapGestureRecognizer { [unowned self] recognizer in
                let location = recognizer.location(in: self)
                let x = Int(location.x.rounded(.down))
                let y = Int(location.y.rounded(.down))
                if let button = layout.button(atColumn: x, row: y) { onButton(button) }
            })
    }

    /// Lays the controller out for the view's size (after a resize).
    func relayout() {
        layout = ControllerLayout(summary: summary, width: Int(frame.width), height: Int(frame.height))
        setNeedsDisplay()
    }

    public override func draw(in context: DrawContext) {
        context.fill(style: theme.panel)
        let ellipsis = theme.glyphs.ellipsis
        for line in layout.lines {
            let room = context.width - line.x - (line.kind == .bar ? 0 : 1)
            switch line.kind {
            case .bar:
                context.fill(CellRect(x: 0, y: line.y, width: context.width, height: 1), style: theme.status)
                context.put(line.text, x: 0, y: line.y, columns: context.width, style: theme.status, ellipsis: ellipsis)
            case .heading:
                context.put(line.text, x: line.x, y: line.y, columns: room, style: theme.panelTitle, ellipsis: ellipsis)
            case .body, .dim:
                var style = theme.panel
                if line.kind == .dim { style.attributes.insert(.dim) }
                context.put(line.text, x: line.x, y: line.y, columns: room, style: style, ellipsis: ellipsis)
            case .keys:
                drawMarked(line.text, x: line.x, y: line.y, columns: room, in: context)
            }
        }
        for placed in layout.buttons {
            let rect = placed.rect
            context.fill(rect, style: theme.status)
            var x = rect.x + 1
            if !placed.button.key.isEmpty {
                x += context.put(placed.button.key, x: x, y: rect.y, style: theme.statusKey) + 1
            }
            context.put(placed.button.label, x: x, y: rect.y, columns: rect.x + rect.width - x, style: theme.status)
        }
    }

    /// Status-line markup: text between `[` and `]` in the key colour, without the brackets.
    private func drawMarked(_ text: String, x: Int, y: Int, columns: Int, in context: DrawContext) {
        var x = x
        var left = columns
        var key = false
        var run = ""
        func flush() {
            guard !run.isEmpty, left > 0 else { return }
            var style = key ? theme.panelTitle : theme.panel
            if key { style.attributes.insert(.bold) }
            let used = context.put(run, x: x, y: y, columns: left, style: style, ellipsis: theme.glyphs.ellipsis)
            x += used
            left -= used
            run = ""
        }
        for character in text {
            if character == "[" || character == "]" {
                flush()
                key = character == "["
            } else {
                run.append(character)
            }
        }
        flush()
    }
}
