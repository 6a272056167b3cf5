import Layouts
import Persistence
import Scripting
import Solitaire
import Solver
import TableKit

/// A game on screen: slots and cards laid out from a layout file, cards dragged with the
/// pointer or carried with the keyboard cursor. Every gesture or key becomes a ``Move``; the
/// ``Rules`` accept or refuse it; the views then animate from the old position to the new one.
/// A layout with a `[game]` table is played by its declarative rules, any other as a free
/// table (the sandbox). Headless: it draws into a ``Window``; the terminal shows it.
public final class TableScene {
    /// Durations from the Cookbook recipe.
    public enum Timing {
        public static let lift = 0.1
        public static let land = 0.1
        public static let fade = 0.1
        public static let settle = 0.25
        /// Half a card's turn: it narrows to an edge, then widens showing its other side.
        public static let turn = 0.08
        /// Between cards dealt one after another.
        public static let dealStagger = 0.03
    }

    public let window: Window
    /// Colours and characters; changed on the settings screen (``retheme(_:)``).
    public internal(set) var theme: Theme
    public internal(set) var rules: any Rules {
        didSet {
            slotIDs = rules.layout.slots.map(\.id)
            forgetSolverKnowledge()
        }
    }
    /// The slots' ids in pile order, kept beside the rules: a pile's slot is asked for per card
    /// while the table is laid out, and the layout is a large value to take out of the rules.
    private(set) var slotIDs: [String]
    /// The values of the options the variant's script offers (``useScriptOptions(_:)``).
    public internal(set) var scriptOptions: [String: String] = [:]
    public var layout: TableLayout { rules.layout }
    /// The position on the table; changed only through moves.
    public internal(set) var state: GameState
    /// The deal number: the same seed deals the same game. A game started from a position
    /// keeps the number it would deal next (``newGame()``).
    public internal(set) var seed: UInt64
    /// Where this game began: a deal number, or a position (restarting comes back to it).
    public internal(set) var start: GameStart
    /// The moves made since the deal, oldest first.
    public internal(set) var history: [MoveRecord] = []
    /// When the first move of the deal was made, and when the winning one (window clock).
    var clockStart: Double?
    var clockStop: Double?
    /// How many of the variant's timer periods have been asked about (TableScene+Clock.swift).
    var timerPeriodsAsked = 0
    /// The pause panel is up (it is the help panel with other lines).
    var isPaused = false
    /// The clock was running when the game was paused: it runs again when the pause ends.
    var pausedClock = false
    /// When the program was suspended (Ctrl-Z) with the clock running: ``resumeClock()`` takes that time off.
    var suspendedAt: Double?
    /// The help panel's own lines while it shows a script's failure instead.
    var helpLinesAside: [String]?
    /// The last failure the panel showed: the same one again goes to the status line only.
    var lastFailureShown: String?
    /// The moves taken back, the last one taken back last; a new move forgets them.
    public internal(set) var undone: [MoveRecord] = []
    public private(set) var placement: TablePlacement?
    public private(set) var neededSize: (width: Int, height: Int)?

    /// Holds slots and cards, under the cursor, status line and panels.
    let tableLayer = View()
    var slotViews: [String: SlotView] = [:]
    /// The card views of each pile, bottom first, in step with `state.piles`. Piles with no
    /// view of their own (a trash, a free table's hidden deck) have none.
    var pileViews: [[CardView]] = []
    /// Every card view on the table by its id, fading ones excluded.
    var cardViews: [Int: CardView] {
        Dictionary(uniqueKeysWithValues: pileViews.joined().map { ($0.cardID, $0) })
    }
    var nextCardViewID = 1
    var cursorView: CursorView
    /// Outlines of the piles where the cards in hand may go (hidden ones are kept for reuse).
    var targetViews: [CursorView] = []
    var statusLine: StatusLineView
    var helpPanel: PanelView
    var tooSmallView: MessageView

    /// The slot the keyboard cursor is on.
    public internal(set) var cursorSlot: String
    /// How many cards of the cursor's pile the cursor takes in (the top one, or a longer run).
    public internal(set) var cursorDepth = 1
    /// Shown once a key is used; hidden again when the mouse is.
    public internal(set) var cursorVisible = true
    /// The cards carried with the keyboard: the pile they came from and how many.
    var held: (pile: Int, count: Int)?
    /// The cards dragged with the pointer: their pile, how many, and where they were grabbed.
    var drag: (pile: Int, count: Int, grabOffset: Point)?
    /// The last refusal or event worth saying ("7♠ goes on a red 8"); cleared by the next action.
    var notice: String?
    public internal(set) var quitRequested = false
    /// The player asked for the game chooser; the app shows it.
    public internal(set) var chooserRequested = false
    /// Whether a click on a card picks it up to be clicked onto a pile (`.click`), or cards
    /// are only dragged (`.drag`).
    public var mouseMode: MouseMode = .drag {
        didSet { updateStatus() }
    }
    /// Which cards go to the foundations on their own after each move.
    public var autoplay: AutoplayMode = .off
    /// The player's card size, used when the table fits at it; `nil` for the largest that fits.
    public var fixedCardSize: CardSize? {
        didSet { if fixedCardSize != oldValue { layoutTable() } }
    }
    /// The hints for the position on the table, worked out when first asked for, and how many
    /// of them were shown; the outlines of the one shown.
    var hintList: [Hint]?
    var hintNumber = 0
    var hintViews: [CursorView] = []
    /// The move of the hint shown, until the position changes: picking up its cards with the
    /// keyboard takes the cursor to its target.
    var hintedMove: Move?
    /// Whether the game can still change, as worked out after the last move.
    var outlook: Outlook = .movesLeft
    /// What the solver found and is looking for: searches under way, positions judged, the
    /// winning line known, the demo, the search for a winnable deal (TableScene+Winnable.swift).
    var solving = SolverKnowledge()
    /// Where the solver's searches run, away from the frames; without it the status line says
    /// nothing about winning, and the demo and winnable deals search on the main thread
    /// within the hint's short budget.
    public var background: BackgroundWork? {
        didSet {
            if background !== oldValue {
                forgetSearches(in: oldValue)
                refreshAnalysis()
                updateStatus()
            }
        }
    }
    /// The status line says whether the game can still be won.
    public internal(set) var showsWinnable = true
    /// New random deals are deals the solver finds a win for.
    public internal(set) var winnableOnly = false
    /// How far a hint's search may go before the hint falls back on the heuristic (nil: hints
    /// never ask the solver).
    public var hintBudget: SolverBudget? = .hint
    /// How far the search behind "still winnable?" (and the demo's) may go.
    public var analysisBudget: SolverBudget = .outlook
    /// The demo's search, when the status line's could not tell: the player asked and waits for
    /// it, so it may take longer and keep more (10 s, 64 MiB).
    public var demoBudget = SolverBudget(positions: 50_000_000, seconds: 10, memory: 64 << 20)
    /// How far the search may go on each deal when looking for a winnable one: a deal it finds
    /// no win for in half a second is skipped, so the player waits seconds, not minutes.
    public var dealBudget = SolverBudget(positions: 500_000, seconds: 0.5, memory: SolverBudget.outlook.memory)
    /// Keeps the game: saves it after every change, records how it ends (``GameKeeper``).
    public var keeper: GameKeeper?
    /// This game's id in saves and statistics; a new deal is a new game.
    public internal(set) var gameID = SavedGame.newID()
    /// How the layout is found again when the game is resumed: a shipped name, or a path.
    public var layoutSource: String
    /// The game has ended (won) and been recorded: nothing more is saved of it.
    var gameIsOver = false
    /// The demo played moves of this game: its end is not counted in the statistics.
    var demoPlayed = false
    /// ``Layouts/TableLayout/fingerprint``, once worked out (here at the first save, or on
    /// background work by ``prepareLayoutFingerprint()``).
    var knownLayoutFingerprint: String?
    /// The last tap on a card made a move or picked cards up, so a double-click it starts
    /// does not act again on the card beneath.
    var lastTapActed = false
    /// What the status line says the quit keys do: a layout tried from the designer goes back to it.
    var quitLabel = "quit"
    /// Replaces the status line's advice (previews say what they show).
    public var statusMessageOverride: String? {
        didSet { updateStatus() }
    }

    /// A previewed table takes no pointer input and has no cursor.
    public let interactive: Bool

    public convenience init(
        layout: TableLayout, seed: UInt64, window: Window, theme: Theme, interactive: Bool = true
    ) {
        self.init(layout: layout, start: .deal(seed), window: window, theme: theme, interactive: interactive)
    }

    /// A game from a deal or from a position. A position must have one pile per pile of the
    /// rules' deal (the caller checks it: a position file is parsed against the layout).
    public init(layout: TableLayout, start: GameStart, window: Window, theme: Theme, interactive: Bool = true) {
        self.interactive = interactive
        self.window = window
        self.theme = theme
        rules = rulesOf(layout)
        slotIDs = layout.slots.map(\.id)
        layoutSource = layout.name
        switch start {
        case .deal(let number):
            seed = MicrosoftDeal.dealNumber(for: number)
            self.start = .deal(seed)
            state = rules.deal(seed: seed)
        case .position(let position):
            seed = 1
            self.start = start
            state = position
        }
        cursorView = CursorView(theme: theme)
        statusLine = StatusLineView(theme: theme)
        helpPanel = TableScene.makeHelpPanel(for: layout, theme: theme)
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
        makeSlotViews()
        makeCardViews()
        layoutTable()
    }

    /// The help panel, empty: its text is written when it is first shown (``showHelp()``), not
    /// before the first frame.
    static func makeHelpPanel(for layout: TableLayout, theme: Theme) -> PanelView {
        let panel = PanelView(lines: [], theme: theme)
        panel.footer = "any key closes"
        panel.scrollingFooter = "arrows, PgUp, PgDn scroll · other keys close"
        return panel
    }

    /// Makes the view of every slot.
    func makeSlotViews() {
        for slot in layout.slots {
            let view = SlotView(slot: slot, frame: .zero, theme: theme)
            if interactive {
                let tap = TapGestureRecognizer { [unowned self] _ in self.click(slot: slot.id) }
                tap.recognizesEveryTap = true  // an empty stock clicked quickly redeals each time
                view.addGestureRecognizer(tap)
            }
            slotViews[slot.id] = view
            tableLayer.addSubview(view)
        }
    }

    /// Places everything for the window's current size; called again after a resize.
    public func layoutTable() {
        let (width, height) = window.size
        tableLayer.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        statusLine.frame = Rect(x: 0, y: Double(height - 1), width: Double(width), height: 1)
        helpPanel.centre(inWidth: width, height: height)
        switch Placement.place(layout, width: width, height: height, reservedRows: 1, cardSize: fixedCardSize) {
        case .success(let placed):
            placement = placed
            neededSize = nil
            tableLayer.isHidden = false
            tooSmallView.isHidden = true
            statusLine.isHidden = false
            for slot in placed.slots {
                slotViews[slot.slot.id]?.frame = frameRect(x: slot.x, y: slot.y, placed.cardSize)
            }
            for pile in pileViews.indices { placeCards(in: pile) }
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
        updateSlotLabels()
        updateCursor()
        updateStatus()
    }

    /// A card-sized rectangle at a cell.
    func frameRect(x: Int, y: Int, _ size: CardSize) -> Rect {
        Rect(x: Double(x), y: Double(y), width: Double(size.width), height: Double(size.height))
    }

    // MARK: Piles and slots

    /// The pile number of a slot (its index in the layout).
    func pileIndex(of slotID: String) -> Int? { slotIDs.firstIndex(of: slotID) }

    func slotID(of pile: Int) -> String? { pile < slotIDs.count ? slotIDs[pile] : nil }

    /// The cards of a slot's pile, bottom first.
    public func cards(in slotID: String) -> [PileCard] {
        pileIndex(of: slotID).map { state.piles[$0] } ?? []
    }

    /// Whether a pile's cards are drawn: a trash's are not (they are gone), nor are a free
    /// table's undealt cards.
    func showsCards(_ pile: Int) -> Bool {
        pile < layout.slots.count && !layout.slots[pile].deleteOnDrop
    }

    /// The slot a card view lies in.
    func slotID(ofCardView id: Int) -> String? {
        cardViews[id].flatMap { location(of: $0) }.flatMap { slotID(of: $0.pile) }
    }

    /// Where the card at `index` of a pile rests.
    func restingFrame(pile: Int, index: Int) -> Rect? {
        guard let placement, let slotID = slotID(of: pile),
            let origin = placement.cardOrigin(slot: slotID, index: index, count: state.piles[pile].count)
        else { return nil }
        return frameRect(x: origin.x, y: origin.y, placement.cardSize)
    }

    /// Where a card put on a pile lands on it: its top card, or its slot when it is empty.
    func topFrame(of pile: Int) -> Rect? {
        let count = state.piles[pile].count
        return count > 0
            ? restingFrame(pile: pile, index: count - 1) : slotID(of: pile).flatMap { slotViews[$0]?.frame }
    }

    /// What the top `count` cards of a pile cover, from the first one's corner to the top
    /// card's; the slot when the pile is empty.
    func runFrame(pile: Int, count: Int) -> Rect? {
        let total = state.piles[pile].count
        guard total > 0, let first = restingFrame(pile: pile, index: total - max(1, min(count, total))),
            let top = restingFrame(pile: pile, index: total - 1)
        else { return topFrame(of: pile) }
        return Rect(x: first.minX, y: first.minY, width: top.maxX - first.minX, height: top.maxY - first.minY)
    }

    /// Where a card view rests, found by its id.
    func restingFrame(of cardID: Int, in slotID: String) -> Rect? {
        guard let pile = pileIndex(of: slotID), let index = pileViews[pile].firstIndex(where: { $0.cardID == cardID })
        else { return nil }
        return restingFrame(pile: pile, index: index)
    }

    /// Puts a pile's cards where they rest at once (except those in hand).
    func placeCards(in pile: Int) {
        for (index, view) in pileViews[pile].enumerated() where !isInHand(pile: pile, index: index) {
            if let frame = restingFrame(pile: pile, index: index) { view.frame = frame }
        }
    }

    /// The cards in hand, dragged or carried: their pile and how many from its top.
    var hand: (pile: Int, count: Int)? {
        drag.map { ($0.pile, $0.count) } ?? held
    }

    /// Whether the card at `index` of a pile is being dragged or carried.
    func isInHand(pile: Int, index: Int) -> Bool {
        guard let hand, hand.pile == pile else { return false }
        return index >= state.piles[pile].count - hand.count
    }

    /// The card views in hand (dragged or carried), bottom first.
    var viewsInHand: [CardView] {
        hand.map { Array(pileViews[$0.pile].suffix($0.count)) } ?? []
    }

    /// Orders card views as the piles are ordered: layout order, bottom card first; cards in
    /// hand stay above them all.
    func restack() {
        for views in pileViews {
            for view in views { tableLayer.bringSubviewToFront(view) }
        }
        for view in targetViews { tableLayer.bringSubviewToFront(view) }
        for view in viewsInHand { tableLayer.bringSubviewToFront(view) }
    }

    /// The area of a slot that takes a drop: the slot and its fanned cards, in window cells.
    func dropArea(of slotID: String) -> Rect? {
        guard let placement, let slot = placement.slot(slotID),
            let extent = placement.pileExtent(slot: slotID, count: max(1, cards(in: slotID).count))
        else { return nil }
        return Rect(x: Double(slot.x), y: Double(slot.y), width: Double(extent.width), height: Double(extent.height))
    }

    /// The slot under a window point. Where two overlap, one holding cards wins over an empty one
    /// (Pyramid's cleared row lies over the free cards above it), then the later slot.
    public func slot(at point: Point) -> String? {
        let under = layout.slots.reversed().filter { dropArea(of: $0.id)?.contains(point) ?? false }
        return (under.first { !cards(in: $0.id).isEmpty } ?? under.first)?.id
    }

    // MARK: Card views

    /// Makes the views of the dealt position.
    func makeCardViews() {
        pileViews = Array(repeating: [], count: state.piles.count)
        for pile in state.piles.indices where showsCards(pile) {
            pileViews[pile] = state.piles[pile].map { makeCardView($0) }
        }
    }

    func makeCardView(_ card: PileCard) -> CardView {
        let view = CardView(cardID: nextCardViewID, card: card.card, faceUp: card.faceUp, frame: .zero, theme: theme)
        nextCardViewID += 1
        if interactive {
            // One recognizer for single and double clicks: the second click of a series is a
            // double-click; any other click is a click (a stock clicked quickly deals each time).
            let tap = TapGestureRecognizer { [unowned self, unowned view] recognizer in
                if (recognizer as! TapGestureRecognizer).tapCount == 2 {
                    self.doubleClick(cardView: view)
                } else {
                    self.click(cardView: view)
                }
            }
            tap.recognizesEveryTap = true
            view.addGestureRecognizer(tap)
            let pan = PanGestureRecognizer()
            pan.addTarget { [unowned self, unowned view] recognizer in
                self.dragChanged(recognizer as! PanGestureRecognizer, cardView: view)
            }
            view.addGestureRecognizer(pan)
        }
        tableLayer.addSubview(view)
        return view
    }

    /// The pile and index of a card view.
    func location(of view: CardView) -> (pile: Int, index: Int)? {
        for (pile, views) in pileViews.enumerated() {
            if let index = views.firstIndex(where: { $0 === view }) { return (pile, index) }
        }
        return nil
    }

    /// Empty stocks show how many redeals are left; other slots keep their label.
    func updateSlotLabels() {
        guard layout.rules != nil else { return }
        for (pile, slot) in layout.slots.enumerated() where slot.kind == .stock {
            let text: String
            if state.redealsLeft == 0 {
                text = String(theme.glyphs.trash)
            } else {
                let count = state.redealsLeft == Int.max ? "∞" : "\(state.redealsLeft)"
                text = theme.glyphs.unicodeSuits ? "↺ \(count)" : "R \(count)"
            }
            slotViews[slot.id]?.labelOverride = state.piles[pile].isEmpty ? text : nil
        }
    }

    /// Sample cards for a preview: three on every fanned slot (fewer if it shows fewer), face up.
    public func dealSampleCards() {
        var deck = Deck(seed: seed)
        for (pile, slot) in layout.slots.enumerated() where slot.fan != .none && !slot.deleteOnDrop {
            for _ in 0..<max(2, min(slot.fanVisible, 3)) {
                let card = PileCard(deck.deal(), faceUp: true)
                state.piles[pile].append(card)
                pileViews[pile].append(makeCardView(card))
            }
        }
        for pile in pileViews.indices { placeCards(in: pile) }
        restack()
        updateCursor()
    }

    /// Removes the scene's views from the window (a preview replacing its drawing).
    public func detach() {
        for view in [tableLayer, cursorView, statusLine, helpPanel, tooSmallView] { view.removeFromSuperview() }
    }

    /// Lifts cards off their pile: they come to the front and cast a shadow.
    func lift(_ views: [CardView]) {
        for view in views {
            tableLayer.bringSubviewToFront(view)
            view.animate(duration: Timing.lift, curve: .easeOutQuad) { view.elevation = 1 }
        }
    }

    /// Whether the game is won.
    public var isWon: Bool { rules.isWon(state) }

    /// The position the game began from (what a restart deals again).
    public var startPosition: GameState {
        switch start {
        case .deal(let number): rules.deal(seed: number)
        case .position(let position): position
        }
    }

    /// How the deal is named after the game's title: "#12345", or "(a set position)".
    public var dealName: String {
        if case .position = start { return "(set position)" }
        return "#\(seed)"
    }
}
