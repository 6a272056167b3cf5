// Blanks around text, with the standard library alone (the program does not link Foundation):
// trimming the same characters as Foundation's `CharacterSet.whitespaces` and
// `.whitespacesAndNewlines`, and padding a column.

extension Unicode.Scalar {
    /// A tab or one of Unicode's space separators (general category Zs): what
    /// `CharacterSet.whitespaces` holds.
    package var isBlank: Bool { self == "\t" || properties.generalCategory == .spaceSeparator }

    /// U+000A to U+000D, U+0085, U+2028 and U+2029: what `CharacterSet.newlines` holds.
    package var isLineBreak: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}

extension StringProtocol {
    /// The text without the blanks (tabs and spaces) at either end.
    package func trimmingBlanks() -> String { trimming(\.isBlank) }

    /// The text without the blanks and line breaks at either end.
    package func trimmingBlanksAndLineBreaks() -> String { trimming { $0.isBlank || $0.isLineBreak } }

    /// The text cut or filled with spaces to `width` characters: a column of a table.
    package func padded(to width: Int) -> String {
        let cut = String(prefix(width))
        return cut + String(repeating: " ", count: Swift.max(0, width - cut.count))
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars: scalars[first...last])
    }
}
