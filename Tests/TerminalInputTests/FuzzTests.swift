import TerminalInput
import TestSupport
import XCTest

/// Random input mixed with pieces of real sequences, driven by a seeded PRNG so
/// any failure reproduces exactly.
final class FuzzTests: XCTestCase {
    /// Real sequences (and the interesting prefixes of them that truncation makes).
    static let fragments: [[UInt8]] = {
        var list: [[UInt8]] = [
            "\u{1B}[A", "\u{1B}[1;5C", "\u{1B}OP", "\u{1B}[15~", "\u{1B}[3;2~", "\u{1B}[Z",
            "\u{1B}[<0;10;5M", "\u{1B}[<32;11;5M", "\u{1B}[<0;11;5m", "\u{1B}[<35;3;3M",
            "\u{1B}[<64;1;1M", "\u{1B}[<2;300;40M", "\u{1B}[<34;301;40M", "\u{1B}[<2;301;40m",
            "\u{1B}[32;5;5M", "\u{1B}[64;6;5M", "\u{1B}[35;6;5M",
            "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[I", "\u{1B}[O", "\u{1B}[[B", "\u{1B}\u{1B}[D",
            "é", "🂡", "\u{1B}", "\u{1B}\u{1B}", "\u{1B}x", "\r", "\u{03}", "\u{7F}",
            "\u{1B}[" + String(repeating: "7", count: 70), "\u{1B}[<" + String(repeating: ";", count: 80) + "M",
            "\u{1B}[99999999999999999999999;99999999999999999999999M",
            "\u{1B}[<99999999999999999999999;99999999999999999999999;9999999999999999999999M",
        ].map { Array($0.utf8) }
        list += [
            [0x1B, 0x5B, 0x4D, 0x20, 0x21, 0x21], [0x1B, 0x5B, 0x4D, 0x40, 0x30, 0x21],
            [0x1B, 0x5B, 0x4D, 0x23, 0xFF, 0xFF], [0x1B, 0x5B, 0x4D, 0x20, 0xC5, 0x8D, 0x21],
            [0x1B, 0x5B, 0x4D, 0x43, 0x00, 0x00], [0x1B, 0x5B, 0x4D, 0x20, 0xDF, 0xBF, 0xDF],
            [0xF0, 0x9F, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xFF],
        ]
        return list
    }()

    /// Bytes that steer the decoder into its interesting states more often than uniform noise.
    static let interestingBytes: [UInt8] =
        Array("\u{1B}[O<;M~m0123456789:?$^@".utf8) + [0x00, 0xC5, 0x8D, 0x80, 0xFF, 0x20]

    static func makeStream(count: Int, rng: inout SplitMix64) -> [UInt8] {
        var stream: [UInt8] = []
        stream.reserveCapacity(count + 128)
        while stream.count < count {
            switch rng.below(4) {
            case 0:  // uniform noise
                for _ in 0..<(1 + rng.below(16)) { stream.append(UInt8(truncatingIfNeeded: rng.next())) }
            case 1:  // steered noise
                for _ in 0..<(1 + rng.below(16)) {
                    stream.append(interestingBytes[rng.below(interestingBytes.count)])
                }
            case 2:  // a whole real sequence
                stream += fragments[rng.below(fragments.count)]
            default:  // a truncated real sequence
                let fragment = fragments[rng.below(fragments.count)]
                stream += fragment.prefix(rng.below(fragment.count + 1))
            }
        }
        return stream
    }

    func testRandomInputNeverCrashesAndNeverLeavesADragStuck() {
        var rng = SplitMix64(seed: 0x00C0_FFEE_CA2D_7AB1)
        let stream = Self.makeStream(count: 220_000, rng: &rng)
        var decoder = InputDecoder()
        var tracker = PointerTracker()
        var shadowOpen = false
        var eventCount = 0
        var mouseCount = 0

        func track(_ updates: [PointerUpdate]) {
            for update in updates {
                switch update.phase {
                case .began:
                    XCTAssertFalse(shadowOpen, "began while a press was open")
                    shadowOpen = true
                case .moved:
                    XCTAssertTrue(shadowOpen, "moved without a press")
                case .ended, .cancelled:
                    XCTAssertTrue(shadowOpen, "\(update.phase) without a press")
                    shadowOpen = false
                }
            }
            XCTAssertEqual(tracker.isPressed, shadowOpen)
        }

        func handle(_ events: [InputEvent]) {
            eventCount += events.count
            for event in events {
                switch event {
                case .mouse(let report):
                    mouseCount += 1
                    if report.column < 0 || report.row < 0 {
                        XCTFail("negative coordinate in \(report)")
                    }
                    track(tracker.handle(report))
                case .focusOut:
                    if let update = tracker.cancel() { track([update]) }
                default:
                    break
                }
            }
        }

        var index = 0
        while index < stream.count {
            let end = min(stream.count, index + 1 + rng.below(64))
            handle(decoder.feed(stream[index..<end]))
            index = end
            if rng.below(16) == 0 { handle(decoder.flush()) }
        }
        while decoder.hasPendingBytes { handle(decoder.flush()) }
        // Every event consumes at least one byte.
        XCTAssertLessThanOrEqual(eventCount, stream.count)
        XCTAssertGreaterThan(mouseCount, 1000, "the fuzz should reach the mouse decoders")

        // No stuck drag: a plain SGR release ends whatever the noise left open.
        let release = decoder.feed(Array("\u{1B}[<0;1;1m".utf8))
        XCTAssertEqual(release, [mouse(.release, .left, 0, 0)])
        handle(release)
        XCTAssertFalse(tracker.isPressed)
        // And the decoder is clean: a key is just a key.
        XCTAssertEqual(decoder.feed(Array("q".utf8)), [char("q")])
    }

    /// The decoder is a byte-at-a-time machine: without flushes in between, how
    /// the input is chunked must not change the events.
    func testChunkingNeverChangesTheEvents() {
        var rng = SplitMix64(seed: 42)
        let stream = Self.makeStream(count: 40_000, rng: &rng)
        var whole = InputDecoder()
        let expected = whole.feed(stream) + whole.flush()

        var chunked = InputDecoder()
        var events: [InputEvent] = []
        var index = 0
        while index < stream.count {
            let end = min(stream.count, index + 1 + rng.below(48))
            events += chunked.feed(stream[index..<end])
            index = end
        }
        events += chunked.flush()
        XCTAssertEqual(events.count, expected.count)
        XCTAssertTrue(events == expected, "chunked decoding differs from whole decoding")
    }
}
