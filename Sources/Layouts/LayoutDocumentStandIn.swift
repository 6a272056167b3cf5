// A stand-in for LayoutDocument until the real one is merged: a new file only, written plainly.
// (Removed when LayoutDocument lands.)

public struct LayoutDocumentError: Error, CustomStringConvertible {
    public var diagnostics: [LayoutDiagnostic]
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

public struct LayoutDocument: Sendable {
    public let file: String
    public let text: String
    public let design: TableDesign

    public init(text: String, file: String) throws(LayoutDocumentError) {
        throw LayoutDocumentError(diagnostics: [
            LayoutDiagnostic(file: file, position: nil, keyPath: nil, severity: .error, message: "not yet")
        ])
    }

    public init(newFile file: String) {
        self.file = file
        text = ""
        design = TableDesign()
    }

    public func text(for design: TableDesign) -> String {
        func number(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
        var lines: [String] = []
        if design.grid != GridPoint(column: 1, row: 1) {
            lines.append("grid = [\(number(design.grid.column)), \(number(design.grid.row))]")
        }
        var cells: [Int: [Int: Unicode.Scalar]] = [:]
        for slot in design.slots {
            if case .cell(let row, let column) = slot.place, let c = slot.character {
                cells[row, default: [:]][column] = c
            }
        }
        if !cells.isEmpty {
            lines.append("map = \"\"\"")
            let rows = (cells.keys.max() ?? 0) + 1
            let columns = (cells.values.flatMap(\.keys).max() ?? 0) + 1
            for row in 0..<rows {
                lines.append((0..<columns).map { cells[row]?[$0].map { String($0) } ?? "." }.joined(separator: " "))
            }
            lines.append("\"\"\"")
        }
        for group in design.groups {
            lines.append("")
            lines.append("[slots.\(group.character)]")
            for setting in group.settings { lines.append("\(setting.key) = \(setting.value)") }
        }
        for slot in design.slots {
            guard case .free(let point) = slot.place else { continue }
            lines.append("")
            lines.append("[[slot]]")
            lines.append("at = [\(number(point.column)), \(number(point.row))]")
            for setting in slot.entry { lines.append("\(setting.key) = \(setting.value)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public func load(_ design: TableDesign) -> LayoutLoadResult {
        LayoutLoader.load(text: text(for: design), file: file)
    }
}
