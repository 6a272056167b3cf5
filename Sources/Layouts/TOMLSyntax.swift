// Reading TOML text safely, with positions: shared by layout files and the settings file.

/// TOML text made ready for checking: the parsed table (``TOMLParser``), and where every key and value is
/// written (``SourceIndex``). Text that the parser must not see (a NUL, the hazards the index
/// finds) or that goes over ``TOMLLimits`` is refused here and never handed to the parser.
package struct TOMLSyntax {
    /// The text without a leading byte order mark.
    package let text: String
    package let scalars: [Unicode.Scalar]
    /// Offsets (in scalars) where each line starts.
    package let lineStarts: [Int]

    package init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        var text = text
        if scalars.first == "\u{FEFF}" {
            scalars.removeFirst()
            text = String(scalars: scalars)
        }
        self.text = text
        self.scalars = scalars
        var starts = [0]
        for (offset, c) in scalars.enumerated() where c == "\n" { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// A syntax error: what is wrong (`TOML syntax: …`) and where, when the parser said.
    package struct Failure: Error {
        package var message: String
        package var position: SourcePosition?
    }

    /// The root table and the index of the text, or the first syntax error.
    package func parse() -> Result<(root: TOMLTable, index: SourceIndex), Failure> {
        if let nul = scalars.firstIndex(of: "\u{0}") {
            return .failure(
                Failure(message: "the file contains a NUL character (U+0000)", position: position(ofOffset: nul)))
        }
        if let mark = scalars.firstIndex(of: "\u{FEFF}") {
            return .failure(
                Failure(
                    message: "a byte order mark (U+FEFF) may only start the file, not be written here",
                    position: position(ofOffset: mark)))
        }
        let index = SourceIndex.scan(scalars)
        if let exceeded = index.exceeded {
            return .failure(
                Failure(message: exceeded.message, position: position(ofOffset: exceeded.offset)))
        }
        if let hazard = index.hazard {
            return .failure(
                Failure(message: "TOML syntax: " + hazard.message, position: position(ofOffset: hazard.offset)))
        }
        do {
            return .success((try TOMLParser.parse(scalars), index))
        } catch {
            return .failure(
                Failure(message: TOMLSyntax.message(error.message), position: position(ofOffset: error.offset)))
        }
    }

    /// The parser's message ("error while parsing X: detail"), its start lowercased, compiler style.
    package static func message(_ description: String) -> String {
        var message = description.trimmingBlanksAndLineBreaks()
        if message.isEmpty { return "TOML syntax error" }
        if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
            message = first.lowercased() + message.dropFirst()
        }
        return "TOML syntax: " + message
    }

    /// The line and column of a scalar offset.
    package func position(ofOffset offset: Int) -> SourcePosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourcePosition(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}
