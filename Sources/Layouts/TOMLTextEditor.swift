// Editing a TOML file's text in place, by scalar offsets from its ``SourceIndex``, so that what
// the program writes back into a file a person wrote (the settings file, a layout the designer
// changed) touches only what changed: every edit is a replacement of a range of the original
// text, made all at once at the end, and everything between edits is kept byte for byte.

/// Edits of one TOML text, and where things are written in it.
package struct TOMLTextEditor {
    /// The original text (without a byte order mark), by scalar.
    package let scalars: [Unicode.Scalar]
    package let index: SourceIndex
    /// Offsets where each line starts.
    private let lineStarts: [Int]
    /// The file's own line break: `\r\n` when it has any, else `\n`.
    package let newline: String
    /// Replacements by offset range; `order` keeps insertions at one offset in the order made.
    private var edits: [(range: Range<Int>, text: String, order: Int)] = []
    /// A line break was added at the end of the text.
    private var endsWithBreak = false

    package init(syntax: TOMLSyntax, index: SourceIndex) {
        scalars = syntax.scalars
        self.index = index
        lineStarts = syntax.lineStarts
        newline = syntax.text.contains("\r\n") ? "\r\n" : "\n"
    }

    /// Whether any edit was made.
    package var isEdited: Bool { !edits.isEmpty }

    /// The text with every edit made. At one offset, what is removed or replaced goes first, then
    /// what is inserted there, in the order it was inserted.
    package var text: String {
        var result = scalars
        let ordered = TOMLTextEditor.mergingRemovals(edits).sorted { a, b in
            if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound > b.range.lowerBound }
            if a.range.isEmpty != b.range.isEmpty { return !a.range.isEmpty }
            return a.order > b.order
        }
        // Edits never overlap; should two, the later one is cut short rather than run past the text.
        var limit = result.count
        for edit in ordered {
            let range = edit.range.lowerBound..<max(edit.range.lowerBound, min(edit.range.upperBound, limit))
            assert(range == edit.range, "overlapping edits")
            result.replaceSubrange(range, with: edit.text.unicodeScalars)
            limit = edit.range.lowerBound
        }
        return String(scalars: result)
    }

    /// The edits with removals that overlap made one (two tables removed may both take the
    /// blank line between them).
    private static func mergingRemovals(
        _ edits: [(range: Range<Int>, text: String, order: Int)]
    ) -> [(range: Range<Int>, text: String, order: Int)] {
        let removals = edits.filter { $0.text.isEmpty && !$0.range.isEmpty }.sorted {
            $0.range.lowerBound < $1.range.lowerBound
        }
        var merged: [(range: Range<Int>, text: String, order: Int)] = []
        for removal in removals {
            if let last = merged.last, removal.range.lowerBound < last.range.upperBound {
                merged[merged.count - 1].range =
                    last.range.lowerBound..<max(last.range.upperBound, removal.range.upperBound)
            } else {
                merged.append(removal)
            }
        }
        return edits.filter { !($0.text.isEmpty && !$0.range.isEmpty) } + merged
    }

    package mutating func replace(_ range: Range<Int>, with text: String) {
        edits.append((range, text, edits.count))
    }

    package mutating func insert(_ text: String, at offset: Int) {
        edits.append((offset..<offset, text, edits.count))
    }

    package mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        edits.append((range, "", edits.count))
    }

    // MARK: Where things are written

    /// The scalars of a range of the original text, as a string.
    package func source(_ range: Range<Int>) -> String {
        String(scalars: scalars[range])
    }

    /// The offset of a line and column of the original text.
    package func offset(of position: SourcePosition) -> Int {
        let line = min(max(position.line, 1), lineStarts.count)
        return min(lineStarts[line - 1] + position.column - 1, scalars.count)
    }

    /// The offset of the first `[table]` header, if any.
    package var firstHeader: Int? { index.headerOffsets.values.min() }

    /// The end of the last value that starts in `range`.
    package func lastValueEnd(in range: Range<Int>) -> Int? {
        index.valueOffsets.filter { range.contains($0.value) }.compactMap { index.valueEnds[$0.key] }.max()
    }

    /// The offset just past the line break that ends the line holding `offset` (the end of
    /// the text on the last line).
    package func startOfNextLine(after offset: Int) -> Int {
        var i = offset
        while i < scalars.count, scalars[i] != "\n" { i += 1 }
        return min(i + 1, scalars.count)
    }

    /// The offset where the line holding `offset` starts.
    package func startOfLine(_ offset: Int) -> Int {
        var i = min(offset, scalars.count)
        while i > 0, scalars[i - 1] != "\n" { i -= 1 }
        return i
    }

    /// The first offset past the spaces and tabs from `offset`.
    package func skippingBlanks(from offset: Int) -> Int {
        var i = offset
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        return i
    }

    /// Whether the line starting at `offset` is a comment.
    package func isCommentLine(at offset: Int) -> Bool {
        let i = skippingBlanks(from: offset)
        return i < scalars.count && scalars[i] == "#"
    }

    /// Whether the line starting at `offset` holds nothing but blanks (the end of the text is no line).
    package func isBlankLine(at offset: Int) -> Bool {
        guard offset < scalars.count else { return false }
        let i = skippingBlanks(from: offset)
        return i == scalars.count || scalars[i] == "\n" || scalars[i] == "\r"
    }

    /// The start of the comment lines written directly above the line starting at `offset` (no
    /// blank line between), or `offset` when there are none.
    package func startOfCommentsAbove(_ offset: Int) -> Int {
        var start = offset
        while start > 0 {
            let previous = startOfLine(start - 1)
            guard isCommentLine(at: previous) else { break }
            start = previous
        }
        return start
    }

    /// Lines, each ended by the file's line break. Lines added at the end of a text whose last
    /// line has no break of its own give it one first.
    package mutating func lines(_ lines: [String], at offset: Int) -> String {
        if offset == scalars.count, offset > 0, scalars[offset - 1] != "\n", !endsWithBreak {
            endsWithBreak = true
            edits.append((offset..<offset, newline, -1))
        }
        return lines.map { $0 + newline }.joined()
    }

    /// Whether the text ends with a blank line (so a new table needs no blank line before it).
    package var endsWithBlankLine: Bool {
        let n = scalars.count
        guard n >= 2, scalars[n - 1] == "\n" else { return false }
        return scalars[n - 2] == "\n" || (n >= 3 && scalars[n - 2] == "\r" && scalars[n - 3] == "\n")
    }

    /// Top-level keys: after the last top-level value, else before the first table (and the
    /// comment lines just above it, with a blank line after them), else at the end.
    package mutating func insertAtTop(_ newLines: [String]) {
        let topEnd = firstHeader ?? scalars.count
        if let end = lastValueEnd(in: 0..<topEnd) {
            let offset = startOfNextLine(after: end)
            insert(lines(newLines, at: offset), at: offset)
        } else if let header = firstHeader {
            let offset = startOfCommentsAbove(startOfLine(header))
            insert(lines(newLines + [""], at: offset), at: offset)
        } else {
            insert(lines(newLines, at: scalars.count), at: scalars.count)
        }
    }
}
