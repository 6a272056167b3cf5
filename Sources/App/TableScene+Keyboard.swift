import Layouts
import Solitaire
import TableKit
import TerminalInput

/// Playing with the keyboard: a cursor moves between piles (arrows, or a key that jumps to a
/// pile); `+` and `-` choose how deep into a run it reaches; Enter picks the cards up, drops
/// the cards in hand, or does what a click on the pile does; Escape puts the cards back.
extension TableScene {
    public func perform(_ action: TableAction) {
        if action != .cancel, action != .showHelp { notice = nil }
        if action != .hint { clearHint() }
        switch action {
        case .moveCursor(let direction):
            cursorVisible = true
            if let next = nearestSlot(from: cursorSlot, toward: direction) { moveCursor(to: next) }
        case .jump(let kind, let number):
            cursorVisible = true
            if let next = slot(ofKind: kind, number: number) { moveCursor(to: next) }
        case .nextPile(let forward):
            cursorVisible = true
            let slots = layout.slots
            guard !slots.isEmpty else { return }
            let current = slots.firstIndex { $0.id == cursorSlot }
            let next = current.map { ($0 + (forward ? 1 : slots.count - 1)) % slots.count } ?? 0
            moveCursor(to: slots[next].id)
        case .deeper:
            cursorVisible = true
            if held == nil, let depth = pickableDepths(of: cursorSlot).first(where: { $0 > cursorDepth }) {
                cursorDepth = depth
            }
        case .shallower:
            cursorVisible = true
            if held == nil, cursorDepth > 1 {
                cursorDepth = pickableDepths(of: cursorSlot).last { $0 < cursorDepth } ?? 1
            }
        case .activate:
            cursorVisible = true
            activate()
        case .dealFromStock:
            if drag == nil, held == nil, let stock = layout.slots.first(where: { $0.kind == .stock }) {
                click(slot: stock.id)
            }
        case .cancel:
            if drag != nil {
                window.cancelPointer()
            } else if held != nil {
                cancelHold()
            }
        case .undo:
            undo()
        case .redo:
            redo()
        case .restart:
            putHandBack()
            restart()
        case .newGame:
            putHandBack()
            newGame()
        case .toggleMouseMode:
            putHandBack()
            mouseMode = mouseMode == .drag ? .click : .drag
            notice = mouseMode == .drag ? "Mouse: drag cards onto a pile" : "Mouse: click a card, then a pile"
        case .hint:
            putHandBack()
            showNextHint()
        case .demo:
            startDemo()
        case .cycleAutoplay:
            putHandBack()
            let modes = AutoplayMode.allCases
            autoplay = modes[(modes.firstIndex(of: autoplay)! + 1) % modes.count]
            if runAutoplay(joiningLastMove: false, after: 0) { afterMove() }
            notice = "Autoplay: \(TableScene.describe(autoplay))"
        case .openChooser:
            putHandBack()
            chooserRequested = true
        case .openSettings:
            putHandBack()  // the app opens the settings screen
        case .showHelp:
            showHelp()
        case .pause:
            pause()
        case .quit:
            quitRequested = true
        }
        updateCursor()
        updateStatus()
    }

    private func moveCursor(to slotID: String) {
        cursorSlot = slotID
        cursorDepth = 1
        hoverHeldCards()
    }

    private func activate() {
        guard drag == nil, placement != nil, let pile = pileIndex(of: cursorSlot) else { return }
        if let held {
            self.held = nil
            finishMove(from: held.pile, count: held.count, onto: cursorSlot)
            cursorDepth = 1
            return
        }
        let count = state.piles[pile].count
        let depth = min(cursorDepth, count)
        if depth > 0, rules.canPickUp(pile: pile, from: count - depth, in: state) {
            held = (pile, depth)
            lift(viewsInHand)
            followHint(pickedUp: pile, count: depth)
            hoverHeldCards()
            updateTargets()
        } else if let move = rules.clickMove(on: pile, in: state) {
            let hinted = hintedMove == move
            if attempt(move), hinted { followHint(played: move) }
        } else if let refusal = stockRefusal(pile) {
            notice = refusal
        } else if depth > 0, state.piles[pile][count - 1].faceUp {
            // The rules say why (a script's own reason included).
            notice =
                rules.pickUpRefusal(pile: pile, from: count - depth, in: state)?.message(label: theme.label(for:))
                ?? "\(theme.label(for: state.piles[pile][count - 1].card)) cannot be moved"
        }
    }

    /// Cards in hand, dragged or carried, go back before the table changes under them or
    /// something covers it. The open pointer sequence is cancelled too, even before it became
    /// a drag (pressed, its motion waiting for the next frame), so it cannot become one later.
    public func putHandBack() {
        window.cancelPointer()
        if let drag {
            // The window no longer had the sequence (its view left): the drag ends here.
            self.drag = nil
            finishMove(from: drag.pile, count: drag.count, onto: nil)
        }
        if held != nil { cancelHold() }
    }

    /// Puts the carried cards back on their pile.
    func cancelHold() {
        guard let held else { return }
        self.held = nil
        finishMove(from: held.pile, count: held.count, onto: nil)
    }

    /// Carried cards hover over the cursor's pile, one row above where they would land.
    func hoverHeldCards() {
        guard held != nil, let placement, let slot = placement.slot(cursorSlot), let pile = pileIndex(of: cursorSlot)
        else { return }
        let run = viewsInHand
        let staying = state.piles[pile].count - (held?.pile == pile ? run.count : 0)
        let origin =
            placement.cardOrigin(slot: cursorSlot, index: staying, count: staying + 1) ?? (slot.x, slot.y)
        let first = Point(x: Double(origin.x), y: Double(origin.y) - 1)
        for (view, offset) in zip(run, handOffsets) {
            view.animate(duration: Timing.land, curve: .easeOutQuad) { view.frame.origin = first + offset }
        }
    }

    /// How many cards from the top of a slot's pile can be picked up together (0: none).
    /// The numbers of cards that may be picked up from the top of the pile, smallest first: a
    /// run's lengths, and the whole pile where its bottom card plays alone (`available`).
    func pickableDepths(of slotID: String) -> [Int] {
        guard let pile = pileIndex(of: slotID) else { return [] }
        let count = state.piles[pile].count
        return count == 0 ? [] : (1...count).filter { rules.canPickUp(pile: pile, from: count - $0, in: state) }
    }

    /// The `number`th slot of a kind (1-based), or with `nil` the next one after the cursor's.
    func slot(ofKind kind: SlotKind, number: Int?) -> String? {
        let slots = layout.slots(ofKind: kind)
        guard !slots.isEmpty else { return nil }
        if let number { return number <= slots.count ? slots[number - 1].id : nil }
        let current = slots.firstIndex { $0.id == cursorSlot }
        return slots[current.map { ($0 + 1) % slots.count } ?? 0].id
    }

    /// The slot whose centre is nearest in a direction: distance along the direction plus
    /// twice the sideways distance, so the cursor prefers staying in its row or column.
    func nearestSlot(from slotID: String, toward direction: TableAction.Direction) -> String? {
        guard let placement else { return nil }  // the table is not on screen: the cursor stays
        guard let current = placement.slot(slotID) else { return layout.slots.first?.id }
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
        putHandBack()
        if helpPanel.lines.isEmpty { helpPanel.lines = HelpText.lines(for: layout, theme: theme) }
        helpPanel.centre(inWidth: window.size.width, height: window.size.height)
        helpPanel.isHidden = false
    }

    /// Pauses the game: the cards in hand go back, the clock stops, and the help panel says
    /// what comes next. Closing it, as the help closes, goes on.
    func pause() {
        guard layout.rules != nil, !isPaused else { return }
        putHandBack()
        if isClockRunning {
            clockStop = window.clock.now
            pausedClock = true
        }
        isPaused = true
        if helpLinesAside == nil { helpLinesAside = helpPanel.lines }
        helpPanel.lines = [
            "Paused", "", "The clock is stopped.", "",
            "  any key    go on", "  n          new game", "  g          choose another game", "  q          quit",
        ]
        helpPanel.centre(inWidth: window.size.width, height: window.size.height)
        helpPanel.isHidden = false
        updateStatus()
    }

    /// Closes the help screen: the one place it closes, whatever closed it (a key, a click).
    /// A quit key still quits.
    public func closeHelp(quitting: Bool) {
        if quitting { quitRequested = true }
        if isPaused {
            isPaused = false
            if pausedClock, let started = clockStart, let stopped = clockStop {
                clockStart = window.clock.now - (stopped - started)
                clockStop = nil
            }
            pausedClock = false
        }
        helpPanel.isHidden = true
        if let lines = helpLinesAside {
            helpPanel.lines = lines
            helpLinesAside = nil
        }
    }

    public var isShowingHelp: Bool { !helpPanel.isHidden }

    /// Scrolls a help screen too long for the terminal: arrows and j, k by a line, PgUp and
    /// PgDn by a screenful. Returns false for other keys, or when the help fits.
    func scrollHelp(for key: Key) -> Bool {
        guard helpPanel.canScroll else { return false }
        let page = max(1, helpPanel.visibleBodyRows - 1)
        switch key {
        case .up, .character("k"): helpPanel.scroll(by: -1)
        case .down, .character("j"): helpPanel.scroll(by: 1)
        case .pageUp: helpPanel.scroll(by: -page)
        case .pageDown: helpPanel.scroll(by: page)
        default: return false
        }
        return true
    }

    /// Moves the cursor view around the cursor's cards (the run it takes in) or its empty slot.
    func updateCursor() {
        guard placement != nil, interactive, cursorVisible, drag == nil, let slot = slotViews[cursorSlot],
            let pile = pileIndex(of: cursorSlot)
        else {
            cursorView.isHidden = true
            return
        }
        cursorDepth = max(1, min(cursorDepth, max(1, pileViews[pile].count)))
        let target = held == nil ? runFrame(pile: pile, count: cursorDepth) : nil
        cursorView.surround(target ?? slot.frame)
        cursorView.isHidden = false
    }

    /// The first card carried with the keyboard, if any.
    public var heldCard: Card? { held == nil ? nil : viewsInHand.first?.card }

    /// How many cards are carried with the keyboard.
    public var heldCount: Int { held?.count ?? 0 }
}
