import CScriptSandbox

/// A script's syntax error: Lua gives the line and the token it stopped at ("near 'x'"); the
/// column is where that token is in the line (1 when it cannot be found, as at the end of the file).
struct SyntaxError {
    let line: Int
    let column: Int
    /// Lua's message without its place: "'=' expected near 'x'".
    let message: String

    /// The error of `source`, or nil when it compiles.
    init?(source: String) {
        guard let text = SyntaxError.compile(source) else { return nil }
        // "script:12: message"
        let afterName = text.dropFirst(SyntaxError.chunkName.count + 1)
        let digits = afterName.prefix(while: \.isNumber)
        line = Int(digits) ?? 1
        message = String(afterName.dropFirst(digits.count).drop { $0 == ":" || $0 == " " })
        column = SyntaxError.column(of: message, line: line, in: source)
    }

    /// How messages name the chunk while compiling (the file is named by the diagnostic).
    static let chunkName = "script"

    /// Lua's message when `source` does not compile, else nil.
    static func compile<Text: StringProtocol>(_ source: Text) -> String? {
        var bytes = Array(source.utf8)
        bytes.append(0)
        var error = [CChar](repeating: 0, count: 1024)
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                ct_compile($0.baseAddress, buffer.count - 1, chunkName, &error, error.count)
            }
        }
        guard status != 0 else { return nil }
        return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The token a message says Lua stopped at ("near 'end'"), without its quotes; nil for the end
    /// of the file ("near <eof>") or a message that names none.
    static func token(in message: String) -> String? {
        guard let near = message.ranges(of: " near '").last, message.hasSuffix("'") else { return nil }
        let token = message[near.upperBound..<message.index(before: message.endIndex)]
        return token.isEmpty ? nil : String(token)
    }

    /// The column (in characters, from 1) of the token Lua stopped at in line `line`. When the
    /// token is written there more than once, the one Lua stopped at is the last one that all the
    /// text before it leads up to: compiling the source cut just before it fails only at the cut.
    static func column(of message: String, line: Int, in source: String) -> Int {
        guard let token = token(in: message) else { return 1 }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return 1 }
        let text = Array(lines[line - 1].unicodeScalars)
        let candidates = occurrences(of: Array(token.unicodeScalars), in: text)
        guard candidates.count > 1 else { return (candidates.first ?? 0) + 1 }
        let before = lines[..<(line - 1)].joined(separator: "\n") + (line > 1 ? "\n" : "")
        var found = candidates[0]
        for candidate in candidates {
            var cut = before.unicodeScalars
            cut.append(contentsOf: text[..<candidate])
            if let error = compile(String(cut)), !error.hasSuffix("near <eof>") { break }
            found = candidate
        }
        return found + 1
    }

    /// Where `token` is written in `text` (0-based); a name only as a whole word.
    static func occurrences(of token: [Unicode.Scalar], in text: [Unicode.Scalar]) -> [Int] {
        guard !token.isEmpty, token.count <= text.count else { return [] }
        let isWord = token.allSatisfy(isNameCharacter)
        return (0...(text.count - token.count)).filter { start in
            guard Array(text[start..<(start + token.count)]) == token else { return false }
            guard isWord else { return true }
            let end = start + token.count
            return (start == 0 || !isNameCharacter(text[start - 1]))
                && (end == text.count || !isNameCharacter(text[end]))
        }
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}

/// Where a script writes `local function NAME`, `local NAME = function` and `NAME = …`, found
/// line by line (comments aside): enough to point at a hook written as a local, or as a value.
struct LocalFunctions {
    private let lines: [Substring]

    init(source: String) {
        lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Line and column of the name in `local function name` or `local name = function`.
    func local(named name: String) -> (line: Int, column: Int)? {
        find(name) { words in
            guard words.first == "local", words.count > 1 else { return false }
            if words[1] == "function", words.count > 2, words[2].hasPrefix(name) {
                return words[2].dropFirst(name.count).first.map { $0 == "(" } ?? true
            }
            return words[1] == name || words[1].hasPrefix(name + "=")
        }
    }

    /// Line and column of the name in a line that starts `name =`.
    func assignment(of name: String) -> (line: Int, column: Int)? {
        find(name) { words in
            guard let first = words.first else { return false }
            let rest = first == name && words.count > 1 ? words[1] : first.dropFirst(name.count)
            return first.hasPrefix(name) && rest.hasPrefix("=") && !rest.hasPrefix("==")
        }
    }

    /// The first line (comments aside) whose words `match`, and where `name` is in it.
    private func find(_ name: String, _ match: ([Substring]) -> Bool) -> (line: Int, column: Int)? {
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.hasPrefix("--") else { continue }
            let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard match(words), let range = line.firstRange(of: name) else { continue }
            return (index + 1, line.unicodeScalars.distance(from: line.startIndex, to: range.lowerBound) + 1)
        }
        return nil
    }
}
