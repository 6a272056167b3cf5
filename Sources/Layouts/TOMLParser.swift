// A TOML 1.0 parser in Swift: the layout files and the settings file. It reads text that
// ``SourceIndex`` has already held to ``TOMLLimits`` (items, nesting, key lengths), so its
// recursion is bounded; on anything else it stops at the first error, with its place and a
// message worded as toml++ words its own ("error while parsing key-value pair: expected '=',
// saw 'i'"), the parser the program used before.

/// The first error in a TOML text: what is wrong and where (an offset in Unicode scalars).
package struct TOMLParseError: Error {
    package var message: String
    package var offset: Int
}

package struct TOMLParser {
    private let s: [Unicode.Scalar]
    private var i = 0
    private let root = TOMLTable(origin: .header)
    /// The table that key-value pairs go into: the last header's.
    private var current: TOMLTable

    /// Parses `scalars` (without a byte order mark) into the document's root table.
    package static func parse(_ scalars: [Unicode.Scalar]) throws(TOMLParseError) -> TOMLTable {
        var parser = TOMLParser(scalars)
        try parser.document()
        return parser.root
    }

    private init(_ scalars: [Unicode.Scalar]) {
        s = scalars
        current = root
    }

    // MARK: Document

    private mutating func document() throws(TOMLParseError) {
        while true {
            skipBlanks()
            guard let c = peek() else { return }
            switch c {
            case "#", "\n", "\r":
                break
            case "[":
                try header()
            default:
                guard isKeyStart(c) else {
                    throw error("expected keys, tables, whitespace or comments, saw \(shown(c))", at: i)
                }
                try keyValue(into: current, context: "key-value pair")
            }
            try endOfLine()
        }
    }

    /// After a header or a key-value pair: blanks, a comment, then a line break or the end.
    private mutating func endOfLine() throws(TOMLParseError) {
        skipBlanks()
        if peek() == "#" { try comment() }
        guard let c = peek() else { return }
        if c == "\n" {
            i += 1
        } else if c == "\r" {
            guard peek(1) == "\n" else { throw error("expected '\\n' after '\\r', saw \(shown(peek(1)))", at: i + 1) }
            i += 2
        } else {
            throw error("expected a comment or whitespace, saw \(shown(c))", at: i)
        }
    }

    private mutating func comment() throws(TOMLParseError) {
        i += 1
        while let c = peek(), c != "\n" {
            if c == "\r" && peek(1) == "\n" { return }
            if isControl(c) { throw error("error while parsing comment: unexpected control character", at: i) }
            i += 1
        }
    }

    // MARK: Headers

    private mutating func header() throws(TOMLParseError) {
        let start = i
        let isArray = peek(1) == "["
        i += isArray ? 2 : 1
        let context = isArray ? "array-of-tables header" : "table header"
        skipBlanks()
        guard let first = peek(), isKeyStart(first) else {
            throw error(
                "error while parsing \(context): expected bare key starting character or string delimiter, saw "
                    + shown(peek()), at: i)
        }
        let keys = try key()
        skipBlanks()
        for _ in 0..<(isArray ? 2 : 1) {
            guard peek() == "]" else {
                throw error("error while parsing \(context): expected ']', saw \(shown(peek()))", at: i)
            }
            i += 1
        }
        var table = root
        var path: [String] = []
        for key in keys.dropLast() {
            path.append(key)
            switch table[key] {
            case nil:
                let child = TOMLTable(origin: .implicit)
                table.set(key, .table(child))
                table = child
            case .table(let child)?:
                guard child.origin != .inline else { throw redefinition("table", path, context, at: start) }
                table = child
            case .array(let array)? where array.holdsHeaderTables:
                guard case .table(let last)? = array.elements.last else {
                    throw redefinition("array", path, context, at: start)
                }
                table = last
            case let value?:
                throw redefinition(value.type.name, path, context, at: start)
            }
        }
        let last = keys[keys.count - 1]
        path.append(last)
        if isArray {
            let element = TOMLTable(origin: .header)
            switch table[last] {
            case nil:
                let array = TOMLArray(holdsHeaderTables: true)
                array.append(.table(element))
                table.set(last, .array(array))
            case .array(let array)? where array.holdsHeaderTables:
                array.append(.table(element))
            case let value?:
                throw redefinition(value.type.name, path, context, at: start)
            }
            current = element
        } else {
            switch table[last] {
            case nil:
                let child = TOMLTable(origin: .header)
                table.set(last, .table(child))
                current = child
            case .table(let child)? where child.origin == .implicit:
                child.origin = .header
                current = child
            case let value?:
                throw redefinition(value.type.name, path, context, at: start)
            }
        }
    }

    private func redefinition(_ type: String, _ path: [String], _ context: String, at offset: Int) -> TOMLParseError {
        error(
            "error while parsing \(context): cannot redefine existing \(type) '\(path.joined(separator: "."))'",
            at: offset)
    }

    // MARK: Keys and values

    /// `key = value` into `table`; dotted keys make (or add to) tables of their own.
    private mutating func keyValue(into table: TOMLTable, context: String) throws(TOMLParseError) {
        let keys = try key()
        skipBlanks()
        guard peek() == "=" else {
            throw error("error while parsing \(context): expected '=', saw \(shown(peek()))", at: i)
        }
        i += 1
        skipBlanks()
        let valueStart = i
        guard let c = peek(), c != "\n", c != "\r", c != "#" else {
            throw error("error while parsing \(context): expected value, saw \(shown(peek()))", at: i)
        }
        _ = c
        let value = try self.value()
        var target = table
        var path: [String] = []
        for key in keys.dropLast() {
            path.append(key)
            switch target[key] {
            case nil:
                // Made by a dotted key, in an inline table too (where the inline table around it,
                // complete once written, keeps it from being added to later); a table written
                // inline (`inner = { … }`) is complete as written, even within the same braces.
                let child = TOMLTable(origin: .dotted)
                target.set(key, .table(child))
                target = child
            case .table(let child)? where child.origin == .dotted:
                target = child
            case let existing?:
                throw redefinition(existing.type.name, path, context, at: valueStart)
            }
        }
        let last = keys[keys.count - 1]
        path.append(last)
        if let existing = target[last] { throw redefinition(existing.type.name, path, context, at: valueStart) }
        target.set(last, value)
    }

    /// A key, dotted or not: its parts.
    private mutating func key() throws(TOMLParseError) -> [String] {
        var parts: [String] = []
        while true {
            guard let c = peek() else { throw error("error while parsing key: encountered end-of-file", at: i) }
            switch c {
            case "\"":
                parts.append(try basicString(context: "key", multiline: false))
            case "'":
                parts.append(try literalString(context: "key", multiline: false))
            default:
                guard KeyPath.isBareKeyScalar(c) else {
                    throw error(
                        "error while parsing key: expected bare key starting character or string delimiter, saw \(shown(c))",
                        at: i)
                }
                // Bare keys are ASCII: their bytes are their UTF-8.
                var bytes: [UInt8] = []
                while let d = peek(), KeyPath.isBareKeyScalar(d) {
                    bytes.append(UInt8(truncatingIfNeeded: d.value))
                    i += 1
                }
                parts.append(String(decoding: bytes, as: UTF8.self))
            }
            let afterPart = i
            skipBlanks()
            guard peek() == "." else {
                i = afterPart
                return parts
            }
            i += 1
            skipBlanks()
        }
    }

    private mutating func value() throws(TOMLParseError) -> TOMLValue {
        let start = i
        guard let c = peek() else { throw error("error while parsing value: encountered end-of-file", at: i) }
        switch c {
        case "\"":
            return .string(try basicString(context: "string", multiline: peek(1) == "\"" && peek(2) == "\""))
        case "'":
            return .string(try literalString(context: "string", multiline: peek(1) == "'" && peek(2) == "'"))
        case "[":
            return .array(try array())
        case "{":
            return .table(try inlineTable())
        default:
            let word = self.word()
            if let value = try scalarValue(word, start: start) { return value }
            throw error("error while parsing value: could not determine value type", at: start)
        }
    }

    /// The characters of a bare value (a number, a boolean, a date or time) up to what ends it.
    private mutating func word() -> [Unicode.Scalar] {
        let start = i
        while let c = peek(), !isValueEnd(c) { i += 1 }
        // A local date, a space, then a time: one date-time.
        if i - start == 10, peek() == " ", isDigit(peek(1)), isDigit(peek(2)), peek(3) == ":",
            isDate(s[start..<i])
        {
            i += 1
            while let c = peek(), !isValueEnd(c) { i += 1 }
        }
        return Array(s[start..<i])
    }

    private func isValueEnd(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case " ", "\t", "\n", "\r", ",", "]", "}", "#": true
        default: false
        }
    }

    // MARK: Strings

    private mutating func basicString(context: String, multiline: Bool) throws(TOMLParseError) -> String {
        i += multiline ? 3 : 1
        if multiline { skipFirstLineBreak() }
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek() else { throw error("error while parsing \(context): encountered end-of-file", at: i) }
            switch c {
            case "\"":
                if !multiline {
                    i += 1
                    return String(out)
                }
                if try closesMultiline(quote: "\"", into: &out, context: context) { return String(out) }
            case "\\":
                if multiline, let end = lineEndingBackslash() {
                    i = end
                    continue
                }
                out.append(try escape(context: context))
            case "\n", "\r":
                guard multiline else { throw error("error while parsing \(context): encountered end-of-line", at: i) }
                if c == "\r" {
                    guard peek(1) == "\n" else {
                        throw error("error while parsing \(context): expected '\\n' after '\\r'", at: i + 1)
                    }
                    i += 1
                }
                out.append("\n")
                i += 1
            default:
                if isControl(c) { throw error("error while parsing \(context): unexpected control character", at: i) }
                out.append(c)
                i += 1
            }
        }
    }

    /// A backslash that ends a line of a multi-line string: where the text goes on (past the
    /// blanks and line breaks that follow), or nil when it is an escape.
    private func lineEndingBackslash() -> Int? {
        var j = i + 1
        while j < s.count, s[j] == " " || s[j] == "\t" { j += 1 }
        guard j < s.count, s[j] == "\n" || (s[j] == "\r" && j + 1 < s.count && s[j + 1] == "\n") else { return nil }
        while j < s.count,
            s[j] == " " || s[j] == "\t" || s[j] == "\n" || (s[j] == "\r" && j + 1 < s.count && s[j + 1] == "\n")
        {
            j += 1
        }
        return j
    }

    private mutating func escape(context: String) throws(TOMLParseError) -> Unicode.Scalar {
        i += 1
        guard let c = peek() else { throw error("error while parsing \(context): encountered end-of-file", at: i) }
        i += 1
        switch c {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let digits = c == "u" ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard let d = peek(), let digit = hexValue(d) else {
                    throw error("error while parsing \(context): expected hex digit, saw \(shown(peek()))", at: i)
                }
                value = value << 4 | digit
                i += 1
            }
            if (0xD800...0xDFFF).contains(value) {
                throw error(
                    "error while parsing \(context): unicode surrogates (U+D800 - U+DFFF) are explicitly prohibited",
                    at: i - digits - 2)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw error(
                    "error while parsing \(context): values greater than U+10FFFF are invalid", at: i - digits - 2)
            }
            return scalar
        default:
            throw error("error while parsing \(context): unknown escape sequence '\\\(Character(c))'", at: i - 2)
        }
    }

    /// At a run of quotes in a multi-line string: three end the string, and up to two more
    /// before them belong to it (`""""a""""` style); fewer than three are part of it. Returns
    /// whether the string ended.
    private mutating func closesMultiline(
        quote: Unicode.Scalar, into out: inout String.UnicodeScalarView, context: String
    ) throws(TOMLParseError) -> Bool {
        var quotes = 0
        while peek(quotes) == quote { quotes += 1 }
        let ends = quotes >= 3
        if ends {
            guard quotes <= 5 else { throw error("error while parsing \(context): too many quotes", at: i + 5) }
        }
        for _ in 0..<(ends ? quotes - 3 : quotes) { out.append(quote) }
        i += quotes
        return ends
    }

    private mutating func literalString(context: String, multiline: Bool) throws(TOMLParseError) -> String {
        i += multiline ? 3 : 1
        if multiline { skipFirstLineBreak() }
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek() else { throw error("error while parsing \(context): encountered end-of-file", at: i) }
            switch c {
            case "'":
                if !multiline {
                    i += 1
                    return String(out)
                }
                if try closesMultiline(quote: "'", into: &out, context: context) { return String(out) }
            case "\n", "\r":
                guard multiline else { throw error("error while parsing \(context): encountered end-of-line", at: i) }
                if c == "\r" {
                    guard peek(1) == "\n" else {
                        throw error("error while parsing \(context): expected '\\n' after '\\r'", at: i + 1)
                    }
                    i += 1
                }
                out.append("\n")
                i += 1
            default:
                if isControl(c) { throw error("error while parsing \(context): unexpected control character", at: i) }
                out.append(c)
                i += 1
            }
        }
    }

    /// A line break right after the opening quotes of a multi-line string is not part of it.
    private mutating func skipFirstLineBreak() {
        if peek() == "\n" {
            i += 1
        } else if peek() == "\r", peek(1) == "\n" {
            i += 2
        }
    }

    // MARK: Arrays and inline tables

    private mutating func array() throws(TOMLParseError) -> TOMLArray {
        i += 1
        let array = TOMLArray(holdsHeaderTables: false)
        while true {
            try skipBlanksLineBreaksAndComments()
            guard let c = peek() else { throw error("error while parsing array: encountered end-of-file", at: i) }
            if c == "]" {
                i += 1
                return array
            }
            if c == "," { throw error("error while parsing array: expected value or closing ']', saw comma", at: i) }
            array.append(try value())
            try skipBlanksLineBreaksAndComments()
            guard let d = peek() else { throw error("error while parsing array: encountered end-of-file", at: i) }
            if d == "," {
                i += 1
            } else if d != "]" {
                throw error("error while parsing array: expected comma or closing ']', saw \(shown(d))", at: i)
            }
        }
    }

    private mutating func skipBlanksLineBreaksAndComments() throws(TOMLParseError) {
        while let c = peek() {
            switch c {
            case " ", "\t", "\n":
                i += 1
            case "\r":
                guard peek(1) == "\n" else {
                    throw error("expected '\\n' after '\\r', saw \(shown(peek(1)))", at: i + 1)
                }
                i += 2
            case "#":
                try comment()
            default:
                return
            }
        }
    }

    private mutating func inlineTable() throws(TOMLParseError) -> TOMLTable {
        i += 1
        let table = TOMLTable(origin: .inline)
        skipBlanks()
        if peek() == "}" {
            i += 1
            return table
        }
        while true {
            skipBlanks()
            guard let c = peek(), isKeyStart(c) else {
                if peek() == "}" {
                    throw error(
                        "error while parsing inline table: expected key-value pair, saw closing '}' (dangling comma)",
                        at: i)
                }
                throw error(
                    "error while parsing inline table: expected key or closing '}', saw \(shown(peek()))", at: i)
            }
            try keyValue(into: table, context: "inline table")
            skipBlanks()
            guard let d = peek() else {
                throw error("error while parsing inline table: encountered end-of-file", at: i)
            }
            if d == "}" {
                i += 1
                return table
            }
            guard d == "," else {
                throw error("error while parsing inline table: expected comma or closing '}', saw \(shown(d))", at: i)
            }
            i += 1
        }
    }

    // MARK: Numbers, booleans, dates and times

    /// The value a bare word writes, nil when it is none of them; throws for a malformed number.
    private func scalarValue(_ word: [Unicode.Scalar], start: Int) throws(TOMLParseError) -> TOMLValue? {
        let text = String(scalars: word)
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "inf", "+inf": return .double(.infinity)
        case "-inf": return .double(-.infinity)
        case "nan", "+nan", "-nan": return .double(.nan)
        default: break
        }
        guard let first = word.first, isDigit(first) || first == "+" || first == "-" else { return nil }
        if let dateTime = try self.dateTime(word, start: start) { return dateTime }
        return try number(word, start: start)
    }

    private func number(_ word: [Unicode.Scalar], start: Int) throws(TOMLParseError) -> TOMLValue? {
        var body = word[...]
        var sign = ""
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        guard let lead = body.first, isDigit(lead) else { return nil }
        // 0x, 0o, 0b: unsigned integers.
        if lead == "0", body.count > 2, let radix = Self.radix(of: body[body.startIndex + 1]) {
            guard sign.isEmpty, word.first != "+" else {
                throw error(
                    "error while parsing integer: a \(radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : "binary") integer may not have a sign",
                    at: start)
            }
            let digits = try withoutUnderscores(
                body.dropFirst(2), context: "integer", start: start + 2,
                isDigit: { Int(String($0), radix: radix) != nil })
            guard digits.unicodeScalars.allSatisfy({ Int(String($0), radix: radix) != nil }) else {
                throw error(
                    "error while parsing integer: '\(String(scalars: word))' has a character that is not a digit of its base",
                    at: start)
            }
            guard let value = Int(digits, radix: radix) else {
                if digits.allSatisfy({ Int(String($0), radix: radix) != nil }) {
                    throw error(
                        "error while parsing integer: '\(String(scalars: word))' is not representable in 64 bits",
                        at: start)
                }
                return nil
            }
            return .int(value)
        }
        let isFloat = body.contains { $0 == "." || $0 == "e" || $0 == "E" }
        let context = isFloat ? "floating-point" : "integer"
        guard
            body.allSatisfy({
                isDigit($0) || $0 == "_" || (isFloat && ($0 == "." || $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-"))
            })
        else { return nil }
        // The integer part: no leading zero.
        let integerPart = body.prefix { isDigit($0) || $0 == "_" }
        if integerPart.count > 1, integerPart.first == "0" {
            throw error("error while parsing \(context): leading zeroes are prohibited", at: start)
        }
        let digits = try withoutUnderscores(
            body, context: context, start: start + (word.count - body.count), isDigit: { isDigit($0) })
        if !isFloat {
            guard let value = Int(sign + digits) else {
                throw error(
                    "error while parsing integer: '\(String(scalars: word))' is not representable in 64 bits",
                    at: start)
            }
            return .int(value)
        }
        guard isWellFormedFloat(Array(digits.unicodeScalars)), let value = Double(sign + digits) else {
            throw error(
                "error while parsing floating-point: '\(String(scalars: word))' is not a number",
                at: start)
        }
        return .double(value)
    }

    /// The radix a prefix letter names: `0x`, `0o`, `0b`.
    private static func radix(of letter: Unicode.Scalar) -> Int? {
        switch letter {
        case "x": 16
        case "o": 8
        case "b": 2
        default: nil
        }
    }

    /// Digits, `.`, exponent: `1.5`, `1e5`, `1.5E-3`; a point needs digits on both sides.
    private func isWellFormedFloat(_ t: [Unicode.Scalar]) -> Bool {
        var k = 0
        func digits() -> Int {
            let from = k
            while k < t.count, isDigit(t[k]) { k += 1 }
            return k - from
        }
        guard digits() > 0 else { return false }
        if k < t.count, t[k] == "." {
            k += 1
            guard digits() > 0 else { return false }
        }
        if k < t.count, t[k] == "e" || t[k] == "E" {
            k += 1
            if k < t.count, t[k] == "+" || t[k] == "-" { k += 1 }
            guard digits() > 0 else { return false }
        }
        return k == t.count
    }

    /// The digits without their underscores, each of which must stand between two digits (of
    /// the number's base: `1_e2` has an underscore before an exponent, not a digit).
    private func withoutUnderscores(
        _ body: ArraySlice<Unicode.Scalar>, context: String, start: Int, isDigit: (Unicode.Scalar) -> Bool
    ) throws(TOMLParseError) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for (k, c) in body.enumerated() {
            if c == "_" {
                guard let p = previous, isDigit(p) else {
                    throw error("error while parsing \(context): underscores may only follow digits", at: start + k)
                }
                let next = body.index(body.startIndex, offsetBy: k + 1)
                guard next < body.endIndex, isDigit(body[next]) else {
                    throw error("error while parsing \(context): underscores must be followed by digits", at: start + k)
                }
            } else {
                out.append(c)
            }
            previous = c
        }
        return String(out)
    }

    /// A date (`1979-05-27`), a time (`07:32:00.5`) or a date-time with an optional offset; nil
    /// when the word is none (it may be a number); throws for a date or time out of range.
    private func dateTime(_ word: [Unicode.Scalar], start: Int) throws(TOMLParseError) -> TOMLValue? {
        let text = String(scalars: word)
        if word.count >= 8, word[2] == ":" {
            guard try isTime(word[...], start: start) else { return nil }
            return .time(text)
        }
        guard word.count >= 10, word[4] == "-", isDate(word[0..<10]) else { return nil }
        try checkDate(word[0..<10], start: start)
        if word.count == 10 { return .date(text) }
        guard word[10] == "T" || word[10] == "t" || word[10] == " " else {
            throw error(
                "error while parsing date-time: expected space, 'T' or 't', saw \(shown(word[10]))", at: start + 10)
        }
        var time = word[11...]
        if time.last == "Z" || time.last == "z" {
            time = time.dropLast()
        } else if time.count > 6, let sign = time.dropLast(5).last, sign == "+" || sign == "-" {
            let offset = Array(time.suffix(5))
            guard isDigit(offset[0]), isDigit(offset[1]), offset[2] == ":", isDigit(offset[3]), isDigit(offset[4]),
                number(offset[0...1]) <= 23, number(offset[3...4]) <= 59
            else {
                throw error(
                    "error while parsing date-time: expected a time offset (+HH:MM)", at: start + word.count - 5)
            }
            time = time.dropLast(6)
        }
        guard try isTime(time, start: start + 11) else {
            throw error("error while parsing date-time: expected a time (HH:MM:SS) after the date", at: start + 11)
        }
        return .dateTime(text)
    }

    private func isDate(_ t: ArraySlice<Unicode.Scalar>) -> Bool {
        guard t.count == 10 else { return false }
        let b = t.startIndex
        return (0..<10).allSatisfy { k in k == 4 || k == 7 ? t[b + k] == "-" : isDigit(t[b + k]) }
    }

    private func checkDate(_ t: ArraySlice<Unicode.Scalar>, start: Int) throws(TOMLParseError) {
        let b = t.startIndex
        let year = number(t[b..<(b + 4)])
        let month = number(t[(b + 5)..<(b + 7)])
        let day = number(t[(b + 8)..<(b + 10)])
        guard (1...12).contains(month) else {
            throw error(
                "error while parsing date: expected month between 1 and 12 (inclusive), saw \(month)", at: start + 5)
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else {
            throw error(
                "error while parsing date: expected day between 1 and \(days) (inclusive), saw \(day)", at: start + 8)
        }
    }

    /// `HH:MM:SS` with optional fractional seconds.
    private func isTime(_ t: ArraySlice<Unicode.Scalar>, start: Int) throws(TOMLParseError) -> Bool {
        let b = t.startIndex
        guard t.count >= 8, isDigit(t[b]), isDigit(t[b + 1]), t[b + 2] == ":", isDigit(t[b + 3]), isDigit(t[b + 4]),
            t[b + 5] == ":", isDigit(t[b + 6]), isDigit(t[b + 7])
        else { return false }
        if t.count > 8 {
            guard t[b + 8] == ".", t.count > 9, t[(b + 9)...].allSatisfy(isDigit) else { return false }
        }
        let hour = number(t[b..<(b + 2)])
        let minute = number(t[(b + 3)..<(b + 5)])
        let second = number(t[(b + 6)..<(b + 8)])
        guard hour <= 23 else {
            throw error("error while parsing time: expected hour between 0 and 23 (inclusive), saw \(hour)", at: start)
        }
        guard minute <= 59 else {
            throw error(
                "error while parsing time: expected minute between 0 and 59 (inclusive), saw \(minute)", at: start + 3)
        }
        guard second <= 60 else {
            throw error(
                "error while parsing time: expected second between 0 and 59 (inclusive), saw \(second)", at: start + 6)
        }
        return true
    }

    private func number(_ digits: ArraySlice<Unicode.Scalar>) -> Int {
        digits.reduce(0) { $0 * 10 + Int($1.value - 48) }
    }

    // MARK: Characters

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        i + ahead < s.count ? s[i + ahead] : nil
    }

    private mutating func skipBlanks() {
        while let c = peek(), c == " " || c == "\t" { i += 1 }
    }

    private func isKeyStart(_ c: Unicode.Scalar) -> Bool {
        KeyPath.isBareKeyScalar(c) || c == "\"" || c == "'"
    }

    private func isDigit(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return c >= "0" && c <= "9"
    }

    private func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": c.value - 48
        case "a"..."f": c.value - 87
        case "A"..."F": c.value - 55
        default: nil
        }
    }

    /// What TOML allows nowhere but in a string's escapes: U+0000 to U+001F but the tab, and U+007F.
    private func isControl(_ c: Unicode.Scalar) -> Bool {
        (c.value < 0x20 && c != "\t") || c.value == 0x7F
    }

    /// A character as messages show it: `'x'`, `'\n'`, `U+0016`, or `end-of-file`.
    private func shown(_ c: Unicode.Scalar?) -> String {
        guard let c else { return "end-of-file" }
        switch c {
        case "\n": return "'\\n'"
        case "\r": return "'\\r'"
        case "\t": return "'\\t'"
        default: return c.value < 0x20 || c.value == 0x7F ? "U+" + hex4(c.value) : "'\(Character(c))'"
        }
    }

    private func error(_ message: String, at offset: Int) -> TOMLParseError {
        TOMLParseError(message: message, offset: min(offset, s.count))
    }
}
