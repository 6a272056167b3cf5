// Layout files (TOML) -> TableLayout, with compiler-style diagnostics.
//
// TOMLKit parses the text; SourceIndex finds where keys, values and map characters are written,
// since TOMLKit keeps no positions. Every check runs even after an error, so one load reports
// everything that is wrong; the layout is returned only when there is no error.
//
// This file is the public entry (limits, known keys, reading a file); the checks are done by `Loader`,
// in LayoutLoader+Loader.swift and its extensions beside it.

import Foundation

public enum LayoutLoader {
    /// Limits that keep a hand-written (or mangled) file from producing absurd tables.
    public static let maxSlots = 500
    public static let maxFanVisible = 104
    /// Slot positions must stay within this many card units of the origin.
    public static let maxCoordinate = 1000.0
    /// Largest `grid` cell and largest `offset`, in card units.
    public static let maxGrid = 10.0
    public static let maxOffset = 100.0

    /// Keys of the top-level table.
    public static let topLevelKeys = ["name", "title", "grid", "map", "slots", "slot", "game", "script"]
    /// Keys of a `[slots.X]` table (one map character's group).
    public static let groupKeys =
        [
            "name", "kind", "fan", "fan-visible", "capacity", "tap-to-create", "delete-on-drop", "label", "offset",
            "overlap",
        ] + rulesKeys
    /// Keys of a `[[slot]]` entry (one freely placed slot).
    public static let slotKeys =
        [
            "id", "group", "at", "kind", "fan", "fan-visible", "capacity", "tap-to-create", "delete-on-drop", "label",
            "overlap",
        ] + rulesKeys

    /// Loads a layout from text. `file` names it in diagnostics and gives the default `name`.
    /// `scripts` finds the script a layout names (beside the layout file unless told otherwise).
    public static func load(
        text: String, file: String, scripts: @escaping ScriptLookup = LayoutLoader.scriptBesideLayout
    ) -> LayoutLoadResult {
        let loader = Loader(text: text, file: file, scripts: scripts)
        let layout = loader.run()
        return loader.result(layout: layout)
    }

    /// Loads a layout file. A file that cannot be read gives an error diagnostic.
    public static func load(path: String) -> LayoutLoadResult {
        func failure(_ message: String, _ position: SourcePosition? = nil) -> LayoutLoadResult {
            LayoutLoadResult(
                layout: nil,
                diagnostics: [
                    LayoutDiagnostic(file: path, position: position, keyPath: nil, severity: .error, message: message)
                ]
            )
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return failure("no such file")
        }
        if isDirectory.boolValue {
            return failure("is a directory, not a layout file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return failure("cannot read the file (permission denied?)")
        }
        switch decodeUTF8(data) {
        case .success(let text):
            return load(text: text, file: path)
        case .failure(let bad):
            return failure("the file is not valid UTF-8", bad.position)
        }
    }

    package struct InvalidUTF8: Error {
        package var position: SourcePosition
    }

    /// Decodes UTF-8, or tells where the first invalid byte is.
    package static func decodeUTF8<Bytes: Sequence<UInt8>>(_ data: Bytes) -> Result<String, InvalidUTF8> {
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var text = String.UnicodeScalarView()
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                text.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return .success(String(text))
            case .error:
                return .failure(InvalidUTF8(position: SourcePosition(line: line, column: column)))
            }
        }
    }
}
