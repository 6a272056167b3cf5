import TableKit

/// Works through a range of deals on several threads and hands the results back in deal order,
/// each as soon as it and every deal before it are done.
///
/// Each thread makes its own worker first (`makeWorker`), so that what a worker holds (a
/// variant's rules: a scripted variant's one Lua state) is never shared between threads. The
/// threads take the next deal not yet taken, so a long deal holds up one thread only; the
/// caller's thread delivers the results, in order, while the others work.
enum ParallelDeals {
    /// The stack of each thread: a deep search must not be cut short by the stack.
    static let threadStackSize = 64 << 20

    /// Runs `makeWorker()` once on each of `jobs` threads (fewer when there are fewer deals) and
    /// the worker it returns on deals until none is left; calls `deliver` on the calling thread
    /// with each deal and its result, in deal order. Returns when every deal was delivered and
    /// every thread has finished.
    static func run<Result: Sendable>(
        deals: ClosedRange<UInt64>, jobs: Int,
        makeWorker: @escaping @Sendable () -> (UInt64) -> Result,
        deliver: (UInt64, Result) -> Void
    ) {
        let board = WorkBoard<Result>(count: deals.count)
        let threads = max(1, min(jobs, deals.count))
        let first = deals.lowerBound
        for _ in 0..<threads {
            DetachedThread.start(stackSize: threadStackSize) {
                let work = makeWorker()
                while let index = board.take() { board.finish(index, work(first + UInt64(index))) }
                board.threadEnded()
            }
        }
        for index in 0..<deals.count { deliver(first + UInt64(index), board.wait(for: index)) }
        board.waitForThreads(threads)
    }
}

/// What the threads share: the next deal to take, the results not yet delivered, the threads
/// that have ended; every field under the condition's lock.
private final class WorkBoard<Result: Sendable>: @unchecked Sendable {
    private let condition = Condition()
    private let count: Int
    private var next = 0
    private var results: [Int: Result] = [:]
    private var ended = 0

    init(count: Int) { self.count = count }

    /// The index of the next deal, or `nil` when every deal was taken.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ result: Result) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until deal `index` is done; its result, forgotten by the board.
    func wait(for index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = results.removeValue(forKey: index) { return result }
            condition.wait()
        }
    }

    func threadEnded() {
        condition.lock()
        ended += 1
        condition.broadcast()
        condition.unlock()
    }

    func waitForThreads(_ threads: Int) {
        condition.lock()
        while ended < threads { condition.wait() }
        condition.unlock()
    }
}
