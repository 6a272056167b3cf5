/// Recognizes a tap: a press and release at the same place (``Touch/isSamePlace(_:_:)``:
/// the same cell), the pointer never leaving it in between.
///
/// **Single and double taps on the same view.** A tap counts as the *n*-th of a series when
/// it is made with the same button as the previous tap, within ``Window/multiTapInterval``
/// (0.35 s) and at the same place (``Touch/tapCount``). A recognizer with `numberOfTapsRequired == n` recognizes only the
/// *n*-th tap of a series. So a single-tap recognizer fires at once on the first release —
/// single taps never wait to see whether a second one follows — and a double-tap recognizer
/// on the same view fires on the second release, which the single-tap one ignores. Design
/// the actions so that the single tap is a harmless first step of the double one (select,
/// then act), as desktop file managers do.
///
/// With ``recognizesEveryTap`` a recognizer fires on every tap of a series, and its action
/// reads the count from ``tapCount``: one recognizer that tells single from double clicks, and
/// a button that takes rapid clicks (a stock clicked three times quickly deals three times).
public final class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired: Int
    /// Recognize every tap of a series, not only the `numberOfTapsRequired`-th.
    public var recognizesEveryTap = false
    /// Which tap of its series the tap being recognized is (1 for a single tap).
    public var tapCount: Int { touch?.tapCount ?? 1 }

    public init(numberOfTapsRequired: Int = 1, action: ((GestureRecognizer) -> Void)? = nil) {
        self.numberOfTapsRequired = max(1, numberOfTapsRequired)
        super.init(action: action)
    }

    public override func pointerBegan(_ touch: Touch) {
        if touch.tapCount > numberOfTapsRequired && !recognizesEveryTap { state = .failed }
    }

    public override func pointerMoved(_ touch: Touch) {
        if state == .possible && !Touch.isSamePlace(touch.location, touch.startLocation) {
            state = .failed
        }
    }

    public override func pointerEnded(_ touch: Touch) {
        guard state == .possible else { return }
        let counts =
            recognizesEveryTap ? touch.tapCount >= numberOfTapsRequired : touch.tapCount == numberOfTapsRequired
        state = counts ? .recognized : .failed
    }
}
