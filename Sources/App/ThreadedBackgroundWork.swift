import Synchronization
import TableKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Background work for the terminal: one piece of work at a time runs on a worker thread, and a
/// finished one writes a byte into a pipe whose reading end, ``wakeDescriptor``, the run loop
/// watches with the terminal's input. The run loop then calls ``deliverAnswers()``, which runs
/// the completions on the main thread.
///
/// One at a time: work cancelled while it runs goes on until it notices, and a thread of its
/// own for every new position made searches pile up (undo and redo held a dozen at once, and
/// gigabytes). The next piece waits for the one running; work cancelled before its turn never
/// runs. The worker thread ends when nothing waits, and starts again with the next piece.
///
/// Nothing here ever wakes the run loop but an answer: no timer, no polling. Once the answers
/// are in, the loop sleeps until the player does something.
///
/// ```
/// let work = ThreadedBackgroundWork()
/// loop.addSource(work.wakeDescriptor) { work.deliverAnswers() }
/// app.background = work
/// ```
public final class ThreadedBackgroundWork: BackgroundWork {
    /// What the threads and the main thread share: answers waiting to be delivered, and the
    /// pipe that says so. It lives as long as the last thread that may write to it, so a
    /// thread never writes into a pipe that has been closed.
    private final class Mailbox: Sendable {
        let answers = Mutex<[(BackgroundTicket, any Sendable)]>([])
        let readEnd: Int32
        let writeEnd: Int32

        init() {
            var descriptors: [Int32] = [-1, -1]
            // Neither end blocks: a thread never waits to say it is done, and the loop drains
            // the pipe without waiting. Neither end leaks into a child process.
            precondition(pipe(&descriptors) == 0, "no pipe for background work")
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
            readEnd = descriptors[0]
            writeEnd = descriptors[1]
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }

        /// Leaves an answer and wakes the run loop.
        func post(_ answer: any Sendable, for ticket: BackgroundTicket) {
            answers.withLock { $0.append((ticket, answer)) }
            var byte: UInt8 = 1
            // A full pipe already has a wake-up waiting: the byte is not needed.
            _ = write(writeEnd, &byte, 1)
        }
    }

    /// A piece of work waiting for its turn.
    private struct Job: Sendable {
        let ticket: BackgroundTicket
        let flag: CancelFlag
        let run: @Sendable () -> any Sendable
    }

    /// What the worker and the main thread share: the work waiting, and whether a worker runs.
    private final class Queue: Sendable {
        let state = Mutex<(waiting: [Job], working: Bool)>(([], false))
        /// How many pieces of work run now, and the most that ever ran at once (one).
        let runningNow = Atomic<Int>(0)
        let mostAtOnce = Atomic<Int>(0)
    }

    private let mailbox = Mailbox()
    private let queue = Queue()
    /// The most pieces of work that ran at once, since the start (one): for tests.
    public var mostRunningAtOnce: Int { queue.mostAtOnce.load(ordering: .relaxed) }
    /// Readable when answers wait: the run loop watches it.
    public var wakeDescriptor: Int32 { mailbox.readEnd }
    /// Main thread only: each running piece of work's completion and cancel flag.
    private var pending: [BackgroundTicket: (flag: CancelFlag, deliver: (any Sendable) -> Void)] = [:]
    private var nextTicket = 0
    /// Each thread's stack: a depth-first search may go deep.
    public var stackSize = 16 << 20

    public init() {}

    deinit {
        for entry in pending.values { entry.flag.cancel() }
    }

    @discardableResult
    public func start<Answer: Sendable>(
        _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> Answer,
        then completion: @escaping (Answer) -> Void
    ) -> BackgroundTicket {
        nextTicket += 1
        let ticket = BackgroundTicket(value: nextTicket)
        let flag = CancelFlag()
        pending[ticket] = (flag, { completion($0 as! Answer) })
        let job = Job(ticket: ticket, flag: flag) { work { flag.isCancelled } }
        let startsWorker = queue.state.withLock { state in
            state.waiting.append(job)
            defer { state.working = true }
            return !state.working
        }
        if startsWorker {
            let (queue, mailbox) = (queue, mailbox)
            DetachedThread.start(stackSize: stackSize) {
                while let job = queue.state.withLock({ state -> Job? in
                    // Work cancelled before its turn is dropped unrun.
                    while let next = state.waiting.first, next.flag.isCancelled { state.waiting.removeFirst() }
                    guard !state.waiting.isEmpty else {
                        state.working = false
                        return nil
                    }
                    return state.waiting.removeFirst()
                }) {
                    let now = queue.runningNow.add(1, ordering: .relaxed).newValue
                    _ = queue.mostAtOnce.max(now, ordering: .relaxed)
                    let answer = job.run()
                    queue.runningNow.subtract(1, ordering: .relaxed)
                    mailbox.post(answer, for: job.ticket)
                }
            }
        }
        return ticket
    }

    public func cancel(_ ticket: BackgroundTicket) {
        pending.removeValue(forKey: ticket)?.flag.cancel()
    }

    public var isBusy: Bool { !pending.isEmpty }

    /// Delivers the answers that came in, on the calling (main) thread: the run loop calls it
    /// when ``wakeDescriptor`` is readable. Answers of cancelled work are dropped.
    public func deliverAnswers() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(mailbox.readEnd, &buffer, buffer.count) > 0 {}
        let answers = mailbox.answers.withLock { answers in
            defer { answers = [] }
            return answers
        }
        for (ticket, answer) in answers {
            guard let entry = pending.removeValue(forKey: ticket) else { continue }
            entry.deliver(answer)
        }
    }
}

/// Tells work that it is no longer wanted; read from any thread.
final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    func cancel() { flag.store(true, ordering: .relaxed) }

    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
