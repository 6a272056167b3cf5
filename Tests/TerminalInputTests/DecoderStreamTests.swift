import TerminalInput
import XCTest

/// Pending bytes, flush, split delivery, bracketed paste and the length limits.
final class DecoderStreamTests: XCTestCase {
    func testLoneEscapeWaitsForFlush() {
        var decoder = InputDecoder()
        XCTAssertFalse(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertTrue(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.flush(), [key(.escape)])
        // Until the next flush it watches for the late rest of a sequence.
        XCTAssertTrue(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.flushDelay, InputDecoder.sequenceDelay)
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertFalse(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.flush(), [])
    }

    /// A sequence whose ESC came alone and was flushed as Escape, and whose rest came
    /// later (a read split after the ESC, longer than the escape delay): Escape, then
    /// the sequence, never its bytes as keys.
    func testASequenceSplitAfterItsEscapeIsStillReadWhole() {
        let cases: [(String, [InputEvent])] = [
            ("[A", [key(.up)]), ("[2 q", []), ("[1;5C", [key(.right, .control)]), ("OP", [key(.function(1))]),
            ("]0;quit\u{07}", []), ("P1$r" + esc + "\\", []), ("\\", []), ("[<0;3;4M", [mouse(.press, .left, 2, 3)]),
            ("[", [char("[")]), ("[\r", [char("["), key(.enter)]), ("]", []),
        ]
        for (rest, expected) in cases {
            var decoder = InputDecoder()
            XCTAssertEqual(decoder.feed([0x1B]), [], rest)
            XCTAssertEqual(decoder.flush(), [key(.escape)], rest)
            let events = decoder.feed(rest.bytes) + decoder.flush() + decoder.flush()
            XCTAssertEqual(events, expected, rest)
            XCTAssertFalse(decoder.hasPendingBytes, rest)
        }
        // A key that begins no sequence ends the watch: it is the key.
        var decoder = InputDecoder()
        _ = decoder.feed([0x1B])
        XCTAssertEqual(decoder.flush(), [key(.escape)])
        XCTAssertEqual(decoder.feed("q[A".bytes), [char("q"), char("["), char("A")])
        // So does a second flush (the run loop's, `sequenceDelay` later).
        _ = decoder.feed([0x1B])
        XCTAssertEqual(decoder.flush(), [key(.escape)])
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.feed("[A".bytes), [char("["), char("A")])
    }

    func testEscapeThenACharacterInALaterFeedIsEscapeAndTheCharacter() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertEqual(decoder.feed("x".bytes), [key(.escape), char("x")])
        XCTAssertFalse(decoder.hasPendingBytes)
    }

    func testFlushSeparatesEscapeFromTheNextKey() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertEqual(decoder.flush(), [key(.escape)])
        XCTAssertEqual(decoder.feed("x".bytes), [char("x")])
    }

    func testFlushResolvesALoneIntroducerAsEscapeAndThatKey() {
        for introducer in ["[", "O", "]", "P", "X", "^", "_"] {
            var decoder = InputDecoder()
            XCTAssertEqual(decoder.feed((esc + introducer).bytes), [], introducer)
            XCTAssertTrue(decoder.hasPendingBytes, introducer)
            XCTAssertEqual(decoder.flush(), [key(.escape), char(Character(introducer))], introducer)
            XCTAssertFalse(decoder.hasPendingBytes, introducer)
        }
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed((esc + esc).bytes), [key(.escape)])
        XCTAssertEqual(decoder.flush(), [key(.escape)])
    }

    func testFlushDropsUnfinishedSequencesWithoutGarbage() {
        for partial in [
            esc + "[1;5", esc + "[<0;12;", esc + "[<", esc + "O1;", esc + "[[", esc + "[3$;", esc + "]0;title",
            esc + "P1$r", esc + "_Gi=1", "\u{9B}", "\u{9B}12;", "\u{9D}0;q", esc + "]0;q" + esc,
        ] {
            var decoder = InputDecoder()
            XCTAssertEqual(decoder.feed(partial.bytes), [], partial)
            XCTAssertTrue(decoder.hasPendingBytes, partial)
            XCTAssertEqual(decoder.flush(), [], partial)
            XCTAssertFalse(decoder.hasPendingBytes, partial)
            // Nothing left over: the next byte is itself.
            XCTAssertEqual(decoder.feed("A".bytes), [char("A")], partial)
        }
        // Escape, then a sequence cut off: the Escape stays, the sequence goes.
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed((esc + esc + "[1").bytes), [key(.escape)])
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.feed([0xE2, 0x82]), [])  // two thirds of €
        XCTAssertTrue(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.flush(), [])
    }

    /// The run loop waits `escapeDelay` (25 ms) only when what is held back is a
    /// whole key already; for the start of anything longer it waits `sequenceDelay`.
    func testFlushDelayIsShortOnlyForAWholeKey() {
        let short: [[UInt8]] = [[0x1B], (esc + "[3$").bytes, [0x1B, 0x5B, 0x4D, 0x20, 0x21, 0xC5]]
        let long: [[UInt8]] = [
            (esc + "[").bytes, (esc + "O").bytes, (esc + "[1;5").bytes, (esc + "]0;t").bytes, (esc + "[200~ab").bytes,
            [0xE2, 0x82], [0x9B], (esc + "[" + String(repeating: "1", count: 80)).bytes,
        ]
        for (bytes, delay) in short.map({ ($0, InputDecoder.escapeDelay) })
            + long.map({ ($0, InputDecoder.sequenceDelay) })
        {
            var decoder = InputDecoder()
            XCTAssertEqual(decoder.feed(bytes), [])
            XCTAssertTrue(decoder.hasPendingBytes, "\(bytes)")
            XCTAssertEqual(decoder.flushDelay, delay, "\(bytes)")
        }
        XCTAssertLessThan(InputDecoder.escapeDelay, InputDecoder.sequenceDelay)
    }

    func testSplitDeliveryGivesTheSameEvents() {
        let stream =
            ("a" + esc + "[1;5A" + "é" + esc + "[<0;300;7M" + esc + "[<32;301;7M" + esc + "[<0;301;7m"
            + esc + "OP" + esc + "[15~" + "🂡" + esc + "[I" + esc + "[200~pasted" + esc + "[201~" + "\r").bytes
            + [0x1B, 0x5B, 0x4D, 0x20, 0xC5, 0x8D, 0x21] + [0x1B, 0x5B, 0x4D, 0x23, 0x21, 0x21] + "z".bytes
        let expected: [InputEvent] = [
            char("a"), key(.up, .control), char("é"),
            mouse(.press, .left, 299, 6), mouse(.drag, .left, 300, 6), mouse(.release, .left, 300, 6),
            key(.function(1)), key(.function(5)), char("🂡"), .focusIn, .paste("pasted"), key(.enter),
            mouse(.press, .left, 300, 0), mouse(.release, .none, 0, 0), char("z"),
        ]
        XCTAssertEqual(decodeWhole(stream), expected)
        XCTAssertEqual(decodeBytewise(stream), expected)
        // Every two-way split point.
        for cut in 0...stream.count {
            var decoder = InputDecoder()
            let events = decoder.feed(stream[..<cut]) + decoder.feed(stream[cut...])
            XCTAssertEqual(events, expected, "cut at \(cut)")
            XCTAssertFalse(decoder.hasPendingBytes)
        }
    }

    func testBracketedPaste() {
        check([
            DecodeCase(esc + "[200~hello" + esc + "[201~", [.paste("hello")]),
            DecodeCase(esc + "[200~two\r\nlines" + esc + "[201~x", [.paste("two\r\nlines"), char("x")]),
            // Escape sequences inside a paste are text, not keys.
            DecodeCase(esc + "[200~a" + esc + "[Ab" + esc + "[201~", [.paste("a" + esc + "[Ab")]),
            DecodeCase(esc + "[200~" + esc + "[20" + esc + "[201~", [.paste(esc + "[20")]),
            DecodeCase(esc + "[200~é🂡" + esc + "[201~", [.paste("é🂡")]),
            DecodeCase(esc + "[200~" + esc + "[201~", []),
        ])
    }

    func testUnterminatedPasteEndsOnFlush() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed((esc + "[200~half").bytes), [])
        XCTAssertTrue(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.flush(), [.paste("half")])
        XCTAssertFalse(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.feed((esc + "[A").bytes), [key(.up)])
    }

    func testOverlongSequenceIsDiscardedWholeAndBounded() {
        let digits = String(repeating: "1;", count: 100)
        check([
            // Longer than the limit: dropped, including its final byte.
            DecodeCase(esc + "[" + digits + "A" + "b", [char("b")]),
            DecodeCase(esc + "[<" + digits + "M" + esc + "[B", [key(.down)]),
            // Controls inside it are ignored: its final byte still goes with it.
            DecodeCase(esc + "[" + digits + "\r" + "c" + "d", [char("d")]),
            // ESC ends the discarding and begins anew; CAN cancels.
            DecodeCase(esc + "[" + digits + esc + "[A", [key(.up)]),
            DecodeCase(esc + "[" + digits + "\u{18}" + "c", [char("c")]),
        ])
        // While it is still arriving, the decoder keeps saying so, and a flush resets it.
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed((esc + "[" + digits).bytes), [])
        XCTAssertTrue(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.feed("12".bytes), [char("1"), char("2")])
    }

    func testLongRunsOfPlainInputNeedNoPending() {
        var decoder = InputDecoder()
        let text = String(repeating: "abc é ", count: 500)
        let events = decoder.feed(text.bytes)
        XCTAssertEqual(events.count, text.count)
        XCTAssertFalse(decoder.hasPendingBytes)
    }
}
