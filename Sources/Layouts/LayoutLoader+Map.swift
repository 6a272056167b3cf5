// The map: which characters stand for slots, and where each is written in the file.

extension Loader {
    /// One character of the map that stands for a slot.
    struct MapCell {
        var character: Unicode.Scalar
        var row: Int
        var column: Int
        var position: SourcePosition?
    }

    /// Cells of the map: whitespace lines the picture up and means nothing; '.' is an empty cell;
    /// every other character is a slot of that character's group. Reading stops at one cell more
    /// than a table may have slots (``LayoutLoader/maxSlots``): the count is checked as the map is read.
    func parseMap(_ map: String) -> [MapCell] {
        var source = MapSource(loader: self)
        let fallback = index.valuePosition("map")
        var cells: [MapCell] = []
        var row = 0
        var column = 0
        var reportedControl = false
        for c in map.unicodeScalars {
            let offset = source.next(c)
            if c == "\n" {
                row += 1
                column = 0
            } else if Loader.isBlank(c) {
                continue
            } else if c.value < 0x20 || c.value == 0x7F || (0x80..<0xA0).contains(c.value) {
                if !reportedControl {
                    reportedControl = true
                    error(
                        "the map contains the control character \(TerminalText.escaped(c))",
                        at: offset.map(position(ofOffset:)) ?? fallback, key: "map")
                }
            } else if c == "." {
                column += 1
            } else {
                cells.append(
                    MapCell(
                        character: c, row: row, column: column, position: offset.map(position(ofOffset:)) ?? fallback))
                column += 1
                if cells.count > LayoutLoader.maxSlots { break }
            }
        }
        return cells
    }

    /// Whitespace, answered without Unicode's tables for ASCII (a map may be a megabyte of dots).
    static func isBlank(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09...0x0D, 0x20: true
        case 0..<0x80: false
        default: c.properties.isWhitespace
        }
    }

    /// Follows the map's value in the file, scalar by scalar, while it is written without escapes:
    /// where each scalar of the map is written (nil once an escape or anything unexpected is met).
    struct MapSource {
        let scalars: [Unicode.Scalar]
        var k: Int?
        let quote: Unicode.Scalar
        let multiline: Bool

        init(loader: Loader) {
            scalars = loader.scalars
            guard var k = loader.index.valueOffsets["map"], k < scalars.count,
                scalars[k] == "\"" || scalars[k] == "'"
            else {
                (self.k, quote, multiline) = (nil, "\"", false)
                return
            }
            quote = scalars[k]
            multiline = k + 2 < scalars.count && scalars[k + 1] == quote && scalars[k + 2] == quote
            if multiline {
                k += 3
                if k < scalars.count && scalars[k] == "\n" {
                    k += 1
                } else if k + 1 < scalars.count && scalars[k] == "\r" && scalars[k + 1] == "\n" {
                    k += 2
                }
            } else {
                k += 1
            }
            self.k = k
        }

        /// The offset in the file of the map's next scalar, `c`.
        mutating func next(_ c: Unicode.Scalar) -> Int? {
            guard var at = k, at < scalars.count else {
                k = nil
                return nil
            }
            if multiline && c == "\n" && scalars[at] == "\r" && at + 1 < scalars.count && scalars[at + 1] == "\n" {
                at += 1
            }
            let raw = scalars[at]
            guard raw == c, !(quote == "\"" && raw == "\\") else {
                k = nil
                return nil
            }
            k = at + 1
            return at
        }
    }
}
