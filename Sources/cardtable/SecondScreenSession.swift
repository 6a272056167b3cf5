import App
import SecondScreen
import TableKit
import Terminal
import TerminalInput

#if canImport(Glibc)
    import Glibc
#endif

/// The game's side of `cardtable screen`: the game's socket on the run loop, each connection's
/// request read as it arrives (never waited for), and a second terminal that joined driven
/// beside the first: its input read and decoded, its resizes followed, its frames drawn, and
/// its terminal given back however it leaves.
///
/// One second screen at a time: a join while one is joined is refused with a message to the
/// joining terminal (Ctrl-C on the one joined gives the table back first).
final class SecondScreenSession {
    /// Why a second screen leaves: what the first terminal's status line says, and what the
    /// second's `cardtable screen` prints after "Left …:".
    struct Leaving {
        var here: String
        var there: String

        static let controlC = Leaving(here: "Ctrl-C there", there: "Ctrl-C here")
        static let broughtBack = Leaving(
            here: "brought back", there: "the table was brought back to the first terminal")
        static let clientStopped = Leaving(here: "cardtable screen was stopped", there: "cardtable screen was stopped")
        static let clientGone = Leaving(here: "cardtable screen ended", there: "cardtable screen ended")
        static let terminalClosed = Leaving(here: "its terminal closed", there: "the terminal closed")
        static let suspended = Leaving(here: "the game was suspended", there: "the game was suspended (Ctrl-Z)")
        static let gameEnded = Leaving(here: "the game ended", there: "the game ended")
        static func terminalFailed(_ failure: String) -> Leaving {
            Leaving(here: "its terminal: \(failure)", there: "this terminal: \(failure)")
        }
    }

    /// The terminal joined, and what reads and draws it.
    final class Guest {
        let screen: SecondTerminalScreen
        let connection: ScreenConnection
        let reader: TerminalInputReader
        let hello: ScreenHello

        init(
            screen: SecondTerminalScreen, connection: ScreenConnection, reader: TerminalInputReader, hello: ScreenHello
        ) {
            self.screen = screen
            self.connection = connection
            self.reader = reader
            self.hello = hello
        }
    }

    let app: TableApp
    let terminal: TerminalLoop
    /// The first terminal's descriptor: a join from the same terminal is refused.
    let firstTerminal: Int32
    /// After input from the second terminal or a change of screens: what the front end does
    /// after any input (quit, timers).
    var afterChange: () -> Void = {}
    private var host: ScreenHost?
    /// The host's socket is watched for connections (not while ``mostWaiting`` are read).
    private var isWatchingHost = false
    private var pending: [(connection: ScreenConnection, timer: RunLoop.TimerID)] = []
    /// The most connections whose request is awaited at once: the rest wait in the socket's
    /// queue (and, once it is full, their `connect` is refused), so that a flood of them never
    /// holds the game's descriptors (which its saves need) nor has it spin on a socket it
    /// cannot take from.
    static let mostWaiting = 8
    /// How long the socket is left alone when a connection could not be taken for want of
    /// descriptors.
    static let shortOfDescriptorsPause = 0.25
    /// The connections whose request is awaited now.
    var waitingRequests: Int { pending.count }
    private(set) var guest: Guest?

    init(app: TableApp, terminal: TerminalLoop, firstTerminal: Int32) {
        self.app = app
        self.terminal = terminal
        self.firstTerminal = firstTerminal
    }

    /// Listens in `folder`. Returns the problem when it cannot (the game plays on without a
    /// second screen).
    func listen(in folder: String) -> String? {
        do {
            host = try ScreenHost(folder: folder)
            watchHost()
            return nil
        } catch {
            return "No second screen: \(error)"
        }
    }

    /// The game ends: a second terminal is given back, the socket removed.
    func finish() {
        leave(.gameEnded)
        for (connection, timer) in pending {
            terminal.loop.cancelTimer(timer)
            terminal.loop.removeSource(connection.descriptor)
        }
        pending = []
        unwatchHost()
        host = nil
    }

    // MARK: Requests

    private func watchHost() {
        guard let host, !isWatchingHost else { return }
        isWatchingHost = true
        terminal.watch(host.descriptor) { [unowned self] in acceptWaiting() }
    }

    private func unwatchHost() {
        guard let host, isWatchingHost else { return }
        isWatchingHost = false
        terminal.loop.removeSource(host.descriptor)
    }

    private func acceptWaiting() {
        guard let host else { return }
        while pending.count < Self.mostWaiting {
            guard let connection = host.accept() else {
                if host.isShortOfDescriptors {
                    unwatchHost()
                    terminal.loop.addTimer(after: Self.shortOfDescriptorsPause) { [unowned self] in
                        if pending.count < Self.mostWaiting { watchHost() }
                    }
                }
                return
            }
            let timer = terminal.loop.addTimer(after: ScreenConnection.requestTimeout) { [unowned self] in
                drop(connection, saying: "the request did not come whole within a second")
            }
            pending.append((connection, timer))
            terminal.watch(connection.descriptor) { [unowned self] in read(connection) }
        }
        unwatchHost()  // taken again once a request is done with
    }

    private func read(_ connection: ScreenConnection) {
        switch connection.read() {
        case .waiting:
            return
        case .gone:
            drop(connection, saying: nil)
        case .invalid(let refusal):
            drop(connection, saying: refusal.description)
        case .request(.who):
            connection.say(description: app.playingDescription)
            drop(connection, saying: nil)
        case .request(.join(let hello, let descriptor)):
            forget(connection)
            join(connection, hello: hello, descriptor: descriptor)
        }
    }

    /// Stops waiting on a connection (its request is read, or never will be).
    private func forget(_ connection: ScreenConnection) {
        guard let index = pending.firstIndex(where: { $0.connection === connection }) else { return }
        terminal.loop.cancelTimer(pending[index].timer)
        terminal.loop.removeSource(connection.descriptor)
        pending.remove(at: index)
        watchHost()
    }

    private func drop(_ connection: ScreenConnection, saying refusal: String?) {
        forget(connection)
        if let refusal { connection.say(.refused(refusal)) }
        connection.close()
    }

    // MARK: Joining and leaving

    private func join(_ connection: ScreenConnection, hello: ScreenHello, descriptor: Int32) {
        if let refusal = refusal(of: hello, descriptor: descriptor) {
            close(descriptor)
            connection.say(.refused(refusal))
            connection.close()
            return
        }
        let screen: SecondTerminalScreen
        do {
            screen = try SecondTerminalScreen(
                descriptor: descriptor, term: hello.term, width: hello.columns, height: hello.rows,
                noColor: hello.noColor, isUTF8: hello.isUTF8)
        } catch {
            close(descriptor)
            connection.say(.refused("\(error)"))
            connection.close()
            return
        }
        let reader = TerminalInputReader(descriptor: descriptor, loop: terminal.loop)
        let guest = Guest(screen: screen, connection: connection, reader: reader, hello: hello)
        self.guest = guest
        connection.say(.accepted(app.playingTitle))
        reader.onInput = { [unowned self] events in
            for event in events { app.handle(secondScreen: event) }
            afterInput()
        }
        reader.onEnd = { [unowned self] in leave(.terminalClosed) }
        reader.start()
        terminal.watch(connection.descriptor) { [unowned self] in readLines() }
        let size = ScreenHello.clamped((screen.size.width, screen.size.height))
        screen.resize(width: size.columns, height: size.rows)
        app.secondScreenJoined(name: name(of: guest), width: size.columns, height: size.rows)
        afterChange()
    }

    /// Why a terminal cannot join now, or nil.
    private func refusal(of hello: ScreenHello, descriptor: Int32) -> String? {
        if let guest {
            return "\(app.playingTitle) already shows on \(name(of: guest)):"
                + " Ctrl-C there brings the table back, then join again"
        }
        var joining = stat()
        var first = stat()
        if fstat(descriptor, &joining) == 0, fstat(firstTerminal, &first) == 0, joining.st_rdev == first.st_rdev,
            joining.st_mode & S_IFMT == S_IFCHR
        {
            return "this is the game's own terminal"
        }
        if app.theme.glyphs.unicodeSuits && !hello.isUTF8 {
            return "this terminal's locale is not UTF-8 and the game draws in Unicode:"
                + " join from a UTF-8 locale (LANG=C.UTF-8), or start the game with --ascii"
        }
        return nil
    }

    private func name(of guest: Guest) -> String {
        let size = "\(guest.screen.size.width)x\(guest.screen.size.height)"
        guard let path = ttyname(guest.screen.descriptor) else { return "\(guest.hello.term), \(size)" }
        return "\(String(cString: path)) (\(guest.hello.term), \(size))"
    }

    /// Lines from the joined terminal's `cardtable screen`: its resizes, or that it is leaving.
    private func readLines() {
        guard let guest else { return }
        guard let lines = guest.connection.readLines() else {
            leave(.clientGone)
            return
        }
        for line in lines {
            if line == "leave" {
                leave(.clientStopped)
                return
            }
            if let said = ScreenHello.size(line[...]) {
                let now = guest.screen.currentSize(fallback: (said.columns, said.rows))
                let size = ScreenHello.clamped((now.width, now.height))
                guard (size.columns, size.rows) != (app.window.size.width, app.window.size.height) else { continue }
                guest.screen.resize(width: size.columns, height: size.rows)
                app.resize(width: size.columns, height: size.rows)
            }
        }
        afterChange()
    }

    /// After input from either terminal: the table asked back.
    func afterInput() {
        if let request = app.tableReturnRequest {
            leave(request == .controlC ? .controlC : .broughtBack)
        }
        afterChange()
    }

    /// Gives the second terminal back: the table to the first terminal, then that terminal's
    /// modes and screen, then `bye` to its `cardtable screen`.
    func leave(_ why: Leaving) {
        guard let guest else { return }
        self.guest = nil
        guest.reader.stop()
        terminal.loop.removeSource(guest.connection.descriptor)
        app.secondScreenLeft(reason: why.here)
        guest.screen.close()
        close(guest.screen.descriptor)
        guest.connection.say(.bye(why.there))
        guest.connection.close()
        afterChange()
    }

    // MARK: Frames

    /// Draws a frame on each terminal: the table on the second, the controller on the first.
    /// Returns false when no second screen is joined (the caller draws the table on the first).
    func drawFrames(on first: Screen) -> Bool {
        guard let guest else { return false }
        guest.screen.draw(app.renderFrame().changes)
        if let frame = app.renderControllerFrame() { first.draw(frame.changes) }
        if let failure = guest.screen.failure { leave(.terminalFailed(failure)) }
        return true
    }
}
