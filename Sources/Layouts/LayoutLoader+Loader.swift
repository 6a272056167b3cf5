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

    init(text: String, file: String) {
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
        if let nul = scalars.firstIndex(of: "\u{0}") {
            error("the file contains a NUL character", at: position(ofOffset: nul), key: nil)
            return nil
        }
        index = SourceIndex.scan(scalars)
        if let hazard = index.hazard {
            error("TOML syntax: " + hazard.message, at: position(ofOffset: hazard.offset), key: nil)
            return nil
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let parseError as TOMLParseError {
            let begin = parseError.source.begin
            error(
                syntaxMessage(parseError.description), at: SourcePosition(line: begin.line, column: begin.column),
                key: nil)
            return nil
        } catch {
            self.error("cannot parse the file: \(error)", at: nil, key: nil)
            return nil
        }
        return build(root)
    }

    func syntaxMessage(_ description: String) -> String {
        // toml++ says "Error while parsing X: detail"; keep it but lowercase the start, compiler style.
        var message = description.trimmingCharacters(in: .whitespacesAndNewlines)
        if message.isEmpty { return "TOML syntax error" }
        if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
            message = first.lowercased() + message.dropFirst()
        }
        return "TOML syntax: " + message
    }
}
