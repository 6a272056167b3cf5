/// A rectangle on the table that draws itself and can hold other views: the engine's
/// retained view hierarchy, in UIKit's vocabulary.
///
/// ```
/// let slot = View(frame: Rect(x: 2, y: 1, width: 7, height: 5))
/// window.addSubview(slot)
/// slot.frame.origin.x += 1          // redrawn on the next frame
/// ```
///
/// `frame` is in the superview's coordinates; `bounds` is the view's own space, whose
/// origin is usually zero. Later subviews draw over earlier ones and are hit first.
/// `frame`, `alpha` and `elevation` can be animated (see ``View/animate(duration:delay:curve:changes:completion:)``).
open class View {
    // Storage behind the animatable properties. The animator writes these directly;
    // the public setters ask `animates(_:to:)` first, so an open animation block can record them.
    var storedFrame: Rect {
        willSet { invalidateDrawing() }
        didSet { if storedFrame != oldValue { invalidateDrawing() } }
    }
    var storedAlpha: Double = 1 {
        didSet { if storedAlpha != oldValue { invalidateDrawing() } }
    }
    var storedElevation: Double = 0 {
        willSet { invalidateDrawing() }
        didSet { if storedElevation != oldValue { invalidateDrawing() } }
    }

    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// The scroll offset of the view's own coordinate space (zero for nearly every view).
    public var boundsOrigin: Point = .zero {
        didSet { if boundsOrigin != oldValue { setNeedsDisplay() } }
    }
    public var isHidden = false {
        didSet { if isHidden != oldValue { invalidateDrawing() } }
    }
    /// Views that do not take pointer events are skipped by hit testing, with their subviews.
    public var isUserInteractionEnabled = true
    /// When true, subviews are drawn only inside this view's bounds.
    public var clipsToBounds = false {
        didSet { if clipsToBounds != oldValue { setNeedsDisplay() } }
    }
    /// A name for debugging and tests.
    public var name: String?
    /// Whether ``draw(in:)`` sets every cell of the view's rectangle in colours of its own,
    /// whatever lies beneath (UIKit's `isOpaque`). A view wholly beneath an opaque sibling
    /// drawn at full alpha is then not drawn at all: a pile's covered cards cost nothing.
    open var isOpaque: Bool { false }

    public init(frame: Rect = .zero) {
        storedFrame = frame
    }

    // MARK: Geometry

    public var frame: Rect {
        get { storedFrame }
        set { if !animates(\.storedFrame, to: newValue) { storedFrame = newValue } }
    }

    public var bounds: Rect {
        get { Rect(origin: boundsOrigin, size: storedFrame.size) }
        set {
            boundsOrigin = newValue.origin
            frame.size = newValue.size
        }
    }

    /// The centre of the frame, in the superview's coordinates.
    public var center: Point {
        get { storedFrame.center }
        set { frame.origin = Point(x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2) }
    }

    /// 0 is fully transparent, 1 opaque. Drawing blends toward what lies beneath.
    public var alpha: Double {
        get { storedAlpha }
        set {
            let alpha = min(max(newValue, 0), 1)
            if !animates(\.storedAlpha, to: alpha) { storedAlpha = alpha }
        }
    }

    /// How far the view is lifted off the table, 0 (resting) to 1 (held): the terminal's
    /// stand-in for a tilted card. A lifted view casts a shadow one row down and two columns
    /// right, as dark as `elevation` is high.
    public var elevation: Double {
        get { storedElevation }
        set {
            let elevation = max(newValue, 0)
            if !animates(\.storedElevation, to: elevation) { storedElevation = elevation }
        }
    }

    // MARK: Hierarchy

    /// The root of the tree this view is in, if that root is a window.
    public var window: Window? {
        var view: View = self
        while let parent = view.superview { view = parent }
        return view as? Window
    }

    /// Adds `view` on top of the other subviews (removing it from its old superview first).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.invalidateDrawing()
        view.didMoveToWindow()
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        invalidateDrawing()
        let oldWindow = window
        parent.subviews.removeAll { $0 === self }
        superview = nil
        oldWindow?.viewDidLeave(self)
        didMoveToWindow()
    }

    /// Moves a subview to the front: it draws last and is hit first.
    public func bringSubviewToFront(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: index)
        subviews.append(view)
        view.invalidateDrawing()
    }

    public func sendSubviewToBack(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: index)
        subviews.insert(view, at: 0)
        view.invalidateDrawing()
    }

    /// True if `self` is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// Called after the view joins or leaves a tree; override to react.
    open func didMoveToWindow() {}

    // MARK: Gestures

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.removeFromView()
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    // MARK: Hit testing (see View+HitTesting.swift)

    /// Whether a point in this view's coordinates counts as inside it. Override to enlarge
    /// or shape the touch area:
    ///
    /// ```
    /// override func point(inside point: Point) -> Bool {
    ///     bounds.insetBy(dx: -40, dy: -40).contains(point)   // 40 cells larger on each side
    /// }
    /// ```
    open func point(inside point: Point) -> Bool {
        let x = point.x - boundsOrigin.x
        let y = point.y - boundsOrigin.y
        return x >= 0 && y >= 0 && x < storedFrame.size.width && y < storedFrame.size.height
    }

    /// The frontmost descendant (or `self`) that contains `point` (in this view's
    /// coordinates) and takes pointer events. Hidden, fully transparent and
    /// interaction-disabled views are skipped together with their subviews.
    open func hitTest(_ point: Point) -> View? {
        defaultHitTest(point)
    }

    // MARK: Drawing

    /// Draws the view's own content; the context's (0, 0) is the view's top-left cell.
    /// The default draws nothing, so a plain view is transparent.
    open func draw(in context: DrawContext) {}

    /// Asks for the view's cells to be drawn again on the next frame.
    public func setNeedsDisplay() {
        guard let window, !window.isWhollyDirty,
            let rect = window.screenCellRect(of: self, includingShadow: true)
        else { return }
        window.invalidate(rect)
    }

    /// Marks the view and its subviews (all that it covers on screen) as needing a redraw.
    /// Nothing to do while the whole window is to be drawn again (building a table before its
    /// first frame sets every view's frame).
    func invalidateDrawing() {
        guard let window, !window.isWhollyDirty else { return }
        invalidateTree(in: window)
    }

    private func invalidateTree(in window: Window) {
        if let rect = window.screenCellRect(of: self, includingShadow: true) { window.invalidate(rect) }
        for subview in subviews { subview.invalidateTree(in: window) }
    }
}
