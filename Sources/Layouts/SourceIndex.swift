// TOMLParser reads the values but keeps no source positions for keys and values. This is a small,
// lenient TOML scanner that walks the text once and records, for every key path, where the key and its
// value are written. It runs before the parser sees the text: it refuses what is over the limits of
// ``TOMLLimits`` (so that the parser, which makes a value for every value and recurses into nested
// values, never sees more than a bounded amount) and a few malformed forms it words itself, and on
// anything else it still terminates, in time linear in the text, and records what it can.

/// What a TOML file (a layout, the settings file) may hold, checked in one pass before the file is
/// parsed: well above what any layout needs (a shipped layout holds under 150 keys and values, a
/// table of the most slots a few thousand), and low enough that any file within them is read, or
/// refused, in milliseconds and a few megabytes.
public enum TOMLLimits {
    /// Keys, values and table headers together: each key of a dotted key, each value, each
    /// element of an array and each `[table]` header counts one.
    public static let maxItems = 20_000
    /// Arrays and inline tables within one another (`x = [[1]]` is 2 deep).
    public static let maxDepth = 16
    /// The longest key, written with its table's name in full as messages show it
    /// (`slots.T.fan-visible`), in characters.
    public static let maxKeyPathLength = 256
}

/// Key paths are written the way diagnostics show them: `slots.T.fan`, `slot[2].at`, `slots."#"`.
/// Array indices are 1-based.
package enum KeyPath {
    package static func join(_ prefix: String, _ key: String) -> String {
        let component = isBare(key) ? key : quoted(key)
        return prefix.isEmpty ? component : prefix + "." + component
    }

    package static func index(_ prefix: String, _ index: Int) -> String {
        "\(prefix)[\(index)]"
    }

    package static func isBare(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy(isBareKeyScalar)
    }

    package static func isBareKeyScalar(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": return true
        default: return false
        }
    }

    package static func quoted(_ key: String) -> String {
        var out = "\""
        for c in key.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }
}

package struct SourceIndex {
    /// Where the (last component of the) key is written; for a `[table]` header, the last key in the header.
    package var keys: [String: SourcePosition] = [:]
    /// Where the value starts.
    package var values: [String: SourcePosition] = [:]
    /// Offset (in Unicode scalars) of the value start.
    package var valueOffsets: [String: Int] = [:]
    /// Offset (in Unicode scalars) just past the value's end: a string's closing quote, an
    /// array's `]`, an inline table's `}`, a number's last digit.
    package var valueEnds: [String: Int] = [:]
    /// Offset (in Unicode scalars) of each `[table]` header's opening bracket, by the table's path.
    package var headerOffsets: [String: Int] = [:]
    /// The order in which paths were first seen, to report in file order.
    package var order: [String: Int] = [:]
    /// The first of a few malformed forms the scan words itself, with the messages they have always
    /// had (toml++ 3.4, the parser before ``TOMLParser``, tripped its own assertions on them): a table
    /// header whose key starts with a character that cannot start a key (`[#x]`, `[ [x]]`, a control
    /// character), or a date followed by a space and a lone digit (`1979-05-27 3`). Such text is
    /// never handed to the parser.
    package var hazard: (offset: Int, message: String)?
    /// Where the text goes over one of ``TOMLLimits`` and what the limit is; the scan stops there.
    package var exceeded: (offset: Int, message: String)?
    /// Keys, values and headers counted (``TOMLLimits/maxItems``).
    package var items = 0

    package init() {}

    package func keyPosition(_ path: String) -> SourcePosition? { keys[path] }
    package func valuePosition(_ path: String) -> SourcePosition? { values[path] ?? keys[path] }

    package static func scan(_ scalars: [Unicode.Scalar]) -> SourceIndex {
        var scanner = Scanner(s: scalars)
        scanner.run()
        return scanner.index
    }
}

/// A code point as at least four upper-case hexadecimal digits, as `U+0016` writes it.
func hex4(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

private struct Scanner {
    let s: [Unicode.Scalar]
    var i = 0
    var line = 1
    var column = 1
    var index = SourceIndex()
    var arrayTableCounts: [String: Int] = [:]
    var counter = 0

    init(s: [Unicode.Scalar]) { self.s = s }

    var position: SourcePosition { SourcePosition(line: line, column: column) }

    func peek(_ k: Int = 0) -> Unicode.Scalar? {
        i + k < s.count ? s[i + k] : nil
    }

    mutating func advance(_ n: Int = 1) {
        for _ in 0..<n where i < s.count {
            if s[i] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += 1
        }
    }

    func starts(with text: String) -> Bool {
        var k = 0
        for c in text.unicodeScalars {
            guard peek(k) == c else { return false }
            k += 1
        }
        return true
    }

    /// Stops the scan here: the text goes over a limit.
    mutating func exceed(_ message: String, at offset: Int) {
        if index.exceeded == nil { index.exceeded = (offset, message) }
        i = s.count
    }

    /// One more key, value or header; false (and the scan stopped) past ``TOMLLimits/maxItems``.
    mutating func count(at offset: Int) -> Bool {
        index.items += 1
        guard index.items > TOMLLimits.maxItems else { return true }
        exceed(
            "the file holds more than \(TOMLLimits.maxItems) keys and values, the most it may hold "
                + "(each key, value, array element and table counts one)",
            at: offset)
        return false
    }

    /// `prefix.key`, or nil (and the scan stopped) when it is longer than ``TOMLLimits/maxKeyPathLength``.
    mutating func join(_ prefix: String, _ key: String, at offset: Int) -> String? {
        let limit = TOMLLimits.maxKeyPathLength
        let path = KeyPath.join(prefix, key)
        // A UTF-8 count is free; scalars are counted only when it is over.
        if path.utf8.count <= limit || path.unicodeScalars.count <= limit { return path }
        keyTooLong(at: offset)
        return nil
    }

    mutating func keyTooLong(at offset: Int) {
        exceed(
            "a key longer than \(TOMLLimits.maxKeyPathLength) characters, the most it may be "
                + "(counted with its table's name, as in slots.T.fan)",
            at: offset)
    }

    mutating func note(key path: String, at pos: SourcePosition) {
        if index.keys[path] == nil { index.keys[path] = pos }
        if index.order[path] == nil {
            index.order[path] = counter
            counter += 1
        }
    }

    mutating func note(value path: String, at pos: SourcePosition, offset: Int) {
        if index.values[path] == nil {
            index.values[path] = pos
            index.valueOffsets[path] = offset
        }
        if index.order[path] == nil {
            index.order[path] = counter
            counter += 1
        }
    }

    /// Spaces and tabs, and with `newlines` also line breaks and comments.
    mutating func skipBlanks(newlines: Bool) {
        while let c = peek() {
            if c == " " || c == "\t" {
                advance()
            } else if c == "#" {
                while let d = peek(), d != "\n" { advance() }
            } else if newlines && (c == "\n" || c == "\r") {
                advance()
            } else {
                return
            }
        }
    }

    mutating func skipLine() {
        while let c = peek(), c != "\n" { advance() }
    }

    mutating func run() {
        var table = ""
        while i < s.count {
            let start = i
            skipBlanks(newlines: true)
            guard let c = peek() else { break }
            if c == "[" {
                let headerStart = i
                table = header()
                if index.headerOffsets[table] == nil { index.headerOffsets[table] = headerStart }
            } else if KeyPath.isBareKeyScalar(c) || c == "\"" || c == "'" {
                keyValue(in: table)
            } else {
                skipLine()
            }
            if i == start { advance() }
        }
    }

    /// `[a.b]` or `[[a.b]]`; returns the path of the table that follows.
    mutating func header() -> String {
        let isArray = peek(1) == "["
        advance(isArray ? 2 : 1)
        while peek() == " " || peek() == "\t" { advance() }
        if let c = peek(), !(KeyPath.isBareKeyScalar(c) || c == "\"" || c == "'" || c == "]"), index.hazard == nil {
            let shown = c.value < 0x20 || c.value == 0x7F ? "U+" + hex4(c.value) : "'\(Character(c))'"
            index.hazard = (
                i,
                "error while parsing table header: expected bare key starting character or string delimiter, saw \(shown)"
            )
        }
        let components = keyComponents()
        var path = ""
        for (n, (name, pos, offset)) in components.enumerated() {
            guard count(at: offset), let joined = join(path, name, at: offset) else { return path }
            path = joined
            note(key: path, at: pos)
            let last = n == components.count - 1
            if last && isArray {
                let count = (arrayTableCounts[path] ?? 0) + 1
                arrayTableCounts[path] = count
                path = KeyPath.index(path, count)
                note(key: path, at: pos)
            } else if let count = arrayTableCounts[path] {
                path = KeyPath.index(path, count)
            }
        }
        skipLine()
        return path
    }

    /// `a.b = value`, at the top level or inside an inline table.
    mutating func keyValue(in table: String) {
        let components = keyComponents()
        guard !components.isEmpty else {
            skipLine()
            return
        }
        var path = table
        for (name, pos, offset) in components {
            guard count(at: offset), let joined = join(path, name, at: offset) else { return }
            path = joined
            note(key: path, at: pos)
        }
        skipBlanks(newlines: false)
        guard peek() == "=" else { return }
        advance()
        skipBlanks(newlines: false)
        value(path)
    }

    /// Dotted key components with the position of each. A component longer than
    /// ``TOMLLimits/maxKeyPathLength`` stops the scan as soon as it is seen to be.
    mutating func keyComponents() -> [(name: String, position: SourcePosition, offset: Int)] {
        var result: [(name: String, position: SourcePosition, offset: Int)] = []
        var key: [Unicode.Scalar] = []
        while let c = peek() {
            let pos = position
            let offset = i
            key.removeAll(keepingCapacity: true)
            func tooLong() -> Bool { key.count > TOMLLimits.maxKeyPathLength }
            if c == "\"" {
                advance()
                while let d = peek(), d != "\"", d != "\n", !tooLong() {
                    if d == "\\" {
                        advance()
                        key.append(contentsOf: escape())
                    } else {
                        key.append(d)
                        advance()
                    }
                }
                if peek() == "\"" { advance() }
            } else if c == "'" {
                advance()
                while let d = peek(), d != "'", d != "\n", !tooLong() {
                    key.append(d)
                    advance()
                }
                if peek() == "'" { advance() }
            } else if KeyPath.isBareKeyScalar(c) {
                while let d = peek(), KeyPath.isBareKeyScalar(d), !tooLong() {
                    key.append(d)
                    advance()
                }
            } else {
                break
            }
            if tooLong() {
                keyTooLong(at: offset)
                return result
            }
            // Each part takes a character and a dot: more parts than half the limit make too long a key.
            guard result.count < TOMLLimits.maxKeyPathLength / 2 else {
                keyTooLong(at: offset)
                return result
            }
            result.append((String(scalars: key), pos, offset))
            skipBlanks(newlines: false)
            guard peek() == "." else { break }
            advance()
            skipBlanks(newlines: false)
        }
        return result
    }

    /// After a backslash in a basic string: the scalars it stands for.
    mutating func escape() -> [Unicode.Scalar] {
        guard let c = peek() else { return [] }
        advance()
        switch c {
        case "n": return ["\n"]
        case "t": return ["\t"]
        case "r": return ["\r"]
        case "b": return ["\u{8}"]
        case "f": return ["\u{C}"]
        case "e": return ["\u{1B}"]
        case "u", "U":
            let digits = c == "u" ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard let d = peek(), let v = UInt32(String(d), radix: 16) else { break }
                value = value &* 16 &+ v
                advance()
            }
            return Unicode.Scalar(value).map { [$0] } ?? []
        default: return [c]
        }
    }

    /// `DDDD-DD-DD D` followed by anything but a digit (and not at the end of the text).
    func isDateThenSpaceThenLoneDigit() -> Bool {
        func digit(_ k: Int) -> Bool {
            guard let c = peek(k) else { return false }
            return c >= "0" && c <= "9"
        }
        for k in [0, 1, 2, 3, 5, 6, 8, 9] where !digit(k) { return false }
        guard peek(4) == "-", peek(7) == "-", peek(10) == " ", digit(11), peek(12) != nil else { return false }
        return !digit(12)
    }

    /// What ends a number, a boolean or a date.
    static func endsABareValue(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case ",", "]", "}", "#", "\n", "\r", " ", "\t": true
        default: false
        }
    }

    mutating func value(_ path: String, depth: Int = 0) {
        guard count(at: i) else { return }
        note(value: path, at: position, offset: i)
        valueBody(path, depth: depth)
        if index.valueEnds[path] == nil { index.valueEnds[path] = i }
    }

    mutating func valueBody(_ path: String, depth: Int) {
        guard let c = peek() else { return }
        if depth >= TOMLLimits.maxDepth && (c == "[" || c == "{") {
            exceed("arrays and inline tables nested more than \(TOMLLimits.maxDepth) deep, the most they may be", at: i)
            return
        }
        if starts(with: "\"\"\"") || starts(with: "'''") {
            let quote = c
            advance(3)
            while i < s.count {
                if quote == "\"" && peek() == "\\" {
                    advance(2)
                } else if peek() == quote && peek(1) == quote && peek(2) == quote {
                    advance(3)
                    // Up to two more quotes belong to the string.
                    var extra = 0
                    while extra < 2 && peek() == quote {
                        advance()
                        extra += 1
                    }
                    return
                } else {
                    advance()
                }
            }
        } else if c == "\"" || c == "'" {
            advance()
            while let d = peek(), d != c, d != "\n" {
                advance(c == "\"" && d == "\\" ? 2 : 1)
            }
            if peek() == c { advance() }
        } else if c == "[" {
            advance()
            var n = 0
            while i < s.count {
                skipBlanks(newlines: true)
                guard let d = peek() else { return }
                if d == "]" {
                    advance()
                    return
                }
                if d == "}" || d == "\u{85}" || d == "\u{2028}" || d == "\u{2029}", index.hazard == nil {
                    let shown = d == "}" ? "'}'" : "U+" + hex4(d.value)
                    index.hazard = (i, "error while parsing array: expected a value or closing ']', saw \(shown)")
                }
                n += 1
                let before = i
                value(KeyPath.index(path, n), depth: depth + 1)
                skipBlanks(newlines: true)
                if peek() == "," {
                    advance()
                } else if peek() == "]" {
                    advance()
                    return
                } else if i == before {
                    return
                }
            }
        } else if c == "{" {
            advance()
            while i < s.count {
                skipBlanks(newlines: true)
                guard let d = peek() else { return }
                if d == "}" {
                    advance()
                    return
                }
                let components = keyComponents()
                guard !components.isEmpty else { return }
                var inner = path
                for (name, pos, offset) in components {
                    guard count(at: offset), let joined = join(inner, name, at: offset) else { return }
                    inner = joined
                    note(key: inner, at: pos)
                }
                skipBlanks(newlines: false)
                guard peek() == "=" else { return }
                advance()
                skipBlanks(newlines: false)
                value(inner, depth: depth + 1)
                skipBlanks(newlines: true)
                if peek() == "," {
                    advance()
                } else if peek() == "}" {
                    advance()
                    return
                } else {
                    return
                }
            }
        } else {
            // Numbers, booleans, dates.
            if index.hazard == nil && isDateThenSpaceThenLoneDigit() {
                index.hazard = (
                    i, "error while parsing date-time: expected a time (HH:MM:SS) after the date and the space"
                )
            }
            while let d = peek(), !Scanner.endsABareValue(d) {
                advance()
            }
        }
    }
}
