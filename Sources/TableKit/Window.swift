/// The root of a view tree: it owns the animator and the clock, routes pointer events to
/// gesture recognizers, collects what needs redrawing, and composes frames.
///
/// ```
/// let window = Window(width: 80, height: 24, clock: ManualClock())
/// window.addSubview(card)
/// window.send(PointerEvent(.began, x: 10, y: 5))
/// window.renderFrame()                 // compose what changed
/// print(window.canvas.text)
/// ```
open class Window: View {
    public let clock: TableClock
    public let animator: Animator
    /// Presses within this many seconds of the last tap (at the same place, with the same button)
    /// count as a series.
    public var multiTapInterval: Double = 0.35
    /// What shows where no view draws.
    public var backgroundCell: Cell {
        didSet { setNeedsFullRedraw() }
    }

    /// The frame being composed.
    var composed: Canvas
    /// The screen cells to compose on the next frame, kept as a few rectangles.
    var dirtyRects: [CellRect] = []
    /// The last composed frame, for the differ.
    public internal(set) var previousCanvas: Canvas

    // Pointer state.
    var activeTouch: Touch?
    var activeRecognizers: [GestureRecognizer] = []
    var lastTap: (location: Point, time: Double, count: Int, button: PointerEvent.Button)?
    var pendingMotion: PointerEvent?

    public init(width: Int, height: Int, clock: TableClock, background: Cell = Cell()) {
        self.clock = clock
        self.animator = Animator(clock: clock)
        self.backgroundCell = background
        self.composed = Canvas(width: width, height: height, fill: background)
        self.previousCanvas = Canvas(width: 0, height: 0)
        super.init(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        dirtyRects = [composed.bounds]
    }

    /// The composed frame.
    public var canvas: Canvas { composed }

    public var size: (width: Int, height: Int) { (composed.width, composed.height) }

    /// Changes the screen size: everything is drawn again.
    public func resize(width: Int, height: Int) {
        cancelPointer()
        composed = Canvas(width: width, height: height, fill: backgroundCell)
        previousCanvas = Canvas(width: 0, height: 0)
        frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        setNeedsFullRedraw()
    }

    /// True when a frame is worth drawing: something changed, animates, or pointer motion waits.
    public var needsFrame: Bool {
        !dirtyRects.isEmpty || animator.isAnimating || pendingMotion != nil
    }

    public override func draw(in context: DrawContext) {
        context.fill(glyph: backgroundCell.glyph, style: backgroundCell.style)
    }

    /// Called when a view leaves this window: a pointer sequence it owned is cancelled.
    func viewDidLeave(_ view: View) {
        if let touchView = activeTouch?.view, touchView.isDescendant(of: view) { cancelPointer() }
    }
}
