import Layouts
import TableKit
import TerminalInput

/// The designer from the keyboard: a cursor on the grid (arrows), Enter makes a slot of the
/// palette's kind on an empty cell or picks up the slot there (with the others selected), the
/// arrows carry it, Enter puts it down, Escape puts it back; `x` deletes, `e` opens the slot's keys
/// in the panel. What the panel, the help and the quit question take first.
extension DesignScene {
    func handleKey(_ press: KeyPress) {
        if isAskingToQuit {
            if case .character(let character) = press.key { answerQuit(character) } else { answerQuit(nil) }
            return
        }
        if !helpPanel.isHidden {
            // Keys that scroll a help too long for the screen scroll it; any other closes it.
            switch press.key {
            case .up: helpPanel.scroll(by: -1)
            case .down: helpPanel.scroll(by: 1)
            case .pageUp: helpPanel.scroll(by: -max(1, Int(helpPanel.frame.height) - 5))
            case .pageDown: helpPanel.scroll(by: max(1, Int(helpPanel.frame.height) - 5))
            default:
                helpPanel.isHidden = true
                if DesignKeys.action(for: press) == .quit, press.key == .control("c") { quit() }
            }
            return
        }
        if !tooSmallView.isHidden {
            if DesignKeys.action(for: press) == .quit { quit() }
            return
        }
        if panelFocus != nil {
            handlePanelKey(press)
            return
        }
        guard let action = DesignKeys.action(for: press) else { return }
        act(action)
    }

    /// Does what a key asks.
    func act(_ action: DesignAction) {
        if action != .cancel { notice = nil }
        switch action {
        case .moveCursor(let direction):
            moveCursor(direction)
        case .nudge(let direction):
            nudge(direction)
        case .nextSlot(let forward):
            cursorToNextSlot(forward: forward)
        case .activate:
            cursorVisible = true
            activate()
        case .toggleSelection:
            cursorVisible = true
            guard let key = slot(coveringCell: cursor) else {
                notice = "no slot under the cursor to select"
                break
            }
            if let at = selection.firstIndex(of: key) { selection.remove(at: at) } else { selection.append(key) }
            panelNote = nil
            showDesign(animated: false)
        case .nextKind(let forward):
            let kinds = PaletteView.kinds
            let at = kinds.firstIndex(of: palette.chosen) ?? 0
            choose(kinds[(at + (forward ? 1 : kinds.count - 1)) % kinds.count])
            notice = "Enter on an empty cell makes a \(palette.chosen.rawValue) slot"
        case .delete:
            let keys = targetKeys
            putHandBack()
            delete(keys)
        case .placeFreely:
            placeFreely(targetKeys)
        case .editFields:
            beginPanelFocus()
        case .cancel:
            if drag != nil || paletteDrag != nil || carry != nil {
                putHandBack()
                notice = "put back"
            } else if !selection.isEmpty {
                selection = []
                panelNote = nil
                showDesign(animated: false)
            }
        case .undo:
            undo()
        case .redo:
            redo()
        case .save:
            save()
        case .tryLayout:
            putHandBack()
            if let error = session.errors.first {
                refuse(DesignRefusal(message: "mend the errors first: " + error.message, diagnostic: error))
            } else {
                tryRequested = true
            }
        case .showHelp:
            putHandBack()
            helpPanel.centre(inWidth: window.size.width, height: window.size.height)
            helpPanel.isHidden = false
        case .quit:
            quit()
        }
        updateCursor()
        updatePanel()
        updateStatus()
    }

    /// Moves the cursor a cell, within the cells the felt shows; slots carried follow it.
    func moveCursor(_ direction: TableAction.Direction) {
        if !cursorVisible {
            cursorVisible = true
            // The cursor appears where it was left (or on the slot selected).
            if let key = selection.last, let index = session.index(of: key),
                case .cell(let row, let column) = design.cell(nearest: design.position(of: index))
            {
                cursor = (row, column)
            }
            updateCursor()
            return
        }
        let (rows, columns) = cellCount
        switch direction {
        case .up: cursor.row = max(0, cursor.row - 1)
        case .down: cursor.row = min(rows - 1, cursor.row + 1)
        case .left: cursor.column = max(0, cursor.column - 1)
        case .right: cursor.column = min(columns - 1, cursor.column + 1)
        }
        if carry != nil { hoverCarriedSlots() }
    }

    /// The cursor to the next slot in the design's order (or the one before), going round.
    func cursorToNextSlot(forward: Bool) {
        cursorVisible = true
        let keys = session.snapshot.keys
        guard !keys.isEmpty else { return }
        let current = slot(coveringCell: cursor).flatMap { keys.firstIndex(of: $0) }
        let next = current.map { ($0 + (forward ? 1 : keys.count - 1)) % keys.count } ?? 0
        guard let index = session.index(of: keys[next]),
            case .cell(let row, let column) = design.cell(nearest: design.position(of: index))
        else { return }
        cursor = (row, column)
        if carry != nil { hoverCarriedSlots() }
    }

    /// Enter at the cursor: puts carried slots down; picks up the slot there (with the rest of
    /// the selection when it is selected); on an empty cell makes a slot of the palette's kind.
    func activate() {
        if let carry {
            putDownCarriedSlots(carry)
            return
        }
        if let key = slot(coveringCell: cursor) {
            if !selection.contains(key) { selection = [key] }
            let keys = [key] + selection.filter { $0 != key }
            carry = SlotCarry(keys: keys, start: cursor)
            lift(keys.compactMap { slotViews[$0] })
            showDesign(animated: false)
            hoverCarriedSlots()
            return
        }
        guard let geometry, geometry.shows(position(ofCell: cursor)) else { return }
        create(palette.chosen, at: .cell(row: cursor.row, column: cursor.column))
    }

    /// Carried slots hover over the cells they would land on.
    func hoverCarriedSlots() {
        guard let carry, let geometry else { return }
        let rows = cursor.row - carry.start.row
        let columns = cursor.column - carry.start.column
        for key in carry.keys {
            guard let index = session.index(of: key), let view = slotViews[key] else { continue }
            let position = design.position(of: index)
            let moved = GridPoint(
                column: position.column + Double(columns) * design.grid.column,
                row: position.row + Double(rows) * design.grid.row)
            let frame = geometry.frame(at: moved)
            view.animate(duration: Timing.land, curve: .easeOutQuad) { view.frame = frame }
        }
        updateLandings()
    }

    private func putDownCarriedSlots(_ carry: SlotCarry) {
        let rows = cursor.row - carry.start.row
        let columns = cursor.column - carry.start.column
        let across = Double(columns) * design.grid.column
        let down = Double(rows) * design.grid.row
        self.carry = nil
        let views = carry.keys.compactMap { slotViews[$0] }
        switch moved(carry.keys, rows: rows, columns: columns, across: across, down: down) {
        case .success(let places):
            if move(carry.keys, to: places) {
                settle(views)
            } else {
                snapBack(carry.keys)
                cursor = carry.start
            }
        case .failure(let refusal):
            refuse(refusal)
            snapBack(carry.keys)
            cursor = carry.start
        }
        updateLandings()
    }

    // MARK: Help

    static func helpLines(theme: Theme) -> [String] {
        let keys = DesignKeys.all.filter { !$0.keyText.isEmpty }.map { "  " + $0.keyText.padded(to: 18) + $0.help }
        return [
            "Designing a table",
            "Mouse",
            "  click the felt    make a slot of the palette's kind there",
            "  drag a kind       out of the palette onto the felt",
            "  click a kind      the kind a click on the felt makes",
            "  click a slot      select it (Shift or Ctrl: several)",
            "  drag on the felt  select the slots the band touches",
            "  drag a slot       move it (and the selected ones)",
            "                    onto the grid; over a slot it goes back",
            "  drop on \(theme.glyphs.trash) trash   delete it",
            "  double-click      edit its keys in the panel",
            "  click a key on the status line   press it (save, try, quit)",
            "Keyboard",
        ] + keys + [
            "In the panel: arrows choose a key and change its value,",
            "Enter types a value (empty removes the key), Esc goes back.",
        ]
    }
}
