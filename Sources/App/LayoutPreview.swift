import Layouts
import TableKit

/// A layout drawn for its designer: the table with sample cards (fanned slots show
/// several) and every slot's name, and, when the file has errors, the messages over the
/// last good drawing. Used by `cardtable preview` (live, in the terminal) and
/// `cardtable render` (once, as text).
///
/// ```
/// let text = LayoutPreview.render(layout, width: 80, height: 24, theme: Theme(ascii: true, monochrome: true))
/// ```
public final class LayoutPreview {
    public let window: Window
    public private(set) var scene: TableScene?
    let theme: Theme
    let names: NameTagView
    let errors: PanelView
    /// The deal shown for a game.
    let seed: UInt64
    /// Slot names on each slot's top edge (a rendered game leaves them off, so every dealt
    /// card shows).
    public var showsSlotNames = true {
        didSet { updateNames() }
    }

    public init(width: Int, height: Int, clock: TableClock, theme: Theme, seed: UInt64 = 1) {
        self.theme = theme
        self.seed = seed
        window = Window(width: max(1, width), height: max(1, height), clock: clock, background: theme.feltCell)
        window.animator.isEnabled = false
        names = NameTagView(theme: theme)
        errors = PanelView(lines: [], theme: theme)
        errors.isHidden = true
        window.addSubview(names)
        window.addSubview(errors)
    }

    /// Shows a layout (the last good one stays when `layout` is nil) and the diagnostics.
    public func show(_ layout: TableLayout?, diagnostics: [LayoutDiagnostic], title: String) {
        if let layout {
            scene?.detach()
            let scene = TableScene(layout: layout, seed: seed, window: window, theme: theme, interactive: false)
            // A game shows its deal; a free table, sample cards on its fanned slots.
            if layout.rules == nil { scene.dealSampleCards() }
            self.scene = scene
            window.bringSubviewToFront(names)
            window.bringSubviewToFront(errors)
        }
        updateNames()
        scene?.statusMessageOverride =
            diagnostics.isEmpty
            ? "Preview of \(title) · [q] quit"
            : "\(title): \(diagnostics.filter { $0.severity == .error }.count) error(s), \(diagnostics.filter { $0.severity == .warning }.count) warning(s) · [q] quit"
        if diagnostics.isEmpty {
            errors.isHidden = true
        } else {
            let width = window.size.width
            let heading =
                !diagnostics.contains { $0.severity == .error }
                ? "Warnings"
                : scene == nil ? "Errors — nothing drawn yet" : "Errors — showing the last good drawing"
            errors.lines =
                [heading]
                + diagnostics.flatMap { MessageView.wrap($0.description, width: max(10, width - 6)) }
                .prefix(max(1, window.size.height / 2 - 3))
            let size = errors.preferredSize
            let w = min(size.width, Double(width))
            let h = min(size.height, Double(window.size.height - 1))
            errors.frame = Rect(
                x: ((Double(width) - w) / 2).rounded(.down), y: Double(window.size.height - 1) - h, width: w, height: h)
            errors.isHidden = false
        }
        window.setNeedsFullRedraw()
    }

    public func resize(width: Int, height: Int) {
        window.resize(width: max(1, width), height: max(1, height))
        scene?.layoutTable()
        updateNames()
    }

    private func updateNames() {
        names.frame = Rect(x: 0, y: 0, width: Double(window.size.width), height: Double(window.size.height))
        if let placement = scene?.placement { names.update(for: placement) } else { names.tags = [] }
        names.isHidden = scene?.placement == nil || !showsSlotNames
    }

    /// The drawing as plain text, trailing spaces trimmed.
    public static func render(
        _ layout: TableLayout, width: Int, height: Int, theme: Theme, seed: UInt64 = 1
    ) -> String {
        let preview = LayoutPreview(width: width, height: height, clock: ManualClock(), theme: theme, seed: seed)
        preview.showsSlotNames = layout.rules == nil
        preview.show(layout, diagnostics: [], title: layout.title)
        if let scene = preview.scene, let placement = scene.placement {
            scene.statusMessageOverride =
                layout.rules != nil
                ? "\(layout.title) #\(seed) · \(layout.slots.count) piles · \(placement.cardSize) cards"
                : "\(layout.title) · \(layout.slots.count) slots · \(placement.cardSize) cards"
        }
        preview.window.composeFrame()  // read as text, never sent: nothing to diff
        return preview.window.canvas.trimmedText
    }
}
