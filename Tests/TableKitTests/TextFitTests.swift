import TableKit
import TestSupport
import XCTest

/// What a cell shows of a grapheme cluster (drawn whole when a terminal cell can hold it,
/// replaced by one glyph of its width otherwise), and text measured, cut and wrapped by columns.
final class TextFitTests: XCTestCase {
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    static let stacked = "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}"
    static let flag = "\u{1F1EB}\u{1F1F7}"
    static let thumbWithSkinTone = "\u{1F44D}\u{1F3FD}"
    static let heart = "\u{2764}\u{FE0F}"
    static let keycap = "#\u{FE0F}\u{20E3}"

    // MARK: The cluster rule

    func testEveryGlyphHoldsAtMostFiveScalars() {
        let clusters = [
            Self.family, Self.stacked, Self.flag, Self.thumbWithSkinTone, Self.heart, Self.keycap, "e\u{301}",
            "a\u{301}\u{302}\u{303}\u{304}", "a\u{301}\u{302}\u{303}\u{304}\u{305}",
            "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
            "\u{0915}\u{093F}", "\u{1100}\u{1161}\u{11A8}", "x\u{200D}", "\r\n", "\u{301}\u{302}",
        ]
        for text in clusters {
            XCTAssertEqual(text.count, 1, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) is one cluster")
            let glyph = Glyph(Character(text))
            XCTAssertLessThanOrEqual(glyph.text.unicodeScalars.count, Glyph.maximumScalars, text)
            XCTAssertEqual(Int(glyph.width), TextFit.columns(of: text), "measured as drawn: \(text)")
        }
    }

    func testClustersACellCanHoldAreDrawnWhole() {
        XCTAssertEqual(Glyph("e\u{301}").text, "e\u{301}")
        XCTAssertEqual(Glyph("e\u{301}").width, 1)
        let four = "a\u{301}\u{302}\u{303}\u{304}"
        XCTAssertEqual(Glyph(Character(four)).text, four, "a letter and four marks: five scalars, whole")
        XCTAssertEqual(Glyph("漢\u{301}").width, 2)
    }

    func testClustersACellCannotHoldAreReplacedByOneGlyphOfTheirWidth() {
        XCTAssertEqual(Glyph(Character(Self.family)), .wideReplacement, "seven scalars joined by ZWJ")
        XCTAssertEqual(Glyph(Character(Self.thumbWithSkinTone)), .wideReplacement, "a second wide scalar")
        XCTAssertEqual(Glyph(Character(Self.stacked)), .replacement, "a letter and six marks")
        XCTAssertEqual(Glyph(Character(Self.flag)), .replacement, "two regional indicators")
        XCTAssertEqual(Glyph("\u{0915}\u{093F}"), .replacement, "a spacing vowel sign after its consonant")
        XCTAssertEqual(Glyph.wideReplacement.width, 2)
        XCTAssertEqual(Glyph.replacement.width, 1)
    }

    func testJoinersAndVariationSelectorsAreLeftOutAndDoNotWiden() {
        XCTAssertEqual(Glyph(Character(Self.heart)).text, "\u{2764}", "the emoji selector is left out")
        XCTAssertEqual(Glyph(Character(Self.heart)).width, 1, "and does not make it wide")
        XCTAssertEqual(Glyph(Character(Self.keycap)).text, "#\u{20E3}")
        XCTAssertEqual(Glyph("x\u{200D}").text, "x", "no stray joiner")
    }

    func testControlAndInvisibleCharactersNeverReachTheTerminal() {
        for control in ["\u{1}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\r\n"] {
            XCTAssertEqual(Glyph(Character(control)), .unprintable, "\(control.unicodeScalars.first!.value) shows as ?")
        }
        for invisible in ["\u{200B}", "\u{200D}", "\u{202E}", "\u{2066}", "\u{FEFF}", "\u{301}", "\u{FE0F}"] {
            XCTAssertEqual(
                Glyph(Character(invisible)).width, 0, "\(invisible.unicodeScalars.first!.value) takes no column")
        }
        XCTAssertEqual(Glyph(Character("\u{378}")), .replacement, "an unassigned code point")
    }

    /// Every cluster of the hostile set, drawn by `put`, leaves whole glyphs on the canvas: a
    /// border after the text stays where the widths say it is.
    func testHostileTextKeepsABorderAfterItInPlace() {
        let hostile = [
            Self.family, Self.stacked, Self.flag, Self.thumbWithSkinTone, Self.heart, Self.keycap, "\u{200B}",
            "\u{202E}abc", "漢字", "e\u{301}x", "\u{1}\u{9B}", "a\u{200D}b",
        ]
        for text in hostile {
            let window = Window(width: 20, height: 1, clock: ManualClock(), background: Cell("."))
            final class Label: View {
                let text: String
                init(_ text: String) {
                    self.text = text
                    super.init(frame: Rect(x: 0, y: 0, width: 20, height: 1))
                }
                override func draw(in context: DrawContext) {
                    let used = context.put(text, x: 1, y: 0, style: CellStyle())
                    context.put("|", x: 1 + used, y: 0, style: CellStyle())
                }
            }
            window.addSubview(Label(text))
            window.renderFrame()
            let border = 1 + TextFit.columns(of: text)
            XCTAssertEqual(window.canvas[border, 0].glyph, Glyph("|"), "the border after \(text.debugDescription)")
            var column = 0
            while column < 20 {
                let glyph = window.canvas[column, 0].glyph
                XCTAssertFalse(glyph.isContinuation, "no half glyph at \(column) after \(text.debugDescription)")
                XCTAssertLessThanOrEqual(glyph.text.unicodeScalars.count, Glyph.maximumScalars)
                XCTAssertFalse(glyph.text.unicodeScalars.contains { $0.value == 0x200D }, "no joiner on screen")
                column += max(1, Int(glyph.width))
            }
        }
    }

    /// Random strings from a hostile alphabet (joiners, marks, selectors, flags' letters, wide
    /// and control characters), drawn in a field: whatever the text, every glyph on the canvas
    /// is whole, holds at most five scalars and no joiner, and nothing passes the field's end.
    func testFuzzedTextStaysInsideItsFieldAndEveryGlyphIsWhole() {
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", " ", "\u{301}", "\u{302}", "\u{20E3}", "\u{200D}", "\u{200B}", "\u{202E}", "\u{FE0F}",
            "\u{1F1EB}", "\u{1F1F7}", "\u{1F468}", "\u{1F3FD}", "漢", "\u{1100}", "\u{1161}", "\u{93F}", "\u{915}",
            "\u{1}", "\u{9B}", "\u{7F}", "\u{2028}", "\u{378}", "\u{E000}", "♥", "─",
        ]
        var random = SplitMix64(seed: 14)
        final class Field: View {
            var text = ""
            var columns = 0
            override func draw(in context: DrawContext) {
                context.put(text, x: 1, y: 0, columns: columns, style: CellStyle())
                context.put("|", x: 1 + columns, y: 0, style: CellStyle())
            }
        }
        let window = Window(width: 24, height: 1, clock: ManualClock(), background: Cell("."))
        let field = Field(frame: Rect(x: 0, y: 0, width: 24, height: 1))
        window.addSubview(field)
        for _ in 0..<500 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<random.below(30) { scalars.append(random.pick(alphabet)) }
            field.text = String(scalars)
            field.columns = random.below(20)
            field.setNeedsDisplay()
            window.renderFrame()
            let shown = "\(field.text.debugDescription) in \(field.columns)"
            XCTAssertEqual(window.canvas[1 + field.columns, 0].glyph, Glyph("|"), shown)
            var column = 0
            while column < 24 {
                let glyph = window.canvas[column, 0].glyph
                XCTAssertFalse(glyph.isContinuation, shown)
                XCTAssertLessThanOrEqual(glyph.text.unicodeScalars.count, Glyph.maximumScalars, shown)
                XCTAssertFalse(glyph.text.unicodeScalars.contains { $0.value == 0x200D || $0.value < 0x20 }, shown)
                column += max(1, Int(glyph.width))
            }
        }
    }

    // MARK: Measuring and cutting

    func testColumnsCountWideCharactersTwiceAndInvisibleOnesNotAtAll() {
        XCTAssertEqual(TextFit.columns(of: "abc"), 3)
        XCTAssertEqual(TextFit.columns(of: "漢字"), 4)
        XCTAssertEqual(TextFit.columns(of: "a\u{200B}b"), 2)
        XCTAssertEqual(TextFit.columns(of: Self.family + "x"), 3)
    }

    func testClippedTextEndsWithAnEllipsisAndNeverPassesItsColumns() {
        XCTAssertEqual(TextFit.clipped("tableau", toColumns: 7), "tableau", "fits: whole")
        XCTAssertEqual(TextFit.clipped("tableau.10", toColumns: 6), "table…")
        XCTAssertEqual(TextFit.clipped("tableau", toColumns: 1), "…")
        XCTAssertEqual(TextFit.clipped("tableau", toColumns: 0), "")
        XCTAssertEqual(TextFit.clipped("漢字漢字", toColumns: 4), "漢…", "a wide character that would pass the end goes")
        XCTAssertEqual(TextFit.clipped("漢字漢字", toColumns: 5), "漢字…")
        XCTAssertEqual(TextFit.clipped("abcdef", toColumns: 4, ellipsis: "..."), "a...")
        XCTAssertEqual(TextFit.clipped("abcdef", toColumns: 2, ellipsis: "..."), "ab", "no room for the ellipsis")
        XCTAssertEqual(TextFit.clipped("abcdef", toColumns: 3, ellipsis: ""), "abc")
        for text in ["tableau.10", "漢字漢字x", Self.family + Self.family + "abc", Self.stacked + "xyz", "a\u{301}bcdef"] {
            for columns in 0...12 {
                let clipped = TextFit.clipped(text, toColumns: columns)
                XCTAssertLessThanOrEqual(TextFit.columns(of: clipped), columns, "\(text) in \(columns)")
                if TextFit.columns(of: text) <= columns { XCTAssertEqual(clipped, text) }
            }
        }
    }

    func testWrappedLinesFitTheirColumns() {
        XCTAssertEqual(TextFit.wrapped("one two three", toColumns: 7), ["one two", "three"])
        XCTAssertEqual(TextFit.wrapped("abcdefgh", toColumns: 3), ["abc", "def", "gh"])
        XCTAssertEqual(TextFit.wrapped("漢字漢字 x", toColumns: 4), ["漢字", "漢字", "x"], "cut by columns, not characters")
        XCTAssertEqual(TextFit.wrapped("anything", toColumns: 0), [])
        for line in TextFit.wrapped(String(repeating: "漢a ", count: 20) + Self.family, toColumns: 5) {
            XCTAssertLessThanOrEqual(TextFit.columns(of: line), 5, line)
        }
    }

    func testDrawingInAFieldNeverPassesIt() {
        let window = Window(width: 12, height: 1, clock: ManualClock(), background: Cell("."))
        final class Field: View {
            var text = ""
            override func draw(in context: DrawContext) {
                context.put("[", x: 0, y: 0, style: CellStyle())
                context.put(text, x: 1, y: 0, columns: 8, style: CellStyle())
                context.put("]", x: 9, y: 0, style: CellStyle())
            }
        }
        let field = Field(frame: Rect(x: 0, y: 0, width: 12, height: 1))
        window.addSubview(field)
        for (text, shown) in [
            ("short", "[short...].."), ("a label far too long", "[a label…].."), ("漢字漢字漢字", "[漢字漢….].."),
            (Self.family + Self.family + Self.family + Self.family + "x", "[？？？….].."),
        ] {
            field.text = text
            field.setNeedsDisplay()
            window.renderFrame()
            XCTAssertEqual(window.canvas.text, shown, text)
            XCTAssertEqual(window.canvas[9, 0].glyph, Glyph("]"), "the field's end stays: \(text)")
        }
    }
}
