import Layouts
import Solitaire
import TableKit

/// A free table on screen: slots and cards laid out from a layout file, cards dragged
/// with the pointer or carried with the keyboard cursor, all through the same moves on a
/// ``FreeTable`` model. Headless: it draws into a ``Window``; the terminal shows it.
public final class TableScene {
    /// Durations from the Cookbook recipe.
    public enum Timing {
        public static let lift = 0.1
        public static let land = 0.1
        public static let fade = 0.1
        public static let settle = 0.25
    }

    public let window: Window
    public let theme: Theme
    public private(set) var table: FreeTable
    public var layout: TableLayout { table.layout }
    public private(set) var placement: TablePlacement?
    public private(set) var neededSize: (width: Int, height: Int)?

    /// Holds slots and cards, under the cursor, status line and panels.
    let tableLayer = View()
    var slotViews: [String: SlotView] = [:]
    var cardViews: [Int: CardView] = [:]
    let cursorView: CursorView
    let statusLine: StatusLineView
    let helpPanel: PanelView
    let tooSmallView: MessageView

    /// The slot the keyboard cursor is on.
    public internal(set) var cursorSlot: String
    /// Shown once a key is used; hidden again when the mouse is.
    public internal(set) var cursorVisible = true
    /// The card carried with the keyboard, and where it came from.
    var held: (cardID: Int, from: String)?
    /// The card dragged with the pointer: where it came from and where it was grabbed.
    var drag: (cardID: Int, from: String, grabOffset: Point)?
    public internal(set) var quitRequested = false
    /// Replaces the status line's advice (previews say what they show).
    public var statusMessageOverride: String? {
        didSet { updateStatus() }
    }

    /// A previewed table takes no pointer input and has no cursor.
    public let interactive: Bool

    public init(layout: TableLayout, seed: UInt64, window: Window, theme: Theme, interactive: Bool = true) {
        self.interactive = interactive
        self.window = window
        self.theme = theme
        self.table = FreeTable(layout: layout, seed: seed)
        cursorView = CursorView(theme: theme)
        statusLine = StatusLineView(theme: theme)
        helpPanel = PanelView(lines: HelpText.lines(for: layout, theme: theme), theme: theme)
        tooSmallView = MessageView(theme: theme)
        cursorSlot = layout.slots.first(where: { !$0.deleteOnDrop })?.id ?? layout.slots.first?.id ?? ""
        window.backgroundCell = theme.feltCell
        tableLayer.name = "table"
        window.addSubview(tableLayer)
        window.addSubview(cursorView)
        window.addSubview(statusLine)
        window.addSubview(helpPanel)
        window.addSubview(tooSmallView)
        helpPanel.isHidden = true
        for slot in layout.slots {
            let view = SlotView(slot: slot, frame: .zero, theme: theme)
            if interactive {
                view.addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in self.tap(slot: slot.id) })
            }
            slotViews[slot.id] = view
            tableLayer.addSubview(view)
        }
        layoutTable()
    }

    /// Places everything for the window's current size; called again after a resize.
    public func layoutTable() {
        let (width, height) = window.size
        tableLayer.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        statusLine.frame = Rect(x: 0, y: Double(height - 1), width: Double(width), height: 1)
        helpPanel.centre(inWidth: width, height: height)
        switch Placement.place(layout, width: width, height: height, reservedRows: 1) {
        case .success(let placed):
            placement = placed
            neededSize = nil
            tableLayer.isHidden = false
            tooSmallView.isHidden = true
            statusLine.isHidden = false
            for slot in placed.slots {
                slotViews[slot.slot.id]?.frame = cellRect(x: slot.x, y: slot.y, placed.cardSize)
            }
            for slot in layout.slots { placeCards(in: slot.id, animated: false) }
            restack()
        case .failure(let tooSmall):
            placement = nil
            neededSize = (tooSmall.neededWidth, tooSmall.neededHeight)
            tableLayer.isHidden = true
            statusLine.isHidden = true
            tooSmallView.isHidden = false
            tooSmallView.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            tooSmallView.text = "terminal too small (need \(tooSmall.neededWidth)x\(tooSmall.neededHeight))"
        }
        updateCursor()
        updateStatus()
    }

    func cellRect(x: Int, y: Int, _ size: CardSize) -> Rect {
        Rect(x: Double(x), y: Double(y), width: Double(size.width), height: Double(size.height))
    }

    /// Where a pile's card rests.
    func restingFrame(of cardID: Int, in slotID: String) -> Rect? {
        guard let placement else { return nil }
        let pile = table.pile(slotID)
        guard let index = pile.firstIndex(where: { $0.id == cardID }),
            let origin = placement.cardOrigin(slot: slotID, index: index, count: pile.count)
        else { return nil }
        return cellRect(x: origin.x, y: origin.y, placement.cardSize)
    }

    /// Puts a pile's cards where they rest (except one in flight).
    func placeCards(in slotID: String, animated: Bool, except moving: Int? = nil) {
        for placed in table.pile(slotID) where placed.id != moving {
            guard let view = cardViews[placed.id], let frame = restingFrame(of: placed.id, in: slotID) else { continue }
            if animated {
                view.animate(duration: Timing.land, curve: .easeOutQuad) { view.frame = frame }
            } else {
                view.frame = frame
            }
        }
    }

    /// Orders card views as the piles are ordered: layout order, bottom card first; a card
    /// being dragged or carried stays above them all (a landing that finishes, or is cut
    /// short by a pick-up, restacks while another card is in the hand).
    func restack() {
        for slot in layout.slots {
            for placed in table.pile(slot.id) {
                if let view = cardViews[placed.id] { tableLayer.bringSubviewToFront(view) }
            }
        }
        for inHand in [drag?.cardID, held?.cardID].compactMap({ $0 }) {
            if let view = cardViews[inHand] { tableLayer.bringSubviewToFront(view) }
        }
    }

    /// The area of a slot that takes a drop: the slot and its fanned cards, in window cells.
    func dropArea(of slotID: String) -> Rect? {
        guard let placement, let slot = placement.placement(of: slotID),
            let extent = placement.pileExtent(slot: slotID, count: max(1, table.pile(slotID).count))
        else { return nil }
        return Rect(x: Double(slot.x), y: Double(slot.y), width: Double(extent.width), height: Double(extent.height))
    }

    /// The slot under a window point; the later slot wins where two overlap.
    public func slot(at point: Point) -> String? {
        layout.slots.reversed().first { dropArea(of: $0.id)?.contains(point) ?? false }?.id
    }

    func makeCardView(_ placed: FreeTable.PlacedCard, in slotID: String) -> CardView {
        let frame = restingFrame(of: placed.id, in: slotID) ?? .zero
        let view = CardView(cardID: placed.id, card: placed.card, frame: frame, theme: theme)
        if interactive {
            // Tapping the top card of a pile with room deals onto the pile, as tapping an empty slot does.
            view.addGestureRecognizer(
                TapGestureRecognizer { [unowned self] _ in
                    if let slot = table.slot(of: placed.id), table.topCard(of: slot)?.id == placed.id {
                        tap(slot: slot)
                    }
                })
            let pan = PanGestureRecognizer()
            pan.addTarget { [unowned self] recognizer in
                self.dragChanged(recognizer as! PanGestureRecognizer, cardID: placed.id)
            }
            view.addGestureRecognizer(pan)
        }
        cardViews[placed.id] = view
        tableLayer.addSubview(view)
        return view
    }

    // MARK: Actions shared by pointer and keyboard

    /// A tap (click, or Enter on an empty slot): deal a card onto the slot if it makes cards.
    public func tap(slot slotID: String) {
        guard held == nil, drag == nil, let placed = table.createCard(at: slotID) else { return }
        let view = makeCardView(placed, in: slotID)
        view.alpha = 0
        view.animate(duration: Timing.fade) { view.alpha = 1 }
        updateCursor()
        updateStatus()
    }

    /// Finishes a move of a card onto a slot (nil: no slot): it lands, is deleted, or goes back.
    func finishMove(cardID: Int, from: String, onto target: String?) {
        guard let view = cardViews[cardID] else { return }
        let outcome = target.map { table.drop(cardID, onto: $0) } ?? .rejected
        switch outcome {
        case .moved:
            placeCards(in: from, animated: true)
            if let target, let frame = restingFrame(of: cardID, in: target) {
                placeCards(in: target, animated: true, except: cardID)
                view.animate(duration: Timing.land, curve: .easeOutQuad) {
                    view.frame = frame
                } completion: { [weak self] _ in
                    self?.restack()
                }
            }
        case .deleted:
            cardViews[cardID] = nil
            placeCards(in: from, animated: true)
            view.isUserInteractionEnabled = false
            view.animate(duration: Timing.fade) {
                view.alpha = 0
            } completion: { _ in
                view.removeFromSuperview()
            }
        case .rejected:
            if let frame = restingFrame(of: cardID, in: from) {
                view.animate(duration: Timing.land, curve: .easeOutQuad) {
                    view.frame = frame
                } completion: { [weak self] _ in
                    self?.restack()
                }
            }
        }
        view.animate(duration: Timing.settle, curve: .easeOutCubic) { view.elevation = 0 }
        updateCursor()
        updateStatus()
    }

    /// Sample cards for a preview: three on every fanned slot (fewer if it shows fewer).
    public func dealSampleCards() {
        for slot in layout.slots where slot.fan != .none && !slot.deleteOnDrop {
            for _ in 0..<max(2, min(slot.fanVisible, 3)) {
                if let placed = table.placeSample(onto: slot.id) { _ = makeCardView(placed, in: slot.id) }
            }
        }
        for slot in layout.slots { placeCards(in: slot.id, animated: false) }
        restack()
        updateCursor()
    }

    /// Removes the scene's views from the window (a preview replacing its drawing).
    public func detach() {
        for view in [tableLayer, cursorView, statusLine, helpPanel, tooSmallView] { view.removeFromSuperview() }
    }

    /// Lifts a card off its pile: it comes to the front and casts a shadow.
    func lift(_ view: CardView) {
        tableLayer.bringSubviewToFront(view)
        view.animate(duration: Timing.lift, curve: .easeOutQuad) { view.elevation = 1 }
    }
}
