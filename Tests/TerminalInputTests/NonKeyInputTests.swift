import TerminalInput
import XCTest

/// Everything a terminal sends that is not a keypress: read to its end and dropped, or
/// decoded as the mouse, focus or paste event it is, but never as keys. Each case is
/// checked fed whole and fed a byte at a time, alone and with a key after it (which must
/// come out, and come out alone).
final class NonKeyInputTests: XCTestCase {
    /// `bytes` decode to nothing, and `bytes` + `x` to `x` alone.
    private func checkDropped(_ inputs: [[UInt8]], file: StaticString = #filePath, line: UInt = #line) {
        var cases: [DecodeCase] = []
        for input in inputs {
            cases.append(DecodeCase(input, [], line: line))
            cases.append(DecodeCase(input + "x".bytes, [char("x")], line: line))
            cases.append(DecodeCase(input + (esc + "[B").bytes, [key(.down)], line: line))
        }
        check(cases, file: file)
    }

    func testUnknownCSIWithAnyParametersAndIntermediatesIsDroppedWhole() {
        checkDropped(
            [
                "[2 q", "[>q", "[0$q", "[3$y", "[4;1$y", "[?2004;2$y", "[27;5;113~", "[113;5u", "[1;2;3q",
                "[=1c", "[!p", "[0n", "[8;24;80t", "[99;99z", "[:q", "[1::2q", "[;;;q", "[200;1~", "[201~",
                "[1;2;3~", "[16~", "[2;3A", "[5Z", "[3a", "[1;2;3M", "[5M", "[2;5I", "[1O", "[<0;1q", "[?25h",
                "[1 $ q", "[12;40;1;2R",
            ].map { (esc + $0).bytes })
    }

    func testMalformedCSIIsReadToItsFinalByte() {
        checkDropped(
            [
                "[1<2q",  // a private marker in the middle
                "[1$2q",  // a parameter after an intermediate
                "[1;\rq", "[5\u{03}q", "[5\u{7F}q",  // controls inside are ignored
                "[" + String(repeating: "1;", count: 100) + "q",  // longer than any real sequence
                "[<" + String(repeating: ";", count: 80) + "\r" + "M",
            ].map { (esc + $0).bytes })
        // CAN and SUB cancel a sequence (and go with it); what follows is decoded afresh.
        check([
            DecodeCase(esc + "[5\u{18}q", [char("q")]),
            DecodeCase(esc + "[1;\u{1A}q", [char("q")]),
            DecodeCase(esc + "O5\u{18}q", [char("q")]),
        ])
        // ESC and bytes past ASCII break a sequence off and begin anew.
        check([
            DecodeCase(esc + "[1;5" + esc + "[A", [key(.up)]),
            DecodeCase(esc + "[1;5é", [char("é")]),
        ])
    }

    func testUnknownSS3IsDroppedWhole() {
        checkDropped(["Oz", "O5z", "O1;2;3P", "O?P", "O P", "O1 P", "O5\rz"].map { (esc + $0).bytes })
    }

    func testReportsAreNotKeys() {
        checkDropped(
            [
                "[12;40R", "[1;1R", "[?12;40;1R",  // cursor position reports
                "[?1;2c", "[?62;1;6;22c", "[>0;95;0c", "[>41;367;0c", "[=0c",  // device attributes
                "[0n", "[3n",  // status reports
                "[?1004;1$y", "[4;2$y",  // mode reports
                "[8;24;80t", "[4;480;640t",  // window reports
            ].map { (esc + $0).bytes })
        check([
            // Focus reports are focus events.
            DecodeCase(esc + "[I" + "x" + esc + "[O", [.focusIn, char("x"), .focusOut]),
            // Mouse reports in each encoding are mouse events, whatever bytes they carry.
            DecodeCase(esc + "[<0;113;113M", [mouse(.press, .left, 112, 112)]),
            DecodeCase([0x1B, 0x5B, 0x4D, 0x20, 0x71, 0x71], [mouse(.press, .left, 80, 80)]),
            DecodeCase(esc + "[32;113;113M", [mouse(.press, .left, 112, 112)]),
        ])
    }

    func testControlStringsAreSkippedWholeWhateverTheyCarry() {
        let strings: [[UInt8]] = [
            (esc + "]0;quit now\u{07}").bytes,  // OSC, BEL
            (esc + "]11;rgb:ffff/ffff/ffff" + esc + "\\").bytes,  // OSC, ST
            (esc + "]52;c;cXVpdA==\u{07}").bytes,
            (esc + "P1$r0;1m" + esc + "\\").bytes,  // DCS
            (esc + "P>|XTerm(367)" + esc + "\\").bytes,
            (esc + "_Gi=1;OK" + esc + "\\").bytes,  // APC
            (esc + "^privacy q" + esc + "\\").bytes,  // PM
            (esc + "Xstart of string q" + esc + "\\").bytes,  // SOS
            (esc + "]2;\u{1B}q\u{07}").bytes,  // ESC + a key inside goes with the string
            (esc + "]2;é✜q\u{07}").bytes,  // UTF-8 payload; ✜ is E2 9C 9C: its 0x9C is not ST
            (esc + "]2;✜q" + esc + "\\").bytes,
            (esc + "]0;q\u{18}").bytes, (esc + "]0;q\u{1A}").bytes,  // CAN, SUB cancel
            [0x9D] + "0;q".bytes + [0x9C],  // 8-bit OSC and ST
            [0x90] + "q".bytes + [0x9C], [0x98, 0x71, 0x9C], [0x9E, 0x71, 0x9C], [0x9F, 0x71, 0x07],
            "\u{9D}0;q\u{9C}".bytes,  // C1 controls in UTF-8
            "\u{90}q".bytes + (esc + "\\").bytes,
            (esc + "]" + String(repeating: "q", count: 5000) + "\u{07}").bytes,
        ]
        checkDropped(strings)
    }

    func testAStringCutOffByANewSequenceGivesThatSequence() {
        check([
            DecodeCase(esc + "]0;q" + esc + "[A", [key(.up)]),
            DecodeCase(esc + "]0;q" + esc + esc + "[B", [key(.down)]),
            DecodeCase(esc + "P1$r" + esc + "]0;q\u{07}x", [char("x")]),
            // ESC and a key inside a string are payload: the string goes on to its end.
            DecodeCase(esc + "]0;q" + esc + "q" + "\u{07}" + "x", [char("x")]),
        ])
    }

    func testALongStringHoldsNoBytes() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed((esc + "]52;c;").bytes), [])
        let payload = [UInt8](repeating: 0x71, count: 1 << 20)
        XCTAssertEqual(decoder.feed(payload), [])
        XCTAssertTrue(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.flushDelay, InputDecoder.sequenceDelay)
        XCTAssertEqual(decoder.feed([0x07] + "q".bytes), [char("q")])
        XCTAssertFalse(decoder.hasPendingBytes)
    }

    func testC1ControlsActAsTheir7BitForms() {
        check([
            // 8-bit CSI and SS3, raw and in UTF-8: keys where the sequence is one.
            DecodeCase([0x9B, 0x41], [key(.up)]),
            DecodeCase("\u{9B}1;5C".bytes, [key(.right, .control)]),
            DecodeCase([0x8F, 0x50], [key(.function(1))]),
            DecodeCase([0x9B] + "<0;2;3M".bytes, [mouse(.press, .left, 1, 2)]),
            DecodeCase([0x9B] + "200~q".bytes + (esc + "[201~").bytes, [.paste("q")]),
        ])
        checkDropped([
            [0x9B] + "2 q".bytes, [0x9B] + "?1;2c".bytes, "\u{9B}12;40R".bytes, [0x8F] + "z".bytes,
            [0x9B] + "\rq".bytes,  // controls inside are ignored here too
            [0x9C], "\u{9C}".bytes,  // a stray ST
            [0x80], [0x84], [0x85], [0x8E], [0x9A], "\u{85}".bytes, "\u{9A}".bytes,  // the others mean nothing
        ])
    }

    func testInvalidUTF8NeverTakesTheKeyAfterIt() {
        checkDropped([
            [0xFF], [0xFE], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80],
            [0xA0, 0xBF], [0xF0, 0x9F, 0x82], [0xE2, 0x82], [0xC3],
        ])
    }

    func testBracketedPasteIsOneEventNotKeys() {
        check([
            DecodeCase(esc + "[200~q" + esc + "[201~", [.paste("q")]),
            DecodeCase(
                esc + "[200~" + esc + "[A" + esc + "]0;x\u{07}" + esc + "[201~x",
                [.paste(esc + "[A" + esc + "]0;x\u{07}"), char("x")]),
        ])
    }

    func testNULIsCtrlSpaceNotACharacter() {
        check([DecodeCase([0x00, 0x00, 0x71], [key(.control(" ")), key(.control(" ")), char("q")])])
    }
}
