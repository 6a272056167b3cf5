// Compiler-style messages about a layout file.

/// A place in a file: both 1-based; columns count Unicode scalars (characters, for most text).
public struct SourcePosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// One error or warning about a layout file.
public struct LayoutDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// The file name as it was given to the loader.
    public var file: String
    /// Where in the file, when it could be found.
    public var position: SourcePosition?
    /// The TOML key the message is about (`slots.T.fan`, `slot[2].at`), when there is one.
    public var keyPath: String?
    public var severity: Severity
    public var message: String

    public init(file: String, position: SourcePosition?, keyPath: String?, severity: Severity, message: String) {
        self.file = file
        self.position = position
        self.keyPath = keyPath
        self.severity = severity
        self.message = message
    }

    /// `FILE:LINE:COL: error: message`; without a position `FILE: error: at KEY: message`
    /// (or `FILE: error: message` when there is no key either). One line, whatever the file's
    /// name and what the message quotes hold (``TerminalText``): a quoted key `"a\nb.toml: ok"`,
    /// or a file named so, printed its line feed and a line of its own that `check` never said.
    public var description: String {
        let line: String
        if let position {
            line = "\(file):\(position.line):\(position.column): \(severity.rawValue): \(message)"
        } else if let keyPath {
            line = "\(file): \(severity.rawValue): at \(keyPath): \(message)"
        } else {
            line = "\(file): \(severity.rawValue): \(message)"
        }
        return TerminalText.safe(line)
    }
}

extension LayoutDiagnostic {
    /// The most diagnostics reported for one file; the others are counted in one last line.
    public static let maxPerFile = 50

    /// The first ``maxPerFile`` diagnostics, then one that counts the rest
    /// (`FILE: error: … and 1234 more: 1200 errors, 34 warnings`), an error when one of the rest is.
    public static func capped(_ diagnostics: [LayoutDiagnostic], file: String) -> [LayoutDiagnostic] {
        guard diagnostics.count > maxPerFile else { return diagnostics }
        let rest = diagnostics[maxPerFile...]
        let errors = rest.filter { $0.severity == .error }.count
        let warnings = rest.count - errors
        func counted(_ n: Int, _ word: String) -> String? { n == 0 ? nil : "\(n) \(word)\(n == 1 ? "" : "s")" }
        let kinds = [counted(errors, "error"), counted(warnings, "warning")].compactMap { $0 }.joined(separator: ", ")
        let summary = LayoutDiagnostic(
            file: file, position: nil, keyPath: nil, severity: errors > 0 ? .error : .warning,
            message: "… and \(rest.count) more: \(kinds)")
        return Array(diagnostics[..<maxPerFile]) + [summary]
    }
}

/// What loading a layout gave: a layout when there was no error, and every diagnostic found.
public struct LayoutLoadResult: Sendable {
    /// `nil` when there is at least one error.
    public var layout: TableLayout?
    /// Errors and warnings, in file order (those without a position last).
    public var diagnostics: [LayoutDiagnostic]
    /// The file of the script the layout names, read or looked for (nil without one); a shipped
    /// layout's is `layouts/NAME.lua`, not a file on disk.
    public var scriptFile: String?

    public init(layout: TableLayout?, diagnostics: [LayoutDiagnostic]) {
        self.layout = layout
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var warnings: [LayoutDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}
