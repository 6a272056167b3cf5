// The loader of one layout text: the text's lines, the order of the passes, syntax errors.
//
// Its work is spread over extensions by concern: +Diagnostics (messages and positions),
// +Values (keys and typed values), +Settings (reading [slots.X] groups and [[slot]] entries),
// +Map (the map's characters), +Build (placing slots, ids, overlaps) and +Suggestions ("did you mean").

import Foundation
import TOMLKit

final class Loader {
    let file: String
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

    init(text: String, file: String, scripts: @escaping ScriptLookup = LayoutLoader.scriptBesideLayout) {
        self.scriptLookup = scripts
        var scalars = Array(text.unicodeScalars)
        var text = text
        if scalars.first == "\u{FEFF}" {
            scalars.removeFirst()
            text = String(String.UnicodeScalarView(scalars))
        }
        self.file = file
        self.text = text
        self.scalars = scalars
        var starts = [0]
        for (offset, c) in scalars.enumerated() where c == "\n" {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

    var lineCount: Int { lineStarts.count }

    /// Checks the text and builds the layout; `nil` when the text cannot be read as TOML at all.
    func run() -> TableLayout? {
        switch TOMLSyntax(text).parse() {
        case .failure(let failure):
            error(failure.message, at: failure.position, key: nil)
            return nil
        case .success(let parsed):
            index = parsed.index
            return build(parsed.root)
        }
    }
}
