import TableKit

/// A lower bound on the bytes any terminal encoding needs to show a frame's changes: what
/// `--stats` reports as a frame's minimum, which the bytes written can never be below.
///
/// The encodings it bounds print every changed cell that is not blank (as UTF-8 text, or by
/// repeating the character printed before, REP), in any order, with any cursor motion,
/// erasing (a blank cell may cost nothing: a clear can make it), and SGR sequences; they do
/// not shift what the screen already shows (insert or delete characters or lines, scrolling),
/// which depends on the screen before, and they do not switch character sets. Three parts,
/// each counting bytes the others do not:
///
/// - **Text**: every distinct glyph among the changed cells that are not blank is printed as
///   text at least once, except that one of them may be repeated (REP, 3 bytes at least)
///   from the character printed last by the frame before.
/// - **Cursor**: reaching a run's first non-blank cell costs a byte at least (CR, LF and BS
///   are one), unless it is at column 0 (where the wrap from the line above lands) or the
///   first place written; so does getting past blanks inside a run (a space, or a move after
///   erasing them). One such byte may belong to the repeat counted under text.
/// - **Colour**: every colour the changed cells show (a cell's foreground and background,
///   a blank's background alone; the terminal's own colour may come from a reset or an erase
///   and is left out) is set by an SGR parameter at least once, except the two the terminal
///   may have already; each parameter in its shortest form, with its `;` or `m`, and `ESC [`
///   once. An attribute on in some cells and off in others costs one parameter.
///
/// The bound is far below what a real frame needs: text can be repeated only where the
/// previous character allows, and a colour set once serves only the cells written after it.
public enum OutputCost {
    public static func minimumBytes(for runs: [CellRun], colorMode: ColorMode) -> Int {
        var glyphs: [Glyph: Int] = [:]
        var colors: [Int: Int] = [:]
        var attributesSomewhere: CellAttributes = []
        var attributesEverywhere: CellAttributes?
        var cursorBytes = 0
        // Colour numbers of the last cell's colours: neighbours nearly always share them.
        var lastColors = (foreground: RGB.terminalDefault, background: RGB.terminalDefault)
        var lastNumbers = (-1, -1)
        for run in runs {
            var seenNonBlank = false
            var blanksPending = false
            for (offset, cell) in run.cells.enumerated() where !cell.glyph.isContinuation {
                let blank = isBlank(cell)
                if cell.foreground != lastColors.foreground || cell.background != lastColors.background {
                    lastColors = (cell.foreground, cell.background)
                    lastNumbers = (
                        colorMode.colorNumber(for: cell.foreground), colorMode.colorNumber(for: cell.background)
                    )
                }
                let (foreground, background) = lastNumbers
                if blank {
                    let shown = cell.attributes.contains(.reverse) ? foreground : background
                    colors[shown] = parameterLength(shown, colorMode: colorMode)
                    if seenNonBlank { blanksPending = true }
                    continue
                }
                glyphs[cell.glyph] = cell.glyph.text.utf8.count
                colors[foreground] = parameterLength(foreground, colorMode: colorMode)
                colors[background] = parameterLength(background, colorMode: colorMode)
                attributesSomewhere.formUnion(cell.attributes)
                attributesEverywhere = attributesEverywhere?.intersection(cell.attributes) ?? cell.attributes
                if !seenNonBlank {
                    seenNonBlank = true
                    // The run's first printed cell: a move, unless at column 0 (or the first place).
                    if run.x + offset > 0 { cursorBytes += 1 }
                } else if blanksPending {
                    cursorBytes += 1
                }
                blanksPending = false
            }
        }
        // Text: one print of each glyph; the longest may be a repeat instead (3 bytes or more).
        let lengths = glyphs.values
        var text = lengths.reduce(0, +)
        if let longest = lengths.max() { text -= longest - min(longest, 3) }
        // Colour: the two costliest colours may be set already; the terminal's own is free.
        colors[-1] = nil
        let costs = colors.values.sorted(by: >).dropFirst(2)
        var parameters = costs.reduce(0) { $0 + $1 + 1 }
        // An attribute some printed cells have and others not: one parameter turns it on or off.
        if attributesSomewhere != (attributesEverywhere ?? []) { parameters += 2 }
        let sgr = parameters > 0 ? parameters + 2 : 0
        // The first place written needs no move, and one move may be the repeat's.
        return text + max(0, cursorBytes - 2) + sgr
    }

    /// A space (or a mark with no column of its own) that is not underlined: it shows only
    /// its background, and a clear can make it.
    static func isBlank(_ cell: Cell) -> Bool {
        (cell.glyph == .space || (cell.glyph.width == 0 && !cell.glyph.isContinuation))
            && !cell.attributes.contains(.underline)
    }

    /// The shortest SGR parameter that sets colour `number` (as foreground or background):
    /// `3N` for the first eight (and `9N` for the next eight), `38;5;N`, `38;2;R;G;B`.
    static func parameterLength(_ number: Int, colorMode: ColorMode) -> Int {
        if number < 0 { return 2 }
        switch colorMode {
        case .truecolor:
            return 5 + digits((number >> 16) & 0xFF) + digits((number >> 8) & 0xFF) + digits(number & 0xFF) + 2
        case .palette256 where number >= 16:
            return 5 + digits(number)
        case .palette256, .ansi8, .monochrome:
            return 2
        }
    }

    private static func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}
