// A layout's script: `script = "pyramid.lua"` at the top level names a Lua file beside the layout
// whose hooks change what the declarative rules would do (man/cardtable-lua.7). The layouts layer
// only finds and reads the file; the Scripting layer runs it.

import Foundation
import TOMLKit

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

    public init(_ message: String) { self.message = message }
}

extension LayoutLoader {
    /// The largest script a layout may name.
    public static let maxScriptBytes = 1 << 20

    /// Reads a script from the folder of the layout file (a relative name) or from where it says
    /// (an absolute one).
    public static let scriptBesideLayout: ScriptLookup = { name, layoutFile in
        let folder = (layoutFile as NSString).deletingLastPathComponent
        let path = name.hasPrefix("/") || folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ScriptLookupError("no script \(path) (a script's name is read beside the layout file)"))
        }
        if isDirectory.boolValue { return .failure(ScriptLookupError("\(path) is a directory, not a script")) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(ScriptLookupError("cannot read \(path) (permission denied?)"))
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxScriptBytes + 1)) ?? Data()
        if data.count > maxScriptBytes {
            return .failure(
                ScriptLookupError("\(path) is larger than \(maxScriptBytes >> 20) MB, the most a script may be"))
        }
        switch decodeUTF8(data) {
        case .success(let text): return .success(LayoutScript(name: name, file: path, source: text))
        case .failure(let bad):
            return .failure(ScriptLookupError("\(path):\(bad.position.line):\(bad.position.column): not valid UTF-8"))
        }
    }
}

extension Loader {
    /// The top-level `script`, found and read; `nil` without one (or with an error reported).
    func readScript(_ root: TOMLTable) -> LayoutScript? {
        guard let name = string(root, "script", parent: "") else { return nil }
        let at = index.valuePosition("script")
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            error("script must name a Lua file, such as \"pyramid.lua\"", at: at, key: "script")
            return nil
        }
        guard name.hasSuffix(".lua") else {
            error("script must name a Lua file ending in .lua, found \"\(name)\"", at: at, key: "script")
            return nil
        }
        switch scriptLookup(name, file) {
        case .success(let script): return script
        case .failure(let failure):
            error(failure.message, at: at, key: "script")
            return nil
        }
    }
}
