import Layouts
import TestSupport
import XCTest

/// Text from files and sockets made safe for a terminal: what a terminal would act on (C0 and
/// C1 controls, DEL, the bidirectional controls) shows as a visible escape; everything else,
/// other scripts and emoji included, is left as it is.
final class TerminalTextTests: XCTestCase {
    func testControlsBecomeVisibleEscapes() {
        XCTAssertEqual(
            TerminalText.safe("Klondike\u{1B}]0;owned\u{07}\u{1B}[?1049h"), "Klondike\\x1b]0;owned\\x07\\x1b[?1049h")
        XCTAssertEqual(TerminalText.safe("a\u{7F}b\u{0}c\rd"), "a\\x7fb\\x00c\\x0dd")
        XCTAssertEqual(TerminalText.safe("CSI\u{9B}6n NEL\u{85} ST\u{9C}"), "CSI\\u{9B}6n NEL\\u{85} ST\\u{9C}")
        XCTAssertEqual(TerminalText.safe("evil\u{202E}txt.exe"), "evil\\u{202E}txt.exe")
        XCTAssertEqual(
            TerminalText.safe(
                "\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{61C}"),
            "\\u{202A}\\u{202B}\\u{202C}\\u{202D}\\u{2066}\\u{2067}\\u{2068}\\u{2069}\\u{200E}\\u{200F}\\u{61C}")
        XCTAssertEqual(TerminalText.safe("one\ntwo\u{2028}three"), "one\\x0atwo\\u{2028}three", "one line")
    }

    func testLinesAndTabsStayOnlyWhenAsked() {
        XCTAssertEqual(TerminalText.safe("a\tb"), "a b", "a tab would break a column")
        XCTAssertEqual(TerminalText.safe("a\tb\nc\u{1B}\r\n", keepingLines: true), "a\tb\nc\\x1b\\x0d\n")
    }

    func testOrdinaryTextIsLeftAsItIs() {
        for text in ["Klondike", "Spider (2 suits) · 12 moves", "Солитёр", "ソリティア 🂡", "e\u{301}", "a\\x1b", ""] {
            XCTAssertEqual(TerminalText.safe(text), text)
            XCTAssertEqual(TerminalText.safe(text, keepingLines: true), text)
        }
        XCTAssertEqual(TerminalText.safe("A\u{200D}B"), "A\u{200D}B", "a joiner moves nothing")
    }

    func testNothingUnsafeIsLeftWhateverTheInput() {
        var random = SplitMix64(seed: 27)
        let pool: [Unicode.Scalar] =
            (0...0xA0).compactMap(Unicode.Scalar.init) + [
                "\u{202E}", "\u{2066}", "\u{200F}", "\u{61C}", "\u{2028}", "é", "漢", "\\",
            ]
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<random.below(41) { text.unicodeScalars.append(random.pick(pool)) }
            for keepingLines in [false, true] {
                let safe = TerminalText.safe(text, keepingLines: keepingLines)
                XCTAssertFalse(
                    safe.unicodeScalars.contains { TerminalText.isUnsafe($0, keepingLines: keepingLines) }, safe)
            }
        }
    }
}
