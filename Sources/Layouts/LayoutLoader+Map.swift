// The map: which characters stand for slots, and where each is written in the file.

import Foundation

extension Loader {
    /// One character of the map that stands for a slot.
    struct MapCell {
        var character: Unicode.Scalar
        var row: Int
        var column: Int
        var position: SourcePosition?
    }

    /// Cells of the map: whitespace lines the picture up and means nothing; '.' is an empty cell;
    /// every other character is a slot of that character's group.
    func parseMap(_ map: String) -> [MapCell] {
        let positions = mapPositions(map)
        let fallback = index.valuePosition("map")
        var cells: [MapCell] = []
        var row = 0
        var column = 0
        var reportedControl = false
        for (offset, c) in map.unicodeScalars.enumerated() {
            let position = positions?[offset] ?? fallback
            if c == "\n" {
                row += 1
                column = 0
            } else if c.properties.isWhitespace {
                continue
            } else if c.value < 0x20 || c.value == 0x7F || (0x80..<0xA0).contains(c.value) {
                if !reportedControl {
                    reportedControl = true
                    error(
                        "the map contains the control character U+\(String(format: "%04X", c.value))", at: position,
                        key: "map")
                }
            } else if c == "." {
                column += 1
            } else {
                cells.append(MapCell(character: c, row: row, column: column, position: position))
                column += 1
            }
        }
        return cells
    }

    /// Where each scalar of the map's value is written, when the string is written without escapes.
    func mapPositions(_ map: String) -> [SourcePosition]? {
        guard var k = index.valueOffsets["map"], k < scalars.count else { return nil }
        let quote = scalars[k]
        guard quote == "\"" || quote == "'" else { return nil }
        let multiline = k + 2 < scalars.count && scalars[k + 1] == quote && scalars[k + 2] == quote
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
        var result: [SourcePosition] = []
        for c in map.unicodeScalars {
            guard k < scalars.count else { return nil }
            if multiline && c == "\n" && scalars[k] == "\r" && k + 1 < scalars.count && scalars[k + 1] == "\n" {
                k += 1
            }
            let raw = scalars[k]
            if quote == "\"" && raw == "\\" { return nil }
            guard raw == c else { return nil }
            result.append(position(ofOffset: k))
            k += 1
        }
        return result
    }
}
