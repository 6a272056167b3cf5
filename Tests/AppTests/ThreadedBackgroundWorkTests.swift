import Synchronization
import XCTest

@testable import App

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal's background work runs one piece at a time: work replaced by newer work (a move
/// made while the last position was still searched) never piles up on threads of its own.
final class ThreadedBackgroundWorkTests: XCTestCase {
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
        /// Set once every piece of work is queued and all but the last cancelled: work that
        /// starts before then waits for it, so the worker cannot take a piece the main thread
        /// has not yet had the chance to cancel (as a loaded machine once let it).
        let queued = Atomic<Bool>(false)
    }

    func testOnePieceRunsAtATimeAndWorkCancelledBeforeItsTurnNeverRuns() {
        let work = ThreadedBackgroundWork()
        let ran = Counter()
        var answered: [Int] = []
        var tickets: [BackgroundTicket] = []
        for number in 1...12 {
            let ticket = work.start { isCancelled -> Int in
                ran.value.add(1, ordering: .relaxed)
                while !ran.queued.load(ordering: .acquiring) { sched_yield() }
                // Busy until cancelled, or 50 ms: a search that polls its flag.
                let end = ContinuousClock.now + .milliseconds(50)
                while !isCancelled() && ContinuousClock.now < end {}
                return number
            } then: {
                answered.append($0)
            }
            tickets.append(ticket)
            // Each new position's search cancels the last one's, as the table does.
            if tickets.count > 1 { work.cancel(tickets[tickets.count - 2]) }
        }
        ran.queued.store(true, ordering: .releasing)
        // Waits for the last answer through the pipe, as the run loop does (bounded).
        var descriptor = pollfd(fd: work.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        for _ in 0..<100 where answered.isEmpty {
            _ = poll(&descriptor, 1, 100)
            work.deliverAnswers()
        }
        XCTAssertEqual(answered, [12], "only the newest work answers")
        XCTAssertEqual(work.mostRunningAtOnce, 1, "never two at once")
        XCTAssertLessThanOrEqual(ran.value.load(ordering: .relaxed), 2, "the first, perhaps, and the last")
        XCTAssertFalse(work.isBusy)
    }
}
