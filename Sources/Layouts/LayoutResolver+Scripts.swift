// Finding a variant's script, and the layout that runs it, for `cardtable check`.

#if canImport(Glibc)
    import Glibc
#endif

extension LayoutResolver {
    /// Where a script named on the command line is: the path as given when something is there
    /// (or the name has a `/`), else, for a name without a slash, that file in the player's
    /// layouts folder, where `cardtable copy` writes a game's script beside its layout.
    public static func locateScript(_ nameOrPath: String, environment: [String: String]) -> String {
        if nameOrPath.contains("/") || entryKind(nameOrPath) != nil { return nameOrPath }
        guard let directory = userDirectory(environment: environment) else { return nameOrPath }
        let inFolder = directory + "/" + nameOrPath
        return entryKind(inFolder) != nil ? inFolder : nameOrPath
    }

    /// The layout file beside a script that names it (`script = "pyramid.lua"`): `NAME.toml` for
    /// `NAME.lua` first, then any other layout file in the script's folder, in name order. `nil`
    /// when none does. Only regular files are read (LayoutLoader.load), each within its limit.
    public static func layoutBeside(script path: String) -> (file: String, result: LayoutLoadResult)? {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let stem = name.hasSuffix(".lua") ? String(name.dropLast(4)) : name
        let prefix = slash == nil ? "" : directory + "/"
        var candidates = [stem + ".toml"]
        candidates += tomlFiles(in: directory).filter { $0 != stem + ".toml" }
        for candidate in candidates {
            let file = prefix + candidate
            guard entryKind(file) == .other else { continue }
            // A cheap look first: only a file that mentions the script is loaded whole.
            guard
                case .success(let text) = LayoutLoader.readText(
                    path: file, what: "a layout file", limit: LayoutLoader.maxFileBytes),
                text.contains(name)
            else { continue }
            let loaded = LayoutLoader.load(text: text, file: file)
            if loaded.layout?.script?.name == name { return (file, loaded) }
        }
        return nil
    }

    /// The names of the `.toml` files in a folder, sorted; none when it cannot be read.
    private static func tomlFiles(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".toml") { names.append(name) }
        }
        return names.sorted()
    }
}
