import Synchronization
import TableKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Background work for the terminal: each piece of work runs on a thread of its own, and a
/// finished one writes a byte into a pipe whose reading end, ``wakeDescriptor``, the run loop
/// watches with the terminal's input. The run loop then calls ``deliverAnswers()``, which runs
/// the completions on the main thread.
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

    private let mailbox = Mailbox()
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
        let mailbox = mailbox
        DetachedThread.start(stackSize: stackSize) {
            let answer = work { flag.isCancelled }
            mailbox.post(answer, for: ticket)
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
