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

    /// Sets an animatable property: recorded by an open animation block, else applied
    /// at once (stopping any animation of it).
    func setAnimatable<Value: Interpolatable>(_ keyPath: ReferenceWritableKeyPath<View, Value>, _ value: Value) {
        if let animator = window?.animator, animator.record(self, keyPath, value) { return }
        self[keyPath: keyPath] = value
    }
}
