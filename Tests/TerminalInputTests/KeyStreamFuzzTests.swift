import TerminalInput
import TestSupport
import XCTest

/// Random streams of real keys mixed with everything a terminal sends that is not a key,
/// cut into reads at random points: exactly the keys fed come out, in order, and nothing
/// else does. Seeded, so any failure reproduces exactly.
final class KeyStreamFuzzTests: XCTestCase {
    /// A piece of the stream: its bytes and the events they stand for.
    struct Fragment {
        var bytes: [UInt8]
        var events: [InputEvent]
        /// Only a pause (the run loop's flush) may come after it: a cut-off sequence,
        /// a truncated character, rxvt's `ESC [ 3 $` (which the next byte could extend).
        var needsPauseAfter = false
        /// It may be cut off to make a truncated fragment.
        var canBeCut = true

        init(_ bytes: [UInt8], _ events: [InputEvent], needsPauseAfter: Bool = false, canBeCut: Bool = true) {
            self.bytes = bytes
            self.events = events
            self.needsPauseAfter = needsPauseAfter
            self.canBeCut = canBeCut
        }

        init(_ text: String, _ events: [InputEvent], needsPauseAfter: Bool = false, canBeCut: Bool = true) {
            self.init(Array(text.utf8), events, needsPauseAfter: needsPauseAfter, canBeCut: canBeCut)
        }
    }

    static let escapeKey = Fragment([0x1B], [key(.escape)])

    /// Real keys, and the mouse, focus and paste events a terminal sends.
    static let keys: [Fragment] = {
        var list: [Fragment] = (UInt8(0x20)...0x7E).map { Fragment([$0], [char(Character(Unicode.Scalar($0)))]) }
        list += [
            Fragment("\r", [key(.enter)]), Fragment("\t", [key(.tab)]), Fragment([0x7F], [key(.backspace)]),
            Fragment([0x03], [key(.control("c"))]), Fragment([0x12], [key(.control("r"))]),
            Fragment([0x00], [key(.control(" "))]), Fragment([0x1C], [key(.control("\\"))]),
            Fragment("é", [char("é")]), Fragment("€", [char("€")]), Fragment("🂡", [char("🂡")]),
            Fragment("✜", [char("✜")]),
            Fragment("\u{1B}[A", [key(.up)]), Fragment("\u{1B}[1;5C", [key(.right, .control)]),
            Fragment("\u{1B}[1;3A", [key(.up, .alt)]), Fragment("\u{1B}[3~", [key(.delete)]),
            Fragment("\u{1B}[15;2~", [key(.function(5), .shift)]), Fragment("\u{1B}[Z", [key(.backTab)]),
            Fragment("\u{1B}[H", [key(.home)]), Fragment("\u{1B}[1;2P", [key(.function(1), .shift)]),
            Fragment("\u{1B}OP", [key(.function(1))]), Fragment("\u{1B}O5P", [key(.function(1), .control)]),
            Fragment("\u{1B}OA", [key(.up)]), Fragment("\u{1B}Op", [char("0")]), Fragment("\u{1B}OM", [key(.enter)]),
            Fragment("\u{1B}[[B", [key(.function(2))]), Fragment("\u{1B}[a", [key(.up, .shift)]),
            Fragment("\u{1B}[5^", [key(.pageUp, .control)]), Fragment("\u{1B}Od", [key(.left, .control)]),
            Fragment("\u{1B}[3$", [key(.delete, .shift)], needsPauseAfter: true, canBeCut: false),
            Fragment([0x9B, 0x41], [key(.up)]), Fragment("\u{9B}1;5D", [key(.left, .control)]),
            Fragment([0x8F, 0x50], [key(.function(1))]),
            // Not keys, but events of their own.
            Fragment("\u{1B}[<0;10;5M", [mouse(.press, .left, 9, 4)]),
            Fragment("\u{1B}[<32;11;5M", [mouse(.drag, .left, 10, 4)]),
            Fragment("\u{1B}[<0;113;113m", [mouse(.release, .left, 112, 112)]),
            Fragment("\u{1B}[<64;1;1M", [mouse(.press, .wheelUp, 0, 0)]),
            Fragment("\u{1B}[32;113;5M", [mouse(.press, .left, 112, 4)]),
            Fragment([0x1B, 0x5B, 0x4D, 0x20, 0x71, 0x71], [mouse(.press, .left, 80, 80)]),
            Fragment([0x1B, 0x5B, 0x4D, 0x23, 0x21, 0x22], [mouse(.release, .none, 0, 1)]),
            Fragment([0x1B, 0x5B, 0x4D, 0x20, 0xC5, 0x8D, 0x21], [mouse(.press, .left, 300, 0)]),
            Fragment([0x9B, 0x3C] + Array("2;3;4M".utf8), [mouse(.press, .right, 2, 3)]),
            Fragment("\u{1B}[I", [.focusIn]), Fragment("\u{1B}[O", [.focusOut]),
            Fragment(
                "\u{1B}[200~q" + "\u{1B}[A" + "é\u{1B}]0;x\u{07}\u{1B}[201~", [.paste("q\u{1B}[Aé\u{1B}]0;x\u{07}")],
                canBeCut: false),
            Fragment("\u{1B}[200~\u{1B}[201~", [], canBeCut: false),
        ]
        return list
    }()

    /// What a terminal sends that is no key and no event: all dropped whole.
    static let nonKeys: [Fragment] = {
        var list: [Fragment] = [
            "[2 q", "[>q", "[0$q", "[4;1$y", "[?2004;2$y", "[27;5;113~", "[113;5u", "[1;2;3q", "[=1c", "[!p",
            "[0n", "[8;24;80t", "[:q", "[200;1~", "[201~", "[16~", "[2;3A", "[5Z", "[3a", "[1;2;3M", "[?25h",
            "[12;40R", "[1;1R", "[?12;40;1R", "[?1;2c", "[>0;95;0c", "[1<2q", "[1$2q", "[1;\rq", "[5\u{03}q",
            "[5\u{7F}q", "[5\u{18}", "[" + String(repeating: "1;", count: 50) + "q", "Oz", "O5z", "O1;2;3P", "O?P",
            "]0;quit\u{07}", "]11;rgb:ffff/ffff/ffff\u{1B}\\", "]52;c;cXVpdA==\u{07}", "P1$r0;1m\u{1B}\\",
            "P>|XTerm(367)\u{1B}\\", "_Gi=1;OK\u{1B}\\", "^pm q\u{1B}\\", "Xsos q\u{1B}\\", "]2;\u{1B}q\u{07}",
            "]2;é✜q\u{07}", "]0;q\u{18}", "]0;q\u{1A}", "\\",
        ].map { Fragment("\u{1B}" + $0, []) }
        list += [
            Fragment([0x9D] + Array("0;q".utf8) + [0x9C], []), Fragment([0x90, 0x71, 0x9C], []),
            Fragment([0x98, 0x71, 0x9C], []), Fragment([0x9E, 0x71, 0x9C], []), Fragment([0x9F, 0x71, 0x07], []),
            Fragment("\u{9D}0;q\u{9C}", []), Fragment([0x9B] + Array("2 q".utf8), []),
            Fragment([0x9B] + Array("\rq".utf8), []),
            Fragment([0x9C], []), Fragment([0x85], []), Fragment([0x8E], []), Fragment("\u{85}", []),
            Fragment([0xFF], []), Fragment([0xC0, 0xAF], []), Fragment([0xE0, 0x80, 0xAF], []),
            Fragment([0xED, 0xA0, 0x80], []), Fragment([0xF5, 0x80], []), Fragment([0xA0, 0xBF], []),
            Fragment([0xF0, 0x9F, 0x82], [], needsPauseAfter: true), Fragment([0xE2, 0x82], [], needsPauseAfter: true),
        ]
        return list
    }()

    /// A fragment that begins with ESC or a C1 introducer, cut off inside: dropped on the pause after it.
    static func truncated(_ rng: inout SplitMix64) -> Fragment {
        while true {
            let whole = rng.chance(50) ? rng.pick(keys) : rng.pick(nonKeys)
            let introducer = whole.bytes[0] == 0x1B ? 2 : (0x80...0x9F).contains(whole.bytes[0]) ? 1 : 0
            guard whole.canBeCut, introducer > 0, whole.bytes.count > introducer + 1, !whole.bytes.contains(0x24)
            else { continue }
            let length = introducer + 1 + rng.below(whole.bytes.count - introducer - 1)
            return Fragment(Array(whole.bytes.prefix(length)), [], needsPauseAfter: true)
        }
    }

    /// A gap in the input at a byte offset: long (the person or the terminal went quiet:
    /// the run loop flushes until nothing is held back) or short (one flush, as after the
    /// escape delay, in the middle of a sequence split after its ESC).
    struct Pause {
        var offset: Int
        var isLong: Bool
    }

    /// A stream of about `count` bytes, where the pauses fall, and the events it stands for.
    static func makeStream(count: Int, rng: inout SplitMix64) -> (bytes: [UInt8], pauses: [Pause], events: [InputEvent])
    {
        var bytes: [UInt8] = []
        var pauses: [Pause] = []
        var events: [InputEvent] = []
        var mustPause = false
        var afterEscape = false
        while bytes.count < count {
            let fragment: Fragment
            var splitAfterEscape = false
            switch rng.below(21) {
            case 0..<8: fragment = rng.pick(keys)
            case 8..<15: fragment = rng.pick(nonKeys)
            case 15..<18: fragment = escapeKey
            case 18: fragment = truncated(&rng)
            case 19:
                // A sequence that arrives split after its ESC, late: Escape, then the sequence.
                fragment = splittable(&rng)
                splitAfterEscape = true
            default:
                mustPause = true
                continue
            }
            // Escape then `[`, `O`, ... typed at once is a sequence's start: only a pause tells them apart.
            if afterEscape, Self.introducers.contains(fragment.bytes[0]) { mustPause = true }
            if mustPause, pauses.last?.offset != bytes.count { pauses.append(Pause(offset: bytes.count, isLong: true)) }
            if splitAfterEscape {
                pauses.append(Pause(offset: bytes.count + 1, isLong: false))
                events.append(key(.escape))
            }
            bytes += fragment.bytes
            events += fragment.events
            mustPause = fragment.needsPauseAfter
            afterEscape = fragment.bytes == [0x1B]
        }
        return (bytes, pauses, events)
    }

    static let introducers: Set<UInt8> = Set("[O]PX^_\\".utf8)

    /// A key or non-key fragment that is ESC and an introducer, then more.
    static func splittable(_ rng: inout SplitMix64) -> Fragment {
        while true {
            let fragment = rng.chance(50) ? rng.pick(keys) : rng.pick(nonKeys)
            if fragment.bytes.count >= 2, fragment.bytes[0] == 0x1B, introducers.contains(fragment.bytes[1]) {
                return fragment
            }
        }
    }

    /// Feeds `stream` in reads cut at random points, flushing at each pause and at the end.
    static func decode(_ stream: [UInt8], pauses: [Pause], rng: inout SplitMix64) -> [InputEvent] {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        var start = 0
        for pause in pauses + [Pause(offset: stream.count, isLong: true)] {
            var index = start
            while index < pause.offset {
                let next = min(pause.offset, index + 1 + rng.below(rng.chance(30) ? 3 : 40))
                events += decoder.feed(stream[index..<next])
                index = next
            }
            events += flush(&decoder, long: pause.isLong)
            start = pause.offset
        }
        XCTAssertFalse(decoder.hasPendingBytes)
        return events
    }

    /// What the run loop does in a pause: one flush after a short one, flushes until
    /// nothing is held back after a long one.
    static func flush(_ decoder: inout InputDecoder, long: Bool) -> [InputEvent] {
        var events = decoder.flush()
        while long, decoder.hasPendingBytes { events += decoder.flush() }
        return events
    }

    func testExactlyTheKeysFedComeOutWhateverElseIsMixedInAndHowItIsCut() {
        for seed: UInt64 in [1, 2, 3, 0x5EED_CA2D, 0xE5C_A9E] {
            var rng = SplitMix64(seed: seed)
            let (stream, pauses, expected) = Self.makeStream(count: 30_000, rng: &rng)
            let events = Self.decode(stream, pauses: pauses, rng: &rng)
            if events != expected {
                let first =
                    (0..<min(events.count, expected.count)).first { events[$0] != expected[$0] }
                    ?? min(events.count, expected.count)
                XCTFail(
                    "seed \(seed): event \(first) differs: got \(events[first..<min(events.count, first + 4)]), "
                        + "expected \(expected[first..<min(expected.count, first + 4)])")
            }
            let keys = expected.filter { if case .key = $0 { true } else { false } }
            XCTAssertGreaterThan(keys.count, 3000, "the stream should be mostly keys and non-keys")
        }
    }

    /// The same streams with no pause at all where none is needed, fed one byte at a time:
    /// the decoder is a byte-at-a-time machine.
    func testOneByteAtATimeGivesTheSameEvents() {
        var rng = SplitMix64(seed: 99)
        let (stream, pauses, expected) = Self.makeStream(count: 10_000, rng: &rng)
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        var start = 0
        for pause in pauses + [Pause(offset: stream.count, isLong: true)] {
            for byte in stream[start..<pause.offset] { events += decoder.feed(CollectionOfOne(byte)) }
            events += Self.flush(&decoder, long: pause.isLong)
            start = pause.offset
        }
        XCTAssertTrue(events == expected, "byte-at-a-time decoding differs")
    }
}
