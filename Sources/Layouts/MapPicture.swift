// A layout's map as a picture: rows of cells and the blanks between them, read from the map's
// value and drawn again in the same style when the designer moves slots on it.

/// The map's value as written: each line's indentation, its cells (`.` for an empty one) and the
/// blanks after each cell, and the blank line the closing quotes stand on. Drawn back unchanged it
/// gives the value it was read from; ``redraw(_:)`` changes only the cells that differ.
struct MapPicture: Equatable {
    /// A cell of the map: its row (the map's line) and column (the non-blank characters before it
    /// on its line), from 0.
    struct Cell: Hashable {
        var row: Int
        var column: Int
    }

    struct Row: Equatable {
        /// The blanks before the first cell (the whole line when it has no cell).
        var indent: String
        var cells: [Unicode.Scalar]
        /// The blanks after each cell (after the last one: the line's trailing blanks).
        var gaps: [String]

        var text: String {
            var text = indent
            for (cell, gap) in zip(cells, gaps) {
                text.unicodeScalars.append(cell)
                text += gap
            }
            return text
        }

        /// The column of the last cell that is a slot; -1 when there is none.
        var lastSlot: Int { cells.lastIndex { $0 != "." } ?? -1 }
    }

    var rows: [Row]
    /// The blanks after the value's last line break when nothing else follows it (the line the
    /// closing `"""` stands on); nil when the last line holds cells or the value has no line break.
    var closing: String?

    /// The picture of a map's value. `opensWithLineBreak` says the value's quotes are followed by a
    /// line break that is not part of it (`map = """` and the rows below), so that an empty map
    /// gets its rows between the quotes, each ended by a line break.
    init(_ value: String, opensWithLineBreak: Bool = false) {
        var lines = value.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(scalars: $0)
        }
        closing = nil
        if let last = lines.last, last.unicodeScalars.allSatisfy(MapPicture.isBlank),
            lines.count > 1 || opensWithLineBreak
        {
            closing = last
            lines.removeLast()
        }
        rows = lines.map(MapPicture.row)
    }

    /// The map's value.
    var value: String {
        let body = rows.map(\.text).joined(separator: "\n")
        guard let closing else { return body }
        return rows.isEmpty ? closing : body + "\n" + closing
    }

    /// Every slot of the map (every cell but `.`), in reading order.
    var slots: [(cell: Cell, character: Unicode.Scalar)] {
        var result: [(cell: Cell, character: Unicode.Scalar)] = []
        for (row, line) in rows.enumerated() {
            for (column, character) in line.cells.enumerated() where character != "." {
                result.append((Cell(row: row, column: column), character))
            }
        }
        return result
    }

    /// Draws `cells` (the slots' characters by cell) into the picture. Rows whose slots are the same
    /// are kept as they are; a changed row keeps its indentation and the blanks between its cells,
    /// is lengthened with the map's own separator, and loses the dots after its last slot when that
    /// slot went (the dots a person wrote after a slot that stays are kept). Rows below the last
    /// slot go when the last row's slots went; an empty row above a slot is written as one dot.
    mutating func redraw(_ cells: [Cell: Unicode.Scalar]) {
        var byRow: [Int: [Int: Unicode.Scalar]] = [:]
        for (cell, character) in cells { byRow[cell.row, default: [:]][cell.column] = character }
        let separator = self.separator
        let indent = rows.first { !$0.cells.isEmpty }?.indent ?? ""
        let oldLastRow = rows.lastIndex { $0.lastSlot >= 0 } ?? -1
        let newLastRow = byRow.keys.max() ?? -1
        let rowCount = newLastRow >= oldLastRow ? max(rows.count, newLastRow + 1) : newLastRow + 1
        var drawn: [Row] = []
        for r in 0..<rowCount {
            let wanted = byRow[r] ?? [:]
            var row = r < rows.count ? rows[r] : Row(indent: indent, cells: [], gaps: [])
            let had = Dictionary(
                uniqueKeysWithValues: row.cells.enumerated().filter { $0.element != "." }.map {
                    ($0.offset, $0.element)
                })
            if had != wanted || r >= rows.count {
                row = MapPicture.draw(wanted, over: row, separator: separator, indent: indent)
            }
            drawn.append(row)
        }
        rows = drawn
    }

    /// A row with `wanted`'s slots, over what `row` had; a row that had no cell takes the map's
    /// `indent`.
    private static func draw(
        _ wanted: [Int: Unicode.Scalar], over row: Row, separator: String, indent: String
    ) -> Row {
        let oldLast = row.lastSlot
        let newLast = wanted.keys.max() ?? -1
        let width = newLast < 0 ? 1 : newLast >= oldLast ? max(row.cells.count, newLast + 1) : newLast + 1
        let trailing = row.gaps.last ?? ""
        var drawn = Row(indent: row.cells.isEmpty ? indent : row.indent, cells: [], gaps: [])
        for column in 0..<width {
            drawn.cells.append(wanted[column] ?? ".")
            if column == width - 1 {
                drawn.gaps.append(trailing)
            } else if column < row.cells.count - 1 {
                drawn.gaps.append(row.gaps[column])
            } else {
                drawn.gaps.append(separator)
            }
        }
        return drawn
    }

    /// The blanks written most often between two cells of a row (the first written, of those
    /// written as often); a space when no row has two cells.
    var separator: String {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for row in rows {
            for gap in row.gaps.dropLast() {
                if counts[gap] == nil { order.append(gap) }
                counts[gap, default: 0] += 1
            }
        }
        guard let most = counts.values.max() else { return " " }
        return order.first { counts[$0] == most } ?? " "
    }

    private static func row(_ line: String) -> Row {
        var row = Row(indent: "", cells: [], gaps: [])
        for scalar in line.unicodeScalars {
            if isBlank(scalar) || isControl(scalar) {
                if row.cells.isEmpty {
                    row.indent.unicodeScalars.append(scalar)
                } else {
                    row.gaps[row.gaps.count - 1].unicodeScalars.append(scalar)
                }
            } else {
                row.cells.append(scalar)
                row.gaps.append("")
            }
        }
        return row
    }

    /// What the loader passes over in a map: whitespace, and control characters (which it reports).
    static func isBlank(_ c: Unicode.Scalar) -> Bool { Loader.isBlank(c) }

    static func isControl(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || c.value == 0x7F || (0x80..<0xA0).contains(c.value)
    }
}

/// How a map's value is written in the file: its quotes, and the line breaks of a multi-line
/// string, so that a redrawn map is written as the file wrote it.
struct MapQuoting: Equatable {
    enum Quote: Equatable {
        /// `"S W"`, `'S W'`, `"""…"""`, `'''…'''`.
        case basic, literal, multilineBasic, multilineLiteral
    }

    var quote: Quote
    /// The line break right after the opening quotes of a multi-line string, which is not part of
    /// the value ("" when there is none).
    var openingBreak: String
    /// The line break between the rows of a multi-line string.
    var lineBreak: String

    /// The shipped layouts' form: `"""`, a line break, a row per line, `"""` on a line of its own.
    static func shipped(lineBreak: String) -> MapQuoting {
        MapQuoting(quote: .multilineBasic, openingBreak: lineBreak, lineBreak: lineBreak)
    }

    init(quote: Quote, openingBreak: String, lineBreak: String) {
        self.quote = quote
        self.openingBreak = openingBreak
        self.lineBreak = lineBreak
    }

    /// The quoting of a string value written as `source`; nil when it is not a string.
    init?(source: [Unicode.Scalar], fileLineBreak: String) {
        guard let first = source.first, first == "\"" || first == "'" else { return nil }
        let multiline = source.count >= 6 && source[1] == first && source[2] == first
        let literal = first == "'"
        quote = multiline ? (literal ? .multilineLiteral : .multilineBasic) : (literal ? .literal : .basic)
        openingBreak = ""
        lineBreak = fileLineBreak
        guard multiline else { return }
        if source.count > 3 && source[3] == "\n" {
            openingBreak = "\n"
        } else if source.count > 4 && source[3] == "\r" && source[4] == "\n" {
            openingBreak = "\r\n"
        }
        let body = source.dropFirst(3 + openingBreak.unicodeScalars.count)
        if let newline = body.firstIndex(of: "\n") {
            lineBreak = newline > body.startIndex && source[newline - 1] == "\r" ? "\r\n" : "\n"
        } else if !openingBreak.isEmpty {
            lineBreak = openingBreak
        }
    }

    var isMultiline: Bool { quote == .multilineBasic || quote == .multilineLiteral }

    /// The value written in these quotes; nil when they cannot hold it (a line break in a one-line
    /// literal string, a quote in a literal one, a control character in either).
    func write(_ value: String) -> String? {
        let scalars = value.unicodeScalars
        func isControl(_ c: Unicode.Scalar) -> Bool { (c.value < 0x20 && c != "\t") || c.value == 0x7F }
        switch quote {
        case .basic:
            return DesignSetting.text(value)
        case .literal:
            guard !scalars.contains(where: { $0 == "'" || isControl($0) }) else { return nil }
            return "'" + value + "'"
        case .multilineLiteral:
            guard !scalars.contains(where: { $0 == "'" || ($0 != "\n" && isControl($0)) }) else { return nil }
            let lines = value.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            return "'''" + opening(value)
                + lines.map { String(scalars: $0) }
                .joined(separator: lineBreak) + "'''"
        case .multilineBasic:
            var body = ""
            for c in scalars {
                switch c {
                case "\\": body += "\\\\"
                case "\"": body += "\\\""
                case "\n": body += lineBreak
                case _ where isControl(c): body += "\\u" + hex4(c.value)
                default: body.unicodeScalars.append(c)
                }
            }
            return "\"\"\"" + opening(value) + body + "\"\"\""
        }
    }

    /// The line break after the opening quotes: the file's, and one whenever the value starts
    /// with a line break (which the quotes would otherwise swallow).
    private func opening(_ value: String) -> String {
        openingBreak.isEmpty && value.unicodeScalars.first == "\n" ? lineBreak : openingBreak
    }
}
