/// Work done away from the frames: the solver's searches (is the game still winnable, a
/// winnable deal, a solution for the demo) run elsewhere, and their answers come back on the
/// main thread, where the table takes them.
///
/// The terminal runs each piece of work on a thread of its own (``ThreadedBackgroundWork``),
/// which wakes the run loop through a descriptor when an answer waits; tests run it step by
/// step on their own thread (``ManualBackgroundWork``), so what they see never depends on
/// timing. Work that a newer position makes pointless is cancelled: it is told so through
/// `isCancelled`, which it polls, and its answer, if one still comes, is dropped.
public protocol BackgroundWork: AnyObject {
    /// Starts `work` away from the main thread. Unless the ticket is cancelled first,
    /// `completion` later runs on the main thread with its answer.
    ///
    /// - Parameters:
    ///   - work: runs once, on some other thread (or, in tests, when the test says);
    ///     `isCancelled` answers true once the ticket is cancelled.
    ///   - completion: runs on the main thread, at most once.
    @discardableResult
    func start<Answer: Sendable>(
        _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Answer,
        then completion: @escaping (Answer) -> Void
    ) -> BackgroundTicket

    /// Cancels work: it is told to stop, and its answer is never delivered.
    func cancel(_ ticket: BackgroundTicket)

    /// Whether any work is waiting, running, or has an answer not yet delivered.
    var isBusy: Bool { get }
}

/// One piece of work started with ``BackgroundWork/start(_:then:)``.
public struct BackgroundTicket: Hashable, Sendable {
    let value: Int
}

/// Background work for tests: nothing runs until the test says so, on the test's own thread.
///
/// ```
/// let work = ManualBackgroundWork()
/// app.background = work
/// app.handle(.key(KeyPress(.character("u"))))   // a search starts: the status says "solving…"
/// work.runAll()                                 // it runs, and its answer is delivered
/// ```
public final class ManualBackgroundWork: BackgroundWork {
    private struct Job {
        var ticket: BackgroundTicket
        var run: (_ isCancelled: @escaping @Sendable () -> Bool) -> (() -> Void)
    }

    private var waiting: [Job] = []
    private var nextTicket = 0
    /// The ticket of the work running now (inside ``runNext(whileRunning:)``), and whether it was cancelled.
    private var running: (ticket: BackgroundTicket, flag: CancelFlag)?

    /// How many pieces of work have been started, in all.
    public private(set) var startedCount = 0
    /// How many pieces of work learnt they were cancelled while they ran.
    public private(set) var cancelledWhileRunning = 0

    public init() {}

    @discardableResult
    public func start<Answer: Sendable>(
        _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Answer,
        then completion: @escaping (Answer) -> Void
    ) -> BackgroundTicket {
        nextTicket += 1
        startedCount += 1
        let ticket = BackgroundTicket(value: nextTicket)
        waiting.append(
            Job(ticket: ticket) { isCancelled in
                let answer = work(isCancelled)
                return { completion(answer) }
            })
        return ticket
    }

    public func cancel(_ ticket: BackgroundTicket) {
        waiting.removeAll { $0.ticket == ticket }
        if let running, running.ticket == ticket { running.flag.cancel() }
    }

    public var isBusy: Bool { !waiting.isEmpty || running != nil }

    /// How many pieces of work wait to run.
    public var waitingCount: Int { waiting.count }

    /// Runs the oldest waiting work now and delivers its answer (unless it was cancelled
    /// meanwhile). Returns false when none waits.
    ///
    /// - Parameter whileRunning: called once, the first time the work asks whether it is
    ///   cancelled: what a test does "mid-search" (a move that cancels it).
    @discardableResult
    public func runNext(whileRunning: (() -> Void)? = nil) -> Bool {
        guard !waiting.isEmpty else { return false }
        let job = waiting.removeFirst()
        let flag = CancelFlag()
        running = (job.ticket, flag)
        // The work may run on this thread only (it is the test's); the interruption is made
        // from inside the work's own poll, as a move made mid-search would be.
        nonisolated(unsafe) var interruption = whileRunning
        let deliver = job.run { [flag] in
            if let interrupt = interruption {
                interruption = nil
                interrupt()
            }
            return flag.isCancelled
        }
        running = nil
        if flag.isCancelled {
            cancelledWhileRunning += 1
        } else {
            deliver()
        }
        return true
    }

    /// Runs every waiting piece of work, and any it starts in turn, delivering each answer.
    public func runAll() {
        var count = 0
        while runNext() {
            count += 1
            precondition(count < 10_000, "background work that never ends")
        }
    }
}
