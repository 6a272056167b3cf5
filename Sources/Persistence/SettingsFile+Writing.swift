import Layouts

/// Why settings were not written: the file does not parse, cannot be read or written, or has
/// no place for a setting (a `theme` that is not a table). One line, naming the file.
public struct SettingsWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

// Writing settings back into the player's file: only the values that change are touched, in
// place on their line (a comment after a value stays), and settings the file does not have
// yet are added where they belong (top-level keys after the last top-level key, theme keys in
// [theme]). Everything else, comments, blank lines, key order and unknown keys, is kept as it
// was. A file that does not parse is never rewritten.
extension SettingsFile {
    /// Changes the settings file at `path`: reads it, applies `change` to the settings it holds
    /// and writes back what changed (atomically). A missing file is made from ``template(_:)``.
    /// Returns the settings the file now holds.
    @discardableResult
    public static func update(_ path: String, _ change: (inout Settings) -> Void) throws(SettingsWriteError) -> Settings
    {
        let text: String
        switch readText(path) {
        case .success(let found): text = found ?? ""
        case .failure(let unreadable): throw SettingsWriteError(located(unreadable.diagnostic))
        }
        var settings = read(text: text, file: path).settings
        change(&settings)
        let rewritten = try rewrite(text, to: settings, file: path)
        if rewritten != text || text.isEmpty {
            do {
                try AtomicFile.write(rewritten, to: path)
            } catch {
                throw SettingsWriteError(error.description)
            }
        }
        return settings
    }

    /// `text` with `settings` written into it, changing only the values that differ from what
    /// the text says and adding the settings it lacks (when they differ from the default).
    /// Empty text gives ``template(_:)``. Throws, and nothing may be written, when the text is
    /// not TOML or a setting has no place in it.
    public static func rewrite(
        _ text: String, to settings: Settings, file: String, sizeLimit: Int = SettingsFile.sizeLimit
    ) throws(SettingsWriteError) -> String {
        if text.allSatisfy(\.isWhitespace) { return template(settings) }
        let syntax = TOMLSyntax(text)
        let parsed: (root: TOMLTable, index: SourceIndex)
        switch syntax.parse() {
        case .success(let result): parsed = result
        case .failure(let failure):
            let place = failure.position.map { "\(file):\($0.line):\($0.column)" } ?? file
            throw SettingsWriteError("\(place): \(failure.message)")
        }
        let current = read(text: text, file: file).settings
        let changed = Setting.allCases.filter { current.value(of: $0) != settings.value(of: $0) }
        var editor = SettingsTextEditor(syntax: syntax, root: parsed.root, index: parsed.index, file: file)
        try editor.write(changed, from: settings)
        let bom = text.unicodeScalars.first == "\u{FEFF}" ? "\u{FEFF}" : ""
        let result = bom + editor.text
        // The new text must read back as the settings asked for, or it is not written: within
        // the size a settings file is read at, first.
        guard result.utf8.count <= sizeLimit else {
            throw SettingsWriteError(
                "\(file): with the settings written, the file would be larger than the "
                    + "\(FileReading.describe(bytes: sizeLimit)) a settings file may be: not written")
        }
        guard case .success = TOMLSyntax(result).parse(), read(text: result, file: file).settings == settings else {
            throw SettingsWriteError("\(file): the settings could not be written into the file")
        }
        return result
    }

    /// A new settings file: every setting with its values in a comment.
    public static func template(_ settings: Settings) -> String {
        func line(_ setting: Setting, _ comment: String) -> String {
            let assignment = "\(setting.key) = \(settings.literal(of: setting))"
            return assignment.padding(toLength: max(assignment.count + 1, 24)) + "# " + comment + "\n"
        }
        let sizes = Placement.cardSizes.map(\.description).joined(separator: ", ")
        return "# CardTable settings (see cardtable-config(5)). Command-line options override them.\n\n"
            + line(.animation, "off, fast, normal, slow")
            + line(.autoplay, "off, safe, all")
            + line(.mouse, "drag, click (click a card, then a pile)")
            + line(.cardSize, "auto, or \(sizes)")
            + line(.winnable, "the status line says whether the game can still be won")
            + line(.winnableOnly, "new random deals only when the solver finds a win")
            + "\n[\(Setting.themeTable)]\n"
            + line(.background, "felt, terminal (the terminal's own background)")
            + line(.fourColour, "clubs green, diamonds blue")
            + line(.ascii, "letters for suits, +-| for lines")
    }

    /// A diagnostic as one line without its severity: `FILE:LINE:COL: message`.
    static func located(_ diagnostic: LayoutDiagnostic) -> String {
        let place = diagnostic.position.map { "\(diagnostic.file):\($0.line):\($0.column)" } ?? diagnostic.file
        return "\(place): \(diagnostic.message)"
    }
}

extension String {
    /// The string with spaces added up to `length` characters.
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

/// Edits a settings file's text in place, by scalar offsets from its ``SourceIndex`` (the
/// editing itself is Layouts' ``TOMLTextEditor``, which layout files are written with too).
struct SettingsTextEditor {
    private var editor: TOMLTextEditor
    private let root: TOMLTable
    private let file: String

    init(syntax: TOMLSyntax, root: TOMLTable, index: SourceIndex, file: String) {
        editor = TOMLTextEditor(syntax: syntax, index: index)
        self.root = root
        self.file = file
    }

    /// The text with every edit made.
    var text: String { editor.text }

    private var index: SourceIndex { editor.index }
    private var scalars: [Unicode.Scalar] { editor.scalars }

    /// Writes the values of `changed` settings: in place where the file has them, added
    /// where it does not.
    mutating func write(_ changed: [Setting], from settings: Settings) throws(SettingsWriteError) {
        var missingTop: [Setting] = []
        var missingTheme: [Setting] = []
        for setting in changed {
            let path = KeyPath.join(setting.table ?? "", setting.key)
            if let start = index.valueOffsets[path], let end = index.valueEnds[path], start <= end {
                editor.replace(start..<end, with: settings.literal(of: setting))
            } else if setting.table == nil {
                missingTop.append(setting)
            } else {
                missingTheme.append(setting)
            }
        }
        if !missingTop.isEmpty {
            editor.insertAtTop(missingTop.map { "\($0.key) = \(settings.literal(of: $0))" })
        }
        if !missingTheme.isEmpty { try addToTheme(missingTheme, from: settings) }
    }

    /// Theme keys go into the `[theme]` table, in whichever form the file has it: after its
    /// last key, inside its braces (`theme = { … }`), as dotted keys (`theme.ascii = true`), or
    /// in a new `[theme]` table at the end.
    private mutating func addToTheme(_ missing: [Setting], from settings: Settings) throws(SettingsWriteError) {
        let theme = Setting.themeTable
        let assignments = missing.map { "\($0.key) = \(settings.literal(of: $0))" }
        if let header = index.headerOffsets[theme] {
            let sectionEnd = index.headerOffsets.values.filter { $0 > header }.min() ?? scalars.count
            let offset = editor.startOfNextLine(after: editor.lastValueEnd(in: header..<sectionEnd) ?? header)
            editor.insert(editor.lines(assignments, at: offset), at: offset)
        } else if let start = index.valueOffsets[theme], let end = index.valueEnds[theme] {
            guard root[theme]?.table != nil, end - 1 > start, scalars[end - 1] == "}" else {
                let place = index.valuePosition(theme).map { "\(file):\($0.line):\($0.column)" } ?? file
                throw SettingsWriteError("\(place): theme is not a table, so \(missing[0].key) has no place")
            }
            var last = end - 2
            while last > start, scalars[last] == " " || scalars[last] == "\t" { last -= 1 }
            if last == start {
                editor.replace(start + 1..<end - 1, with: " " + assignments.joined(separator: ", ") + " ")
            } else {
                editor.insert(", " + assignments.joined(separator: ", "), at: last + 1)
            }
        } else if index.valueOffsets.keys.contains(where: { $0.hasPrefix(theme + ".") })
            && editor.lastValueEnd(in: 0..<(editor.firstHeader ?? scalars.count)) != nil
            && index.headerOffsets.keys.allSatisfy({ !$0.hasPrefix(theme + ".") })
        {
            editor.insertAtTop(missing.map { "\(theme).\($0.key) = \(settings.literal(of: $0))" })
        } else {
            let blank = scalars.isEmpty || editor.endsWithBlankLine ? [] : [""]
            editor.insert(editor.lines(blank + ["[\(theme)]"] + assignments, at: scalars.count), at: scalars.count)
        }
    }
}
