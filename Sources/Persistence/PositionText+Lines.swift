import Layouts

/// A word of a position file and where it begins.
struct PositionToken: Hashable, Sendable {
    var text: String
    var position: SourcePosition
}

/// One line of a position file, without its comment (`#` to the end of the line) or a
/// carriage return at its end.
struct PositionLine: Sendable {
    /// 1-based.
    var number: Int
    var scalars: [Unicode.Scalar]

    /// Where the scalar at `index` stands.
    func position(_ index: Int) -> SourcePosition { SourcePosition(line: number, column: index + 1) }

    var isBlank: Bool { scalars.allSatisfy(PositionLine.isSpace) }

    /// The words from scalar `start` on, split at white space.
    func tokens(from start: Int = 0) -> [PositionToken] {
        var tokens: [PositionToken] = []
        var index = start
        while index < scalars.count {
            while index < scalars.count, PositionLine.isSpace(scalars[index]) { index += 1 }
            guard index < scalars.count else { break }
            let begin = index
            while index < scalars.count, !PositionLine.isSpace(scalars[index]) { index += 1 }
            tokens.append(PositionToken(text: text(begin..<index), position: position(begin)))
        }
        return tokens
    }

    func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    /// The index of the first scalar that is not white space, if any.
    var firstWordIndex: Int? { scalars.firstIndex { !PositionLine.isSpace($0) } }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    /// Calls `body` with each line of `text`, in order, one at a time (a large file is never
    /// held twice), and returns where the text ends: the place a missing line is reported.
    static func scan(_ text: String, _ body: (PositionLine) -> Void) -> SourcePosition {
        var number = 1
        var scalars: [Unicode.Scalar] = []
        var inComment = false
        var column = 0
        func finish() {
            if scalars.last == "\r" { scalars.removeLast() }
            body(PositionLine(number: number, scalars: scalars))
        }
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                finish()
                number += 1
                scalars.removeAll(keepingCapacity: true)
                inComment = false
                column = 0
                continue
            }
            column += 1
            if scalar == "#" { inComment = true }
            if !inComment { scalars.append(scalar) }
        }
        finish()
        return SourcePosition(line: number, column: column + 1)
    }
}
