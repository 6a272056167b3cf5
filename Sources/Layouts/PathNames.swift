// File paths as text, with the standard library alone (the program does not link Foundation):
// the parts of a path that the layout loader, the script lookup and `cardtable copy` need, with
// the meaning `NSString`'s path methods give them.

package enum PathNames {
    /// A message with each absolute path in it (from a `/` that begins a word, across spaces in
    /// its folders' names) named by its last component, for a status line: `cannot save: /home/ann/.local/state/cardtable/saves/
    /// klondike-1f3a.save: No space left on device` → `cannot save: klondike-1f3a.save: No space
    /// left on device`. The whole message is said again, paths and all, on the way out.
    package static func namingFilesByName(_ message: String) -> String {
        var result = ""
        var rest = Substring(message)
        while let slash = rest.firstIndex(of: "/") {
            let before = rest[..<slash]
            guard before.isEmpty || before.last == " " || before.last == "(" else {
                result += rest[...slash]
                rest = rest[rest.index(after: slash)...]
                continue
            }
            result += before
            // The path runs to a colon, semicolon or comma that ends it, or to a space that is
            // followed by a word without a slash: a folder's name may hold spaces
            // (`/home/ann/My Games/saves/k.save`), the words after the path do not hold slashes.
            var end = slash
            while end < rest.endIndex {
                let next = rest.index(after: end)
                if rest[end] == " " {
                    let word = rest[next...].prefix { $0 != " " }
                    guard !word.hasPrefix("/"), word.contains("/") else { break }
                } else if ":;,)".contains(rest[end]), next == rest.endIndex || rest[next] == " " {
                    break
                }
                end = next
            }
            let path = String(rest[slash..<end])
            result += path.dropFirst().contains("/") ? lastComponent(path) : path
            rest = rest[end...]
        }
        return result + rest
    }

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
