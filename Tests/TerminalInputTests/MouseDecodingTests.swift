import TerminalInput
import XCTest

/// `ESC [ M Cb Cx Cy` for a 0-based cell, one byte per value (X10 / normal mode).
private func x10(_ code: Int, _ column: Int, _ row: Int) -> [UInt8] {
    [0x1B, 0x5B, 0x4D, UInt8(32 + code), UInt8(33 + column), UInt8(33 + row)]
}

/// `ESC [ < b ; x ; y M|m` for a 0-based cell.
private func sgr(_ code: Int, _ column: Int, _ row: Int, release: Bool = false) -> String {
    esc + "[<\(code);\(column + 1);\(row + 1)" + (release ? "m" : "M")
}

final class MouseDecodingTests: XCTestCase {
    func testSGR() {
        check([
            DecodeCase(esc + "[<0;10;5M", [mouse(.press, .left, 9, 4)]),  // wire is 1-based
            DecodeCase(esc + "[<0;10;5m", [mouse(.release, .left, 9, 4)]),
            DecodeCase(sgr(1, 0, 0), [mouse(.press, .middle, 0, 0)]),
            DecodeCase(sgr(2, 3, 4), [mouse(.press, .right, 3, 4)]),
            DecodeCase(sgr(2, 3, 4, release: true), [mouse(.release, .right, 3, 4)]),
            DecodeCase(sgr(32, 11, 5), [mouse(.drag, .left, 11, 5)]),
            DecodeCase(sgr(34, 11, 5), [mouse(.drag, .right, 11, 5)]),
            DecodeCase(sgr(35, 12, 6), [mouse(.move, .none, 12, 6)]),  // motion without a button
            DecodeCase(sgr(64, 1, 1), [mouse(.press, .wheelUp, 1, 1)]),
            DecodeCase(sgr(65, 1, 1), [mouse(.press, .wheelDown, 1, 1)]),
            DecodeCase(sgr(128, 1, 1), [mouse(.press, .other(8), 1, 1)]),
            DecodeCase(sgr(0, 299, 1), [mouse(.press, .left, 299, 1)]),  // column 300, past X10's limit
            DecodeCase(sgr(0, 4999, 2999), [mouse(.press, .left, 4999, 2999)]),
            DecodeCase(esc + "[<0;0;0M", [mouse(.press, .left, 0, 0)]),  // bogus 0 clamps to the edge
        ])
    }

    func testSGRModifiers() {
        check([
            DecodeCase(sgr(4, 0, 0), [mouse(.press, .left, 0, 0, .shift)]),
            DecodeCase(sgr(8, 0, 0), [mouse(.press, .left, 0, 0, .alt)]),
            DecodeCase(sgr(16, 0, 0), [mouse(.press, .left, 0, 0, .control)]),
            DecodeCase(sgr(16 + 32, 2, 0), [mouse(.drag, .left, 2, 0, .control)]),
            DecodeCase(sgr(4 + 8 + 16 + 2, 0, 0), [mouse(.press, .right, 0, 0, [.shift, .alt, .control])]),
            DecodeCase(sgr(4 + 64, 0, 0), [mouse(.press, .wheelUp, 0, 0, .shift)]),
        ])
    }

    func testMalformedSGRIsDropped() {
        check([
            DecodeCase(esc + "[<0;1M", []),
            DecodeCase(esc + "[<0;1;1;1M", []),
            DecodeCase(esc + "[<;1;1M", []),
            DecodeCase(esc + "[<0;1;1x", []),
            DecodeCase(esc + "[<0;1;1Mz", [mouse(.press, .left, 0, 0), char("z")]),
        ])
    }

    func testX10() {
        check([
            DecodeCase(x10(0, 0, 0), [mouse(.press, .left, 0, 0)]),
            DecodeCase(x10(1, 5, 6), [mouse(.press, .middle, 5, 6)]),
            DecodeCase(x10(2, 5, 6), [mouse(.press, .right, 5, 6)]),
            DecodeCase(x10(3, 7, 8), [mouse(.release, .none, 7, 8)]),  // X10 release names no button
            DecodeCase(x10(32, 9, 1), [mouse(.drag, .left, 9, 1)]),
            DecodeCase(x10(35, 9, 1), [mouse(.move, .none, 9, 1)]),
            DecodeCase(x10(64, 0, 0), [mouse(.press, .wheelUp, 0, 0)]),
            DecodeCase(x10(65, 0, 0), [mouse(.press, .wheelDown, 0, 0)]),
            DecodeCase(x10(16 + 4, 0, 0), [mouse(.press, .left, 0, 0, [.control, .shift])]),
            DecodeCase(x10(0, 222, 1), [mouse(.press, .left, 222, 1)]),  // column 223: byte 255
            DecodeCase([0x1B, 0x5B, 0x4D, 0x20, 0x00, 0x21], [mouse(.press, .left, 223, 0)]),  // 0 = off the scale
            DecodeCase(x10(0, 0, 0) + x10(3, 0, 0), [mouse(.press, .left, 0, 0), mouse(.release, .none, 0, 0)]),
            DecodeCase(x10(0, 1, 1) + "q".bytes, [mouse(.press, .left, 1, 1), char("q")]),
            DecodeCase([0x1B, 0x5B, 0x4D, 0x00, 0x21, 0x21], []),  // code byte below 32: nonsense
        ])
    }

    func testX10WithUTF8Coordinates() {
        // Mode 1005: 333 = 33 + column 300, sent as the two-byte UTF-8 character U+014D.
        check([
            DecodeCase([0x1B, 0x5B, 0x4D, 0x20, 0xC5, 0x8D, 0x21], [mouse(.press, .left, 300, 0)]),
            DecodeCase([0x1B, 0x5B, 0x4D, 0x23, 0x21, 0xC5, 0x8D], [mouse(.release, .none, 0, 300)]),
            // The largest 1005 value, U+07FF = 2047 -> 2014.
            DecodeCase([0x1B, 0x5B, 0x4D, 0x20, 0xDF, 0xBF, 0xDF, 0xBF], [mouse(.press, .left, 2014, 2014)]),
            // A high byte not followed by a continuation byte is a plain X10 value.
            DecodeCase([0x1B, 0x5B, 0x4D, 0x20, 0xC5, 0x21, 0x61], [mouse(.press, .left, 0xC5 - 33, 0), char("a")]),
        ])
    }

    func testURXVT() {
        check([
            DecodeCase(esc + "[32;10;5M", [mouse(.press, .left, 9, 4)]),
            DecodeCase(esc + "[34;10;5M", [mouse(.press, .right, 9, 4)]),
            DecodeCase(esc + "[35;10;5M", [mouse(.release, .none, 9, 4)]),
            DecodeCase(esc + "[64;300;2M", [mouse(.drag, .left, 299, 1)]),
            DecodeCase(esc + "[67;3;3M", [mouse(.move, .none, 2, 2)]),
            DecodeCase(esc + "[96;1;1M", [mouse(.press, .wheelUp, 0, 0)]),
            DecodeCase(esc + "[48;1;1M", [mouse(.press, .left, 0, 0, .control)]),
        ])
    }

    func testShortX10SequenceStaysPending() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0x1B, 0x5B, 0x4D]), [])
        XCTAssertTrue(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.feed([0x20, 0x21]), [])
        XCTAssertTrue(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.feed([0x22]), [mouse(.press, .left, 0, 1)])
        XCTAssertFalse(decoder.hasPendingBytes)

        // Cut off for good: flush drops it rather than typing "M !" as keys.
        XCTAssertEqual(decoder.feed([0x1B, 0x5B, 0x4D, 0x20, 0x21]), [])
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertFalse(decoder.hasPendingBytes)
        XCTAssertEqual(decoder.feed("a".bytes), [char("a")])
    }

    func testPossibleUTF8CoordinateWaitsThenResolvesOnFlush() {
        var decoder = InputDecoder()
        // The last byte 0xC5 may start a 1005 value: wait.
        XCTAssertEqual(decoder.feed([0x1B, 0x5B, 0x4D, 0x20, 0x21, 0xC5]), [])
        XCTAssertTrue(decoder.hasPendingBytes)
        // Nothing more came: it was a plain X10 row.
        XCTAssertEqual(decoder.flush(), [mouse(.press, .left, 0, 0xC5 - 33)])
    }
}
