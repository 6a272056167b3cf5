import Layouts

/// One problem with a position file, compiler style: `FILE:LINE:COL: error: message`, or
/// `FILE: error: message` when it has no place in the file (a file that cannot be read).
public struct PositionError: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// Where in the file: both 1-based; columns count Unicode scalars.
    public var position: SourcePosition?
    public var message: String

    public init(file: String, position: SourcePosition?, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    /// One line, whatever the file's name and what the message quotes hold (``TerminalText``).
    public var description: String {
        guard let position else { return TerminalText.safe("\(file): error: \(message)") }
        return TerminalText.safe("\(file):\(position.line):\(position.column): error: \(message)")
    }
}

/// Every problem found in a position file, in file order, up to ``limit``: one line each.
/// Those past the limit are counted, and said in one last line.
public struct PositionErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// The most errors kept: a file of noise gives a screenful, not a flood.
    public static let limit = 20

    public var file: String
    public private(set) var errors: [PositionError] = []
    /// Errors found past ``limit``.
    public private(set) var omitted = 0

    public init(file: String) { self.file = file }

    /// One error that has no place in the file.
    public init(file: String, message: String) {
        self.file = file
        add(message, at: nil)
    }

    public var isEmpty: Bool { errors.isEmpty }

    public mutating func add(_ message: String, at position: SourcePosition?) {
        guard errors.count < PositionErrors.limit else {
            omitted += 1
            return
        }
        errors.append(PositionError(file: file, position: position, message: message))
    }

    /// The lines to print: one per error, then how many more were found.
    public var lines: [String] {
        var lines = errors.map(\.description)
        if omitted > 0 { lines.append("\(file): error: \(omitted) more \(omitted == 1 ? "error" : "errors")") }
        return lines
    }

    public var description: String { lines.joined(separator: "\n") }

    /// The errors in file order (those without a place first, then by line and column).
    mutating func sort() {
        errors = errors.enumerated().sorted { a, b in
            let left = a.element.position ?? SourcePosition(line: 0, column: 0)
            let right = b.element.position ?? SourcePosition(line: 0, column: 0)
            return left == right ? a.offset < b.offset : left < right
        }.map(\.element)
    }
}
