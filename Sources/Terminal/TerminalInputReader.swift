import TableKit
import TerminalInput

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal's input on a run loop: bytes read when the descriptor is readable and decoded
/// (``InputDecoder``), a lone Escape told from a sequence after 25 ms and a sequence cut off
/// dropped after 0.5 s (a timer, only while the decoder holds bytes back). The first terminal's
/// session has one (``TerminalLoop``), and so has a second terminal that joined the game.
public final class TerminalInputReader {
    public let descriptor: Int32
    private let loop: RunLoop
    private var decoder = InputDecoder()
    private var escapeTimer: RunLoop.TimerID?
    public private(set) var isReading = false

    /// Decoded input, in order.
    public var onInput: ([InputEvent]) -> Void = { _ in }
    /// Bytes arrived (before decoding): for input-to-frame timing.
    public var onBytes: () -> Void = {}
    /// The terminal is gone (the end of its input, or an error reading it). Reading has stopped.
    public var onEnd: () -> Void = {}

    public init(descriptor: Int32, loop: RunLoop) {
        self.descriptor = descriptor
        self.loop = loop
    }

    /// Starts watching the descriptor.
    public func start() {
        guard !isReading else { return }
        isReading = true
        loop.addSource(descriptor) { [unowned self] in readInput() }
    }

    /// Stops watching it (before it is closed), and drops what the decoder held back.
    public func stop() {
        guard isReading else { return }
        isReading = false
        loop.removeSource(descriptor)
        if let timer = escapeTimer { loop.cancelTimer(timer) }
        escapeTimer = nil
        decoder = InputDecoder()
    }

    private func readInput() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 {
            if count == 0 || (errno != EINTR && errno != EAGAIN) {
                stop()
                onEnd()
            }
            return
        }
        onBytes()
        onInput(decoder.feed(buffer[0..<count]))
        scheduleFlush()
    }

    /// While the decoder holds bytes back (or watches what follows an Escape it flushed),
    /// flushes it after its delay, and again while it still does.
    private func scheduleFlush() {
        if let timer = escapeTimer { loop.cancelTimer(timer) }
        escapeTimer = nil
        guard isReading, decoder.hasPendingBytes else { return }
        escapeTimer = loop.addTimer(after: decoder.flushDelay) { [unowned self] in
            escapeTimer = nil
            onInput(decoder.flush())
            scheduleFlush()
        }
    }
}
