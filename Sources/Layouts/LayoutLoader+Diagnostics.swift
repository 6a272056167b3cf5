// Collecting errors and warnings, with positions that stay inside the file, in file order.

extension Loader {
    func clamp(_ position: SourcePosition?) -> SourcePosition? {
        guard let position else { return nil }
        let line = min(max(position.line, 1), lineCount)
        return SourcePosition(line: line, column: max(position.column, 1))
    }

    func error(_ message: String, at position: SourcePosition?, key: String?) {
        diagnostics.append(
            LayoutDiagnostic(file: file, position: clamp(position), keyPath: key, severity: .error, message: message))
    }

    func warning(_ message: String, at position: SourcePosition?, key: String?) {
        diagnostics.append(
            LayoutDiagnostic(file: file, position: clamp(position), keyPath: key, severity: .warning, message: message))
    }

    func result(layout: TableLayout?) -> LayoutLoadResult {
        // File order; diagnostics without a position keep their order, after the others.
        let sorted = diagnostics.enumerated().sorted { a, b in
            switch (a.element.position, b.element.position) {
            case (let pa?, let pb?): return pa != pb ? pa < pb : a.offset < b.offset
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element)
        let hasErrors = sorted.contains { $0.severity == .error }
        var result = LayoutLoadResult(
            layout: hasErrors ? nil : layout, diagnostics: LayoutDiagnostic.capped(sorted, file: file))
        result.scriptFile = scriptFile
        return result
    }

    func position(ofOffset offset: Int) -> SourcePosition {
        // The last line start <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourcePosition(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}
