/// Recognizes a drag: it begins once the pointer has moved ``minimumDistance`` cells from
/// where it was pressed, changes with every move, and ends on release.
///
/// ```
/// let pan = PanGestureRecognizer { recognizer in
///     let pan = recognizer as! PanGestureRecognizer
///     card.center += pan.translation(in: card.superview)
///     pan.setTranslation(.zero, in: card.superview)
/// }
/// ```
public final class PanGestureRecognizer: GestureRecognizer {
    public var minimumDistance: Double = 1
    /// The location that counts as zero translation, in window coordinates.
    private var translationBase: Point = .zero

    public override func pointerBegan(_ touch: Touch) {
        translationBase = touch.location
    }

    public override func pointerMoved(_ touch: Touch) {
        switch state {
        case .possible:
            if touch.location.distance(to: touch.startLocation) >= minimumDistance { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    public override func pointerEnded(_ touch: Touch) {
        if state.isActive { state = .ended } else if state == .possible { state = .failed }
    }

    /// How far the pointer has moved since the press (or since the last `setTranslation`).
    /// There is no scaling between views, so the vector is the same in every view.
    public func translation(in view: View?) -> Point {
        guard let touch else { return .zero }
        return touch.location(in: view) - (view?.convert(translationBase, from: nil) ?? translationBase)
    }

    /// Makes the current translation read as `translation`.
    public func setTranslation(_ translation: Point, in view: View?) {
        guard let touch else { return }
        translationBase = touch.location - translation
    }

    public override func reset() {
        translationBase = .zero
    }
}
