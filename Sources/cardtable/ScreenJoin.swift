import Layouts
import SecondScreen
import TableKit
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable screen` joining a game and staying while joined: it reads nothing from its
/// terminal (the game does) and sleeps until the game says `bye`, its terminal is resized (the
/// game is told the size) or a signal tells it to end (it asks the game to give the terminal
/// back, and waits for that a little). When the game goes away without a `bye` (killed), the
/// terminal is restored here.
final class ScreenJoin {
    let terminal: JoiningTerminal
    let game: ScreenClient.Game
    /// How long the game has to answer a join, and to give the terminal back when asked.
    static let answerTimeout = 5.0
    static let leaveTimeout = 2.0

    enum Outcome: Equatable {
        case bye(String)
        case gone
    }

    init(terminal: JoiningTerminal, game: ScreenClient.Game) {
        self.terminal = terminal
        self.game = game
    }

    /// Joins, stays, and returns the exit status.
    func run() -> Int32 {
        say("Joining \(game.title)…")
        let connection: Int32
        do {
            connection = try ScreenClient.join(game.path, terminal: terminal.descriptor, hello: terminal.hello)
        } catch {
            printError("cardtable: cannot reach \(game.title): \(error)")
            return 1
        }
        defer { close(connection) }
        close(terminal.descriptor)  // the game holds its own copy from here
        var title = game.title
        switch ScreenClient.answer(on: connection, seconds: Self.answerTimeout) {
        case .accepted(let playing)?:
            let playing = TerminalText.safe(playing)
            title = game.process.map { "\(playing) (process \($0))" } ?? playing
        case .refused(let reason)?:
            printError("cardtable: cannot join \(game.title): \(TerminalText.safe(reason))")
            return 1
        case .bye?, nil:
            terminal.saved.restore()
            printError("cardtable: \(game.title) did not answer")
            return 1
        }
        let (outcome, signal) = stay(connection)
        switch outcome {
        case .bye(let reason):
            say("Left \(title): \(TerminalText.safe(reason)).")
        case .gone:
            terminal.saved.restore()
            printError("cardtable: \(title) went away without giving this terminal back; it is restored")
        }
        if let signal { return 128 + signal }
        return outcome == .gone ? 1 : 0
    }

    /// Sleeps on the connection and the signals until the game gives the terminal back or goes.
    private func stay(_ connection: Int32) -> (Outcome, Int32?) {
        let loop = RunLoop(clock: SystemClock(), poller: SystemPoller())
        let signals = SignalWatcher()
        defer { signals.restoreDefaults() }
        var outcome = Outcome.gone
        var endingSignal: Int32?
        var lines = LineReader()
        loop.addSource(connection) {
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { return }
            guard count > 0 else {
                loop.stop()
                return
            }
            for line in lines.lines(from: buffer[0..<count]) {
                if case .bye(let reason)? = ScreenAnswer(line: line) {
                    outcome = .bye(reason)
                    loop.stop()
                }
            }
        }
        loop.addSource(signals.fileDescriptor) { [terminal] in
            for event in signals.drain() {
                switch event {
                case .resize:
                    if let size = terminal.size {
                        ScreenClient.resize(connection, columns: size.columns, rows: size.rows)
                    }
                case .terminate(let signal):
                    guard endingSignal == nil else { continue }
                    endingSignal = signal
                    ScreenClient.leave(connection)
                    loop.addTimer(after: Self.leaveTimeout) { loop.stop() }
                case .suspend, .resume:
                    break  // the terminal is the game's while joined
                }
            }
        }
        loop.run()
        return (outcome, endingSignal)
    }

    private func say(_ line: String) {
        let text = TerminalText.safe(line) + "\n"
        _ = text.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    }
}
