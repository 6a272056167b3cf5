// Finding a layout by name or path.

#if canImport(Glibc)
    import Glibc
#endif

/// Where layouts are looked up. A bare name (no `/`, not ending in `.toml`) is a game: a shipped
/// one, else `$XDG_CONFIG_HOME/cardtable/layouts/NAME.toml` (`~/.config` when XDG_CONFIG_HOME
/// is unset or not absolute), never a file in the current folder, so that a file planted there
/// (`./klondike`) cannot take the place of the game the player named. A path (with a `/`, such
/// as `./klondike`, or ending in `.toml`) is a file: the path as given, else, for `NAME.toml`,
/// that file in the player's layouts folder.
public enum LayoutResolver {
    /// Where a name or path leads.
    public enum Location: Hashable, Sendable {
        /// A file to read: the path as given, or one in the player's layouts folder.
        case file(String)
        /// A shipped layout, by name.
        case shipped(String)
        /// Nowhere: the user-folder file that was looked for, if one was.
        case nowhere(tried: String?)
    }

    public static func resolve(_ nameOrPath: String, environment: [String: String]) -> LayoutLoadResult {
        load(nameOrPath, from: locate(nameOrPath, environment: environment))
    }

    /// The layout a name or path leads to, from where ``locate(_:environment:)`` found it.
    public static func load(_ nameOrPath: String, from location: Location) -> LayoutLoadResult {
        func failure(_ message: String) -> LayoutLoadResult {
            LayoutLoadResult(
                layout: nil,
                diagnostics: [
                    LayoutDiagnostic(file: nameOrPath, position: nil, keyPath: nil, severity: .error, message: message)
                ]
            )
        }
        if nameOrPath.isEmpty {
            return failure("no layout named: give a shipped name ('cardtable list' shows them) or a file")
        }
        switch location {
        case .file(let path):
            return LayoutLoader.load(path: path)
        case .shipped(let name):
            if let shipped = ShippedLayouts.load(named: name) { return shipped }
            return failure("no shipped layout '\(name)'")
        case .nowhere(let tried):
            if looksLikePath(nameOrPath) && tried == nil {
                return failure("no such file")
            }
            let bare = !looksLikePath(nameOrPath)
            var message = "no layout '\(nameOrPath)': " + (bare ? "" : "not a file, ") + "not a shipped game or table"
            if let path = tried {
                message += ", and no \(path)"
            }
            if bare, entryKind(nameOrPath) != nil {
                message += "; a file in this folder is a layout only as a path: ./\(nameOrPath)"
            }
            if let suggestion = Suggestions.closest(to: nameOrPath, in: ShippedLayouts.names) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; 'cardtable list' shows the shipped ones"
            }
            return failure(message)
        }
    }

    /// Where a name or path leads. A path (``looksLikePath(_:)``): the file at the path as given,
    /// else the file of that name in the player's layouts folder. A bare name: a shipped layout,
    /// else the file in the player's layouts folder; never a file in the current folder. Anything
    /// at a path counts, even a folder, a FIFO or a broken link, so that reading it says what is
    /// wrong with it.
    public static func locate(_ nameOrPath: String, environment: [String: String]) -> Location {
        guard !nameOrPath.isEmpty else { return .nowhere(tried: nil) }
        if looksLikePath(nameOrPath) {
            if entryKind(nameOrPath) != nil { return .file(nameOrPath) }
        } else if ShippedLayouts.source(named: nameOrPath) != nil {
            return .shipped(nameOrPath)
        }
        guard let path = userFile(nameOrPath, environment: environment) else { return .nowhere(tried: nil) }
        return entryKind(path) != nil ? .file(path) : .nowhere(tried: path)
    }

    /// Every file whose appearance, change or removal can change what `nameOrPath` leads to:
    /// the path as given (for a path) and the file of that name in the player's layouts folder.
    public static func candidateFiles(_ nameOrPath: String, environment: [String: String]) -> [String] {
        guard !nameOrPath.isEmpty else { return [] }
        let given = looksLikePath(nameOrPath) ? [nameOrPath] : []
        return given + (userFile(nameOrPath, environment: environment).map { [$0] } ?? [])
    }

    /// `NAME.toml` in the player's layouts folder, for a name without a slash.
    static func userFile(_ name: String, environment: [String: String]) -> String? {
        guard !name.contains("/"), let directory = userDirectory(environment: environment) else { return nil }
        return directory + "/" + (name.hasSuffix(".toml") ? name : name + ".toml")
    }

    /// A path, not a game's name: it has a `/` (`./klondike`, `layouts/x.toml`) or ends in `.toml`.
    public static func looksLikePath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".toml")
    }

    enum EntryKind { case directory, other }

    /// What is at a path, not following a final symbolic link that leads nowhere; nil when nothing
    /// is. A path that cannot be looked at (a folder on the way the player may not search, a
    /// link loop) may hold a file: it counts, and reading it says why it cannot be read, where
    /// "no such file" was untrue.
    static func entryKind(_ path: String) -> EntryKind? {
        var status = stat()
        if stat(path, &status) == 0 { return status.st_mode & S_IFMT == S_IFDIR ? .directory : .other }
        if lstat(path, &status) == 0 { return .other }
        return errno == ENOENT || errno == ENOTDIR ? nil : .other
    }

    /// `$XDG_CONFIG_HOME/cardtable/layouts`, or `$HOME/.config/cardtable/layouts`; `nil` when neither is set.
    public static func userDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return trimmed(xdg) + "/cardtable/layouts"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return trimmed(home) + "/.config/cardtable/layouts"
        }
        return nil
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : path
    }
}
