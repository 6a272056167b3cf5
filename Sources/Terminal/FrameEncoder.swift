import CTerminalShim
import TableKit

/// Turns a frame's changed cells into the bytes an ECMA-48 terminal needs to show them, and
/// keeps what the terminal shows: its cells, where its cursor is, and the colours and
/// attributes it writes with (its pen).
///
/// The bytes are few:
/// - A colour or attribute change sends only what changed: `ESC[38;5;Nm` alone when only the
///   foreground did, `ESC[22m` to turn bold off (``TerminalPen``).
/// - A blank cell shows only its background, so it is written with whatever foreground and
///   bold the pen has: the felt between a slot's corners costs no colour change.
/// - Runs of blank cells are erased (`ESC[NX`, `ESC[K`) rather than written when that is
///   shorter, in the pen's background where the terminal erases so (`bce`).
/// - The cursor moves the shortest way (``CursorMotion``), and over a few unchanged cells
///   by writing them again when that is shorter.
/// - Nothing is reset at the end of a frame: the terminal keeps the pen until the next one.
///   What gives the terminal back resets it (``TerminalScreen``).
///
/// After ``invalidate()`` (or at the start, or a resize) the terminal's contents are unknown:
/// the next frame clears the screen in the commonest blank background and draws every cell
/// that is not such a blank.
public struct FrameEncoder {
    public let dialect: TerminalDialect
    public private(set) var width: Int
    public private(set) var height: Int
    /// What the terminal shows.
    private var screen: [Cell]
    /// Where the cursor is; nil when unknown (at the start, after something else wrote, or in
    /// the pending wrap after the last column).
    private var cursor: (x: Int, y: Int)?
    /// What the terminal writes with; nil when unknown.
    private var pen: TerminalPen?
    /// The next frame clears the screen and draws every cell.
    public private(set) var needsRepaint = true
    /// The colours and attributes ``look(of:)`` last turned into a pen, with that pen: cells
    /// mostly share their neighbour's (the felt, a card's face), and comparing them costs less
    /// than working the colour numbers out again (a third of a 200x60 first frame's encoding).
    private var lastLook: (foreground: RGB, background: RGB, attributes: CellAttributes, pen: TerminalPen)?

    public init(width: Int, height: Int, dialect: TerminalDialect) {
        self.dialect = dialect
        self.width = max(0, width)
        self.height = max(0, height)
        screen = Array(repeating: Cell(), count: self.width * self.height)
    }

    /// The terminal's contents, cursor and pen are unknown (after a resume, or anything else
    /// that wrote to it): the next frame draws everything again.
    public mutating func invalidate() {
        needsRepaint = true
        cursor = nil
        pen = nil
    }

    /// A new size: the terminal shows nothing known until the next frame draws every cell.
    public mutating func resize(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        screen = Array(repeating: Cell(), count: self.width * self.height)
        invalidate()
    }

    /// The bytes that show `changes`; the terminal is taken to show them once they are written.
    public mutating func encode(_ changes: [CellRun]) -> [UInt8] {
        var out: [UInt8] = []
        for run in changes where run.y >= 0 && run.y < height {
            for (offset, cell) in run.cells.enumerated() {
                let x = run.x + offset
                if x >= 0 && x < width { screen[run.y * width + x] = cell }
            }
        }
        var segments: [Segment] = []
        if needsRepaint {
            clear(into: &out, segments: &segments)
        } else {
            for run in changes where run.y >= 0 && run.y < height {
                let start = max(0, run.x)
                let end = min(width, run.x + run.cells.count)
                if start < end { cut(row: run.y, from: start, to: end, into: &segments) }
            }
        }
        for index in order(segments) { write(segments[index], into: &out) }
        return out
    }

    /// Sets the pen to the terminal's own colours and no attributes (`ESC[m`), as it should be
    /// when the terminal is given back.
    public mutating func resetPen() -> [UInt8] {
        var out: [UInt8] = []
        if pen != .plain { TerminalPen.plain.appendChange(from: nil, dialect: dialect, into: &out) }
        pen = .plain
        return out
    }

    // MARK: Writing

    /// Cells of one row that one pen writes: cells of that pen, and blanks in its background.
    /// A segment of blanks only has no pen of its own: any pen in its background writes it.
    struct Segment {
        var y: Int
        var start: Int
        var end: Int
        var pen: TerminalPen?
        var background: Int
    }

    /// Clears the screen in the commonest background of its blank cells; the segments are then
    /// every cell that is not such a blank.
    private mutating func clear(into out: inout [UInt8], segments: inout [Segment]) {
        needsRepaint = false
        // Each cell's visible background when it is a blank, else `notBlank`: worked out once,
        // for choosing the clearing colour and for finding the cells left to draw.
        var blanks = [Int](repeating: FrameEncoder.notBlank, count: screen.count)
        for index in screen.indices where isBlank(screen[index]) {
            blanks[index] = look(of: screen[index]).visibleBackground
        }
        let clearColor = commonestBlankBackground(blanks)
        var clearing = pen ?? .plain
        clearing.attributes.subtract([.underline, .reverse])
        clearing.background = clearColor
        if pen == nil { clearing.foreground = -1 }
        clearing.appendChange(from: pen, dialect: dialect, into: &out)
        pen = clearing
        out.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "2"), UInt8(ascii: "J")])
        for y in 0..<height {
            let row = y * width
            var x = 0
            while x < width {
                if blanks[row + x] == clearColor {
                    x += 1
                    continue
                }
                var end = x + 1
                while end < width && blanks[row + end] != clearColor { end += 1 }
                cut(row: y, from: x, to: end, into: &segments)
                x = end
            }
        }
    }

    /// In ``clear(into:segments:)``'s list of blanks: a cell that is not one (no colour is this).
    private static let notBlank = Int.min

    /// Where erasing fills with the pen's background, the background most blank cells have;
    /// elsewhere the terminal's own.
    private func commonestBlankBackground(_ blanks: [Int]) -> Int {
        guard dialect.erasesInBackgroundColor, !blanks.isEmpty else { return -1 }
        // Counted a run of one colour at a time: most blanks lie in long runs of the felt.
        var counts = SmallIntMap()
        var run: (color: Int, count: Int)?
        for color in blanks where color != FrameEncoder.notBlank {
            if let current = run, current.color == color {
                run?.count += 1
            } else {
                if let current = run { counts.add(current.count, to: current.color) }
                run = (color, 1)
            }
        }
        if let current = run { counts.add(current.count, to: current.color) }
        return counts.keyOfLargestValue ?? -1
    }

    /// Cuts the cells of row `y` from `start` to `end` (not included) into segments.
    private mutating func cut(row y: Int, from start: Int, to end: Int, into segments: inout [Segment]) {
        var current: Segment?
        for x in start..<end {
            let cell = screen[y * width + x]
            if cell.glyph.isContinuation {
                current?.end = x + 1  // drawn with its left half
                continue
            }
            if dialect.wrapsAtLastColumn && y == height - 1 && x == width - 1 {
                continue  // the corner: writing it would scroll the screen
            }
            let look = look(of: cell)
            if var segment = current, segment.end == x {
                if isBlank(cell) {
                    if segment.pen?.drawsBlank(in: look.visibleBackground)
                        ?? (segment.background == look.visibleBackground)
                    {
                        segment.end = x + 1
                        current = segment
                        continue
                    }
                } else if segment.pen == look || (segment.pen == nil && look.drawsBlank(in: segment.background)) {
                    segment.pen = look
                    segment.end = x + 1
                    current = segment
                    continue
                }
            }
            if let segment = current { segments.append(segment) }
            current = Segment(
                y: y, start: x, end: x + 1, pen: isBlank(cell) ? nil : look, background: look.visibleBackground)
        }
        if let segment = current { segments.append(segment) }
    }

    /// The order to write segments in: all those of one pen together, and the pens in the
    /// order that changes the fewest bytes of colour; a pen's segments are written with the
    /// blank segments of its background, top to bottom and left to right. Moving the cursor
    /// (3 to 8 bytes) costs less than changing a colour (11 to 20).
    private func order(_ segments: [Segment]) -> [Int] {
        // Pens in the order they first appear, each with its segments.
        var groups: [(pen: TerminalPen?, background: Int, members: [Int])] = []
        // Pens by ``TerminalPen/key``.
        var groupOfPen = SmallIntMap()
        var groupOfBlank = SmallIntMap()
        for (index, segment) in segments.enumerated() {
            if let pen = segment.pen {
                if let group = groupOfPen[pen.key] {
                    groups[group].members.append(index)
                } else {
                    groupOfPen[pen.key] = groups.count
                    groups.append((pen, segment.background, [index]))
                }
            } else if let group = groupOfBlank[segment.background] {
                groups[group].members.append(index)
            } else {
                groupOfBlank[segment.background] = groups.count
                groups.append((nil, segment.background, [index]))
            }
        }
        guard groups.count > 1 else { return Array(segments.indices) }
        var order: [Int] = []
        order.reserveCapacity(segments.count)
        var done = [Bool](repeating: false, count: groups.count)
        var left = groups.count
        var current = pen
        var scratch: [UInt8] = []
        while left > 0 {
            // The next pen: the cheapest change from the current one (the first such when the
            // pens are many: choosing would cost more time than the bytes it saves).
            var best = -1
            var bestCost = Int.max
            for (index, group) in groups.enumerated() where !done[index] {
                let target = group.pen ?? blankPen(group.background, from: current)
                if current?.drawsBlank(in: group.background) == true && group.pen == nil {
                    best = index
                    break
                }
                scratch.removeAll(keepingCapacity: true)
                target.appendChange(from: current, dialect: dialect, into: &scratch)
                if scratch.count < bestCost {
                    best = index
                    bestCost = scratch.count
                }
                if bestCost == 0 || groups.count > 48 { break }
            }
            done[best] = true
            left -= 1
            var members = groups[best].members
            let target = groups[best].pen ?? blankPen(groups[best].background, from: current)
            // Blanks that this pen writes as it is go with it.
            if groups[best].pen != nil {
                for (index, group) in groups.enumerated()
                where !done[index] && group.pen == nil && target.drawsBlank(in: group.background) {
                    done[index] = true
                    left -= 1
                    members += group.members
                }
                members.sort { (segments[$0].y, segments[$0].start) < (segments[$1].y, segments[$1].start) }
            }
            order += members
            current = target
        }
        return order
    }

    /// Writes a segment's cells.
    private mutating func write(_ segment: Segment, into out: inout [UInt8]) {
        let y = segment.y
        var x = segment.start
        while x < segment.end {
            let cell = screen[y * width + x]
            if cell.glyph.isContinuation {
                x += 1
                continue
            }
            let look = look(of: cell)
            if isBlank(cell) {
                let background = look.visibleBackground
                var stretch = 1
                while x + stretch < segment.end, isBlank(screen[y * width + x + stretch]) {
                    stretch += 1
                }
                if erase(
                    x: x, y: y, count: stretch, background: background, runGoesOn: x + stretch < segment.end,
                    into: &out)
                {
                    x += stretch
                    continue
                }
                move(to: (x, y), into: &out)
                if !(pen?.drawsBlank(in: background) ?? false) {
                    setPen(segment.pen ?? blankPen(background, from: pen), into: &out)
                }
                out.append(UInt8(ascii: " "))
                advance(by: 1)
                x += 1
                continue
            }
            move(to: (x, y), into: &out)
            setPen(look, into: &out)
            appendText(cell.glyph, into: &out)
            if cell.glyph.width == 2 {
                cursor = nil  // the terminal may not agree that it is wide
            } else {
                advance(by: 1)
            }
            x += 1
        }
    }

    /// Erases `count` blank cells from (x, y) in `background` when that is shorter than
    /// writing spaces; the cursor stays at (x, y). Returns whether it did.
    private mutating func erase(
        x: Int, y: Int, count: Int, background: Int, runGoesOn: Bool, into out: inout [UInt8]
    ) -> Bool {
        guard dialect.erasesInBackgroundColor || background == -1 else { return false }
        let toLineEnd = x + count == width
        let eraseLength: Int
        if toLineEnd && dialect.erasesLine {
            eraseLength = 3
        } else if dialect.erasesCharacters {
            // ESC [ N X, and then a move past the erased cells if the run goes on.
            eraseLength = 4 + CursorMotion.digits(count) + (runGoesOn ? 3 + CursorMotion.digits(count) : 0)
        } else {
            return false
        }
        guard eraseLength < count else { return false }
        move(to: (x, y), into: &out)
        var erasing = pen ?? .plain
        if pen == nil { erasing.foreground = -1 }
        erasing.attributes.subtract([.underline, .reverse])
        erasing.background = background
        setPen(erasing, into: &out)
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        if toLineEnd && dialect.erasesLine {
            out.append(UInt8(ascii: "K"))
        } else {
            appendDecimal(count, into: &out)
            out.append(UInt8(ascii: "X"))
        }
        return true
    }

    /// A pen for a blank cell: `current` with the background changed (and underline and
    /// reverse off), so that the foreground and bold stay for the cells that follow.
    private func blankPen(_ background: Int, from current: TerminalPen?) -> TerminalPen {
        guard var blank = current else { return TerminalPen(foreground: -1, background: background, attributes: []) }
        blank.attributes.subtract([.underline, .reverse])
        blank.background = background
        return blank
    }

    private mutating func setPen(_ target: TerminalPen, into out: inout [UInt8]) {
        target.appendChange(from: pen, dialect: dialect, into: &out)
        pen = target
    }

    /// Moves the cursor to `target`: the shortest way, or over up to three cells of the same
    /// row by writing them again when they need no change of pen and that is shorter.
    private mutating func move(to target: (x: Int, y: Int), into out: inout [UInt8]) {
        if let from = cursor, from.y == target.y, target.x > from.x, target.x - from.x <= 3, let pen {
            var text: [UInt8] = []
            var fits = true
            for x in from.x..<target.x {
                let cell = screen[target.y * width + x]
                guard cell.glyph.width == 1, !cell.glyph.isContinuation else {
                    fits = false
                    break
                }
                let look = look(of: cell)
                guard isBlank(cell) ? pen.drawsBlank(in: look.visibleBackground) : look == pen else {
                    fits = false
                    break
                }
                if isBlank(cell) { text.append(UInt8(ascii: " ")) } else { appendText(cell.glyph, into: &text) }
            }
            let step = target.x - from.x
            if fits && text.count < 3 + (step > 1 ? CursorMotion.digits(step) : 0) {
                out.append(contentsOf: text)
                cursor = target
                return
            }
        }
        CursorMotion.append(from: cursor, to: target, into: &out)
        cursor = target
    }

    private mutating func advance(by columns: Int) {
        guard let at = cursor else { return }
        // In the last column the cursor waits to wrap: where it goes next is the terminal's.
        cursor = at.x + columns < width ? (at.x + columns, at.y) : nil
    }

    // MARK: Cells

    /// A space (or a mark with no column of its own) that is not underlined shows only its
    /// background.
    private func isBlank(_ cell: Cell) -> Bool {
        (cell.glyph == .space || (cell.glyph.width == 0 && !cell.glyph.isContinuation))
            && !(cell.attributes.contains(.underline) && dialect.shownAttributes.contains(.underline))
    }

    /// The pen that writes `cell` as it is. Colour numbers are worked out again whenever a
    /// cell's colours differ from the last cell's (``lastLook``): the nearest palette entry is a
    /// few integer operations (``ColorMode/nearest256(_:)``), cheaper than a dictionary lookup.
    private mutating func look(of cell: Cell) -> TerminalPen {
        if let last = lastLook, last.foreground == cell.foreground, last.background == cell.background,
            last.attributes == cell.attributes
        {
            return last.pen
        }
        let pen = TerminalPen(
            foreground: dialect.colorMode.colorNumber(for: cell.foreground),
            background: dialect.colorMode.colorNumber(for: cell.background),
            attributes: cell.attributes.intersection(dialect.shownAttributes))
        lastLook = (cell.foreground, cell.background, cell.attributes, pen)
        return pen
    }

    private func appendText(_ glyph: Glyph, into out: inout [UInt8]) {
        if glyph.width == 0 {
            out.append(UInt8(ascii: " "))
            return
        }
        let text = glyph.text
        if dialect.isUTF8 {
            out.append(contentsOf: text.utf8)
            return
        }
        for scalar in text.unicodeScalars { LocaleText.append(scalar, into: &out) }
    }
}

/// Text in the locale's multibyte encoding, where it is not UTF-8: what the C library makes of
/// each character, or `?`.
enum LocaleText {
    static func append(_ scalar: Unicode.Scalar, into out: inout [UInt8]) {
        if scalar.value < 0x80 {
            out.append(UInt8(scalar.value))
            return
        }
        var buffer = [CChar](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBufferPointer { ct_locale_character(scalar.value, $0.baseAddress) }
        if count < 0 {
            out.append(UInt8(ascii: "?"))
        } else {
            out.append(contentsOf: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) })
        }
    }
}
