import Layouts
import TableKit
import TerminalInput

/// The side panel with the keyboard (`e`, a double-click on a slot, a click on a row): up and down
/// choose a key, left and right step a key's value through its choices (kind, fan, true and
/// false; the rules key the last row adds), Enter types a value (strings need no quotes; an
/// empty value removes the key), Enter again sets it, Escape leaves it as it was, and Escape
/// again gives the keyboard back to the felt. A value refused is said in `cardtable check`'s
/// words under the rows, and the design stays as it was.
extension DesignScene {
    /// The slot whose keys the panel shows: the one selected, else the one under the cursor.
    var panelSlot: Int? {
        if selection.count == 1 { return selection[0] }
        return selection.isEmpty ? slotUnderCursor : nil
    }

    /// Gives the panel the keyboard, on its first row.
    func beginPanelFocus() {
        putHandBack()
        guard let key = panelSlot else {
            notice = "select a slot to edit its keys"
            updateStatus()
            return
        }
        if selection.isEmpty { selection = [key] }
        panelFocus = PanelFocus(row: 0, typing: nil, key: key)
        panelNote = nil
        updatePanel()
        updateStatus()
    }

    func endPanelFocus() {
        guard panelFocus != nil else { return }
        panelFocus = nil
        updatePanel()
        updateStatus()
    }

    /// The rows of the slot the panel has the keyboard for.
    var focusedFields: [DesignField] {
        guard let panelFocus else { return [] }
        return DesignFields.rows(for: panelFocus.key, in: session)
    }

    func handlePanelKey(_ press: KeyPress) {
        guard var focus = panelFocus else { return }
        let fields = focusedFields
        guard !fields.isEmpty, session.index(of: focus.key) != nil else {
            endPanelFocus()
            return
        }
        focus.row = min(focus.row, fields.count - 1)
        let field = fields[focus.row]
        if let typing = focus.typing {
            switch press.key {
            case .enter:
                focus.typing = nil
                panelFocus = focus
                commit(typing, to: field, of: focus.key)
            case .escape:
                focus.typing = nil
                panelFocus = focus
                panelNote = nil
            case .backspace, .delete:
                focus.typing = String(typing.dropLast())
                panelFocus = focus
            case .control("u"):
                focus.typing = ""
                panelFocus = focus
            case .control("c"):
                focus.typing = nil
                panelFocus = focus
                quit()
            case .character(let character):
                focus.typing = typing + String(character)
                panelFocus = focus
            default:
                break
            }
            updatePanel()
            updateStatus()
            return
        }
        switch press.key {
        case .up, .character("k"), .backTab:
            focus.row = (focus.row + fields.count - 1) % fields.count
            panelFocus = focus
        case .down, .character("j"), .tab:
            focus.row = (focus.row + 1) % fields.count
            panelFocus = focus
        case .left, .character("h"):
            step(field, of: focus.key, by: -1)
        case .right, .character("l"):
            step(field, of: focus.key, by: 1)
        case .enter, .character(" "):
            focus.typing = DesignFields.editingText(of: field)
            panelFocus = focus
            panelNote = nil
        case .escape, .character("e"):
            panelFocus = nil
        case .character("u"):
            undo()
        case .character("U"), .control("r"):
            redo()
        case .control("s"), .character("S"):
            save()
        case .character("q"), .character("Q"), .control("c"):
            panelFocus = nil
            quit()
        case .character("?"):
            panelFocus = nil
            act(.showHelp)
        default:
            break
        }
        updatePanel()
        updateStatus()
    }

    /// A click on one of the panel's rows: the panel takes the keyboard on that row.
    func tapPanel(at point: Point) {
        guard let key = panelSlot else { return }
        let local = panel.convert(point, from: nil)
        guard let row = panel.row(atLine: Int(local.y.rounded(.down))) else { return }
        let fields = DesignFields.rows(for: key, in: session)
        let scroll = max(0, min((panelFocus?.row ?? 0) - panel.visibleRows + 1, fields.count - panel.visibleRows))
        if selection.isEmpty { selection = [key] }
        let chosen = min(fields.count - 1, row + scroll)
        if let focus = panelFocus, focus.row == chosen, focus.typing == nil {
            // A second click on the selected row steps a value with choices (the mouse alone
            // sets a kind, a fan, true or false), or starts typing one.
            if case .addKey = fields[chosen].kind {
                panelFocus?.typing = ""
            } else if !fields[chosen].choices.isEmpty {
                step(fields[chosen], of: key, by: 1)
            } else {
                panelFocus?.typing = DesignFields.editingText(of: fields[chosen])
            }
        } else {
            panelFocus = PanelFocus(row: chosen, typing: nil, key: key)
        }
        updatePanel()
        updateStatus()
    }

    /// Left or right on a row with choices: the next value (a key not set starts from the one
    /// that applies); on the add row, the next rules key to add.
    func step(_ field: DesignField, of key: Int, by steps: Int) {
        let choices = field.choices
        guard !choices.isEmpty else {
            notice = "Enter types a value for \(field.key)"
            return
        }
        if case .addKey(let keys) = field.kind {
            // The add row only names a key: it is set when a value is typed.
            let current = keys.firstIndex(of: addRowKey ?? field.key) ?? 0
            addRowKey = keys[(current + steps + keys.count) % keys.count]
            return
        }
        let current = choices.firstIndex(of: field.value ?? field.effective)
        let next = ((current ?? (steps > 0 ? -1 : 0)) + steps + choices.count) % choices.count
        commit(choices[next], to: field, of: key)
    }

    /// Sets a row's value as typed; refused values leave the design as it was.
    func commit(_ typed: String, to field: DesignField, of key: Int) {
        let name: String
        if case .addKey = field.kind { name = addRowKey ?? field.key } else { name = field.key }
        let toml = DesignField.toml(forTyped: typed, kind: field.kind)
        let result: Result<Void, DesignRefusal>
        if name == "group", let index = session.index(of: key), design.slots[index].isOnMap {
            guard let group = toml.flatMap({ DesignSetting(key: "group", value: $0).string }) else {
                refuse(DesignRefusal(message: "a slot on the map needs a group name"))
                return
            }
            result = session.assign(key, toGroupNamed: group)
        } else if name == "id", toml == nil {
            refuse(DesignRefusal(message: "a freely placed slot needs an id"))
            return
        } else {
            result = session.setValue(toml, forKey: name, ofSlot: key)
        }
        switch result {
        case .success:
            panelNote = nil
            addRowKey = nil
            notice = StatusLineView.literal(toml.map { "\(name) = \($0)" } ?? "\(name) removed")
            if case .addKey = field.kind, let focus = panelFocus {
                // The new key's row, just above the add row.
                let rows = DesignFields.rows(for: focus.key, in: session)
                panelFocus?.row = rows.firstIndex { $0.key == name && $0.value != nil } ?? focus.row
            }
            showDesign(animated: true)
        case .failure(let refusal):
            refuse(refusal)
        }
    }

    /// Refreshes the panel: the slot's keys, the selection's ids, or the layout's summary.
    func updatePanel() {
        if let focus = panelFocus, session.index(of: focus.key) == nil { panelFocus = nil }
        let key = panelFocus?.key ?? panelSlot
        if let key, let index = session.index(of: key) {
            panel.title = design.id(of: index)
            let slot = design.slots[index]
            if let character = slot.character {
                let members = design.slots.filter { $0.character == character }.count
                panel.lines = [
                    members == 1 ? "map \(character)" : "map \(character), shared by \(members)"
                ]
            } else {
                let point = design.position(of: index)
                panel.lines = ["[[slot]] at [\(Self.number(point.column)), \(Self.number(point.row))]"]
            }
            var fields = DesignFields.rows(for: key, in: session)
            if let added = addRowKey, let last = fields.indices.last, case .addKey = fields[last].kind {
                fields[last].key = added
            }
            panel.fields = fields
            panel.selectedRow = panelFocus.map { min($0.row, max(0, fields.count - 1)) }
            panel.typing = panelFocus?.typing
            panel.footer =
                panelFocus == nil ? "e edits" : panelFocus?.typing == nil ? "↑↓ ←→ Enter Esc" : "Enter sets · Esc"
            if !theme.glyphs.unicodeSuits, panelFocus != nil, panelFocus?.typing == nil {
                panel.footer = "arrows Enter Esc"
            }
        } else if selection.count > 1 {
            panel.title = "\(selection.count) slots"
            panel.lines = selectedIDs
            panel.fields = []
            panel.selectedRow = nil
            panel.typing = nil
            panel.footer = ""
        } else {
            panel.title = "Layout"
            let groups = design.groups.count
            let free = design.slots.filter { !$0.isOnMap }.count
            let errors = session.errors.count
            let warnings = session.diagnostics.count - errors
            panel.lines =
                [
                    fileName,
                    "\(design.slots.count) slot\(design.slots.count == 1 ? "" : "s"), \(groups) group\(groups == 1 ? "" : "s")"
                        + (free > 0 ? ", \(free) placed freely" : ""),
                    "grid \(Self.number(design.grid.column)) x \(Self.number(design.grid.row)) card",
                    layout.rules == nil ? "free table: no [game]" : "a game: \(layout.title)",
                ] + (errors > 0 ? ["\(errors) error\(errors == 1 ? "" : "s") from check"] : [])
                + (warnings > 0 ? ["\(warnings) warning\(warnings == 1 ? "" : "s") from check"] : [])
            panel.fields = []
            panel.selectedRow = nil
            panel.typing = nil
            panel.footer = ""
        }
        if let note = panelNote {
            panel.note = note.text
            panel.noteIsRefusal = note.isRefusal
        } else if key != nil {
            panel.note =
                panelFocus == nil
                ? "e (or a double-click) edits these keys"
                : panelFocus?.typing == nil
                    ? "Enter types a value; an empty one removes the key" : "strings need no quotes"
            panel.noteIsRefusal = false
        } else if selection.count > 1 {
            panel.note = "drag one to move them all; x deletes them"
            panel.noteIsRefusal = false
        } else if let error = session.errors.first {
            panel.note = error.description
            panel.noteIsRefusal = true
        } else {
            panel.note =
                design.slots.isEmpty
                ? "Click the felt to make a \(palette.chosen.rawValue) slot, or drag a kind from the palette."
                : "Click a slot to see its keys."
            panel.noteIsRefusal = false
        }
    }

    /// A number as a layout file writes it: `1`, `0.5`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
