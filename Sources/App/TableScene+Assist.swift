import Layouts
import Solitaire
import TableKit

/// Help from the table: autoplay to the foundations, the double-click's best move, hints, and
/// saying "No moves left" when it is proven.
///
/// Autoplayed cards belong to the move that set them off: they are added to its record, so one
/// undo takes back the move and the cards autoplay sent up after it (and one redo makes both
/// again). They fly one after another, after the move's own cards have landed.
extension TableScene {
    /// Between cards autoplay sends to the foundations.
    static let autoplayStagger = 0.08

    /// Sends every card autoplay allows to the foundations, one after another, once the cards
    /// moving now have landed (`after` seconds). Their steps join the last move's record, or
    /// with `joiningLastMove` false (autoplay just switched on) make a record of their own.
    /// Returns whether any card went up.
    @discardableResult
    func runAutoplay(joiningLastMove: Bool, after delay: Double) -> Bool {
        guard autoplay != .off, layout.rules != nil, !isWon else { return false }
        let before = state
        var steps: [Step] = []
        var first: Move?
        var count = 0
        while count < 1_000, let move = rules.autoplayMove(in: state, mode: autoplay) {
            let record = rules.apply(move, to: &state)
            steps.append(
                contentsOf: record.steps.map { step in
                    var step = step
                    step.automatic = true
                    return step
                })
            first = first ?? move
            count += 1
        }
        guard let first else { return false }
        if joiningLastMove, var last = history.popLast() {
            last.steps += steps
            history.append(last)
        } else {
            // A move of its own (autoplay switched on): the moves undone no longer fit the
            // table, and cannot be made again.
            history.append(MoveRecord(move: first, steps: steps))
            undone = []
        }
        show(steps, from: before, reverting: false, startDelay: delay, stagger: TableScene.autoplayStagger)
        return true
    }

    /// A fresh deal with autoplay on: the cards it allows go up at once (FreeCell's aces), as a
    /// move of their own that undo can take back.
    func autoplayTheDeal() {
        guard interactive, history.isEmpty, undone.isEmpty else { return }
        if runAutoplay(joiningLastMove: false, after: Timing.land) { afterMove() }
    }

    /// The double-click: the cards from `index` up go to a foundation if they can, otherwise
    /// to the best legal place. Says so when there is none.
    func playBestMove(pile: Int, index: Int) {
        let count = state.piles[pile].count - index
        guard count > 0, rules.canPickUp(pile: pile, from: index, in: state) else { return }
        if let move = rules.bestMove(from: pile, count: count, in: state) {
            attempt(move)
        } else {
            notice = "\(theme.label(for: state.piles[pile][index].card)) has nowhere to go"
        }
        updateCursor()
        updateStatus()
    }

    /// How the status line names an autoplay mode.
    static func describe(_ mode: AutoplayMode) -> String {
        switch mode {
        case .off: "off"
        case .safe: "safe cards to the foundations"
        case .all: "every card that fits to the foundations"
        }
    }

    // MARK: Hints

    /// Shows the next useful move: its cards and where they go are outlined and the status line
    /// says it. Pressed again, the hint after it, round again after the last.
    ///
    /// The first hint is the solver's when it knows a win from here (a line already found, or
    /// one found now within the hint's short budget): "Move 7♠ onto 8♥ (leads to a win)". The
    /// heuristic's useful moves follow it, or are all there is when the solver finds none.
    func showNextHint() {
        if outlook == .noMovesLeft {
            // Proven: nothing changes the game any more, so no move is worth offering (dealing
            // round the stock once more included). The status line says what can be done.
            hintList = []
            notice = TableScene.noMovesLeftHint
            clearHint()
            return
        }
        if hintList == nil {
            // The position before the last move: a hint never says to go straight back to it.
            let previous = history.last.map { record -> GameState in
                var position = state
                position.revert(record)
                return position
            }
            var hints = rules.hints(in: state, previous: previous)
            if let move = winningMoveForHint() {
                var sentence = rules.describe(move, in: state)
                sentence.parts.append(.text(" " + TableScene.winningHintNote))
                hints = [Hint(move: move, sentence: sentence)] + hints.filter { $0.move != move }
            }
            hintList = hints
        }
        guard let hints = hintList, !hints.isEmpty else {
            notice = outlook == .noMovesLeft ? nil : "no useful move found: try undo"
            clearHint()
            return
        }
        let hint = hints[hintNumber % hints.count]
        hintNumber += 1
        notice = hint.sentence.message(label: theme.label(for:))
        outlineHint(hint.move)
        // The keyboard cursor takes in the hinted cards (or goes to the stock): Enter picks them
        // up, the cursor goes on to where the hint said, and Enter puts them down.
        if let source = slotID(of: hint.move.kind == .create ? hint.move.to : hint.move.from) {
            cursorSlot = source
            cursorVisible = true
            cursorDepth = hint.move.kind == .transfer ? hint.move.count : 1
            hintedMove = hint.move
        }
    }

    /// What H says when no move is left that changes the game.
    static let noMovesLeftHint = "No moves left: no move changes the game any more; undo, or deal a new game"

    /// What a hint from the solver's winning line says after the move.
    static let winningHintNote = "(leads to a win)"

    /// After cards are picked up with the keyboard: when they are the hinted ones, the cursor
    /// goes to the hint's target.
    func followHint(pickedUp pile: Int, count: Int) {
        guard let move = hintedMove, move.kind == .transfer, move.from == pile, move.count == count,
            let target = slotID(of: move.to)
        else { return }
        hintedMove = nil
        cursorSlot = target
    }

    /// After Enter played a hinted move that takes one press (a deal from the stock): the cursor
    /// goes on to where its first card went, as it goes on to a hinted transfer's target, so the
    /// second Enter of "H, Enter, Enter" picks that card up instead of dealing again.
    func followHint(played move: Move) {
        hintedMove = nil
        guard let record = history.last, record.move == move,
            let landed = record.steps.first(where: { $0.from != $0.to }), let target = slotID(of: landed.to)
        else { return }
        cursorSlot = target
        cursorDepth = 1
    }

    /// Outlines a hint's cards (or the stock) and its target pile.
    private func outlineHint(_ move: Move) {
        let from = move.kind == .create ? move.to : move.from
        var frames = [move.kind == .transfer ? runFrame(pile: from, count: move.count) : topFrame(of: from)]
        if move.kind == .transfer { frames.append(topFrame(of: move.to)) }
        outline(frames.compactMap { $0 }, with: &hintViews, named: "hint")
        for view in hintViews where !view.isHidden { tableLayer.bringSubviewToFront(view) }
    }

    /// Hides the outlines of the hint shown.
    func clearHint() {
        for view in hintViews { view.isHidden = true }
    }

    /// Forgets the hints of the last position and hides their outlines.
    func forgetHints() {
        hintedMove = nil
        hintList = nil
        hintNumber = 0
        clearHint()
    }

    // MARK: Stuck

    /// Works out, after a move, whether the game can still change; the status line says
    /// "No moves left" only when that is proven.
    func updateOutlook() {
        guard layout.rules != nil, !isWon else {
            outlook = .movesLeft
            return
        }
        // The rules' budget proves real dead ends and stays inside a frame (docs/PERFORMANCE.md);
        // past it the outlook is unknown, and nothing is said.
        outlook = rules.outlook(for: state, budget: rules.outlookBudget)
    }

    /// Whether the game is proven to have no move left that changes it.
    public var hasNoMovesLeft: Bool { outlook == .noMovesLeft }
}
