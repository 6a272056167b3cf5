import TerminalInput
import XCTest

/// An Escape is never lost: ESC followed at once by a key (typed fast, or coalesced into one
/// read by ssh) is Escape and then that key. There is no Alt+key from an ESC prefix.
final class EscapeKeyTests: XCTestCase {
    /// The bytes that begin a sequence or string after ESC; everything else is a key.
    static let introducers: Set<UInt8> = Set("[O]PX^_\\".utf8)

    func testEscapeThenAnyPrintableKeyIsEscapeAndTheKey() {
        var cases: [DecodeCase] = []
        for byte in UInt8(0x20)...0x7E where !Self.introducers.contains(byte) {
            let character = Character(Unicode.Scalar(byte))
            cases.append(DecodeCase([0x1B, byte], [key(.escape), char(character)]))
            cases.append(
                DecodeCase([0x1B, byte, 0x1B, byte], [key(.escape), char(character), key(.escape), char(character)]))
        }
        check(cases)
    }

    func testEscapeThenOtherKeysIsEscapeAndTheKey() {
        check([
            DecodeCase(esc + "é", [key(.escape), char("é")]),
            DecodeCase(esc + "🂡", [key(.escape), char("🂡")]),
            DecodeCase(esc + "\r", [key(.escape), key(.enter)]),
            DecodeCase(esc + "\t", [key(.escape), key(.tab)]),
            DecodeCase(esc + "\u{7F}", [key(.escape), key(.backspace)]),
            DecodeCase(esc + "\u{03}", [key(.escape), key(.control("c"))]),
            DecodeCase([0x1B, 0x00], [key(.escape), key(.control(" "))]),
            DecodeCase(esc + esc, [key(.escape), key(.escape)]),
            DecodeCase(esc + esc + esc, [key(.escape), key(.escape), key(.escape)]),
            // Escape, then a key sent as a sequence (rxvt's Alt+arrow is this too).
            DecodeCase(esc + esc + "[A", [key(.escape), key(.up)]),
            DecodeCase(esc + esc + "OD", [key(.escape), key(.left)]),
            DecodeCase(esc + esc + "[<0;1;1M", [key(.escape), mouse(.press, .left, 0, 0)]),
            // `ESC [` or `ESC O` and a byte no sequence starts with: all three are keys.
            DecodeCase(esc + "[\r", [key(.escape), char("["), key(.enter)]),
            DecodeCase(esc + "[" + esc, [key(.escape), char("["), key(.escape)]),
            DecodeCase(esc + "[é", [key(.escape), char("["), char("é")]),
            DecodeCase(esc + "O\r", [key(.escape), char("O"), key(.enter)]),
            DecodeCase(esc + "O" + esc + "x", [key(.escape), char("O"), key(.escape), char("x")]),
            // ESC then an 8-bit sequence.
            DecodeCase([0x1B, 0x9B, 0x41], [key(.escape), key(.up)]),
        ])
    }

    func testEscapeComesOutAtOnceWhenAKeyFollowsInTheSameRead() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed((esc + "l").bytes), [key(.escape), char("l")])
        XCTAssertFalse(decoder.hasPendingBytes, "nothing waits for the escape delay")
        XCTAssertEqual(decoder.feed((esc + "q").bytes), [key(.escape), char("q")])
    }

    func testALoneEscapeWaitsOnlyTheEscapeDelay() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertEqual(decoder.flushDelay, InputDecoder.escapeDelay)
        XCTAssertEqual(decoder.flush(), [key(.escape)])
    }

    func testAltOnlyComesFromSequencesThatSayIt() {
        check([
            DecodeCase(esc + "[1;3A", [key(.up, .alt)]),
            DecodeCase(esc + "[3;3~", [key(.delete, .alt)]),
            DecodeCase(esc + "[<8;1;1M", [mouse(.press, .left, 0, 0, .alt)]),
        ])
        // ESC and any one byte, or ESC, a byte and ESC: no Alt-modified key.
        for byte in UInt8(0)...0xFF {
            for bytes in [[0x1B, byte], [0x1B, byte, 0x1B], [0x1B, 0x1B, byte]] {
                for case .key(let press) in decodeWhole(bytes) {
                    XCTAssertFalse(press.modifiers.contains(.alt), "\(bytes) gave \(press)")
                }
            }
        }
    }
}
