/// Text measured and cut to a number of columns exactly as ``DrawContext/put(_:x:y:style:)``
/// draws it: one ``Glyph`` per grapheme cluster, as wide as the glyph (a cluster that is not
/// drawn takes none). Every label, title and message that has a place of its own on screen is
/// cut with these, so it never runs over a border.
///
/// ```
/// TextFit.columns(of: "漢字")                          // 4
/// TextFit.clipped("tableau.10", toColumns: 6)         // "table…"
/// TextFit.wrapped("one two three", toColumns: 7)      // ["one two", "three"]
/// ```
public enum TextFit {
    /// How many columns the text takes on screen.
    public static func columns<S: StringProtocol>(of text: S) -> Int {
        var total = 0
        for character in text { total += Glyph.columns(of: character) }
        return total
    }

    /// The text if it fits in `columns` columns; otherwise its longest start that leaves room
    /// for `ellipsis`, then the ellipsis. A field too narrow for even the ellipsis gets as much
    /// of the text as fits, without one.
    public static func clipped(_ text: String, toColumns columns: Int, ellipsis: String = "…") -> String {
        guard columns > 0 else { return "" }
        var used = 0
        var end = text.startIndex
        // The start that fits with the ellipsis, found on the way.
        let room = columns - self.columns(of: ellipsis)
        var cut: String.Index? = room >= 0 ? text.startIndex : nil
        for index in text.indices {
            let width = Glyph.columns(of: text[index])
            if used + width > columns { return room >= 0 ? String(text[..<cut!]) + ellipsis : String(text[..<end]) }
            used += width
            end = text.index(after: index)
            if used <= room { cut = end }
        }
        return text
    }

    /// Greedy word wrap at spaces to lines of at most `columns` columns; a word longer than a
    /// line is cut between clusters.
    public static func wrapped(_ text: String, toColumns columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineColumns = 0
        for word in text.split(separator: " ") {
            var word = Substring(word)
            var wordColumns = self.columns(of: word)
            while wordColumns > columns {
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                    lineColumns = 0
                }
                let head = prefix(of: word, columns: columns)
                lines.append(String(head))
                word = word[head.endIndex...]
                wordColumns = self.columns(of: word)
            }
            if line.isEmpty {
                line = String(word)
                lineColumns = wordColumns
            } else if lineColumns + 1 + wordColumns <= columns {
                line += " " + word
                lineColumns += 1 + wordColumns
            } else {
                lines.append(line)
                line = String(word)
                lineColumns = wordColumns
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The longest start of `text` that fits in `columns` columns (at least one cluster, so
    /// wrapping always moves on).
    static func prefix(of text: Substring, columns: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            used += Glyph.columns(of: text[index])
            if used > columns && index != text.startIndex { break }
            end = text.index(after: index)
        }
        return text[..<end]
    }
}
