/// Background work held back until the first frame is on the screen: the table asks for its
/// searches as it is set up ("still winnable?", a winnable deal), and they wait here until
/// ``release()``, which the terminal calls once the first frame is written. So the first frame
/// neither waits for a thread to be made nor shares the processor with a search; the status
/// line says "solving…" in it, and the answer comes a frame or so later.
///
/// ```
/// let threads = ThreadedBackgroundWork()
/// let background = HeldBackgroundWork(threads)
/// app.background = background        // the table's search is asked for, and waits
/// screen.draw(app.renderFrame().changes)
/// background.release()               // now it starts, on a thread of its own
/// ```
///
/// Work cancelled while held never starts. After the release, everything passes straight
/// through to the wrapped work.
public final class HeldBackgroundWork: BackgroundWork {
    private struct Held {
        var ticket: BackgroundTicket
        /// Starts the work on the wrapped background work, returning its ticket there.
        var start: (BackgroundWork) -> BackgroundTicket
    }

    /// Where the work runs once released.
    public let work: BackgroundWork
    /// Whether ``release()`` was called.
    public private(set) var isReleased = false
    private var held: [Held] = []
    /// This wrapper's tickets -> the wrapped work's, for work started here.
    private var started: [BackgroundTicket: BackgroundTicket] = [:]
    private var nextTicket = 0

    public init(_ work: BackgroundWork) {
        self.work = work
    }

    /// How many pieces of work wait for the release.
    public var heldCount: Int { held.count }

    @discardableResult
    public func start<Answer: Sendable>(
        _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Answer,
        then completion: @escaping (Answer) -> Void
    ) -> BackgroundTicket {
        nextTicket += 1
        let ticket = BackgroundTicket(value: nextTicket)
        let start: (BackgroundWork) -> BackgroundTicket = { [weak self] inner in
            inner.start(work) { answer in
                self?.started.removeValue(forKey: ticket)
                completion(answer)
            }
        }
        if isReleased {
            started[ticket] = start(self.work)
        } else {
            held.append(Held(ticket: ticket, start: start))
        }
        return ticket
    }

    public func cancel(_ ticket: BackgroundTicket) {
        held.removeAll { $0.ticket == ticket }
        if let inner = started.removeValue(forKey: ticket) { work.cancel(inner) }
    }

    public var isBusy: Bool { !held.isEmpty || work.isBusy }

    /// Starts the work held so far, in the order it was asked for; from now on work starts at
    /// once. Calling it again does nothing.
    public func release() {
        guard !isReleased else { return }
        isReleased = true
        let waiting = held
        held = []
        for entry in waiting { started[entry.ticket] = entry.start(work) }
    }
}
