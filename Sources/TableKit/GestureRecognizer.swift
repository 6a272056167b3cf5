/// Turns pointer sequences on a view into a gesture, as UIKit's recognizers do.
///
/// States: `possible` until the gesture is recognized or ruled out. A discrete gesture
/// (a tap) goes straight to `recognized` (= `ended`) or `failed`; a continuous one (a pan)
/// goes `began`, `changed`…, then `ended` or `cancelled`. Actions run on every state
/// change except to `possible` and `failed`.
///
/// Subclass and override the `pointer…` methods to write a custom gesture (the tests
/// implement the Cookbook's down-up gesture that way); set ``state`` from them.
///
/// When a recognizer begins or is recognized, the other recognizers on the same pointer
/// sequence that are still `possible` fail, unless a delegate-style
/// ``canRecognizeSimultaneously`` says otherwise.
open class GestureRecognizer {
    public enum State: Equatable, Sendable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed
        public static let recognized = State.ended

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// began or changed: the gesture is under way.
        public var isActive: Bool { self == .began || self == .changed }
        /// ended, cancelled or failed: nothing more until the pointer sequence is over.
        public var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    public internal(set) weak var view: View?
    public var isEnabled = true
    /// Set to allow this recognizer to run alongside whichever other one recognizes.
    public var canRecognizeSimultaneously: (GestureRecognizer) -> Bool = { _ in false }

    private var actions: [(GestureRecognizer) -> Void] = []
    /// The pointer sequence being watched, while there is one.
    public internal(set) var touch: Touch?

    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { actions.append(action) }
    }

    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// The gesture's state. Subclasses set it; setting it runs the actions (for began,
    /// changed, ended and cancelled) and tells the window, which fails competing recognizers.
    public var state: State = .possible {
        didSet {
            switch state {
            case .began, .changed, .ended, .cancelled:
                for action in actions { action(self) }
            case .possible, .failed:
                break
            }
            if (state == .began || state == .ended) && oldValue == .possible {
                view?.window?.recognizerDidRecognize(self)
            }
        }
    }

    /// Where the pointer is, in `view`'s coordinates (window coordinates for nil).
    public func location(in view: View?) -> Point {
        touch?.location(in: view) ?? .zero
    }

    // MARK: For subclasses

    open func pointerBegan(_ touch: Touch) {}
    open func pointerMoved(_ touch: Touch) {}
    open func pointerEnded(_ touch: Touch) {}
    /// The sequence was cancelled from outside (Escape, resize, focus lost, a new press).
    /// The default cancels an active gesture and fails a possible one.
    open func pointerCancelled(_ touch: Touch) {
        if state.isActive { state = .cancelled } else if state == .possible { state = .failed }
    }

    /// Called when a pointer sequence is over, before the next one; put state back here.
    open func reset() {}

    func removeFromView() {
        view?.removeGestureRecognizer(self)
    }

    /// Back to `possible` (which runs no actions).
    func resetState() {
        touch = nil
        state = .possible
        reset()
    }
}
