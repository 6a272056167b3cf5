// Finding a layout by name or path.

import Foundation

/// Where layouts are looked up: a path as given, else a shipped name, else
/// `$XDG_CONFIG_HOME/cardtable/layouts/NAME.toml` (`~/.config` when XDG_CONFIG_HOME is unset or not absolute).
public enum LayoutResolver {
    public static func resolve(_ nameOrPath: String, environment: [String: String]) -> LayoutLoadResult {
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
        let looksLikePath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".toml")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: nameOrPath, isDirectory: &isDirectory),
            !isDirectory.boolValue || looksLikePath
        {
            return LayoutLoader.load(path: nameOrPath)
        }
        if let shipped = ShippedLayouts.load(named: nameOrPath) {
            return shipped
        }
        var tried: [String] = []
        if !nameOrPath.contains("/"), let directory = userDirectory(environment: environment) {
            let file = nameOrPath.hasSuffix(".toml") ? nameOrPath : nameOrPath + ".toml"
            let path = directory + "/" + file
            if FileManager.default.fileExists(atPath: path) {
                return LayoutLoader.load(path: path)
            }
            tried.append(path)
        }
        if looksLikePath && tried.isEmpty {
            return failure("no such file")
        }
        var message = "no layout '\(nameOrPath)': not a file, not a shipped game or table"
        if let path = tried.first {
            message += ", and no \(path)"
        }
        if let suggestion = Suggestions.closest(to: nameOrPath, in: ShippedLayouts.names) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += "; 'cardtable list' shows the shipped ones"
        }
        return failure(message)
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
