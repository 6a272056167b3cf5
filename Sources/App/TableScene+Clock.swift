import TableKit

/// The game's clock: it starts with the first move, stops when the game is won, and starts
/// again from nothing with a new deal or a restart. The status line shows it to the second,
/// so while it runs the table needs waking once a second, and never otherwise.
extension TableScene {
    /// Seconds played in this deal: from the first move to now, or to the winning move.
    public var elapsedSeconds: Double {
        guard let started = clockStart else { return 0 }
        return max(0, (clockStop ?? window.clock.now) - started)
    }

    /// Whether the clock is running (a move made, the game not won).
    public var isClockRunning: Bool { clockStart != nil && clockStop == nil }

    /// When the status line's time next changes (window clock), or nil while the clock is
    /// stopped: the terminal sets a timer for it instead of polling.
    public var nextClockTick: Double? {
        guard isClockRunning, let started = clockStart else { return nil }
        let elapsed = window.clock.now - started
        return started + (elapsed + 0.0005).rounded(.down) + 1
    }

    /// Brings the status line's time up to date (a timer calls this once a second).
    public func clockTicked() {
        askTimer()
        updateStatus()
    }

    /// A variant's timer hook, asked once each `timer_interval` seconds of play: what it says
    /// goes on the status line.
    func askTimer() {
        guard let interval = rules.timerInterval, isClockRunning else { return }
        let period = Int((elapsedSeconds / interval).rounded(.down))
        guard period > timerPeriodsAsked else { return }
        timerPeriodsAsked = period
        if let message = rules.timerMessage(seconds: elapsedSeconds, in: state) { notice = message }
    }

    /// Called after every move: starts the clock on the first, stops it on a win.
    func runClock() {
        guard layout.rules != nil else { return }  // a free table is not a game against the clock
        if clockStart == nil, !history.isEmpty { clockStart = window.clock.now }
        if clockStart != nil, clockStop == nil, isWon { clockStop = window.clock.now }
        if clockStop != nil, !isWon { clockStop = nil }  // a winning move undone
    }

    /// Stops the clock while the program is suspended (Ctrl-Z): the game is off the screen, and
    /// the time until `fg` is not time played (Ctrl-Z at 0:03, `fg` ten minutes later, and the
    /// clock said 10:03, in the save and in the statistics' best times). ``resumeClock()`` goes
    /// on from where it stopped.
    public func suspendClock() {
        guard isClockRunning, suspendedAt == nil else { return }
        suspendedAt = window.clock.now
    }

    /// Starts the clock again after ``suspendClock()``, from the time it showed then.
    public func resumeClock() {
        guard let stopped = suspendedAt else { return }
        suspendedAt = nil
        if isClockRunning, let started = clockStart { clockStart = started + max(0, window.clock.now - stopped) }
    }

    /// Takes `seconds` off the running clock: the program was stopped from outside for that
    /// long (SIGSTOP, which it cannot see begin, so ``suspendClock()`` was never called), and
    /// the time stopped is not time played. A clock stopped (won, paused) keeps its time.
    public func takeOffClock(_ seconds: Double) {
        guard isClockRunning, suspendedAt == nil, let started = clockStart, seconds > 0 else { return }
        clockStart = min(window.clock.now, started + seconds)
        updateStatus()  // the frame after the continue showed the time with the stop in it
    }

    func resetClock() {
        clockStart = nil
        clockStop = nil
        suspendedAt = nil
        timerPeriodsAsked = 0
    }
}
