import App
import Layouts
import TableKit
import Terminal
import TerminalInput
#if canImport(Glibc)
import Glibc
#endif

/// Runs a table in the real terminal: the run loop reads terminal bytes and signals,
/// feeds the app, and writes frames, until the player quits or a signal ends it. The
/// terminal is given back on every way out.
final class TerminalPlay {
    struct Options {
        var seed: UInt64
        var ascii: Bool
        var animations: Bool
        var statsPath: String?
        var startTime: Double
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let layout: TableLayout
    let options: Options
    let clock = SystemClock()
    var decoder = InputDecoder()
    var escapeTimer: RunLoop.TimerID?
    var stats = PlayStatistics()
    /// When the first input byte since the last frame arrived.
    var pendingInputTime: Double?

    init(layout: TableLayout, options: Options) {
        self.layout = layout
        self.options = options
    }

    func run() throws {
        let screen: TerminalScreen
        do {
            screen = try TerminalScreen(environment: ProcessEnvironment.current)
        } catch {
            throw Failure(description: "\(error)")
        }
        defer { screen.close() }
        let theme = Theme(ascii: options.ascii || !screen.isUTF8, monochrome: screen.colorMode == .monochrome)
        let size = screen.size
        let app = TableApp(layout: layout, seed: options.seed, width: size.width, height: size.height,
                           clock: clock, theme: theme, animations: options.animations)
        let signals = SignalWatcher()
        let loop = RunLoop(clock: clock, poller: SystemPoller())
        stats.colorMode = screen.colorMode

        loop.addSource(STDIN_FILENO) { [unowned self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count <= 0 {
                if count == 0 || (errno != EINTR && errno != EAGAIN) { loop.stop() }   // the terminal is gone
                return
            }
            if pendingInputTime == nil { pendingInputTime = clock.now }
            for event in decoder.feed(buffer[0..<count]) { app.handle(event) }
            if let timer = escapeTimer { loop.cancelTimer(timer) }
            escapeTimer = nil
            if decoder.hasPendingBytes {
                escapeTimer = loop.addTimer(after: InputDecoder.escapeDelay) { [unowned self] in
                    escapeTimer = nil
                    for event in decoder.flush() { app.handle(event) }
                    if app.wantsQuit { loop.stop() }
                }
            }
            if app.wantsQuit { loop.stop() }
        }

        loop.addSource(signals.fileDescriptor) {
            for event in signals.drain() {
                switch event {
                case .resize:
                    let size = screen.size
                    screen.resize(width: size.width, height: size.height)
                    screen.invalidate()
                    app.resize(width: size.width, height: size.height)
                case .terminate:
                    loop.stop()
                case .suspend:
                    app.cancelPointer()
                    screen.suspend()
                    signals.stopProcess()
                    screen.resume()
                    app.window.setNeedsFullRedraw()
                }
            }
        }

        loop.needsFrame = { app.needsFrame }
        loop.onFrame = { [unowned self] in
            let bytesBefore = screen.bytesWritten
            let composeStart = clock.now
            let frame = app.renderFrame()
            let composeEnd = clock.now
            screen.draw(frame.changes)
            let written = clock.now
            stats.record(frame: frame, composeSeconds: composeEnd - composeStart,
                         bytes: Int(screen.bytesWritten - bytesBefore), colorMode: screen.colorMode)
            if stats.firstFrameSeconds == nil { stats.firstFrameSeconds = written - options.startTime }
            if let input = pendingInputTime {
                stats.inputToFrame.append(written - input)
                pendingInputTime = nil
            }
        }

        loop.run()
        stats.wakeups = loop.wakeups
        stats.totalBytes = Int(screen.bytesWritten)
        screen.close()
        if let path = options.statsPath { stats.write(to: path) }
    }
}
