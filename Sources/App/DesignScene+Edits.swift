import Layouts
import Persistence
import TableKit

/// The designer's edits, whichever way they were asked for (a tap, a drop, a key, the panel):
/// each goes through the session, which checks it as `cardtable check` would; an edit accepted
/// is shown (slots animate to their places) and said on the status line, one refused leaves
/// the design as it was and says why.
extension DesignScene {
    /// Makes a slot of `kind` at a place; its key, or nil when refused. A view dragged out of the
    /// palette becomes the new slot's, landing where it stands.
    @discardableResult
    func create(_ kind: SlotKind, at place: DesignPlace, holding ghost: DesignSlotView? = nil) -> Int? {
        switch session.add(kind, at: place) {
        case .success(let key):
            palette.chosen = kind
            selection = [key]
            panelNote = nil
            notice = "\(session.id(of: key) ?? kind.rawValue) made"
            if let ghost {
                ghost.isUserInteractionEnabled = true
                addSlotRecognizers(to: ghost, key: key)
                slotViews[key] = ghost
            }
            showDesign(animated: true)
            return key
        case .failure(let refusal):
            refuse(refusal)
            return nil
        }
    }

    /// Moves slots to places; false when refused (the views stay where they are: the caller puts
    /// them back).
    func move(_ keys: [Int], to places: [DesignPlace]) -> Bool {
        let ids = keys.compactMap { session.id(of: $0) }
        switch session.move(keys, to: places) {
        case .success:
            panelNote = nil
            let named = keys.compactMap { session.id(of: $0) }
            notice =
                ids.count == 1
                ? "\(ids[0]) moved" + (named.first.map { $0 != ids[0] ? " (now \($0))" : "" } ?? "")
                : "\(ids.count) slots moved"
            showDesign(animated: true)
            return true
        case .failure(let refusal):
            refuse(refusal)
            return false
        }
    }

    /// Deletes slots: they fade out.
    func delete(_ keys: [Int]) {
        guard !keys.isEmpty else {
            notice = "nothing to delete: select a slot first"
            updateStatus()
            return
        }
        let ids = keys.compactMap { session.id(of: $0) }
        switch session.remove(keys) {
        case .success:
            panelNote = nil
            selection.removeAll { keys.contains($0) }
            notice = ids.count == 1 ? "\(ids[0]) deleted" : "\(ids.count) slots deleted"
            showDesign(animated: true)
        case .failure(let refusal):
            refuse(refusal)
            snapBack(keys)
        }
    }

    /// Takes slots off the map into `[[slot]]` entries, where they move in half-card steps.
    func placeFreely(_ keys: [Int]) {
        let onMap = keys.filter { key in session.index(of: key).map { design.slots[$0].isOnMap } ?? false }
        guard !onMap.isEmpty else {
            notice =
                keys.isEmpty ? "select a slot to place freely" : "already placed freely: drag it in half-card steps"
            updateStatus()
            return
        }
        var last: DesignRefusal?
        for key in onMap {
            if case .failure(let refusal) = session.makeFree(key) { last = refusal }
        }
        if let last {
            refuse(last)
        } else {
            panelNote = nil
            notice =
                onMap.count == 1
                ? "\(session.id(of: onMap[0]) ?? "the slot") placed freely: it moves in half-card steps"
                : "\(onMap.count) slots placed freely: they move in half-card steps"
        }
        showDesign(animated: true)
    }

    /// Moves the selected slots (or the one under the cursor) half a card.
    func nudge(_ direction: TableAction.Direction) {
        let keys = targetKeys
        guard !keys.isEmpty else {
            notice = "select a slot to move it half a card"
            updateStatus()
            return
        }
        let (across, down): (Double, Double)
        switch direction {
        case .up: (across, down) = (0, -0.5)
        case .down: (across, down) = (0, 0.5)
        case .left: (across, down) = (-0.5, 0)
        case .right: (across, down) = (0.5, 0)
        }
        let grid = design.grid
        for key in keys {
            guard let index = session.index(of: key), design.slots[index].isOnMap else { continue }
            let step = across != 0 ? grid.column : grid.row
            if abs(step - 0.5) > 1e-9 {
                notice = "\(session.id(of: key) ?? "") stands on the map's whole-card grid: [F] places it freely first"
                updateStatus()
                return
            }
        }
        let rows = Int((down / grid.row).rounded())
        let columns = Int((across / grid.column).rounded())
        switch moved(keys, rows: rows, columns: columns, across: across, down: down) {
        case .success(let places): _ = move(keys, to: places)
        case .failure(let refusal): refuse(refusal)
        }
        updateStatus()
    }

    /// An edit refused: the status line says why, the panel in `cardtable check`'s whole line.
    func refuse(_ refusal: DesignRefusal) {
        notice = "refused: " + StatusLineView.literal(refusal.message)
        panelNote = (refusal.checkLine, true)
        updatePanel()
        updateStatus()
    }

    func undo() {
        putHandBack()
        notice = session.undo() ? "undone" : "nothing to undo"
        panelNote = nil
        showDesign(animated: true)
    }

    func redo() {
        putHandBack()
        notice = session.redo() ? "redone" : "nothing to redo"
        panelNote = nil
        showDesign(animated: true)
    }

    /// Writes the file. False when it could not be written (the status line says why).
    @discardableResult
    func save() -> Bool {
        putHandBack()
        do {
            try session.save()
            isNewFile = false
            notice = "saved \(fileLabel)"
            showDesign(animated: false)
            return true
        } catch {
            notice = "not saved: " + StatusLineView.literal(error.message)
            updateStatus()
            return false
        }
    }

    // MARK: Quitting

    /// Quits, or with unsaved changes asks first.
    func quit() {
        putHandBack()
        guard isModified else {
            quitRequested = true
            return
        }
        isAskingToQuit = true
        questionPanel.lines = [
            "Unsaved changes", "\(fileName) has changes not saved.", "",
            "  y   save them and quit", "  n   quit without saving them", "  Esc go on designing",
        ]
        questionPanel.centre(inWidth: window.size.width, height: window.size.height)
        questionPanel.isHidden = false
        updateStatus()
    }

    /// The answer to "save before quitting?".
    func answerQuit(_ press: Character?) {
        switch press {
        case "y", "Y", "s", "S":
            isAskingToQuit = false
            questionPanel.isHidden = true
            if save() { quitRequested = true }
        case "n", "N":
            isAskingToQuit = false
            questionPanel.isHidden = true
            quitRequested = true
        default:
            isAskingToQuit = false
            questionPanel.isHidden = true
            notice = "not quit: go on designing"
        }
        updateStatus()
    }
}

extension DesignScene {
    /// The file the unsaved changes go to when the designer is ended by a signal: `FILE.unsaved`.
    public var recoveryFile: String { session.document.file + ".unsaved" }

    /// Writes the design as it stands to ``recoveryFile`` (the file itself is left as last saved).
    /// A copy past a layout file's 1 MB is not written: nothing would read it back (the designer
    /// opening the file said nothing of it, and play and check refuse it).
    public func writeRecoveryCopy() -> Result<String, DesignSaveError> {
        let text = session.text
        let size = text.utf8.count
        guard size <= LayoutLoader.maxFileBytes else {
            let reason = FileReading.Failure.tooLarge(size: size, limit: LayoutLoader.maxFileBytes)
                .reason(what: "a layout file")
            return .failure(DesignSaveError(message: "\(recoveryFile): \(reason): not written"))
        }
        do {
            try AtomicFile.write(text, to: recoveryFile)
            return .success(recoveryFile)
        } catch {
            return .failure(DesignSaveError(message: error.description))
        }
    }
}
