extension View {
    /// Hit testing as UIKit does it: if the view takes pointer events and contains the
    /// point, ask the subviews front to back; the first that answers wins, else the view itself.
    func defaultHitTest(_ point: Point) -> View? {
        guard !isHidden, alpha > 0.01, isUserInteractionEnabled, self.point(inside: point) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self)) { return hit }
        }
        return self
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
