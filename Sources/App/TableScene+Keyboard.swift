import Solitaire
import TableKit

/// Playing with the keyboard: a cursor moves between slots; Enter or Space deals a card
/// onto an empty slot, picks up the top card, or drops the card carried; Escape puts it back.
extension TableScene {
    public func perform(_ action: TableAction) {
        if !helpPanel.isHidden {
            // The help screen closes on any key; q still quits.
            if action == .quit { quitRequested = true }
            hideHelp()
            return
        }
        switch action {
        case .moveCursor(let direction):
            cursorVisible = true
            if let next = nearestSlot(from: cursorSlot, toward: direction) { cursorSlot = next }
            if let held, let view = cardViews[held.cardID], let area = hoverFrame(over: cursorSlot) {
                view.animate(duration: Timing.land, curve: .easeOutQuad) { view.frame = area }
            }
        case .activate:
            cursorVisible = true
            activate()
        case .cancel:
            if drag != nil {
                window.cancelPointer()
            } else if held != nil {
                cancelHold()
            }
        case .toggleHelp:
            showHelp()
        case .quit:
            quitRequested = true
        }
        updateCursor()
        updateStatus()
    }

    private func activate() {
        guard drag == nil, placement != nil else { return }
        if let held {
            self.held = nil
            finishMove(cardID: held.cardID, from: held.from, onto: cursorSlot)
        } else if let top = table.topCard(of: cursorSlot), let view = cardViews[top.id] {
            held = (top.id, cursorSlot)
            lift(view)
            if let area = hoverFrame(over: cursorSlot) {
                view.animate(duration: Timing.lift, curve: .easeOutQuad) { view.frame = area }
            }
        } else {
            tap(slot: cursorSlot)
        }
    }

    /// Puts the carried card back on its pile.
    func cancelHold() {
        guard let held else { return }
        self.held = nil
        finishMove(cardID: held.cardID, from: held.from, onto: nil)
    }

    /// Where a carried card hovers over a slot: one row above where it would land.
    func hoverFrame(over slotID: String) -> Rect? {
        guard let placement, let slot = placement.placement(of: slotID) else { return nil }
        let pile = table.pile(slotID).filter { $0.id != held?.cardID }
        let origin = placement.cardOrigin(slot: slotID, index: pile.count, count: pile.count + 1) ?? (slot.x, slot.y)
        return Rect(
            x: Double(origin.x), y: Double(origin.y) - 1,
            width: Double(placement.cardSize.width), height: Double(placement.cardSize.height))
    }

    /// The slot whose centre is nearest in a direction: distance along the direction plus
    /// twice the sideways distance, so the cursor prefers staying in its row or column.
    func nearestSlot(from slotID: String, toward direction: TableAction.Direction) -> String? {
        guard let placement else { return nil }  // the table is not on screen: the cursor stays
        guard let current = placement.placement(of: slotID) else { return layout.slots.first?.id }
        let size = placement.cardSize
        func centre(_ s: (x: Int, y: Int)) -> (Double, Double) {
            (Double(s.x) + Double(size.width) / 2, Double(s.y) + Double(size.height) / 2)
        }
        let (cx, cy) = centre((current.x, current.y))
        var best: (id: String, score: Double)?
        for other in placement.slots where other.slot.id != slotID {
            let (ox, oy) = centre((other.x, other.y))
            let (dx, dy) = (ox - cx, oy - cy)
            let along: Double
            let across: Double
            switch direction {
            case .left: (along, across) = (-dx, dy)
            case .right: (along, across) = (dx, dy)
            case .up: (along, across) = (-dy, dx)
            case .down: (along, across) = (dy, dx)
            }
            guard along > 0.5 else { continue }
            let score = along + 2 * abs(across)
            if best == nil || score < best!.score { best = (other.slot.id, score) }
        }
        return best?.id
    }

    func showHelp() {
        helpPanel.centre(inWidth: window.size.width, height: window.size.height)
        helpPanel.isHidden = false
    }

    func hideHelp() {
        helpPanel.isHidden = true
    }

    public var isShowingHelp: Bool { !helpPanel.isHidden }

    /// Moves the cursor view onto the cursor's slot (or the top card there).
    func updateCursor() {
        guard placement != nil, interactive, cursorVisible, drag == nil, let slot = slotViews[cursorSlot] else {
            cursorView.isHidden = true
            return
        }
        var target = slot.frame
        if held == nil, let top = table.topCard(of: cursorSlot), let frame = restingFrame(of: top.id, in: cursorSlot) {
            target = frame
        }
        cursorView.surround(target)
        cursorView.isHidden = false
    }

    /// The card carried with the keyboard, if any.
    public var heldCard: Card? {
        held.flatMap { cardViews[$0.cardID]?.card }
    }
}
