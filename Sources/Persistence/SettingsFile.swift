import Layouts

/// What reading a settings file gave: the settings (a default for every one that is missing or
/// wrong) and what was wrong, compiler style (`config.toml:3:13: error: …`).
public struct SettingsLoadResult: Sendable {
    public var settings: Settings
    /// Errors (a value that cannot be used, a file that is not TOML or cannot be read) and
    /// warnings (an unknown key), in file order.
    public var diagnostics: [LayoutDiagnostic]
    /// Whether there was a file: a missing one is no error, it means the defaults.
    public var fileExists: Bool

    public init(settings: Settings, diagnostics: [LayoutDiagnostic], fileExists: Bool) {
        self.settings = settings
        self.diagnostics = diagnostics
        self.fileExists = fileExists
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// The settings file, `config.toml` (see ``Settings`` for its keys): read leniently, since a
/// bad setting must never keep the game from starting, and written back keeping the player's
/// comments and layout (SettingsFile+Writing.swift).
///
/// - A missing file: the defaults, silently.
/// - A file that cannot be read, is not UTF-8 or not TOML at all: one error, the defaults.
/// - A value of the wrong type or unknown: an error, and that setting's default.
/// - An unknown key: a warning, with the key it was probably meant to be.
public enum SettingsFile {
    /// Larger files are refused (a settings file is a few hundred bytes).
    public static let sizeLimit = 1 << 20

    /// Reads settings from text; `file` names it in diagnostics.
    public static func read(text: String, file: String) -> SettingsLoadResult {
        var reader = SettingsReader(file: file)
        let settings = reader.read(TOMLSyntax(text))
        return SettingsLoadResult(settings: settings, diagnostics: reader.sortedDiagnostics, fileExists: true)
    }

    /// Reads the settings file at `path`: the defaults with no diagnostic when there is none.
    public static func load(path: String) -> SettingsLoadResult {
        switch readText(path) {
        case .success(let text?): return read(text: text, file: path)
        case .success(nil): return SettingsLoadResult(settings: Settings(), diagnostics: [], fileExists: false)
        case .failure(let unreadable):
            var failed = unreadable.diagnostic
            failed.message += "; " + SettingsReader.allDefaults
            return SettingsLoadResult(settings: Settings(), diagnostics: [failed], fileExists: true)
        }
    }

    /// The file's text; `nil` when it does not exist; an error when it cannot be read or is not
    /// UTF-8.
    static func readText(_ path: String) -> Result<String?, Unreadable> {
        func failure(_ message: String, _ position: SourcePosition? = nil) -> Result<String?, Unreadable> {
            .failure(
                Unreadable(
                    diagnostic: LayoutDiagnostic(
                        file: path, position: position, keyPath: nil, severity: .error, message: message)))
        }
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(path, limit: sizeLimit, what: "a settings file")
        } catch {
            return failure("cannot read the file: \(error.reason)")
        }
        guard let bytes else { return .success(nil) }
        switch TextDecoding.decode(bytes) {
        // The byte order mark is kept, so that writing the file back keeps it too.
        case .success(let text): return .success(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? "\u{FEFF}" + text : text)
        case .failure(let problem): return failure(problem.message, problem.position)
        }
    }
}

/// A settings file that cannot be read, or is not UTF-8.
struct Unreadable: Error {
    var diagnostic: LayoutDiagnostic
}

/// Reads the settings out of a parsed file, noting every problem.
struct SettingsReader {
    let file: String
    var diagnostics: [LayoutDiagnostic] = []
    var index = SourceIndex()

    static let allDefaults = "every setting takes its default"

    init(file: String) { self.file = file }

    /// Errors and warnings in file order (those without a position last).
    var sortedDiagnostics: [LayoutDiagnostic] {
        let sorted = diagnostics.enumerated().sorted { a, b in
            switch (a.element.position, b.element.position) {
            case (let pa?, let pb?): return pa != pb ? pa < pb : a.offset < b.offset
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element)
        return LayoutDiagnostic.capped(sorted, file: file)
    }

    mutating func read(_ syntax: TOMLSyntax) -> Settings {
        let root: TOMLTable
        switch syntax.parse() {
        case .failure(let failure):
            note(.error, failure.message + "; " + SettingsReader.allDefaults, at: failure.position, key: nil)
            return Settings()
        case .success(let parsed):
            root = parsed.root
            index = parsed.index
        }
        var settings = Settings()
        let topSettings = Setting.allCases.filter { $0.table == nil }
        let themeSettings = Setting.allCases.filter { $0.table == Setting.themeTable }
        checkKeys(of: root, path: "", known: topSettings.map(\.key) + [Setting.themeTable], elsewhere: themeSettings)
        for setting in topSettings { read(setting, from: root, into: &settings) }
        if let theme = root[Setting.themeTable] {
            if let table = theme.table {
                checkKeys(of: table, path: Setting.themeTable, known: themeSettings.map(\.key), elsewhere: topSettings)
                for setting in themeSettings { read(setting, from: table, into: &settings) }
            } else {
                let keys = themeSettings.map(\.key).joined(separator: ", ")
                note(
                    .error,
                    "theme must be a table ([theme] with \(keys)), found \(describe(theme)); "
                        + "every theme setting takes its default",
                    at: index.valuePosition(Setting.themeTable), key: Setting.themeTable)
            }
        }
        return settings
    }

    /// One setting's value, or an error and its default.
    mutating func read(_ setting: Setting, from table: TOMLTable, into settings: inout Settings) {
        guard let value = table[setting.key] else { return }
        let path = KeyPath.join(setting.table ?? "", setting.key)
        let position = index.valuePosition(path)
        let fallback = "; using the default, \(Settings().literal(of: setting))"
        if setting.isBoolean {
            guard value.type == .bool, let flag = value.bool else {
                note(
                    .error, "\(setting.key) must be true or false, found \(describe(value))" + fallback, at: position,
                    key: path)
                return
            }
            settings.set(setting, to: String(flag))
            return
        }
        let shown = setting.choices.joined(separator: ", ")
        guard value.type == .string, let text = value.string else {
            let expected =
                setting == .cardSize ? "a string (\"auto\" or a size such as \"9x7\")" : "a string (\(shown))"
            note(
                .error, "\(setting.key) must be \(expected), found \(describe(value))" + fallback, at: position,
                key: path)
            return
        }
        if settings.set(setting, to: text) { return }
        var message = "unknown \(setting.key) \(quote(text))"
        if let suggestion = Suggestions.closest(to: text, in: setting.choices) {
            message += "; did you mean \(quote(suggestion))?"
        }
        note(.error, message + " (\(shown))" + fallback, at: position, key: path)
    }

    /// Warns about each key that is not a setting of this table.
    mutating func checkKeys(of table: TOMLTable, path: String, known: [String], elsewhere: [Setting]) {
        // Each key's place looked up once, not at every comparison.
        let keys = table.keys.map { (index.order[KeyPath.join(path, $0)] ?? .max, $0) }.sorted(by: <).map(\.1)
        for key in keys where !known.contains(key) {
            let keyPath = KeyPath.join(path, key)
            var message = "unknown key '\(key)'" + (path.isEmpty ? "" : " in [\(path)]")
            if let suggestion = Suggestions.closest(to: key, in: known) {
                message += "; did you mean '\(suggestion)'?"
            } else if let setting = elsewhere.first(where: { $0.key == key }) {
                message +=
                    setting.table.map { "; '\(key)' belongs in [\($0)]" }
                    ?? "; '\(key)' belongs at the top of the file, before any [table]"
            } else {
                message += " (known keys: \(known.joined(separator: ", ")))"
            }
            note(.warning, message, at: index.keyPosition(keyPath), key: keyPath)
        }
    }

    mutating func note(
        _ severity: LayoutDiagnostic.Severity, _ message: String, at position: SourcePosition?, key: String?
    ) {
        diagnostics.append(
            LayoutDiagnostic(file: file, position: position, keyPath: key, severity: severity, message: message))
    }

    func describe(_ value: TOMLValue) -> String {
        switch value.type {
        case .string: "a string (\(quote(value.string ?? "")))"
        case .int: "an integer (\(value.int.map(String.init) ?? "?"))"
        case .double: "a float (\(value.double.map { String($0) } ?? "?"))"
        case .bool: "a boolean (\(value.bool.map(String.init) ?? "?"))"
        case .array: "an array"
        case .table: "a table"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        }
    }

    /// A value in quotes, cut short when long.
    func quote(_ text: String) -> String {
        let limit = 24
        return KeyPath.quoted(text.count > limit ? String(text.prefix(limit)) + "…" : text)
    }
}
