/// Composing frames: only the dirty rectangles are drawn again, views in z-order (the
/// painter's algorithm), each blended by its alpha; then the differ lists what changed.
extension Window {
    /// Marks screen cells as needing a redraw. Overlapping rectangles are merged, and a
    /// list grown past 16 becomes its bounding box, so composing stays cheap.
    public func invalidate(_ rect: CellRect) {
        var merged = rect.intersection(composed.bounds)
        guard !merged.isEmpty else { return }
        while let index = dirtyRects.firstIndex(where: { $0.intersects(merged) }) {
            merged = merged.union(dirtyRects.remove(at: index))
        }
        dirtyRects.append(merged)
        if dirtyRects.count > 16 {
            dirtyRects = [dirtyRects.dropFirst().reduce(dirtyRects[0]) { $0.union($1) }]
        }
    }

    public func setNeedsFullRedraw() {
        dirtyRects = [composed.bounds]
    }

    /// Whether the next frame composes the whole window, so marking any part of it changes
    /// nothing.
    var isWhollyDirty: Bool { dirtyRects.count == 1 && dirtyRects[0] == composed.bounds }

    /// Where a view lands on screen, in cells (nil when not in this window). With
    /// `includingShadow`, grown to cover the shadow a lifted view casts.
    public func screenCellRect(of view: View, includingShadow: Bool = false) -> CellRect? {
        guard view.window === self else { return nil }
        let origin = view.originInRoot + view.boundsOrigin
        var rect = Rect(origin: origin, size: view.storedFrame.size).cellRect
        if includingShadow && view.storedElevation > 0 {
            rect = rect.union(
                CellRect(
                    x: rect.x + Window.shadowOffset.x, y: rect.y + Window.shadowOffset.y,
                    width: rect.width, height: rect.height))
        }
        return rect
    }

    /// How far a lifted view's shadow falls: two columns right, one row down (cells are
    /// about twice as tall as wide).
    public static let shadowOffset = CellPoint(x: 2, y: 1)

    /// The result of one frame.
    public struct Frame {
        /// The cells that differ from the previous frame.
        public var changes: [CellRun]
        /// Screen cells composed again.
        public var composedCells: Int
    }

    /// Delivers waiting motion, advances animations, composes the dirty area and diffs it
    /// against the previous frame.
    @discardableResult
    public func renderFrame() -> Frame {
        flushPointerMotion()
        animator.tick()
        let regions = dirtyRects
        dirtyRects = []
        var composedCells = 0
        var area: CellRect?
        for region in regions {
            compose(region)
            composedCells += region.width * region.height
            area = area.map { $0.union(region) } ?? region
        }
        let changes = area.map { composed.changes(from: previousCanvas, in: $0) } ?? []
        if area != nil { previousCanvas = composed }
        return Frame(changes: changes, composedCells: composedCells)
    }

    /// Composes the dirty area without working out what changed since the last frame sent: for
    /// a frame that is read rather than sent to a terminal (`cardtable render`). The next
    /// ``renderFrame()`` still diffs against the last frame sent.
    public func composeFrame() {
        flushPointerMotion()
        animator.tick()
        let regions = dirtyRects
        dirtyRects = []
        for region in regions { compose(region) }
    }

    /// Draws every view that touches `region` into it, back to front.
    func compose(_ region: CellRect) {
        let clip = region.intersection(composed.bounds)
        guard !clip.isEmpty else { return }
        let origin = Point(x: storedFrame.minX, y: storedFrame.minY)
        composed.withBuffer { buffer in
            drawTree(self, originInRoot: origin, alpha: 1, clip: clip, buffer: buffer)
        }
    }

    private func drawTree(_ view: View, originInRoot: Point, alpha: Double, clip: CellRect, buffer: CellBuffer) {
        guard !view.isHidden else { return }
        let effectiveAlpha = alpha * view.storedAlpha
        guard effectiveAlpha > 0.001 else { return }
        let cellRect = Rect(origin: originInRoot, size: view.storedFrame.size).cellRect
        let context = DrawContext(
            buffer: buffer, origin: CellPoint(x: cellRect.x, y: cellRect.y),
            width: cellRect.width, height: cellRect.height, clip: clip, alpha: effectiveAlpha)
        if view.storedElevation > 0 {
            let shadow = CellRect(
                x: Window.shadowOffset.x, y: Window.shadowOffset.y,
                width: cellRect.width, height: cellRect.height)
            context.darken(shadow, amount: min(1, view.storedElevation) * 0.55 * effectiveAlpha)
        }
        let ownClip = clip.intersection(cellRect)
        if !ownClip.isEmpty {
            // A view draws only inside its own bounds.
            view.draw(
                in: DrawContext(
                    buffer: buffer, origin: context.origin, width: cellRect.width,
                    height: cellRect.height, clip: ownClip, alpha: effectiveAlpha))
        }
        guard !view.subviews.isEmpty else { return }
        let childClip = view.clipsToBounds ? clip.intersection(cellRect) : clip
        guard !childClip.isEmpty else { return }
        let contentOrigin = originInRoot - view.boundsOrigin
        let covered =
            effectiveAlpha >= 1 ? coveredSubviews(of: view, contentOrigin: contentOrigin, clip: childClip) : []
        for (index, subview) in view.subviews.enumerated() where covered.isEmpty || !covered[index] {
            let childOrigin = contentOrigin + subview.storedFrame.origin
            drawTree(subview, originInRoot: childOrigin, alpha: effectiveAlpha, clip: childClip, buffer: buffer)
        }
    }

    /// Which subviews an opaque later sibling hides wholly within `clip`, so that drawing them
    /// would change no cell: only views that draw nothing outside their own rectangle (no
    /// shadow, no subview left unclipped), under a visible sibling at full alpha. Empty when
    /// none is hidden.
    private func coveredSubviews(of view: View, contentOrigin: Point, clip: CellRect) -> [Bool] {
        let subviews = view.subviews
        guard subviews.count > 1, subviews.contains(where: { $0.isOpaque }) else { return [] }
        var covers: [CellRect] = []
        var covered: [Bool] = []
        for index in subviews.indices.reversed() {
            let subview = subviews[index]
            guard !subview.isHidden else { continue }
            let rect = Rect(origin: contentOrigin + subview.storedFrame.origin, size: subview.storedFrame.size).cellRect
            let visible = rect.intersection(clip)
            let drawsOnlyInside = subview.storedElevation <= 0 && (subview.subviews.isEmpty || subview.clipsToBounds)
            if drawsOnlyInside, !covers.isEmpty, visible.isEmpty || covers.contains(where: { $0.contains(visible) }) {
                if covered.isEmpty { covered = Array(repeating: false, count: subviews.count) }
                covered[index] = true
                continue
            }
            if subview.isOpaque && subview.storedAlpha >= 1 && !visible.isEmpty { covers.append(visible) }
        }
        return covered
    }
}
