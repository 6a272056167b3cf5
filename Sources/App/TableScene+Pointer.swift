import Solitaire
import TableKit

/// Dragging cards with the pointer, after the Cookbook: pressing a card inside a movable run
/// lifts the run, which follows the pointer keeping the spot where it was grabbed; released
/// over a pile that takes it, it lands there, anywhere else it goes back.
extension TableScene {
    func dragChanged(_ pan: PanGestureRecognizer, cardView: CardView) {
        switch pan.state {
        case .began:
            beginDrag(pan, cardView: cardView)
        case .changed:
            guard let drag, viewsInHand.first === cardView else { return }
            follow(pan.location(in: window) - drag.grabOffset)
        case .ended:
            guard let drag, viewsInHand.first === cardView else { return }
            let pointer = pan.location(in: window)
            let target = slot(at: pointer) ?? slot(mostCovering: cardView.frame)
            self.drag = nil
            if target == nil, layout.rules != nil {
                // Let go over bare felt: the cards go back, and the status line says why.
                notice = "\(theme.label(for: cardView.card)) went back: let go over a pile that takes it"
            }
            finishMove(from: drag.pile, count: drag.count, onto: target)
        case .cancelled:
            guard let drag, viewsInHand.first === cardView else { return }
            self.drag = nil
            finishMove(from: drag.pile, count: drag.count, onto: nil)
        default:
            break
        }
    }

    private func beginDrag(_ pan: PanGestureRecognizer, cardView: CardView) {
        if held != nil { cancelHold() }
        cursorVisible = false
        notice = nil
        guard let place = location(of: cardView), restingFrame(pile: place.pile, index: place.index) != nil else {
            updateStatus()
            return
        }
        guard rules.canPickUp(pile: place.pile, from: place.index, in: state) else {
            // The rules say why (a script's own reason included); a face-down card says nothing.
            if cardView.faceUp, let refusal = rules.pickUpRefusal(pile: place.pile, from: place.index, in: state) {
                notice = refusal.message(label: theme.label(for:))
            }
            updateCursor()
            updateStatus()
            return
        }
        // Where the press was, relative to the card as it is on screen (it may still be landing):
        // the card keeps that spot under the pointer.
        let pressedAt = pan.location(in: window) - pan.translation(in: window)
        let grabOffset = pressedAt - cardView.frame.origin
        drag = (place.pile, pileViews[place.pile].count - place.index, grabOffset)
        let run = viewsInHand
        lift(run)
        let target = pan.location(in: window) - grabOffset
        for (view, offset) in zip(run, handOffsets) {
            view.animate(duration: Timing.lift, curve: .easeOutQuad) { view.frame.origin = target + offset }
        }
        updateTargets()
        updateCursor()
        updateStatus()
    }

    /// The slot whose drop area the rectangle covers most (a card let go with the pointer
    /// just beside a pile still lands on it); nil when it covers none.
    func slot(mostCovering rect: Rect) -> String? {
        var best: (id: String, area: Double)?
        for slot in layout.slots {
            guard let area = dropArea(of: slot.id), area.intersects(rect) else { continue }
            let overlap = area.intersection(rect)
            let size = overlap.width * overlap.height
            if size > (best?.area ?? 0) { best = (slot.id, size) }
        }
        return best?.id
    }

    /// Moves the cards in hand so the first one's top-left corner is at `origin`.
    func follow(_ origin: Point) {
        for (view, offset) in zip(viewsInHand, handOffsets) { view.frame.origin = origin + offset }
    }

    /// Where each card in hand sits relative to the first, as they rest on their pile.
    var handOffsets: [Point] {
        guard let hand else { return [] }
        let count = state.piles[hand.pile].count
        let indices = (count - hand.count)..<count
        guard let base = restingFrame(pile: hand.pile, index: indices.lowerBound)?.origin else {
            return indices.map { _ in .zero }
        }
        return indices.map { (restingFrame(pile: hand.pile, index: $0)?.origin ?? base) - base }
    }

    /// The card being dragged (the first of a dragged run), if any.
    public var draggedCard: Card? { drag == nil ? nil : viewsInHand.first?.card }

    /// How many cards are being dragged.
    public var draggedCount: Int { drag?.count ?? 0 }
}
