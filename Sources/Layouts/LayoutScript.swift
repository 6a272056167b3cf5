// A layout's script: `script = "pyramid.lua"` at the top level names a Lua file beside the layout
// whose hooks change what the declarative rules would do (man/cardtable-lua.7). The layouts layer
// only finds and reads the file; the Scripting layer runs it.

/// The script a layout names, read.
public struct LayoutScript: Hashable, Sendable {
    /// As the layout wrote it (`"pyramid.lua"`).
    public var name: String
    /// Where it was read from, as messages name it: a path beside the layout file, or
    /// `layouts/pyramid.lua` for a shipped one.
    public var file: String
    /// The script's text.
    public var source: String

    public init(name: String, file: String, source: String) {
        self.name = name
        self.file = file
        self.source = source
    }
}

/// Finds a script a layout names: its file name for messages and its text, or why not.
public typealias ScriptLookup =
    @Sendable (_ name: String, _ layoutFile: String) -> Result<LayoutScript, ScriptLookupError>

/// Why a script could not be read.
public struct ScriptLookupError: Error, Hashable, Sendable {
    public var message: String
    /// The file that was looked for, when there is one on disk to look for.
    public var file: String?

    public init(_ message: String, file: String? = nil) {
        self.message = message
        self.file = file
    }
}

extension LayoutLoader {
    /// The largest script a layout may name.
    public static let maxScriptBytes = 1 << 20

    /// Reads a script from the folder of the layout file (a relative name) or from where it says
    /// (an absolute one): a regular file of at most ``maxScriptBytes``, in UTF-8.
    public static let scriptBesideLayout: ScriptLookup = { name, layoutFile in
        let folder = PathNames.folder(of: layoutFile)
        let path = name.hasPrefix("/") || folder.isEmpty ? name : PathNames.join(folder, name)
        return readScript(path: path, name: name)
    }

    /// The script at `path`, or why it cannot be read: `PATH is …` or `PATH:LINE:COL: …`.
    public static func readScript(path: String, name: String) -> Result<LayoutScript, ScriptLookupError> {
        switch FileReading.read(path, limit: maxScriptBytes) {
        case .failure(.missing):
            return .failure(
                ScriptLookupError("no script \(path) (a script's name is read beside the layout file)", file: path))
        case .failure(.directory):
            return .failure(ScriptLookupError("\(path) is a directory, not a script", file: path))
        case .failure(let failure):
            return .failure(ScriptLookupError("\(path): \(failure.reason(what: "a script"))", file: path))
        case .success(let bytes):
            switch TextDecoding.decode(bytes) {
            case .success(let text): return .success(LayoutScript(name: name, file: path, source: text))
            case .failure(let problem):
                return .failure(
                    ScriptLookupError(
                        "\(path):\(problem.position.line):\(problem.position.column): \(problem.message)", file: path))
            }
        }
    }
}

extension Loader {
    /// The top-level `script`, found and read; `nil` without one (or with an error reported).
    func readScript(_ root: TOMLTable) -> LayoutScript? {
        guard let name = string(root, "script", parent: "") else { return nil }
        let at = index.valuePosition("script")
        guard !name.trimmingBlanks().isEmpty else {
            error("script must name a Lua file, such as \"pyramid.lua\"", at: at, key: "script")
            return nil
        }
        guard name.hasSuffix(".lua") else {
            error("script must name a Lua file ending in .lua, found \"\(name)\"", at: at, key: "script")
            return nil
        }
        switch scriptLookup(name, file) {
        case .success(let script):
            scriptFile = script.file
            return script
        case .failure(let failure):
            scriptFile = failure.file
            error(failure.message, at: at, key: "script")
            return nil
        }
    }
}
