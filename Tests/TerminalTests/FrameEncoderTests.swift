import TableKit
import XCTest

@testable import Terminal

/// How frames are written on an ECMA-48 terminal: only what changed, and what the player sees
/// is exactly the frame's cells (checked on ``VirtualTerminal``).
final class FrameEncoderTests: XCTestCase {
    private let felt = RGB(hex: 0x1D5C35)
    private let outline = RGB(hex: 0x5E9C70)
    private let feltText = RGB(hex: 0xB8D8C0)
    private let paper = RGB(hex: 0xF6F3EA)
    private let ink = RGB(hex: 0x202020)
    private let red = RGB(hex: 0xC8102E)

    private func sgrSequences(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "\u{1B}") {
            let after = rest[rest.index(after: start)...]
            guard let end = after.firstIndex(where: { $0.isLetter }) else { break }
            if after[end] == "m" { found.append(String(rest[start...end])) }
            rest = after[after.index(after: end)...]
        }
        return found
    }

    /// A frame of felt, drawn once so that the pen and cursor are known.
    private func encoderShowingFelt(width: Int = 20, height: Int = 4, dialect: TerminalDialect)
        -> (FrameEncoder, Canvas)
    {
        var encoder = FrameEncoder(width: width, height: height, dialect: dialect)
        let canvas = Canvas(width: width, height: height, fill: Cell(" ", foreground: feltText, background: felt))
        _ = encoder.encode(canvas.changes(from: Canvas(width: 0, height: 0)))
        return (encoder, canvas)
    }

    /// Text from a file drawn in cells (a layout's title, as the status line draws it) comes out
    /// as what the cells show: a control character as `?`, a bidirectional control not at all;
    /// nothing of it reaches the terminal as a sequence it would act on.
    func testCellsOfHostileTextCarryNoControlSequence() {
        var (encoder, canvas) = encoderShowingFelt(
            width: 40, height: 2, dialect: TerminalDialect(colorMode: .palette256))
        var next = canvas
        var x = 0
        for character in "Evil\u{1B}]0;owned\u{07}\u{1B}[?1049h\u{9B}6n\u{202E}txt\u{200F}" {
            let glyph = Glyph(character)
            guard glyph.width > 0 else { continue }  // as text is drawn: a glyph of no width is left out
            next.set(Cell(glyph, foreground: ink, background: felt), x: x, y: 0)
            x += Int(glyph.width)
        }
        let bytes = encoder.encode(next.changes(from: canvas))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("Evil?]0;owned??[?1049h?6ntxt"), text.debugDescription)
        XCTAssertFalse(bytes.contains(0x07), "no BEL")
        XCTAssertFalse(text.contains("\u{1B}]"), "no OSC")
        XCTAssertFalse(text.contains("\u{1B}[?1049h"), "no mode switch")
        XCTAssertFalse(text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "no C1 control")
        XCTAssertFalse(
            text.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200F}" }, "no bidirectional control")
    }

    func testOnlyTheColourThatChangedIsSent() {
        var (encoder, canvas) = encoderShowingFelt(dialect: TerminalDialect(colorMode: .palette256))
        var next = canvas
        next.set(Cell("a", foreground: ink, background: felt), x: 3, y: 1)
        let bytes = encoder.encode(next.changes(from: canvas))
        let foreground = ColorMode.palette256.colorNumber(for: ink)
        XCTAssertEqual(sgrSequences(bytes), ["\u{1B}[38;5;\(foreground)m"], "the foreground alone")
    }

    func testBoldTurnsOffWithSGR22RatherThanAReset() {
        var (encoder, canvas) = encoderShowingFelt(dialect: TerminalDialect(colorMode: .palette256))
        var bold = canvas
        bold.set(Cell("4", foreground: red, background: paper, attributes: .bold), x: 3, y: 1)
        _ = encoder.encode(bold.changes(from: canvas))
        var next = bold
        next.set(Cell("│", foreground: red, background: paper), x: 4, y: 1)
        let bytes = encoder.encode(next.changes(from: bold))
        XCTAssertEqual(sgrSequences(bytes), ["\u{1B}[22m"])
        XCTAssertTrue(sgrSequences(bytes).contains("\u{1B}[22m"), "\(sgrSequences(bytes))")
        XCTAssertFalse(sgrSequences(bytes).contains { $0.hasPrefix("\u{1B}[0") || $0 == "\u{1B}[m" })
    }

    func testATerminalWithoutSingleAttributeOffsResetsAndSetsAgain() {
        var dialect = TerminalDialect(colorMode: .palette256)
        dialect.turnsAttributesOffOneByOne = false
        var (encoder, canvas) = encoderShowingFelt(dialect: dialect)
        var bold = canvas
        bold.set(Cell("4", foreground: red, background: paper, attributes: .bold), x: 3, y: 1)
        _ = encoder.encode(bold.changes(from: canvas))
        var next = bold
        next.set(Cell("│", foreground: red, background: paper), x: 4, y: 1)
        let sequences = sgrSequences(encoder.encode(next.changes(from: bold)))
        XCTAssertFalse(sequences.contains("\u{1B}[22m"))
        XCTAssertTrue(sequences.contains { $0.hasPrefix("\u{1B}[0;") }, "\(sequences)")
    }

    func testABlankTakesWhateverForegroundThePenHas() {
        var (encoder, canvas) = encoderShowingFelt(dialect: TerminalDialect(colorMode: .palette256))
        var next = canvas
        // A slot's corners in the outline colour, the felt between them in its own foreground.
        next.set(Cell("┌", foreground: outline, background: felt), x: 2, y: 1)
        next.set(Cell("┐", foreground: outline, background: felt), x: 8, y: 1)
        for x in 3..<8 {
            next.set(Cell(" ", foreground: outline.mixed(with: .white, fraction: 0.5), background: felt), x: x, y: 1)
        }
        let bytes = encoder.encode(next.changes(from: canvas))
        XCTAssertEqual(sgrSequences(bytes).count, 1, "one colour change for the whole slot top: \(sgrSequences(bytes))")
    }

    func testAFrameDoesNotEndWithAReset() {
        var (encoder, canvas) = encoderShowingFelt(dialect: TerminalDialect(colorMode: .truecolor))
        var next = canvas
        next.set(Cell("A", foreground: red, background: paper, attributes: .bold), x: 0, y: 0)
        let bytes = encoder.encode(next.changes(from: canvas))
        XCTAssertFalse(String(decoding: bytes, as: UTF8.self).hasSuffix("m"), "ends with the text, not a reset")
        XCTAssertEqual(encoder.resetPen(), Array("\u{1B}[m".utf8), "given back: one reset")
        XCTAssertEqual(encoder.resetPen(), [], "already plain")
    }

    func testMonochromeNeverSendsAColour() {
        var random = SeededRandom(seed: 7)
        let dialect = TerminalDialect(colorMode: .monochrome)
        var encoder = FrameEncoder(width: 16, height: 5, dialect: dialect)
        var previous = Canvas(width: 0, height: 0)
        for _ in 0..<30 {
            let canvas = randomCanvas(width: 16, height: 5, changing: previous, random: &random)
            for sequence in sgrSequences(encoder.encode(canvas.changes(from: previous))) {
                XCTAssertFalse(sequence.contains("38") || sequence.contains("48"), sequence)
                XCTAssertFalse(sequence.contains("39") || sequence.contains("49"), sequence)
            }
            previous = canvas
        }
    }

    func testEveryDialectShowsExactlyTheFrames() {
        var noErasing = TerminalDialect(colorMode: .ansi8, erasesInBackgroundColor: false)
        noErasing.erasesCharacters = false
        let dialects = [
            TerminalDialect(colorMode: .palette256), TerminalDialect(colorMode: .truecolor),
            TerminalDialect(colorMode: .monochrome, turnsAttributesOffOneByOne: false), noErasing,
            TerminalDialect(colorMode: .palette256, wrapsAtLastColumn: true),
        ]
        for (number, dialect) in dialects.enumerated() {
            var random = SeededRandom(seed: UInt64(number + 1))
            let (width, height) = (18, 6)
            var encoder = FrameEncoder(width: width, height: height, dialect: dialect)
            var terminal = VirtualTerminal(width: width, height: height)
            // Whatever the terminal showed before the first frame is cleared.
            terminal.feed(Array("\u{1B}[44mjunk\u{1B}[3;3Hmore".utf8))
            var previous = Canvas(width: 0, height: 0)
            for frame in 0..<60 {
                let canvas = randomCanvas(width: width, height: height, changing: previous, random: &random)
                if frame == 30 {
                    encoder.invalidate()  // a resume: the terminal's contents are lost
                    terminal.feed(Array("\u{1B}[2J\u{1B}[1;31mlost".utf8))
                }
                let changes = canvas.changes(from: previous)
                let bytes = encoder.encode(changes)
                terminal.feed(bytes)
                XCTAssertEqual(terminal.unknown, [], "dialect \(number)")
                assertShows(terminal, canvas, dialect: dialect, "dialect \(number) frame \(frame)")
                XCTAssertLessThanOrEqual(
                    OutputCost.minimumBytes(for: changes, colorMode: dialect.colorMode), bytes.count,
                    "the minimum is a lower bound (dialect \(number) frame \(frame))")
                previous = canvas
            }
        }
    }

    /// Every cell shows its glyph in its colours and attributes; a blank only its background.
    private func assertShows(
        _ terminal: VirtualTerminal, _ canvas: Canvas, dialect: TerminalDialect, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let mode = dialect.colorMode
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                if dialect.wrapsAtLastColumn && x == canvas.width - 1 && y == canvas.height - 1 { continue }
                let cell = canvas[x, y]
                let shown = terminal[x, y]
                let pen = TerminalPen(
                    foreground: mode.colorNumber(for: cell.foreground),
                    background: mode.colorNumber(for: cell.background),
                    attributes: cell.attributes.intersection(dialect.shownAttributes))
                if cell.glyph.isContinuation { continue }
                if cell.glyph == .space && !pen.attributes.contains(.underline) {
                    XCTAssertEqual(shown.text, " ", "\(message) at \(x),\(y)", file: file, line: line)
                    XCTAssertFalse(
                        shown.pen.attributes.contains(.underline), "\(message) at \(x),\(y)", file: file, line: line)
                    XCTAssertEqual(
                        shown.pen.visibleBackground, pen.visibleBackground, "\(message) at \(x),\(y)", file: file,
                        line: line)
                } else {
                    XCTAssertEqual(shown.text, cell.glyph.text, "\(message) at \(x),\(y)", file: file, line: line)
                    XCTAssertEqual(shown.pen, pen, "\(message) at \(x),\(y)", file: file, line: line)
                }
            }
        }
    }
}

/// A frame like a table's: felt, a few colours, box lines, suits, a wide glyph, blanks of all
/// sorts; each frame changes a few rectangles of the one before.
func randomCanvas(width: Int, height: Int, changing previous: Canvas, random: inout SeededRandom) -> Canvas {
    let colors = [
        RGB(hex: 0x1D5C35), RGB(hex: 0xF6F3EA), RGB(hex: 0x202020), RGB(hex: 0xC8102E), RGB(hex: 0x5E9C70),
        .terminalDefault, RGB(hex: 0x123822),
    ]
    let glyphs: [Character] = [" ", " ", " ", "─", "│", "╭", "A", "♥", "漢", "x"]
    let attributeChoices: [CellAttributes] = [[], [], [.bold], [.dim], [.underline], [.reverse], [.bold, .italic]]
    var canvas =
        previous.width == width
        ? previous : Canvas(width: width, height: height, fill: Cell(" ", foreground: colors[4], background: colors[0]))
    for _ in 0..<random.below(4) + 1 {
        let x0 = random.below(width)
        let y0 = random.below(height)
        let w = random.below(width - x0) + 1
        let h = random.below(height - y0) + 1
        let background = colors[random.below(colors.count)]
        for y in y0..<(y0 + h) {
            for x in x0..<(x0 + w) {
                let cell = Cell(
                    glyphs[random.below(glyphs.count)], foreground: colors[random.below(colors.count)],
                    background: random.below(4) == 0 ? colors[random.below(colors.count)] : background,
                    attributes: attributeChoices[random.below(attributeChoices.count)])
                canvas.set(cell, x: x, y: y)
            }
        }
    }
    return canvas
}

/// SplitMix64: deterministic random numbers for tests.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}
