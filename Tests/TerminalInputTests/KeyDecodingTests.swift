import TerminalInput
import XCTest

final class KeyDecodingTests: XCTestCase {
    func testPrintableTextAndUTF8() {
        check([
            DecodeCase("a", [char("a")]),
            DecodeCase("Z~ ", [char("Z"), char("~"), char(" ")]),
            DecodeCase("é", [char("é")]),  // 2 bytes
            DecodeCase("€", [char("€")]),  // 3 bytes
            DecodeCase("🂡", [char("🂡")]),  // 4 bytes
            DecodeCase("aé€🂡b", [char("a"), char("é"), char("€"), char("🂡"), char("b")]),
        ])
    }

    func testInvalidUTF8IsDropped() {
        check([
            DecodeCase([0xFF], []),
            DecodeCase([0x61, 0xFF, 0x62], [char("a"), char("b")]),
            DecodeCase([0x80, 0xBF], []),  // stray continuation bytes
            DecodeCase([0xC0, 0x80], []),  // overlong NUL
            DecodeCase([0xE0, 0x80, 0x80], []),  // overlong
            DecodeCase([0xED, 0xA0, 0x80], []),  // UTF-16 surrogate
            DecodeCase([0xF4, 0x90, 0x80, 0x80], []),  // past U+10FFFF
            DecodeCase([0xE2, 0x82, 0x78], [char("x")]),  // truncated €, then x
            DecodeCase([0xF0, 0x9F, 0x82, 0x71], [char("q")]),  // truncated 🂡, then q
            DecodeCase([0xE2, 0x82, 0xC3, 0xA9], [char("é")]),  // truncated €, then é
            DecodeCase([0xC0, 0xAF, 0xC1, 0xBF, 0xF5, 0x80, 0xFE, 0x61], [char("a")]),
            DecodeCase([0xC3], []),  // cut off at the end: dropped on flush
            DecodeCase([0xC2, 0x85], []),  // C1 control (NEL) is not text
        ])
    }

    func testControlBytes() {
        check([
            DecodeCase("\r", [key(.enter)]),
            DecodeCase("\n", [key(.enter)]),
            DecodeCase("\t", [key(.tab)]),
            DecodeCase([0x7F], [key(.backspace)]),
            DecodeCase([0x08], [key(.backspace)]),
            DecodeCase([0x01], [key(.control("a"))]),
            DecodeCase([0x03], [key(.control("c"))]),
            DecodeCase([0x1A], [key(.control("z"))]),
            DecodeCase([0x00], [key(.control(" "))]),
            DecodeCase([0x1C], [key(.control("\\"))]),
        ])
    }

    func testCursorKeys() {
        check([
            DecodeCase(esc + "[A", [key(.up)]),
            DecodeCase(esc + "[B", [key(.down)]),
            DecodeCase(esc + "[C", [key(.right)]),
            DecodeCase(esc + "[D", [key(.left)]),
            DecodeCase(esc + "[H", [key(.home)]),
            DecodeCase(esc + "[F", [key(.end)]),
            DecodeCase(esc + "[Z", [key(.backTab)]),
            // SS3 (application cursor mode)
            DecodeCase(esc + "OA", [key(.up)]),
            DecodeCase(esc + "OB", [key(.down)]),
            DecodeCase(esc + "OC", [key(.right)]),
            DecodeCase(esc + "OD", [key(.left)]),
            DecodeCase(esc + "OH", [key(.home)]),
            DecodeCase(esc + "OF", [key(.end)]),
            DecodeCase(esc + "OP", [key(.function(1))]),
            DecodeCase(esc + "OQ", [key(.function(2))]),
            DecodeCase(esc + "OR", [key(.function(3))]),
            DecodeCase(esc + "OS", [key(.function(4))]),
            DecodeCase(esc + "OM", [key(.enter)]),  // keypad Enter
            DecodeCase(esc + "Op", [char("0")]),  // keypad 0
        ])
    }

    func testTildeKeys() {
        check([
            DecodeCase(esc + "[1~", [key(.home)]),
            DecodeCase(esc + "[7~", [key(.home)]),
            DecodeCase(esc + "[4~", [key(.end)]),
            DecodeCase(esc + "[8~", [key(.end)]),
            DecodeCase(esc + "[2~", [key(.insert)]),
            DecodeCase(esc + "[3~", [key(.delete)]),
            DecodeCase(esc + "[5~", [key(.pageUp)]),
            DecodeCase(esc + "[6~", [key(.pageDown)]),
            DecodeCase(esc + "[11~", [key(.function(1))]),
            DecodeCase(esc + "[12~", [key(.function(2))]),
            DecodeCase(esc + "[13~", [key(.function(3))]),
            DecodeCase(esc + "[14~", [key(.function(4))]),
            DecodeCase(esc + "[15~", [key(.function(5))]),
            DecodeCase(esc + "[17~", [key(.function(6))]),
            DecodeCase(esc + "[18~", [key(.function(7))]),
            DecodeCase(esc + "[19~", [key(.function(8))]),
            DecodeCase(esc + "[20~", [key(.function(9))]),
            DecodeCase(esc + "[21~", [key(.function(10))]),
            DecodeCase(esc + "[23~", [key(.function(11))]),
            DecodeCase(esc + "[24~", [key(.function(12))]),
            // the gaps and unknown codes mean nothing
            DecodeCase(esc + "[16~", []),
            DecodeCase(esc + "[22~", []),
            DecodeCase(esc + "[99~", []),
            DecodeCase(esc + "[~", []),
        ])
    }

    func testModifierParameters() {
        check([
            DecodeCase(esc + "[1;2A", [key(.up, .shift)]),
            DecodeCase(esc + "[1;3B", [key(.down, .alt)]),
            DecodeCase(esc + "[1;4C", [key(.right, [.shift, .alt])]),
            DecodeCase(esc + "[1;5D", [key(.left, .control)]),
            DecodeCase(esc + "[1;6H", [key(.home, [.shift, .control])]),
            DecodeCase(esc + "[1;7F", [key(.end, [.alt, .control])]),
            DecodeCase(esc + "[1;8A", [key(.up, [.shift, .alt, .control])]),
            DecodeCase(esc + "[1;9A", [key(.up, .alt)]),  // meta counts as alt
            DecodeCase(esc + "[1;1A", [key(.up)]),
            DecodeCase(esc + "[3;5~", [key(.delete, .control)]),
            DecodeCase(esc + "[5;2~", [key(.pageUp, .shift)]),
            DecodeCase(esc + "[15;3~", [key(.function(5), .alt)]),
            DecodeCase(esc + "[1;2P", [key(.function(1), .shift)]),
            DecodeCase(esc + "[1;5S", [key(.function(4), .control)]),
            DecodeCase(esc + "O5P", [key(.function(1), .control)]),
            DecodeCase(esc + "[1;3Z", [key(.backTab, .alt)]),
        ])
    }

    func testOtherTerminalDialects() {
        check([
            DecodeCase(esc + "[[A", [key(.function(1))]),  // Linux console
            DecodeCase(esc + "[[E", [key(.function(5))]),
            DecodeCase(esc + "[a", [key(.up, .shift)]),  // rxvt
            DecodeCase(esc + "Od", [key(.left, .control)]),
            DecodeCase(esc + "[3$", [key(.delete, .shift)]),
            DecodeCase(esc + "[5^", [key(.pageUp, .control)]),
            DecodeCase(esc + "[2@", [key(.insert, [.control, .shift])]),
        ])
    }

    func testFocusEvents() {
        check([
            DecodeCase(esc + "[I", [.focusIn]),
            DecodeCase(esc + "[O", [.focusOut]),
            DecodeCase(esc + "[Ia" + esc + "[O", [.focusIn, char("a"), .focusOut]),
        ])
    }

    func testUnknownAndMalformedSequencesAreDroppedSilently() {
        check([
            DecodeCase(esc + "[99;99z", []),
            DecodeCase(esc + "[?1;2c", []),  // device attributes reply
            DecodeCase(esc + "[>0;95;0c", []),
            DecodeCase(esc + "[2 q", []),  // intermediate byte
            DecodeCase(esc + "[1;2;3M", []),  // urxvt mouse with a code below 32
            DecodeCase(esc + "[5M", []),  // CSI M with one parameter
            DecodeCase(esc + "[1<2A", []),  // private marker in the middle
            DecodeCase(esc + "[201~", []),  // stray paste end
            DecodeCase(esc + "Oz", []),  // unknown SS3
            DecodeCase(esc + "[1;5" + "\r", []),  // a control inside is ignored; cut off, it is dropped
            DecodeCase(esc + "[1;2" + esc + "[B", [key(.down)]),
            DecodeCase(esc + "[\r", [key(.escape), char("["), key(.enter)]),
            DecodeCase("a" + esc + "[Ab" + esc + "[99zc", [char("a"), key(.up), char("b"), char("c")]),
        ])
    }

    func testHugeParametersSaturateInsteadOfTrapping() {
        let huge = String(repeating: "9", count: 40)
        check([
            DecodeCase(esc + "[" + huge + ";5A", []),  // a key's first parameter is 1
            DecodeCase(esc + "[" + huge + "~", []),
        ])
        // Modifiers saturate too; whatever bits they end up with, it is still Up.
        for input in [esc + "[1;" + huge + "A", esc + "O" + huge + "A"] {
            let events = decodeWhole(input.bytes)
            XCTAssertEqual(events.count, 1, input)
            guard case .key(let press)? = events.first else { return XCTFail("\(events)") }
            XCTAssertEqual(press.key, .up)
        }
    }
}
