import Layouts
import TableKit
import TerminalInput

/// The designer with the mouse, after the Cookbook's recipe: a tap on the felt makes a slot; a
/// slot (or a kind out of the palette) pressed and dragged lifts and follows the pointer, keeping
/// the spot where it was grabbed, with the cells it would land on outlined; let go, it lands on
/// the grid, or snaps back when the place is refused; over the trash it fades away.
extension DesignScene {
    func makeRecognizers() {
        feltView.addGestureRecognizer(
            TapGestureRecognizer { [unowned self] recognizer in
                tapFelt(at: recognizer.location(in: nil))
            })
        feltView.addGestureRecognizer(
            PanGestureRecognizer { [unowned self] recognizer in
                bandChanged(recognizer as! PanGestureRecognizer)
            })
        statusLine.isUserInteractionEnabled = true
        statusLine.addGestureRecognizer(
            TapGestureRecognizer { [unowned self] recognizer in
                tapStatusLine(at: recognizer.location(in: statusLine))
            })
        panel.addGestureRecognizer(
            TapGestureRecognizer { [unowned self] recognizer in
                tapPanel(at: recognizer.location(in: nil))
            })
        for item in palette.items {
            item.addGestureRecognizer(
                TapGestureRecognizer { [unowned self, unowned item] _ in
                    choose(item.kind)
                })
            item.addGestureRecognizer(
                PanGestureRecognizer { [unowned self, unowned item] recognizer in
                    paletteDragChanged(recognizer as! PanGestureRecognizer, item: item)
                })
        }
    }

    func makeSlotView(slot: SlotLayout, tag: String, key: Int) -> DesignSlotView {
        let view = DesignSlotView(slot: slot, tag: tag, theme: theme)
        addSlotRecognizers(to: view, key: key)
        slotViews[key] = view
        slotLayer.addSubview(view)
        return view
    }

    func addSlotRecognizers(to view: DesignSlotView, key: Int) {
        let tap = TapGestureRecognizer { [unowned self] recognizer in
            tapSlot(key, count: (recognizer as! TapGestureRecognizer).tapCount)
        }
        tap.recognizesEveryTap = true
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(
            PanGestureRecognizer { [unowned self] recognizer in
                slotDragChanged(recognizer as! PanGestureRecognizer, key: key)
            })
    }

    /// Shift or Ctrl held with the press: a click adds to the selection or takes out.
    var pressExtendsSelection: Bool { !pressModifiers.intersection([.shift, .control]).isEmpty }

    // MARK: Taps

    /// The palette's kind becomes the one taps make.
    func choose(_ kind: SlotKind) {
        endPanelFocus()
        palette.chosen = kind
        notice = "a tap on the felt makes a \(kind.rawValue) slot"
        updateStatus()
    }

    /// A click on a key the status line offers (`[Ctrl-S] save`, `[t] try it`, `[y] save and
    /// quit`) presses it: the mouse alone saves, tries, answers and quits.
    func tapStatusLine(at point: Point) {
        guard let name = statusLine.key(atColumn: Int(point.x.rounded(.down))), let press = Self.press(named: name)
        else { return }
        handleKey(press)
    }

    /// The key a status line's hint names: `Ctrl-S`, `Esc`, `Enter`, `t`; nil for a gesture
    /// (`click`, `drag`) or several keys (`↑↓`).
    static func press(named name: String) -> KeyPress? {
        switch name {
        case "Esc": return KeyPress(.escape)
        case "Enter": return KeyPress(.enter)
        case _ where name.hasPrefix("Ctrl-") && name.count == 6:
            return KeyPress(.control(Character(name.suffix(1).lowercased())))
        case _ where name.count == 1: return KeyPress(.character(Character(name)))
        default: return nil
        }
    }

    /// A tap on empty felt: a slot of the palette's kind on the grid cell there.
    func tapFelt(at point: Point) {
        endPanelFocus()
        guard let geometry else { return }
        if pressExtendsSelection { return }
        let units = geometry.units(at: point)
        // The cell whose card, placed there, is the one most nearly centred on the tap.
        let corner = GridPoint(column: units.column - 0.5, row: units.row - 0.5)
        let place = design.cell(nearest: corner)
        guard case .cell(let row, let column) = place else { return }
        cursor = (row, column)
        create(palette.chosen, at: place)
    }

    /// A click on a slot selects it (Shift or Ctrl: adds it, or takes it out); a double-click
    /// opens its keys in the panel.
    func tapSlot(_ key: Int, count: Int) {
        if count >= 2 {
            selection = [key]
            showDesign(animated: false)
            beginPanelFocus()
            return
        }
        endPanelFocus()
        if pressExtendsSelection {
            if let at = selection.firstIndex(of: key) { selection.remove(at: at) } else { selection.append(key) }
        } else {
            selection = [key]
        }
        panelNote = nil
        notice = nil
        showDesign(animated: false)
    }

    // MARK: Selecting with a band

    /// A drag over empty felt draws a band; the slots it touches when let go are selected (with
    /// Shift or Ctrl, added to the selection).
    func bandChanged(_ pan: PanGestureRecognizer) {
        let here = pan.location(in: nil)
        switch pan.state {
        case .began:
            endPanelFocus()
            if carry != nil { putHandBack() }
            cursorVisible = false
            band = (here - pan.translation(in: nil), bandExtends: pressExtendsSelection)
            showBand(to: here)
        case .changed:
            showBand(to: here)
        case .ended:
            guard let band else { return }
            let rect = bandRect(from: band.start, to: here)
            let touched = session.snapshot.keys.filter { key in
                slotViews[key].map { $0.frame.intersects(rect) } ?? false
            }
            selection = band.bandExtends ? selection + touched.filter { !selection.contains($0) } : touched
            self.band = nil
            bandView.isHidden = true
            notice = selection.isEmpty ? nil : "\(selection.count) slot\(selection.count == 1 ? "" : "s") selected"
            panelNote = nil
            showDesign(animated: false)
        case .cancelled:
            band = nil
            bandView.isHidden = true
        default:
            break
        }
    }

    private func showBand(to point: Point) {
        guard let band else { return }
        let rect = bandRect(from: band.start, to: point)
        if bandView.superview == nil { slotLayer.addSubview(bandView) }
        bandView.isHidden = false
        bandView.surround(rect)
        slotLayer.bringSubviewToFront(bandView)
    }

    /// The cells between two points, both included.
    private func bandRect(from a: Point, to b: Point) -> Rect {
        let x0 = min(a.x, b.x).rounded(.down)
        let y0 = min(a.y, b.y).rounded(.down)
        let x1 = max(a.x, b.x).rounded(.down) + 1
        let y1 = max(a.y, b.y).rounded(.down) + 1
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: Dragging slots

    func slotDragChanged(_ pan: PanGestureRecognizer, key: Int) {
        switch pan.state {
        case .began:
            beginSlotDrag(pan, key: key)
        case .changed:
            guard let drag, drag.keys.first == key else { return }
            followPointer(pan.location(in: nil) - drag.grabOffset)
        case .ended:
            guard let drag, drag.keys.first == key else { return }
            self.drag = nil
            dropSlots(drag, at: pan.location(in: nil))
        case .cancelled:
            guard let drag, drag.keys.first == key else { return }
            self.drag = nil
            trashView.isLit = false
            snapBack(drag.keys)
            updateLandings()
            updateCursor()
            updateStatus()
        default:
            break
        }
    }

    private func beginSlotDrag(_ pan: PanGestureRecognizer, key: Int) {
        endPanelFocus()
        if carry != nil { putHandBack() }
        cursorVisible = false
        notice = nil
        panelNote = nil
        if pressExtendsSelection {
            if !selection.contains(key) { selection.append(key) }
        } else if !selection.contains(key) {
            selection = [key]
        }
        // The slot grabbed first, then the others selected.
        let keys = [key] + selection.filter { $0 != key }
        guard let view = slotViews[key] else { return }
        let pressedAt = pan.location(in: nil) - pan.translation(in: nil)
        var frames: [Int: Rect] = [:]
        for key in keys { frames[key] = restingFrame(of: key) ?? slotViews[key]?.frame }
        drag = SlotDrag(keys: keys, grabOffset: pressedAt - view.frame.origin, startFrames: frames)
        for key in keys { slotViews[key]?.isSelected = true }
        lift(keys.compactMap { slotViews[$0] })
        updateFans()
        let origin = pan.location(in: nil) - (drag?.grabOffset ?? .zero)
        for key in keys {
            guard let view = slotViews[key], let start = frames[key], let first = frames[keys[0]] else { continue }
            let target = origin + (start.origin - first.origin)
            view.animate(duration: Timing.lift, curve: .easeOutQuad) { view.frame.origin = target }
        }
        updateLandings()
        updateCursor()
        updatePanel()
        updateStatus()
    }

    /// The dragged slots follow the pointer: the grabbed one's corner at `origin`, the others
    /// keeping their places beside it.
    private func followPointer(_ origin: Point) {
        guard let drag, let first = drag.startFrames[drag.keys[0]] else { return }
        for key in drag.keys {
            guard let view = slotViews[key], let start = drag.startFrames[key] else { continue }
            view.frame.origin = origin + (start.origin - first.origin)
        }
        updateLandings()
    }

    /// Whether a window point is over the designer's trash.
    func isOverTrash(_ point: Point) -> Bool {
        !trashView.isHidden && trashView.frame.contains(point)
    }

    private func dropSlots(_ drag: SlotDrag, at pointer: Point) {
        trashView.isLit = false
        let views = drag.keys.compactMap { slotViews[$0] }
        if isOverTrash(pointer) {
            delete(drag.keys)
            return
        }
        let origin = pointer - drag.grabOffset
        switch landing(for: drag.keys, primaryOrigin: origin) {
        case .success(let places):
            if move(drag.keys, to: places) {
                settle(views)
            } else {
                snapBack(drag.keys)
            }
        case .failure(let refusal):
            refuse(refusal)
            snapBack(drag.keys)
        }
        updateLandings()
        updateCursor()
        updateStatus()
    }

    // MARK: Dragging a new slot out of the palette

    func paletteDragChanged(_ pan: PanGestureRecognizer, item: PaletteItemView) {
        switch pan.state {
        case .began:
            beginPaletteDrag(pan, item: item)
        case .changed:
            guard let paletteDrag else { return }
            paletteDrag.ghost.frame.origin = pan.location(in: nil) - paletteDrag.grabOffset
            updateLandings()
        case .ended:
            guard let paletteDrag else { return }
            self.paletteDrag = nil
            dropNewSlot(paletteDrag, at: pan.location(in: nil))
        case .cancelled:
            guard let paletteDrag else { return }
            self.paletteDrag = nil
            snapBack(paletteDrag)
            updateLandings()
            updateStatus()
        default:
            break
        }
    }

    private func beginPaletteDrag(_ pan: PanGestureRecognizer, item: PaletteItemView) {
        endPanelFocus()
        if carry != nil { putHandBack() }
        guard let geometry else { return }
        cursorVisible = false
        notice = nil
        let kind = item.kind
        let slot = SlotLayout(
            id: kind.rawValue, group: kind.rawValue, kind: kind, position: GridPoint(column: 0, row: 0))
        let ghost = DesignSlotView(slot: slot, tag: kind.rawValue, theme: theme)
        ghost.isUserInteractionEnabled = false
        let home = item.convert(item.bounds, to: nil)
        // Held by its top edge, a little in from the left, as a card is picked up.
        let grab = Point(x: min(2, Double(geometry.cardSize.width) / 2), y: 0.5)
        let size = Size(width: Double(geometry.cardSize.width), height: Double(geometry.cardSize.height))
        ghost.frame = Rect(origin: home.origin, size: size)
        slotLayer.addSubview(ghost)
        paletteDrag = PaletteDrag(kind: kind, ghost: ghost, grabOffset: grab, home: home)
        palette.chosen = kind
        lift([ghost])
        let target = pan.location(in: nil) - grab
        ghost.animate(duration: Timing.lift, curve: .easeOutQuad) { ghost.frame.origin = target }
        updateLandings()
        updateCursor()
        updateStatus()
    }

    /// The new slot lands on the cell under it, or goes back into the palette and fades.
    private func dropNewSlot(_ drag: PaletteDrag, at pointer: Point) {
        let place = newSlotPlace(for: drag.ghost.frame.origin, pointer: pointer)
        updateLandings()
        guard let place else {
            notice = "a new slot goes on the felt: let go over the grid"
            snapBack(drag)
            updateStatus()
            return
        }
        if create(drag.kind, at: place, holding: drag.ghost) != nil {
            settle([drag.ghost])
        } else {
            snapBack(drag)
        }
    }

    /// Where a new slot whose view's corner is at `origin` would land: the nearest cell, when the
    /// pointer is over the felt and the card shows whole there.
    func newSlotPlace(for origin: Point, pointer: Point) -> DesignPlace? {
        guard let geometry, feltView.frame.contains(pointer) else { return nil }
        let place = design.cell(nearest: geometry.units(at: origin))
        guard case .cell(let row, let column) = place, geometry.shows(position(ofCell: (row, column))) else {
            return nil
        }
        return place
    }

    /// A new slot not dropped on the felt flies back into the palette and fades away.
    func snapBack(_ drag: PaletteDrag) {
        let ghost = drag.ghost
        ghost.animate(duration: Timing.land, curve: .easeOutQuad) { ghost.frame.origin = drag.home.origin }
        fadeOut(ghost)
    }

    // MARK: Where slots in hand would land

    /// The places slots would move to when the first of them has its corner at `primaryOrigin`
    /// (window cells): map slots to the nearest cell, every one by the same number of cells; free
    /// slots by as much, the first to the nearest half card.
    func landing(for keys: [Int], primaryOrigin: Point) -> Result<[DesignPlace], DesignRefusal> {
        guard let geometry, let first = keys.first, let index = session.index(of: first) else {
            return .failure(DesignRefusal(message: "nothing to move"))
        }
        let units = geometry.units(at: primaryOrigin)
        let grid = design.grid
        let (rows, columns): (Int, Int)
        let (across, down): (Double, Double)
        switch design.slots[index].place {
        case .cell(let row, let column):
            guard
                case .cell(let newRow, let newColumn) = design.cell(
                    nearest: units, character: design.slots[index].character)
            else { return .failure(DesignRefusal(message: "nothing to move")) }
            // cell(nearest:) never goes left of column 0: a slot dragged off the felt's left stops there.
            (rows, columns) = (newRow - row, newColumn - column)
            (across, down) = (Double(columns) * grid.column, Double(rows) * grid.row)
        case .free(let point):
            let snapped = GridPoint(
                column: max(0, (units.column * 2).rounded() / 2), row: max(0, (units.row * 2).rounded() / 2))
            (across, down) = (snapped.column - point.column, snapped.row - point.row)
            (rows, columns) = (Int((down / grid.row).rounded()), Int((across / grid.column).rounded()))
        }
        return moved(keys, rows: rows, columns: columns, across: across, down: down)
    }

    /// The places of slots moved by a number of cells (map slots) or card units (free slots);
    /// refused when one would leave the felt.
    func moved(_ keys: [Int], rows: Int, columns: Int, across: Double, down: Double) -> Result<
        [DesignPlace], DesignRefusal
    > {
        var places: [DesignPlace] = []
        for key in keys {
            guard let index = session.index(of: key) else { continue }
            switch design.slots[index].place {
            case .cell(let row, let column):
                guard row + rows >= 0, column + columns >= 0 else { return .failure(offTheFelt(key)) }
                places.append(.cell(row: row + rows, column: column + columns))
            case .free(let point):
                let moved = GridPoint(column: point.column + across, row: point.row + down)
                guard moved.column >= 0, moved.row >= 0 else { return .failure(offTheFelt(key)) }
                places.append(.free(moved))
            }
        }
        return .success(places)
    }

    func offTheFelt(_ key: Int) -> DesignRefusal {
        DesignRefusal(message: "slot '\(session.id(of: key) ?? "")' would leave the felt")
    }

    /// The position in card units a slot would have at a place.
    func position(of key: Int, at place: DesignPlace) -> GridPoint {
        guard let index = session.index(of: key) else { return GridPoint(column: 0, row: 0) }
        switch place {
        case .free(let point): return point
        case .cell(let row, let column):
            let offset = design.group(of: index)?.offset ?? GridPoint(column: 0, row: 0)
            return GridPoint(
                column: Double(column) * design.grid.column + offset.column,
                row: Double(row) * design.grid.row + offset.row)
        }
    }

    /// Outlines where the slots in hand (dragged, carried, or new from the palette) would land:
    /// in the target's colour where they may, in the trash's where a slot is already there; the
    /// trash lights up instead while the pointer is over it.
    func updateLandings() {
        var outlines: [(Rect, Bool)] = []
        if let geometry {
            if let drag, let view = slotViews[drag.keys[0]] {
                let pointer = view.frame.origin + drag.grabOffset
                trashView.isLit = isOverTrash(pointer)
                if !trashView.isLit,
                    case .success(let places) = landing(for: drag.keys, primaryOrigin: view.frame.origin)
                {
                    outlines = landingOutlines(drag.keys, places, geometry)
                }
            } else if let carry {
                let rows = cursor.row - carry.start.row
                let columns = cursor.column - carry.start.column
                let across = Double(columns) * design.grid.column
                let down = Double(rows) * design.grid.row
                if case .success(let places) = moved(
                    carry.keys, rows: rows, columns: columns, across: across, down: down)
                {
                    outlines = landingOutlines(carry.keys, places, geometry)
                }
            } else if let paletteDrag {
                trashView.isLit = false
                let pointer = paletteDrag.ghost.frame.origin + paletteDrag.grabOffset
                if let place = newSlotPlace(for: paletteDrag.ghost.frame.origin, pointer: pointer),
                    case .cell(let row, let column) = place
                {
                    let position = position(ofCell: (row, column))
                    let taken = design.slots.indices.contains { overlaps(design.position(of: $0), position) }
                    outlines = [(geometry.frame(at: position), !taken)]
                }
            } else {
                trashView.isLit = false
            }
        }
        while landingViews.count < outlines.count {
            let view = CursorView.target(theme: theme)
            view.name = "landing"
            landingViews.append(view)
            slotLayer.addSubview(view)
        }
        for (index, view) in landingViews.enumerated() {
            view.isHidden = index >= outlines.count
            guard index < outlines.count else { continue }
            view.surround(outlines[index].0)
            view.isRefusedPlace = !outlines[index].1
        }
        restack()
    }

    private func landingOutlines(_ keys: [Int], _ places: [DesignPlace], _ geometry: DesignGeometry) -> [(Rect, Bool)] {
        let moving = Set(keys.compactMap { session.index(of: $0) })
        let others = design.slots.indices.filter { !moving.contains($0) }.map { design.position(of: $0) }
        return zip(keys, places).map { key, place in
            let position = position(of: key, at: place)
            let free = !others.contains { overlaps($0, position) }
            return (geometry.frame(at: position), free)
        }
    }

    /// Two slots closer than a card across and down: the loader's overlap.
    func overlaps(_ a: GridPoint, _ b: GridPoint) -> Bool {
        abs(a.column - b.column) < 1 - 1e-9 && abs(a.row - b.row) < 1 - 1e-9
    }
}
