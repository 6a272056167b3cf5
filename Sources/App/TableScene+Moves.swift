import Solitaire
import TableKit

/// Moves on screen: the rules judge a move; a legal one changes the position and the card
/// views follow it step by step (dealt cards one after another, a turned-up card turning over),
/// a refused one leaves a notice that says why.
extension TableScene {
    /// Makes a move if the rules allow it. Returns whether it was made.
    @discardableResult
    func attempt(_ move: Move) -> Bool {
        if let refusal = rules.refusal(of: move, in: state) {
            // A game says why; the free table, as the Cookbook's, just puts the card back.
            if layout.rules != nil { notice = refusal.message(label: theme.label(for:)) }
            return false
        }
        let before = state
        let record = rules.apply(move, to: &state)
        guard !record.steps.isEmpty else {
            // A legal move always moves something: rules that made nothing failed (a script's error).
            state = before
            notice = "that move did nothing"
            return false
        }
        history.append(record)
        undone = []
        notice = nil
        show(record.steps, from: before, reverting: false)
        let landed = Timing.land + Double(record.steps.count) * Timing.dealStagger
        runAutoplay(joiningLastMove: true, after: landed)
        inheritVerdict(from: before)
        afterMove()
        return true
    }

    /// Takes back the last move, its automatic steps first. Cards in hand go back first.
    func undo() {
        putHandBack()
        guard let record = history.popLast() else {
            notice = "nothing to undo"
            return
        }
        let before = state
        state.revert(record)
        undone.append(record)
        notice = nil
        show(record.steps, from: before, reverting: true)
        afterMove()
    }

    /// Makes again the last move taken back, with the same automatic steps. Cards in hand go
    /// back first.
    func redo() {
        putHandBack()
        guard let record = undone.popLast() else {
            notice = "nothing to redo"
            return
        }
        let before = state
        for step in record.steps { state.apply(step) }
        history.append(record)
        notice = nil
        show(record.steps, from: before, reverting: false)
        inheritVerdict(from: before)
        afterMove()
    }

    /// Deals the same game again from the start.
    func restart() {
        if gameIsOver { beginNewGameRecord() }
        replacePosition(with: startPosition)
    }

    /// Deals the game again with another deal number.
    func newGame() {
        giveUpGame()
        beginNewGameRecord()
        if case .deal = start { seed = MicrosoftDeal.dealNumber(for: seed &+ 1) }
        start = .deal(seed)
        replacePosition(with: rules.deal(seed: seed))
        findWinnableDeal()
    }

    /// Puts a whole position on the table (a new deal, a position under test), forgetting
    /// the moves made. Cards in hand go back first.
    func replacePosition(with position: GameState) {
        putHandBack()
        solving.demo = .off
        stopDealSearch()
        state = position
        history = []
        undone = []
        resetClock()
        notice = nil
        cursorDepth = 1
        remakeCardViews()
        afterMove()
        autoplayTheDeal()
    }

    /// Card views made afresh for the position on the table, resting where they belong.
    func remakeCardViews() {
        for view in pileViews.joined() { view.removeFromSuperview() }
        makeCardViews()
        for pile in pileViews.indices { placeCards(in: pile) }
        restack()
    }

    func afterMove() {
        forgetHints()
        updateOutlook()
        refreshAnalysis()
        runClock()
        keepGame()  // before the win panel, which shows the statistics with this game
        if isWon { celebrateWin() }
        updateSlotLabels()
        updateCursor()
        updateStatus()
    }

    /// Mirrors steps on the card views, starting from the position `before` them, and animates
    /// the cards to where they now rest: each step's cards a little after the previous step's.
    /// Steps start `startDelay` seconds from now, `stagger` seconds apart.
    func show(
        _ steps: [Step], from before: GameState, reverting: Bool, startDelay: Double = 0,
        stagger: Double = Timing.dealStagger
    ) {
        var position = before
        /// When each moved card sets off, by view.
        var departures: [ObjectIdentifier: Double] = [:]
        var turned: [(view: CardView, faceUp: Bool, delay: Double)] = []
        var touched = Set<Int>()
        let ordered = reverting ? steps.reversed() : steps
        for (number, step) in ordered.enumerated() {
            // A step undone runs backwards: its cards go from `to` back to `from`.
            let (from, to) = reverting ? (step.to, step.from) : (step.from, step.to)
            if reverting { position.revert(step) } else { position.apply(step) }
            let delay =
                startDelay + Double(number) * stagger
                + (step.automatic && !reverting && startDelay == 0 ? Timing.land : 0)
            touched.formUnion([from, to])
            if from == to, step.shuffle != 0 {
                // Cards shuffled in place: their views take the order the cards now lie in.
                let count = min(step.count, pileViews[from].count)
                let start = pileViews[from].count - count
                let before = Array(pileViews[from][start...])
                for (place, source) in Step.shuffleOrder(count: count, seed: step.shuffle).enumerated() {
                    if reverting {
                        pileViews[from][start + source] = before[place]
                    } else {
                        pileViews[from][start + place] = before[source]
                    }
                }
                for view in pileViews[from] { tableLayer.bringSubviewToFront(view) }
                continue
            }
            if from == to {
                // Cards turned over in place.
                for (offset, view) in pileViews[from].suffix(step.count).enumerated() {
                    let card = position.piles[from][position.piles[from].count - step.count + offset]
                    turned.append((view, card.faceUp, delay))
                }
                continue
            }
            var moving: [CardView] = []
            if showsCards(from) {
                moving = Array(pileViews[from].suffix(step.count))
                pileViews[from].removeLast(moving.count)
            }
            if step.reverse { moving.reverse() }
            guard showsCards(to) else {
                for view in moving { fadeOut(view) }
                continue
            }
            let landed = position.piles[to].suffix(step.count)
            if moving.isEmpty {
                // Cards that had no view (from a trash or a free table's deck) appear where they land.
                moving = landed.map { makeCardView($0) }
                pileViews[to].append(contentsOf: moving)
                for view in moving {
                    view.alpha = 0
                    view.animate(duration: Timing.fade, delay: delay) { view.alpha = 1 }
                }
                continue
            }
            for (view, card) in zip(moving, landed) {
                view.faceUp = card.faceUp
                tableLayer.bringSubviewToFront(view)
                departures[ObjectIdentifier(view)] = delay
            }
            pileViews[to].append(contentsOf: moving)
        }
        // Every touched pile settles (a fanned pile spreads out again); moved cards land in turn.
        var landings: [(view: CardView, frame: Rect, delay: Double)] = []
        for pile in touched where pile < pileViews.count {
            for (index, view) in pileViews[pile].enumerated() {
                guard let frame = restingFrame(pile: pile, index: index) else { continue }
                let departure = departures[ObjectIdentifier(view)]
                if view.alpha < 1 && departure == nil {
                    view.frame = frame  // appearing where it lands
                    continue
                }
                // A card that looks in place may still be animating elsewhere: it is retargeted too.
                landings.append((view, frame, departure ?? 0))
            }
        }
        // Once the last card has landed, the piles are stacked in order again.
        let lastDelay = landings.map(\.delay).max() ?? 0
        var restacking = false
        for landing in landings {
            let view = landing.view
            let isLast = !restacking && landing.delay == lastDelay
            restacking = restacking || isLast
            view.animate(duration: Timing.land, delay: landing.delay, curve: .easeOutQuad) {
                view.frame = landing.frame
            } completion: { [weak self] _ in
                if isLast { self?.restack() }
            }
        }
        if !restacking { restack() }
        for turn in turned { self.turn(turn.view, faceUp: turn.faceUp, delay: turn.delay) }
    }

    /// Turns a card over where it lies: it narrows to its middle column, then widens showing
    /// its other side.
    func turn(_ view: CardView, faceUp: Bool, delay: Double) {
        guard view.faceUp != faceUp else { return }
        let frame = view.frame
        let edge = Rect(x: (frame.minX + frame.width / 2).rounded(.down), y: frame.minY, width: 1, height: frame.height)
        view.animate(duration: Timing.turn, delay: delay, curve: .easeInQuad) {
            view.frame = edge
        } completion: {
            [weak self, weak view] _ in
            guard let self, let view else { return }
            view.faceUp = faceUp
            guard let place = self.location(of: view),
                let rest = self.restingFrame(pile: place.pile, index: place.index)
            else { return }
            view.animate(duration: Timing.turn, curve: .easeOutQuad) { view.frame = rest }
        }
    }

    /// A card leaves the table (dropped on a trash): it fades away.
    func fadeOut(_ view: CardView) {
        view.isUserInteractionEnabled = false
        view.animate(duration: Timing.fade) {
            view.alpha = 0
        } completion: { _ in
            view.removeFromSuperview()
        }
    }

    // MARK: Clicks

    /// A click on a slot: cards in hand go down on it; otherwise the stock deals, a free
    /// table's slot deals a card onto it.
    func click(slot slotID: String) {
        guard drag == nil, let pile = pileIndex(of: slotID) else { return }
        if let held {
            self.held = nil
            finishMove(from: held.pile, count: held.count, onto: slotID)
            return
        }
        if let move = rules.clickMove(on: pile, in: state) {
            attempt(move)
        } else if let refusal = stockRefusal(pile) {
            notice = refusal
        }
        updateCursor()
        updateStatus()
    }

    /// Why a game's stock will not deal when clicked, as a refused drop says why; `nil` for
    /// another pile, or the free table.
    func stockRefusal(_ pile: Int) -> String? {
        guard layout.rules != nil, layout.slots.indices.contains(pile), layout.slots[pile].kind == .stock else {
            return nil
        }
        return rules.refusal(of: .stock(pile), in: state)?.message(label: theme.label(for:))
    }

    /// A click on a card. Cards in hand go down on its pile. In click-to-move mode a face-up
    /// card that can be picked up is played at once when its run has one obvious place to go,
    /// else it is picked up (a second click on it puts it back). A click on a pile's top card
    /// otherwise does what a click on the pile does.
    func click(cardView view: CardView) {
        lastTapActed = false
        guard drag == nil, let place = location(of: view), let slotID = slotID(of: place.pile) else { return }
        let count = pileViews[place.pile].count - place.index
        // A click the variant's script answers (TriPeaks plays the card) comes before picking up.
        if held == nil, mouseMode == .click, count == 1, let move = rules.clickMove(on: place.pile, in: state),
            move.kind == .click
        {
            attempt(move)
            updateCursor()
            updateStatus()
            return
        }
        if held == nil, mouseMode == .click, view.faceUp,
            rules.canPickUp(pile: place.pile, from: place.index, in: state)
        {
            cursorVisible = false
            notice = nil
            lastTapActed = true
            if let move = rules.obviousMove(from: place.pile, count: count, in: state) {
                attempt(move)
            } else {
                held = (place.pile, count)
                lift(viewsInHand)
                updateTargets()
            }
            updateCursor()
            updateStatus()
            return
        }
        guard held != nil || count == 1 else { return }
        click(slot: slotID)
    }

    /// A double-click on a card: the run from it goes to a foundation if it can, otherwise to
    /// the best legal place. After a click that already played or picked up, the cards picked
    /// up go there instead, and a card played by the first click is left alone.
    func doubleClick(cardView view: CardView) {
        guard drag == nil else { return }
        guard layout.rules != nil else { return click(cardView: view) }  // a free table deals again
        if let held {
            self.held = nil
            finishMove(from: held.pile, count: held.count, onto: nil)
            playBestMove(pile: held.pile, index: state.piles[held.pile].count - held.count)
            return
        }
        guard !lastTapActed, let place = location(of: view) else { return }
        if let move = rules.doubleClickMove(on: place.pile, index: place.index, in: state) {
            attempt(move)
            updateCursor()
            updateStatus()
            return
        }
        if rules.clickMove(on: place.pile, in: state) != nil || !view.faceUp {
            click(cardView: view)  // the stock: a second click deals again
        } else {
            playBestMove(pile: place.pile, index: place.index)
        }
    }

    /// Puts cards in hand down on a slot (nil: nowhere): they land there if the rules allow,
    /// else they go back with a notice saying why.
    func finishMove(from pile: Int, count: Int, onto target: String?) {
        let views = Array(pileViews[pile].suffix(count))
        let targetPile = target.flatMap { pileIndex(of: $0) }
        let landed = targetPile.map { $0 != pile && attempt(.transfer(from: pile, to: $0, count: count)) } ?? false
        if !landed {
            for (index, view) in pileViews[pile].enumerated() {
                // Animated even when it looks in place: the lift may still be carrying it away.
                guard let frame = restingFrame(pile: pile, index: index) else { continue }
                view.animate(duration: Timing.land, curve: .easeOutQuad) {
                    view.frame = frame
                } completion: {
                    [weak self] _ in
                    self?.restack()
                }
            }
        }
        for view in views {
            view.animate(duration: Timing.settle, curve: .easeOutCubic) { view.elevation = 0 }
        }
        updateTargets()
        updateCursor()
        updateStatus()
    }

    /// Outlines the piles where the cards in hand may go, and only those: an empty slot, or the
    /// top card where the cards would land on it.
    func updateTargets() {
        var frames: [Rect] = []
        if let hand {
            for pile in layout.slots.indices where pile != hand.pile {
                let move = Move.transfer(from: hand.pile, to: pile, count: hand.count)
                guard rules.refusal(of: move, in: state) == nil, let frame = topFrame(of: pile) else { continue }
                frames.append(frame)
            }
        }
        outline(frames, with: &targetViews, named: "target")
        // Above the piles, below the cards in hand; cards flying elsewhere keep their place.
        guard !frames.isEmpty else { return }
        for view in targetViews { tableLayer.bringSubviewToFront(view) }
        for view in viewsInHand { tableLayer.bringSubviewToFront(view) }
    }

    /// Puts one outline around each frame, reusing the views of `pool` (making more when there
    /// are too few) and hiding the ones left over.
    func outline(_ frames: [Rect], with pool: inout [CursorView], named name: String) {
        while pool.count < frames.count {
            let view = CursorView.target(theme: theme)
            view.name = name
            pool.append(view)
            tableLayer.addSubview(view)
        }
        for (index, view) in pool.enumerated() {
            view.isHidden = index >= frames.count
            if index < frames.count { view.surround(frames[index]) }
        }
    }
}
