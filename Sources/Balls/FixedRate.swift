/// A fixed-rate simulation clock: time accumulates, and the simulation steps in whole
/// intervals, whatever the frame rate. A frame at any time asks how many steps are due; the
/// next step's time is when the next frame is wanted.
///
/// ```
/// var rate = FixedRate(stepsPerSecond: 15, start: clock.now)
/// for _ in 0..<rate.stepsDue(at: clock.now) { game.step() }
/// rate.nextStep   // when to wake for the next one
/// ```
public struct FixedRate: Hashable, Sendable {
    public let interval: Double
    /// When step 0 began.
    public private(set) var start: Double
    /// Steps taken since `start`.
    public private(set) var taken = 0
    /// At most this many steps at once: after a long stop (a suspend) the simulation resumes
    /// from where it was rather than racing to catch up.
    public var maximumCatchUp = 30

    public init(stepsPerSecond: Double, start: Double) {
        interval = 1 / stepsPerSecond
        self.start = start
    }

    /// When the next step is due.
    public var nextStep: Double { start + Double(taken + 1) * interval }

    /// The steps due by `now`, counted as taken.
    public mutating func stepsDue(at now: Double) -> Int {
        let total = Int(((now - start) / interval + 1e-9).rounded(.down))
        var due = max(0, total - taken)
        if due > maximumCatchUp {
            // Too far behind: start again from now, as if the time away had not passed.
            start = now - Double(taken + maximumCatchUp) * interval
            due = maximumCatchUp
        }
        taken += due
        return due
    }
}
