// Layout files (TOML) -> TableLayout, with compiler-style diagnostics.
//
// TOMLParser parses the text; SourceIndex finds where keys, values and map characters are written,
// since the parser keeps no positions. Every check runs even after an error, so one load reports
// everything that is wrong; the layout is returned only when there is no error.
//
// This file is the public entry (limits, known keys, reading a file); the checks are done by `Loader`,
// in LayoutLoader+Loader.swift and its extensions beside it.

public enum LayoutLoader {
    /// The largest layout file read, in bytes: 1 MB (a shipped layout is under 3 KB).
    public static let maxFileBytes = 1 << 20
    /// Limits that keep a hand-written (or mangled) file from producing absurd tables.
    public static let maxSlots = 500
    /// The most characters a layout's `name` and `title` may have: each is written with every
    /// game's result in the statistics, and shown on one line.
    public static let maxNameCharacters = 100
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

    /// Loads a layout file. A file that cannot be read (missing, a folder, a FIFO or a device, a
    /// symbolic link loop, larger than ``maxFileBytes``) or is not UTF-8 text gives an error
    /// diagnostic; nothing but a regular file is opened, and no more than the limit is read.
    public static func load(path: String) -> LayoutLoadResult {
        switch readText(path: path, what: "a layout file", limit: maxFileBytes) {
        case .success(let text): load(text: text, file: path)
        case .failure(let diagnostic): LayoutLoadResult(layout: nil, diagnostics: [diagnostic])
        }
    }

    /// The text of a file the player wrote, or the one diagnostic that says why not
    /// (`FILE: error: not a regular file (a FIFO)`, `FILE:3:7: error: the file is not valid UTF-8`).
    /// `what` names the kind of file in the messages ("a layout file").
    public static func readText(path: String, what: String, limit: Int) -> Result<String, LayoutDiagnostic> {
        func failure(_ message: String, _ position: SourcePosition? = nil) -> Result<String, LayoutDiagnostic> {
            .failure(LayoutDiagnostic(file: path, position: position, keyPath: nil, severity: .error, message: message))
        }
        switch FileReading.read(path, limit: limit) {
        case .failure(let failure):
            return .failure(
                LayoutDiagnostic(
                    file: path, position: nil, keyPath: nil, severity: .error, message: failure.reason(what: what)))
        case .success(let bytes):
            switch TextDecoding.decode(bytes) {
            case .success(let text): return .success(text)
            case .failure(let problem): return failure(problem.message, problem.position)
            }
        }
    }
}
