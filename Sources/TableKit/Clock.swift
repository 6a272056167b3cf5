/// Where the engine reads the time. Animations and tap timing are pure functions of it;
/// tests inject a ``ManualClock`` and never sleep.
public protocol TableClock: AnyObject {
    /// Seconds since an arbitrary, fixed origin; never goes backwards.
    var now: Double { get }
}

/// A clock that moves only when told to.
///
/// ```
/// let clock = ManualClock()
/// clock.advance(by: 0.05)   // clock.now == 0.05
/// ```
public final class ManualClock: TableClock {
    public private(set) var now: Double

    public init(now: Double = 0) { self.now = now }

    public func advance(by seconds: Double) { now += max(0, seconds) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The monotonic system clock (`CLOCK_MONOTONIC`).
public final class SystemClock: TableClock {
    public init() {}
    public var now: Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
