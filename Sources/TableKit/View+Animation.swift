extension View {
    /// Animates the changes made in `changes` to `frame` (or `center`), `alpha` and
    /// `elevation` of any view in this view's window.
    ///
    /// ```
    /// card.animate(duration: 0.1, curve: .easeOutQuad) {
    ///     card.center = slot.center
    ///     card.elevation = 0
    /// } completion: { finished in … }
    /// ```
    ///
    /// UIKit spells this as a class method; here it is asked of a view so that the
    /// window's animator (and its clock) is found without global state. A view not in a
    /// window applies the changes at once and completes with `true`.
    public func animate(
        duration: Double, delay: Double = 0, curve: AnimationCurve = .easeInOutQuad,
        changes: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        guard let animator = window?.animator else {
            changes()
            completion?(true)
            return
        }
        animator.animate(duration: duration, delay: delay, curve: curve, changes: changes, completion: completion)
    }

    /// An animatable property's change: true when an open animation block recorded it; false when
    /// the caller is to set the value at once (any animation of the property has been stopped).
    /// With no block open and nothing animating, the key path is not even made: setting frames
    /// is most of what building a table does.
    func animates<Value: Interpolatable>(
        _ keyPath: @autoclosure () -> ReferenceWritableKeyPath<View, Value>, to value: Value
    ) -> Bool {
        guard let animator = window?.animator, !animator.isIdle else { return false }
        return animator.record(self, keyPath(), value)
    }
}
