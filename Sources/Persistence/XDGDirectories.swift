/// Where CardTable keeps its files, by the XDG Base Directory specification: a variable that is
/// unset, empty or not an absolute path counts as unset, and its default under `$HOME` is used.
///
/// - saves: `$XDG_STATE_HOME/cardtable` (`~/.local/state/cardtable`)
/// - statistics: `$XDG_DATA_HOME/cardtable` (`~/.local/share/cardtable`)
/// - settings: `$XDG_CONFIG_HOME/cardtable` (`~/.config/cardtable`)
public struct XDGDirectories: Hashable, Sendable {
    /// Saved games (`…/cardtable`, its `saves` folder inside).
    public var state: String
    /// Statistics.
    public var data: String
    /// Settings (`config.toml`) and the player's own layouts.
    public var config: String

    public init(state: String, data: String, config: String) {
        self.state = state
        self.data = data
        self.config = config
    }

    /// The folders for an environment; `nil` when neither the XDG variables nor `HOME` say
    /// where (nothing can then be kept).
    public init?(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? Self.trimmed($0) : nil }
        func base(_ variable: String, _ fallback: String) -> String? {
            if let value = environment[variable], value.hasPrefix("/") { return Self.trimmed(value) }
            return home.map { $0 + "/" + fallback }
        }
        guard let state = base("XDG_STATE_HOME", ".local/state"), let data = base("XDG_DATA_HOME", ".local/share"),
            let config = base("XDG_CONFIG_HOME", ".config")
        else { return nil }
        self.init(state: state + "/cardtable", data: data + "/cardtable", config: config + "/cardtable")
    }

    /// The settings file.
    public var settingsFile: String { config + "/config.toml" }

    /// A path without trailing slashes (`/` stays `/` and joins as the empty prefix).
    static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : path
    }
}
