import XCTest

@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// Every signal whose default action ends the process gives the terminal back.
final class SignalPolicyTests: XCTestCase {
    /// signal(7): the standard signals whose default action is to terminate (Term) or to
    /// terminate and dump core (Core), and the real-time signals (Term).
    private var endByDefault: Set<Int32> {
        let standard: [Int32] = [
            SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGKILL, SIGUSR1, SIGSEGV, SIGUSR2,
            SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS,
        ]
        return Set(standard).union(SignalPolicy.realTimeSignals)
    }

    func testEverySignalThatWouldEndTheProcessIsHandled() {
        for signal in endByDefault where signal != SIGKILL {
            let policy = SignalPolicy.policy(for: signal)
            XCTAssertTrue(
                [.end, .crash, .ignore].contains(policy), "signal \(signal) would end the game with the terminal taken")
        }
        XCTAssertNil(SignalPolicy.policy(for: SIGKILL), "SIGKILL cannot be caught")
        XCTAssertNil(SignalPolicy.policy(for: SIGSTOP), "SIGSTOP cannot be caught")
    }

    func testCrashesFaultsAndTrapsDieOfTheirSignalAndTwoAreIgnored() {
        let crashes = Set(SignalPolicy.handledSignals.filter { SignalPolicy.policy(for: $0) == .crash })
        XCTAssertEqual(crashes, [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS])
        let ignored = Set(SignalPolicy.handledSignals.filter { SignalPolicy.policy(for: $0) == .ignore })
        XCTAssertEqual(ignored, [SIGPIPE, SIGXFSZ], "a write fails instead, and says so")
        XCTAssertEqual(SignalPolicy.policy(for: SIGINT), .end, "Ctrl-C quits cleanly")
        XCTAssertEqual(SignalPolicy.policy(for: SIGQUIT), .end)
        XCTAssertEqual(SignalPolicy.policy(for: SIGUSR1), .end)
        XCTAssertEqual(SignalPolicy.policy(for: SignalPolicy.realTimeSignals.upperBound), .end)
    }

    func testOnlyHarmlessOrUncatchableSignalsAreLeftAlone() {
        let left = Set((1...SignalPolicy.realTimeSignals.upperBound).filter { SignalPolicy.policy(for: $0) == nil })
        // Ignored by default (SIGCHLD, SIGURG), stops (SIGSTOP, SIGTTIN, SIGTTOU), uncatchable
        // (SIGKILL), and the two the C library keeps for its threads (32, 33).
        XCTAssertEqual(left, [SIGCHLD, SIGURG, SIGSTOP, SIGTTIN, SIGTTOU, SIGKILL, 32, 33])
        XCTAssertEqual(SignalPolicy.realTimeSignals.lowerBound, 34)
    }

    func testTheWatcherCatchesWhatItHandlesAndGivesItBack() {
        let watched = SignalPolicy.handledSignals.filter { SignalPolicy.policy(for: $0) != .crash }
        let crashes = SignalPolicy.handledSignals.filter { SignalPolicy.policy(for: $0) == .crash }
        let crashHandlers = crashes.map(SignalWatcher.disposition(of:))
        let watcher = SignalWatcher()
        defer { watcher.restoreDefaults() }
        for signal in watched {
            let expected: SignalWatcher.Disposition = SignalPolicy.policy(for: signal) == .ignore ? .ignored : .caught
            XCTAssertEqual(SignalWatcher.disposition(of: signal), expected, "signal \(signal)")
        }
        XCTAssertEqual(crashes.map(SignalWatcher.disposition(of:)), crashHandlers, "crashes are the screen's")
        watcher.restoreDefaults()
        for signal in watched {
            XCTAssertEqual(SignalWatcher.disposition(of: signal), .defaultAction, "signal \(signal)")
        }
    }

    func testSignalsArriveAsEventsInTheRunLoop() {
        let watcher = SignalWatcher()
        defer { watcher.restoreDefaults() }
        XCTAssertEqual(watcher.drain(), [])
        raise(SIGWINCH)
        raise(SIGWINCH)
        XCTAssertEqual(watcher.drain(), [.resize], "resizes fold into one")
        raise(SIGUSR1)
        XCTAssertEqual(watcher.drain(), [.terminate(SIGUSR1)])
        // Read, so a second one is an ordinary end too (not the loop that does not answer).
        raise(SignalPolicy.realTimeSignals.lowerBound + 2)
        XCTAssertEqual(watcher.drain(), [.terminate(SignalPolicy.realTimeSignals.lowerBound + 2)])
        raise(SIGCONT)
        XCTAssertEqual(watcher.drain(), [.resume], "a continue after a stop not the game's own")
        raise(SIGPIPE)
        raise(SIGXFSZ)
        XCTAssertEqual(watcher.drain(), [], "ignored")
    }
}
