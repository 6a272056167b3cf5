import TableKit

/// The fewest bytes a terminal needs to show a frame's changes: one cursor move per run,
/// each cell's UTF-8 text, and a colour-and-attribute sequence whenever those differ from
/// the cell written before. Benchmarks compare what was really written against it.
public enum OutputCost {
    public static func minimumBytes(for runs: [CellRun], colorMode: ColorMode) -> Int {
        var total = 0
        var previous: (RGB, RGB, CellAttributes)?
        for run in runs {
            total += 4 + digits(run.y + 1) + digits(run.x + 1)  // ESC [ row ; col H
            for cell in run.cells where !cell.glyph.isContinuation {
                total += cell.glyph.text.utf8.count
                let look = (cell.foreground, cell.background, cell.attributes)
                if previous == nil || previous! != look {
                    total += sgrLength(cell, colorMode: colorMode)
                    previous = look
                }
            }
        }
        return total
    }

    static func sgrLength(_ cell: Cell, colorMode: ColorMode) -> Int {
        // ESC [ 0 ; … m, with the attribute numbers and the colours.
        var parameters: [String] = ["0"]
        if cell.attributes.contains(.bold) { parameters.append("1") }
        if cell.attributes.contains(.dim) { parameters.append("2") }
        if cell.attributes.contains(.italic) { parameters.append("3") }
        if cell.attributes.contains(.underline) { parameters.append("4") }
        if cell.attributes.contains(.reverse) { parameters.append("7") }
        for (layer, color) in [("3", cell.foreground), ("4", cell.background)] where colorMode != .monochrome {
            // The terminal's own colour is 39 or 49, in every mode.
            guard color != .terminalDefault else {
                parameters.append("\(layer)9")
                continue
            }
            switch colorMode {
            case .truecolor: parameters.append("\(layer)8;2;\(color.red);\(color.green);\(color.blue)")
            case .palette256: parameters.append("\(layer)8;5;\(colorMode.colorNumber(for: color))")
            case .ansi8: parameters.append("\(layer)\(colorMode.colorNumber(for: color))")
            case .monochrome: break
            }
        }
        return 3 + parameters.joined(separator: ";").utf8.count
    }

    private static func digits(_ value: Int) -> Int { String(value).count }
}
