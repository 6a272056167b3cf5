import Layouts
import Persistence
import TableKit
import TerminalInput

/// The layout designer (`cardtable design FILE`): a layout made and changed with the table's own
/// drag and drop. A palette of slot kinds above the felt; the felt with the layout's grid
/// marked and its slots drawn as the table draws them, each with its id; a side panel with the
/// selected slot's keys; the designer's trash; a header with the file's name and whether it has
/// unsaved changes; the status line.
///
/// Tap the felt and a slot of the palette's kind appears on the grid cell there; drag a kind out
/// of the palette to put one where it lands. Drag a slot (or the selected slots) and it lifts and
/// follows the pointer, the cells it would land on outlined; let go and it lands on the grid, or,
/// where it would overlap another slot, snaps back and the status line says why, in
/// `cardtable check`'s words. Dropped on the trash it fades away. Every edit is checked as
/// `cardtable check` checks the file (``DesignSession``), can be undone and redone, and is
/// saved only when asked. Everything works from the keyboard too (``DesignKeys``).
///
/// Geometry: header on row 0, palette on row 1, the felt below them on the left, the panel and
/// the trash on the right, the status line on the last row.
public final class DesignScene: Scene {
    /// Durations from the Cookbook recipe, as the table's cards use them.
    typealias Timing = TableScene.Timing

    public let window: Window
    let theme: Theme
    public internal(set) var session: DesignSession
    /// The file did not exist when the designer opened it: saving makes it.
    public internal(set) var isNewFile: Bool

    let header: StatusLineView
    let palette: PaletteView
    let feltView: DesignFeltView
    let panel: DesignPanelView
    let trashView: DesignTrashView
    /// The slots (and a new slot dragged out of the palette), over everything but the cursor,
    /// the status line and the panels: a dragged slot passes over the panel and the trash.
    let slotLayer = PassThroughView()
    var slotViews: [Int: DesignSlotView] = [:]
    /// Outlines of where the slots in hand would land.
    var landingViews: [CursorView] = []
    let cursorView: CursorView
    let statusLine: StatusLineView
    let helpPanel: PanelView
    let questionPanel: PanelView
    let tooSmallView: MessageView

    /// How card units map onto the felt; nil while the terminal is too small.
    var geometry: DesignGeometry?

    /// The selected slots' keys, in the order they were selected.
    public internal(set) var selection: [Int] = []
    /// The keyboard's cursor: a cell of the grid.
    public internal(set) var cursor = (row: 0, column: 0)
    /// Shown once a key moves it; hidden again when the mouse is used.
    public internal(set) var cursorVisible = false
    /// The slots dragged with the pointer.
    var drag: SlotDrag?
    /// The slots carried with the keyboard.
    var carry: SlotCarry?
    /// A new slot dragged out of the palette.
    var paletteDrag: PaletteDrag?
    /// A band dragged over empty felt, selecting the slots it touches: where it began, and
    /// whether it adds to the selection.
    var band: (start: Point, bandExtends: Bool)?
    /// The band's outline.
    lazy var bandView: CursorView = {
        let view = CursorView.target(theme: theme)
        view.name = "band"
        view.isHidden = true
        return view
    }()
    /// What the last action did or why it was refused ("tableau.3 made"); cleared by the next.
    var notice: String?
    /// The panel's note: the last refusal in `cardtable check`'s words, while it concerns what
    /// the panel shows.
    var panelNote: (text: String, isRefusal: Bool)?
    /// The panel has the keyboard: its selected row, and the text typed into it.
    var panelFocus: PanelFocus?
    /// The rules key the panel's last row would add, as the arrows chose it.
    var addRowKey: String?
    /// Quitting with unsaved changes asks first.
    public internal(set) var isAskingToQuit = false
    /// The modifiers of the last press (a shift-click adds to the selection).
    var pressModifiers: Modifiers = []

    public internal(set) var quitRequested = false
    /// The designer asked to play the layout as it stands; the app shows it.
    public internal(set) var tryRequested = false

    /// The panel's width, and the trash's height under it.
    static let minimumPanelWidth = 28
    static let trashHeight = 5
    /// The fewest card units the felt shows across and down, an empty design included.
    static let minimumCanvas = GridPoint(column: 5, row: 3)

    public init(session: DesignSession, isNewFile: Bool = false, window: Window, theme: Theme) {
        self.session = session
        self.isNewFile = isNewFile
        self.window = window
        self.theme = theme
        header = StatusLineView(theme: theme)
        header.name = "header"
        palette = PaletteView(theme: theme, chosen: .free)
        feltView = DesignFeltView(theme: theme)
        panel = DesignPanelView(theme: theme)
        trashView = DesignTrashView(theme: theme)
        slotLayer.name = "slots"
        cursorView = CursorView(theme: theme)
        statusLine = StatusLineView(theme: theme)
        helpPanel = PanelView(lines: Self.helpLines(theme: theme), theme: theme)
        helpPanel.footer = "any key closes"
        helpPanel.scrollingFooter = "arrows scroll · other keys close"
        helpPanel.isHidden = true
        questionPanel = PanelView(lines: [], theme: theme)
        questionPanel.isHidden = true
        tooSmallView = MessageView(theme: theme)
        makeRecognizers()
        let recovery = Result { () throws(FileError) in
            try AtomicFile.read(recoveryFile, limit: LayoutLoader.maxFileBytes, what: "a layout file")
        }
        if case .success(.some) = recovery {
            // Changes left unsaved when a signal ended the designer: said first.
            notice =
                "changes left unsaved last time are in \(StatusLineView.literal(PathNames.lastComponent(recoveryFile)))"
        } else if case .failure(let error) = recovery {
            // One there that cannot be read (too large, not a regular file) is said too, not passed over.
            notice =
                "\(StatusLineView.literal(PathNames.lastComponent(recoveryFile))) is there but cannot be read: "
                + StatusLineView.literal(error.reason)
        } else if isNewFile {
            notice = "new layout: \(fileLabel) is made when you save"
        } else if !session.isClean {
            let count = session.errors.count
            notice =
                "\(fileLabel) has \(count) error\(count == 1 ? "" : "s") from check (the panel shows them): "
                + "mend them here, or in the file"
        }
        reattach()
    }

    /// Puts the scene's views in the window, as they were, and lays them out.
    public func reattach() {
        window.backgroundCell = theme.feltCell
        for view in [
            feltView, header, palette, panel, trashView, slotLayer, cursorView, statusLine, helpPanel, questionPanel,
            tooSmallView,
        ] as [View] {
            window.addSubview(view)
        }
        layoutViews()
    }

    public func detach() {
        putHandBack()
        for view in [
            feltView, header, palette, panel, trashView, slotLayer, cursorView, statusLine, helpPanel, questionPanel,
            tooSmallView,
        ] as [View] {
            view.removeFromSuperview()
        }
    }

    public var design: TableDesign { session.design }
    /// The layout as the design loads.
    public var layout: TableLayout { session.layout }
    public var isModified: Bool { session.isModified }
    /// The file's name as the header says it.
    var fileName: String { PathNames.lastComponent(session.document.file) }
    /// The file's name for the status line and the header, its brackets shown as they are.
    var fileLabel: String { StatusLineView.literal(fileName) }

    // MARK: Layout

    var panelWidth: Int { min(34, max(Self.minimumPanelWidth, window.size.width / 3)) }

    /// The felt's rectangle for the window's size.
    var feltRect: Rect {
        let (width, height) = window.size
        return Rect(x: 0, y: 2, width: Double(max(0, width - panelWidth)), height: Double(max(0, height - 3)))
    }

    /// Card units the felt must show: the design and a card beyond it, across and down.
    var neededExtent: GridPoint {
        let extent = design.extent
        return GridPoint(
            column: max(extent.column + 1, Self.minimumCanvas.column), row: max(extent.row + 1, Self.minimumCanvas.row))
    }

    /// The terminal size the designer needs for this design.
    var neededSize: (width: Int, height: Int) {
        let felt = DesignGeometry.neededFelt(for: neededExtent)
        return (max(Self.minimumPanelWidth + felt.width, 48), max(felt.height + 3, 14))
    }

    public func layoutViews() {
        let (width, height) = window.size
        chooseGeometry(keepingSize: false)
        let fits = geometry != nil && width >= neededSize.width && height >= neededSize.height
        for view in [feltView, header, palette, panel, trashView, slotLayer, cursorView, statusLine] as [View] {
            view.isHidden = !fits
        }
        tooSmallView.isHidden = fits
        tooSmallView.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        tooSmallView.text =
            "terminal too small for the designer (need \(neededSize.width)x\(neededSize.height))"
        header.frame = Rect(x: 0, y: 0, width: Double(width), height: 1)
        palette.frame = Rect(x: 0, y: 1, width: Double(width), height: 1)
        palette.layout(width: width)
        feltView.frame = feltRect
        slotLayer.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let right = feltRect.maxX
        let trashHeight = Double(min(Self.trashHeight, max(3, height / 5)))
        trashView.frame = Rect(
            x: right, y: Double(height - 1) - trashHeight, width: Double(panelWidth), height: trashHeight)
        panel.frame = Rect(x: right, y: 2, width: Double(panelWidth), height: max(0, trashView.frame.minY - 2))
        statusLine.frame = Rect(x: 0, y: Double(max(0, height - 1)), width: Double(width), height: 1)
        helpPanel.centre(inWidth: width, height: height)
        questionPanel.centre(inWidth: width, height: height)
        showDesign(animated: false)
    }

    /// Picks the card size: the largest at which the design and a card beyond it show. With
    /// `keepingSize`, cards only get smaller (after an edit: the table does not jump while the
    /// designer works on it); a resize picks afresh.
    func chooseGeometry(keepingSize: Bool) {
        let felt = feltRect
        if keepingSize, let geometry, geometry.felt == felt, geometry.fits(neededExtent) { return }
        let largest = keepingSize && geometry?.felt == felt ? geometry?.cardSize : nil
        geometry =
            DesignGeometry.largest(felt: felt, fitting: neededExtent, atMost: largest)
            ?? DesignGeometry.largest(felt: felt, fitting: neededExtent)
        feltView.geometry = geometry
    }

    // MARK: Showing the design

    /// Brings the slot views in step with the design: each slot's view (by its key) goes where the
    /// slot stands, animated as a card lands; new slots fade in, deleted ones fade out.
    func showDesign(animated: Bool) {
        chooseGeometry(keepingSize: true)
        feltView.grid = design.grid
        guard let geometry else { return }
        var seen = Set<Int>()
        let inHand = Set(handKeys)
        for (index, key) in session.snapshot.keys.enumerated() {
            seen.insert(key)
            let id = design.id(of: index)
            let position = design.position(of: index)
            let slot =
                layout.slot(id)
                ?? SlotLayout(id: id, group: id, kind: design.kind(of: index), position: position)
            let frame = geometry.frame(at: position)
            let view: DesignSlotView
            if let existing = slotViews[key] {
                view = existing
                view.slot = slot
                view.tag = id
                if !inHand.contains(key), view.frame != frame {
                    if animated {
                        view.animate(duration: Timing.land, curve: .easeOutQuad) { view.frame = frame }
                    } else {
                        view.frame = frame
                    }
                }
            } else {
                view = makeSlotView(slot: slot, tag: id, key: key)
                view.frame = frame
                if animated {
                    view.alpha = 0
                    view.animate(duration: Timing.fade) { view.alpha = 1 }
                }
            }
            view.isSelected = selection.contains(key)
        }
        for (key, view) in slotViews where !seen.contains(key) {
            slotViews[key] = nil
            fadeOut(view, animated: animated)
        }
        updateFans()
        selection.removeAll { !seen.contains($0) }
        restack()
        updateCursor()
        updatePanel()
        updateStatus()
    }

    /// The dotted edges of the fanned slots' spread on the felt (not of the slots in hand: they
    /// are on their way elsewhere).
    func updateFans() {
        guard let geometry else { return }
        let inHand = Set(handKeys)
        var fans: [Rect] = []
        for (index, key) in session.snapshot.keys.enumerated() where !inHand.contains(key) {
            guard let slot = layout.slot(design.id(of: index)), slot.fan != .none else { continue }
            let step = Placement.fanStep(for: geometry.cardSize)
            let spread = Double(max(0, min(slot.fanVisible, LayoutLoader.maxFanVisible) - 1))
            var fan = geometry.frame(at: design.position(of: index))
            if slot.fan == .down {
                fan.size.height += spread * Double(step.down)
            } else {
                fan.size.width += spread * Double(step.right)
            }
            fans.append(fan.intersection(geometry.felt))
        }
        feltView.fans = fans
    }

    /// A slot leaves the felt: it fades away (0.1 s), as a card dropped on a trash does.
    func fadeOut(_ view: View, animated: Bool = true) {
        view.isUserInteractionEnabled = false
        guard animated else {
            view.removeFromSuperview()
            return
        }
        view.animate(duration: Timing.fade) {
            view.alpha = 0
        } completion: { _ in
            view.removeFromSuperview()
        }
    }

    /// Slots in the design's order, the slots in hand above them.
    func restack() {
        for key in session.snapshot.keys { if let view = slotViews[key] { slotLayer.bringSubviewToFront(view) } }
        for view in landingViews { slotLayer.bringSubviewToFront(view) }
        for key in handKeys { if let view = slotViews[key] { slotLayer.bringSubviewToFront(view) } }
        if let ghost = paletteDrag?.ghost { slotLayer.bringSubviewToFront(ghost) }
    }

    /// The keys of the slots dragged or carried.
    var handKeys: [Int] { drag?.keys ?? carry?.keys ?? [] }

    /// The frame a slot rests at, by its key.
    func restingFrame(of key: Int) -> Rect? {
        guard let geometry, let index = session.index(of: key) else { return nil }
        return geometry.frame(at: design.position(of: index))
    }

    // MARK: The cursor

    /// The position in card units of a grid cell's top-left corner.
    func position(ofCell cell: (row: Int, column: Int)) -> GridPoint {
        GridPoint(column: Double(cell.column) * design.grid.column, row: Double(cell.row) * design.grid.row)
    }

    /// The slot covering a grid cell (the one whose corner stands there first, else the one whose
    /// card covers the cell's corner).
    func slot(coveringCell cell: (row: Int, column: Int)) -> Int? {
        let point = position(ofCell: cell)
        let design = design
        if let exact = design.slot(at: .cell(row: cell.row, column: cell.column)),
            design.position(of: exact) == point
        {
            return session.key(at: exact)
        }
        let epsilon = 1e-9
        let covering = design.slots.indices.last { index in
            let p = design.position(of: index)
            return p.column <= point.column + epsilon && point.column < p.column + 1 - epsilon
                && p.row <= point.row + epsilon && point.row < p.row + 1 - epsilon
        }
        return covering.map { session.key(at: $0) }
    }

    /// The cells of the grid the felt shows, across and down.
    var cellCount: (rows: Int, columns: Int) {
        guard let geometry else { return (1, 1) }
        let room = geometry.room
        return (
            max(1, Int((room.row / design.grid.row + 1e-9).rounded(.down)) + 1),
            max(1, Int((room.column / design.grid.column + 1e-9).rounded(.down)) + 1)
        )
    }

    func updateCursor() {
        guard let geometry, cursorVisible, drag == nil, paletteDrag == nil else {
            cursorView.isHidden = true
            return
        }
        cursorView.isHidden = false
        if carry == nil, let key = slot(coveringCell: cursor), let frame = restingFrame(of: key) {
            cursorView.surround(frame)
        } else {
            cursorView.surround(geometry.frame(at: position(ofCell: cursor)))
        }
    }

    /// The slot the panel shows and the keys act on when nothing is selected: the one under the
    /// keyboard's cursor.
    var slotUnderCursor: Int? { cursorVisible ? slot(coveringCell: cursor) : nil }

    /// The slots the keys act on: the selection, else the slot under the cursor.
    var targetKeys: [Int] {
        if !selection.isEmpty { return selection }
        return slotUnderCursor.map { [$0] } ?? []
    }

    // MARK: Scene

    public func perform(_ action: TableAction) {}

    /// Every key reaches the designer's own table (``DesignKeys``).
    public func handleKeyPress(_ press: KeyPress) -> Bool {
        handleKey(press)
        return true
    }

    /// A press closes the help (and goes no further), answers the quit question where the status
    /// line offers an answer (anywhere else it reaches nothing), and does nothing while the
    /// terminal is too small. Other reports reach the views.
    public func handleMouse(_ report: MouseReport) -> Bool {
        let isButton = [MouseButton.left, .middle, .right].contains(report.button)
        guard report.action == .press, isButton else { return false }
        pressModifiers = report.modifiers
        cursorVisible = false
        if !helpPanel.isHidden {
            helpPanel.isHidden = true
            updateCursor()
            return true
        }
        if isAskingToQuit {
            if report.row == window.size.height - 1, let name = statusLine.key(atColumn: report.column),
                let press = Self.press(named: name)
            {
                handleKey(press)
            }
            return true
        }
        if !tooSmallView.isHidden { return true }
        updateCursor()
        return false
    }

    public var inputState: String {
        if !tooSmallView.isHidden { return "too small" }
        if isAskingToQuit { return "question" }
        if !helpPanel.isHidden { return "help" }
        if let panelFocus { return panelFocus.typing == nil ? "panel" : "typing" }
        return ""
    }

    /// The slots in hand go back where they were: a drag or a carry is broken off.
    public func putHandBack() {
        window.cancelPointer()
        if let drag {
            self.drag = nil
            snapBack(drag.keys)
        }
        if let paletteDrag {
            self.paletteDrag = nil
            snapBack(paletteDrag)
        }
        if let carry {
            self.carry = nil
            snapBack(carry.keys)
        }
        trashView.isLit = false
        updateFans()
        updateLandings()
        updateCursor()
        updateStatus()
    }

    /// Slots in hand go back to where they rest, and settle.
    func snapBack(_ keys: [Int]) {
        for key in keys {
            guard let view = slotViews[key], let frame = restingFrame(of: key) else { continue }
            view.animate(duration: Timing.land, curve: .easeOutQuad) { view.frame = frame }
            view.animate(duration: Timing.settle, curve: .easeOutCubic) { view.elevation = 0 }
        }
        updateFans()
        restack()
    }

    /// Lifts slots off the felt: they come to the front and cast a shadow.
    func lift(_ views: [View]) {
        for view in views {
            slotLayer.bringSubviewToFront(view)
            view.animate(duration: Timing.lift, curve: .easeOutQuad) { view.elevation = 1 }
        }
    }

    func settle(_ views: [View]) {
        for view in views {
            view.animate(duration: Timing.settle, curve: .easeOutCubic) { view.elevation = 0 }
        }
    }

    /// The status text, plain (for tests).
    public var statusText: String { statusLine.plainText }
    /// The header's text, plain.
    public var headerText: String { header.plainText }
    public var isShowingHelp: Bool { !helpPanel.isHidden }
    /// The ids of the selected slots.
    public var selectedIDs: [String] { selection.compactMap { session.id(of: $0) } }
}

/// Slots dragged with the pointer: their keys (the one grabbed first), where each view was
/// when the drag began, and where the pointer holds the grabbed one.
struct SlotDrag {
    var keys: [Int]
    var grabOffset: Point
    var startFrames: [Int: Rect]
}

/// Slots carried with the keyboard: their keys (the one under the cursor first) and the cell the
/// cursor was on when they were picked up.
struct SlotCarry {
    var keys: [Int]
    var start: (row: Int, column: Int)
}

/// A new slot dragged out of the palette: its kind, the view that follows the pointer, and where
/// the pointer holds it.
struct PaletteDrag {
    var kind: SlotKind
    var ghost: DesignSlotView
    var grabOffset: Point
    /// Where the ghost goes back to when it is not dropped on the felt: its palette item.
    var home: Rect
}

/// The panel with the keyboard: the selected row, and the text typed into it (nil: not typing).
struct PanelFocus {
    var row: Int
    var typing: String?
    /// The slot whose keys the panel shows.
    var key: Int
}
