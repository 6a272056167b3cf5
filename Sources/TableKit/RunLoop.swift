#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for file descriptors to become readable. The run loop asks for a timeout of
/// `nil` (wait for ever) when there is nothing to do; that is what makes idle free.
public protocol Poller: AnyObject {
    /// Blocks until one of `descriptors` is readable or `timeout` seconds pass (never, for
    /// nil); returns the readable ones.
    func wait(for descriptors: [Int32], timeout: Double?) -> [Int32]
}

/// `poll(2)`.
public final class SystemPoller: Poller {
    public init() {}

    public func wait(for descriptors: [Int32], timeout: Double?) -> [Int32] {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let milliseconds: Int32 = timeout.map { Int32(min(max(0, ($0 * 1000).rounded(.up)), 86_400_000)) } ?? -1
        let result = poll(&fds, nfds_t(fds.count), milliseconds)
        guard result > 0 else { return [] }  // timeout, or EINTR from a signal
        let ready = Int16(POLLIN | POLLHUP | POLLERR)
        return fds.filter { $0.revents & ready != 0 }.map(\.fd)
    }
}

/// A run loop of file-descriptor sources, timers and paced frames.
///
/// Each turn waits for input, runs the sources that are readable and the timers that are
/// due, then draws a frame if one is needed and at least ``frameInterval`` has passed since
/// the last. With no timer set and no frame needed, the wait has no timeout.
///
/// ```
/// let loop = RunLoop(clock: SystemClock(), poller: SystemPoller())
/// loop.addSource(STDIN_FILENO) { readInput() }
/// loop.needsFrame = { window.needsFrame }
/// loop.onFrame = { output(window.renderFrame()) }
/// loop.run()
/// ```
public final class RunLoop {
    public struct TimerID: Hashable, Sendable { let value: Int }

    public let clock: TableClock
    public let poller: Poller
    /// At most 60 frames a second.
    public var frameInterval: Double = 1.0 / 60
    public var needsFrame: () -> Bool = { false }
    public var onFrame: () -> Void = {}
    /// When a frame will be wanted though none is needed now: a simulation's next step (nil:
    /// none). The wait ends then (paced as frames are); `needsFrame` says true once it is due.
    public var frameDeadline: () -> Double? = { nil }

    /// Turns of the loop: how often the process woke up.
    public private(set) var wakeups = 0
    /// The last times the loop was seen running (a wait begun, a wait ended), oldest first.
    private var aliveTimes: [Double] = []
    public private(set) var frames = 0

    private var sources: [(fd: Int32, handler: () -> Void)] = []
    private var timers: [(id: TimerID, deadline: Double, handler: () -> Void)] = []
    private var nextTimerID = 0
    private var lastFrameTime = -Double.infinity
    private var stopped = false

    public init(clock: TableClock, poller: Poller) {
        self.clock = clock
        self.poller = poller
    }

    public func addSource(_ fd: Int32, handler: @escaping () -> Void) {
        sources.append((fd, handler))
    }

    /// Stops watching `fd` (before it is closed: a gamepad unplugged).
    public func removeSource(_ fd: Int32) {
        sources.removeAll { $0.fd == fd }
    }

    /// Runs `handler` once, `seconds` from now.
    @discardableResult
    public func addTimer(after seconds: Double, handler: @escaping () -> Void) -> TimerID {
        nextTimerID += 1
        let id = TimerID(value: nextTimerID)
        timers.append((id, clock.now + max(0, seconds), handler))
        return id
    }

    public func cancelTimer(_ id: TimerID) {
        timers.removeAll { $0.id == id }
    }

    /// The timeout the next wait will use: until the next timer or frame, nil for none.
    public func nextTimeout() -> Double? {
        let now = clock.now
        var deadline = timers.map(\.deadline).min()
        if needsFrame() {
            let frameAt = max(now, lastFrameTime + frameInterval)
            deadline = min(deadline ?? frameAt, frameAt)
        } else if let wanted = frameDeadline() {
            let frameAt = max(wanted, lastFrameTime + frameInterval)
            deadline = min(deadline ?? frameAt, frameAt)
        }
        return deadline.map { max(0, $0 - now) }
    }

    /// One turn: wait, dispatch input and timers, then draw a frame if due.
    public func runOnce() {
        let timeout = nextTimeout()
        seenRunning()
        let ready = poller.wait(for: sources.map(\.fd), timeout: timeout)
        seenRunning()
        wakeups += 1
        for fd in ready {
            if let source = sources.first(where: { $0.fd == fd }) { source.handler() }
        }
        fireDueTimers()
        drawFrameIfDue()
    }

    /// The last time before `time` the loop was seen running (a wait begun or ended), among
    /// its last few turns: a stop from outside (SIGSTOP, which no handler sees) that ended at
    /// `time` began after it, at most one wait or one turn's work later.
    public func lastAlive(before time: Double) -> Double? {
        aliveTimes.last { $0 <= time }
    }

    private func seenRunning() {
        if aliveTimes.count == 8 { aliveTimes.removeFirst() }
        aliveTimes.append(clock.now)
    }

    /// Draws a frame now if one is needed and the pacing allows it.
    private func drawFrameIfDue() {
        let now = clock.now
        guard needsFrame(), now >= lastFrameTime + frameInterval - 0.0005 else { return }
        lastFrameTime = now
        frames += 1
        onFrame()
    }

    public func run() {
        stopped = false
        while !stopped { runOnce() }
    }

    public func stop() { stopped = true }

    private func fireDueTimers() {
        let now = clock.now
        let due = timers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
        guard !due.isEmpty else { return }
        timers.removeAll { $0.deadline <= now }
        for timer in due { timer.handler() }
    }
}
