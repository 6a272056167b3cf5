// Threads and a condition variable on POSIX threads, for the background work of a game and the
// deals `cardtable solve` spreads over cores (the program does not link Foundation).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A detached thread that runs a closure once.
public enum DetachedThread {
    /// Runs `body` on a new thread with a stack of `stackSize` bytes.
    public static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Start(body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let result = pthread_create(
            &thread, &attributes,
            { context in
                let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                start.body()
                return nil
            }, context)
        precondition(result == 0, "cannot start a thread (error \(result))")
    }

    private final class Start {
        let body: @Sendable () -> Void

        init(body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// A mutex and a condition variable together: lock, wait for a change, broadcast it.
public final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Unlocks, sleeps until a broadcast, locks again; called with the lock held.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread waiting; called with the lock held.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
