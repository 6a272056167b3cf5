import Layouts
import Solitaire

extension PositionText {
    /// How a position is written.
    public enum Format: String, CaseIterable, Sendable {
        /// CardTable's own (``PositionText``), for every game.
        case text
        /// FreeCell Solver's board (``FreeCellBoard``), for FreeCell and its kin.
        case fcSolve = "fc-solve"

        /// The format of a position's text: a board when its first line (blank lines and `#`
        /// comments aside) begins with `Foundations:`, `Founds:`, `Freecells:`, `FC:`, a `:` or a
        /// card; the text format otherwise.
        public static func detect(_ text: String) -> Format {
            var line: [Unicode.Scalar] = []
            for scalar in text.unicodeScalars {
                if scalar != "\n" {
                    line.append(scalar)
                    continue
                }
                if let format = format(ofFirstLine: line) { return format }
                line.removeAll(keepingCapacity: true)
            }
            return format(ofFirstLine: line) ?? .text
        }

        /// The format a line says, or `nil` when it is blank or a comment.
        static func format(ofFirstLine scalars: [Unicode.Scalar]) -> Format? {
            let line = PositionLine(number: 1, scalars: scalars)
            guard let start = line.firstWordIndex, scalars[start] != "#" else { return nil }
            guard let word = line.tokens(from: start).first?.text else { return nil }
            let labels = ["foundations:", "founds:", "freecells:", "fc:"]
            if labels.contains(word.lowercased()) || word.hasPrefix(":")
                || PositionText.card(word, faceDown: false, aceAsOne: true) != nil
            {
                return .fcSolve
            }
            return .text
        }
    }

    /// Reads a position in the format its text is written in (``Format/detect(_:)``).
    public static func parseAnyFormat(_ text: String, layout: TableLayout, file: String) -> Result<
        GameState, PositionErrors
    > {
        switch Format.detect(text) {
        case .text: parse(text, layout: layout, file: file)
        case .fcSolve: FreeCellBoard.parse(text, layout: layout, file: file)
        }
    }

    /// Reads a position file in either format: the position, or the problems, one a line (a file
    /// that cannot be read, or is larger than ``sizeLimit``, is one of them).
    public static func load(_ path: String, layout: TableLayout) -> Result<GameState, PositionErrors> {
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(path, limit: sizeLimit, what: "a position file")
        } catch {
            return .failure(PositionErrors(file: path, message: error.reason))
        }
        guard let bytes else { return .failure(PositionErrors(file: path, message: "no such file")) }
        switch TextDecoding.decode(bytes) {
        case .success(let text):
            return parseAnyFormat(text, layout: layout, file: path)
        case .failure(let problem):
            var errors = PositionErrors(file: path)
            errors.add(problem.message, at: problem.position)
            return .failure(errors)
        }
    }
}
