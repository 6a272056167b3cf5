/// An option a script offers the player (its `options` table): `draw`, "Cards turned from the
/// stock", one of 1 or 3, 1 by default.
public struct ScriptOption: Hashable, Sendable {
    public var name: String
    public var text: String
    /// The values it may take; empty means any text.
    public var values: [String]
    public var defaultValue: String

    /// The most bytes a name, text, default or value may have: the script's own (the sandbox's
    /// `OPTION_FIELD_LIMIT`) and the player's, given with `--option NAME=VALUE` for an option
    /// of any text.
    public static let longestField = 200

    /// The most bytes the script is given for an option of any text from a save: a save
    /// written before the player's value was held to ``longestField`` holds what they typed,
    /// at most one command-line argument (Linux's `MAX_ARG_STRLEN`, 128 KiB), and resumes.
    public static let longestSavedValue = 131_072

    public init(name: String, text: String, values: [String], defaultValue: String) {
        self.name = name
        self.text = text
        self.values = values
        self.defaultValue = defaultValue
    }

    /// Reads the sandbox's lines: "name\tdefault\ttext\tvalue|value\n".
    static func parse(_ lines: String) -> [ScriptOption] {
        lines.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { return nil }
            let values = fields[3].isEmpty ? [] : fields[3].split(separator: "|").map(String.init)
            return ScriptOption(name: fields[0], text: fields[2], values: values, defaultValue: fields[1])
        }
    }
}
