/// The one animator of a window: it moves animatable view properties over time.
///
/// - An animation is keyed by (view, property). Starting one on a key that is already
///   animating *retargets*: the new animation starts from the value on screen, so nothing
///   jumps, and the old one completes at once with `finished == false`.
/// - Setting an animating property outside an animation block stops its animation
///   (completion with `finished == false`) and applies the value.
/// - With `isEnabled == false` changes apply at once and completions still run, with
///   `finished == true` (for tests and for people who want no motion). ``timeScale`` makes
///   every animation faster or slower.
/// - Time comes from the injected clock; values are pure functions of it. The window calls
///   ``tick()`` once per frame.
public final class Animator {
    public var isEnabled = true
    /// Multiplies every duration and delay: 0.5 plays animations twice as fast, 2 half as fast.
    /// Set for the player's animation speed; animations already running keep their timing.
    public var timeScale = 1.0 {
        didSet { if !(timeScale.isFinite && timeScale >= 0) { timeScale = 1 } }
    }
    public let clock: TableClock

    private var running: [RunningAnimation] = []
    private var openTransactions: [Transaction] = []

    public init(clock: TableClock) {
        self.clock = clock
    }

    /// True while anything is animating (or waiting out a delay).
    public var isAnimating: Bool { !running.isEmpty }

    /// Nothing animates and no animation block is open: a change to a view applies at once, and
    /// stops nothing.
    var isIdle: Bool { running.isEmpty && openTransactions.isEmpty }

    /// Runs `changes`, animating every animatable property it sets on views of this window.
    public func animate(
        duration: Double, delay: Double = 0, curve: AnimationCurve = .easeInOutQuad,
        changes: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let transaction = Transaction()
        openTransactions.append(transaction)
        changes()
        openTransactions.removeLast()

        let group = CompletionGroup(completion: completion)
        let duration = duration * timeScale
        let delay = delay * timeScale
        let immediate = !isEnabled || (duration <= 0 && delay <= 0)
        let start = clock.now
        for record in transaction.records {
            stopAnimation(for: record.key, finished: false)
            if immediate { continue }
            group.remaining += 1
            running.append(
                RunningAnimation(
                    key: record.key, start: start + max(0, delay), duration: max(0, duration),
                    curve: curve, apply: record.begin(), group: group))
        }
        if group.remaining == 0 { group.complete() }
    }

    /// Applies every animation's value at the clock's current time and completes the ones
    /// that are done, in the order they were started.
    public func tick() {
        guard !running.isEmpty else { return }
        let now = clock.now
        var finishedGroups: [CompletionGroup] = []
        var index = 0
        while index < running.count {
            let animation = running[index]
            guard now >= animation.start else {
                index += 1
                continue
            }
            let progress = animation.duration > 0 ? min(1, (now - animation.start) / animation.duration) : 1
            animation.apply(progress >= 1 ? 1 : animation.curve(progress), progress >= 1)
            if progress >= 1 {
                running.remove(at: index)
                if animation.group.animationEnded() { finishedGroups.append(animation.group) }
            } else {
                index += 1
            }
        }
        for group in finishedGroups { group.complete() }
    }

    /// Jumps every animation to its end and completes it (`finished == true`).
    public func finishAll() {
        while !running.isEmpty {
            let animation = running.removeFirst()
            animation.apply(1, true)
            if animation.group.animationEnded() { animation.group.complete() }
        }
    }

    // MARK: Recording

    /// Called by a view's animatable setter. Returns true if an open animation block took the
    /// change; otherwise the caller applies it directly (after this stopped any animation).
    func record<Value: Interpolatable>(_ view: View, _ keyPath: ReferenceWritableKeyPath<View, Value>, _ value: Value)
        -> Bool
    {
        let key = AnimationKey(view, keyPath)
        guard let transaction = openTransactions.last else {
            stopAnimation(for: key, finished: false)
            return false
        }
        if !transaction.records.contains(where: { $0.key == key }) {
            let from = view[keyPath: keyPath]
            transaction.records.append(
                Record(key: key) {
                    // The block has set the final value; put the value on screen back and
                    // animate from there.
                    let target = view[keyPath: keyPath]
                    view[keyPath: keyPath] = from
                    return { progress, done in
                        view[keyPath: keyPath] = done ? target : from.interpolated(to: target, progress: progress)
                    }
                })
        }
        view[keyPath: keyPath] = value
        return true
    }

    private func stopAnimation(for key: AnimationKey, finished: Bool) {
        guard let index = running.firstIndex(where: { $0.key == key }) else { return }
        let animation = running.remove(at: index)
        if animation.group.animationEnded(finished: finished) { animation.group.complete() }
    }
}

// MARK: - Internals

struct AnimationKey: Hashable {
    let view: ObjectIdentifier
    let property: AnyKeyPath

    init(_ view: View, _ property: AnyKeyPath) {
        self.view = ObjectIdentifier(view)
        self.property = property
    }
}

private struct RunningAnimation {
    let key: AnimationKey
    let start: Double
    let duration: Double
    let curve: AnimationCurve
    /// Sets the property for eased progress; `done` puts it exactly on the target.
    let apply: (Double, Bool) -> Void
    let group: CompletionGroup
}

/// One animation block's completion: runs once, when its last animation ends.
private final class CompletionGroup {
    var remaining = 0
    var finished = true
    private var completion: ((Bool) -> Void)?

    init(completion: ((Bool) -> Void)?) { self.completion = completion }

    /// One of the block's animations is over; true when it was the last.
    func animationEnded(finished: Bool = true) -> Bool {
        if !finished { self.finished = false }
        remaining -= 1
        return remaining == 0
    }

    func complete() {
        let handler = completion
        completion = nil
        handler?(finished)
    }
}

private final class Transaction {
    var records: [Record] = []
}

/// A property change recorded inside an animation block.
private struct Record {
    let key: AnimationKey
    /// Rewinds the property to its value before the block and returns the function that
    /// sets it for a given eased progress.
    let begin: () -> (Double, Bool) -> Void
}
