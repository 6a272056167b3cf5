// File paths as text, with the standard library alone (the program does not link Foundation):
// the parts of a path that the layout loader, the script lookup and `cardtable copy` need, with
// the meaning `NSString`'s path methods give them.

package enum PathNames {
    /// The last component: `"a/b.toml"` → `"b.toml"`, `"a/b/"` → `"b"`, `"/"` → `"/"`.
    package static func lastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path without its last component: `"a/b.toml"` → `"a"`, `"b.toml"` → `""`,
    /// `"/b.toml"` → `"/"`.
    package static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// `name` inside `folder`: `("a", "b")` → `"a/b"`, `("a/", "b")` → `"a/b"`, `("", "b")` → `"b"`.
    package static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
