// The loader of one layout text: the text's lines, the order of the passes, syntax errors.
//
// Its work is spread over extensions by concern: +Diagnostics (messages and positions),
// +Values (keys and typed values), +Settings (reading [slots.X] groups and [[slot]] entries),
// +Map (the map's characters), +Build (placing slots, ids, overlaps) and +Suggestions ("did you mean").

final class Loader {
    let file: String
    /// The text, its scalars and its lines (shared with the index, not copied).
    let syntax: TOMLSyntax
    let text: String
    let scalars: [Unicode.Scalar]
    /// Offsets (in scalars) where each line starts.
    let lineStarts: [Int]
    var index = SourceIndex()
    var diagnostics: [LayoutDiagnostic] = []
    /// Finds the script the layout names.
    let scriptLookup: ScriptLookup
    /// The layout names a script (`script = …` at the top level), which may deal the cards itself.
    var namesScript = false
    /// The script's file, read or looked for (for a watcher to follow).
    var scriptFile: String?

    init(text: String, file: String, scripts: @escaping ScriptLookup = LayoutLoader.scriptBesideLayout) {
        self.scriptLookup = scripts
        syntax = TOMLSyntax(text)
        self.file = file
        self.text = syntax.text
        self.scalars = syntax.scalars
        self.lineStarts = syntax.lineStarts
    }

    var lineCount: Int { lineStarts.count }

    /// Checks the text and builds the layout; `nil` when the text cannot be read as TOML at all.
    func run() -> TableLayout? {
        switch syntax.parse() {
        case .failure(let failure):
            error(failure.message, at: failure.position, key: nil)
            return nil
        case .success(let parsed):
            index = parsed.index
            return build(parsed.root)
        }
    }
}
