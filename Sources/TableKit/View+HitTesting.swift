extension View {
    /// Hit testing as UIKit does it: if the view takes pointer events and contains the
    /// point, ask the subviews front to back; the first that answers wins, else the view itself.
    @inline(__always)
    func defaultHitTest(_ point: Point) -> View? {
        guard !isHidden, storedAlpha > 0.01, isUserInteractionEnabled, self.point(inside: point) else { return nil }
        // Front to back. The subviews array is not changed during a hit test, so the views
        // are borrowed from its buffer rather than retained one by one.
        return subviews.withUnsafeBufferPointer { buffer -> View? in
            var index = buffer.count - 1
            while index >= 0 {
                // Borrow the subview without retaining it: the tree does not change during a hit test.
                let hit = Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef { subview -> View? in
                    // From this view's space to the subview's, without walking to the root.
                    let local = Point(
                        x: point.x - subview.storedFrame.minX + subview.boundsOrigin.x,
                        y: point.y - subview.storedFrame.minY + subview.boundsOrigin.y)
                    return subview.hitTest(local)
                }
                if let hit { return hit }
                index -= 1
            }
            return self
        }
    }
}

extension View {
    /// The origin of this view's coordinate space expressed in window (root) coordinates.
    var originInRoot: Point {
        var point = Point(x: -boundsOrigin.x, y: -boundsOrigin.y)
        var view: View = self
        while let parent = view.superview {
            point.x += view.storedFrame.minX - parent.boundsOrigin.x
            point.y += view.storedFrame.minY - parent.boundsOrigin.y
            view = parent
        }
        // The root's own frame origin places it on the screen.
        point.x += view.storedFrame.minX
        point.y += view.storedFrame.minY
        return point
    }

    /// Converts a point from this view's coordinates to `view`'s (or to the root's when nil).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inRoot = point + originInRoot
        guard let view else { return inRoot }
        return inRoot - view.originInRoot
    }

    /// Converts a point from `view`'s coordinates (or the root's when nil) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inRoot = view.map { point + $0.originInRoot } ?? point
        return inRoot - originInRoot
    }

    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }
}
