import Solitaire
import TableKit

/// Dragging a card with the pointer, after the Cookbook: the card lifts and follows the
/// pointer, keeping the spot where it was grabbed; released over a slot with room it lands
/// there, over the trash it fades away, anywhere else it goes back.
extension TableScene {
    func dragChanged(_ pan: PanGestureRecognizer, cardID: Int) {
        switch pan.state {
        case .began:
            beginDrag(pan, cardID: cardID)
        case .changed:
            guard let drag, drag.cardID == cardID, let view = cardViews[cardID] else { return }
            let pointer = pan.location(in: window)
            view.frame.origin = pointer - drag.grabOffset
        case .ended:
            guard let drag, drag.cardID == cardID else { return }
            self.drag = nil
            finishMove(cardID: cardID, from: drag.from, onto: slot(at: pan.location(in: window)))
        case .cancelled:
            guard let drag, drag.cardID == cardID else { return }
            self.drag = nil
            finishMove(cardID: cardID, from: drag.from, onto: nil)
        default:
            break
        }
    }

    private func beginDrag(_ pan: PanGestureRecognizer, cardID: Int) {
        if held != nil { cancelHold() }
        cursorVisible = false
        guard let from = table.slot(of: cardID), table.topCard(of: from)?.id == cardID,
            let view = cardViews[cardID], restingFrame(of: cardID, in: from) != nil
        else {
            updateStatus()
            return  // only the top card of a pile moves
        }
        // Where the press was, relative to the card as it is on screen (it may still be landing):
        // the card keeps that spot under the pointer.
        let pressedAt = pan.location(in: window) - pan.translation(in: window)
        let grabOffset = pressedAt - view.frame.origin
        drag = (cardID, from, grabOffset)
        lift(view)
        let target = pan.location(in: window) - grabOffset
        view.animate(duration: Timing.lift, curve: .easeOutQuad) { view.frame.origin = target }
        updateCursor()
        updateStatus()
    }

    /// The card being dragged, if any.
    public var draggedCard: Card? {
        drag.flatMap { cardViews[$0.cardID]?.card }
    }
}
