import Layouts

// Reading a statistics file: any bytes give results and problems, in time and memory bounded
// by the file's size, never a crash.

extension StatisticsFile {
    /// Reads a statistics file. Lines that cannot be read are skipped and reported in
    /// `problems` (the first ``problemLimit``, then a count); a game found on two lines keeps
    /// the later one. A file from a newer version throws, so that it is never overwritten.
    public static func parse(_ bytes: [UInt8], path: String) throws(FileError) -> StatisticsFile {
        var parser = StatisticsParser(path: path)
        try parser.parse(bytes)
        return parser.file
    }
}

/// The state of one read: results so far (a replaced game leaves a hole), where each game was
/// seen, and the problems.
private struct StatisticsParser {
    let path: String
    var results: [GameResult?] = []
    var seen: [String: (index: Int, line: Int)] = [:]
    var problems: [StatisticsProblem] = []
    var problemCount = 0

    init(path: String) {
        self.path = path
    }

    var file: StatisticsFile {
        var listed = problems
        if problemCount > listed.count {
            listed.append(
                StatisticsProblem(
                    path: path, line: nil, message: "\(problemCount - listed.count) more problems not shown"))
        }
        return StatisticsFile(results: results.compactMap { $0 }, problems: listed)
    }

    mutating func report(_ line: Int, _ column: Int? = nil, _ message: String) {
        problemCount += 1
        if problems.count < StatisticsFile.problemLimit {
            problems.append(StatisticsProblem(path: path, line: line, column: column, message: message))
        }
    }

    mutating func parse(_ bytes: [UInt8]) throws(FileError) {
        var start = 0
        var number = 0
        if bytes.isEmpty { report(1, nil, "missing the header line '\(StatisticsFile.header)'") }
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            number += 1
            var line = bytes[start..<end]
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            start = end + 1
            if number == 1, try readHeader(line) { continue }
            readGame(Array(line), number: number)
        }
    }

    /// Checks the first line; false when it is no header at all (it is then read as a game).
    mutating func readHeader(_ line: ArraySlice<UInt8>) throws(FileError) -> Bool {
        let words = String(decoding: line, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2, words[0] == "cardtable", words[1] == "statistics" else {
            report(1, nil, "missing the header line '\(StatisticsFile.header)'")
            return false
        }
        let version = words.dropFirst(2).joined(separator: " ")
        let isNumber = !version.isEmpty && version.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        let value = isNumber ? Int(version) ?? Int.max : nil
        if let value, value > StatisticsFile.version {
            throw FileError(
                path: path,
                reason: "statistics version \(version) is from a newer cardtable (this one reads version "
                    + "\(StatisticsFile.version)); the file is left as it is")
        }
        if value != StatisticsFile.version {
            report(
                1, nil,
                "unknown statistics version '\(Self.shown(version))' (expected '\(StatisticsFile.header)')")
        }
        return true
    }

    /// One line: a game, a comment, a blank, or a problem.
    mutating func readGame(_ line: [UInt8], number: Int) {
        guard line.count <= StatisticsFile.lineLimit else {
            return report(number, nil, "longer than \(StatisticsFile.lineLimit) bytes")
        }
        guard String(validating: line, as: UTF8.self) != nil else { return report(number, nil, "not UTF-8 text") }
        if let control = line.firstIndex(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            let hex = String(line[control], radix: 16, uppercase: true)
            return report(
                number, Self.column(line, control), "control character (byte 0x\(hex.count < 2 ? "0" : "")\(hex))")
        }
        guard let first = line.firstIndex(where: { !Self.isBlank($0) }), line[first] != UInt8(ascii: "#") else {
            return  // a blank line or a comment
        }
        do throws(LineFailure) {
            let result = try StatisticsLine(line).read()
            if let earlier = seen[result.gameID] {
                report(
                    number, nil,
                    "game '\(Self.shown(result.gameID))' is also on line \(earlier.line); this later line is kept")
                results[earlier.index] = nil
            }
            seen[result.gameID] = (results.count, number)
            results.append(result)
        } catch {
            report(number, error.offset.map { Self.column(line, $0) }, error.message)
        }
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == 0x09 }

    /// The 1-based column (in characters) of a byte offset in a line of UTF-8 text.
    static func column(_ line: [UInt8], _ offset: Int) -> Int {
        String(decoding: line[..<offset], as: UTF8.self).count + 1
    }

    /// A value for a message, shortened past 40 characters.
    static func shown(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }
}

/// A failure to read a line: what, and where (a byte offset in the line) when known.
private struct LineFailure: Error {
    var offset: Int?
    var message: String
}

/// The fields of one game's line, read in order.
private struct StatisticsLine {
    static let fieldNames = ["ended", "result", "variant", "moves", "seconds", "game"]

    let line: [UInt8]
    /// Each field's byte range; the title is the rest.
    var fields: [Range<Int>] = []
    var title: Range<Int>

    init(_ line: [UInt8]) {
        self.line = line
        var index = 0
        while fields.count < Self.fieldNames.count {
            while index < line.count, StatisticsParser.isBlank(line[index]) { index += 1 }
            guard index < line.count else { break }
            let start = index
            while index < line.count, !StatisticsParser.isBlank(line[index]) { index += 1 }
            fields.append(start..<index)
        }
        while index < line.count, StatisticsParser.isBlank(line[index]) { index += 1 }
        var end = line.count
        while end > index, StatisticsParser.isBlank(line[end - 1]) { end -= 1 }
        title = index..<end
    }

    func read() throws(LineFailure) -> GameResult {
        guard fields.count == Self.fieldNames.count else {
            throw LineFailure(
                offset: nil,
                message: "truncated line: \(fields.count) of the \(Self.fieldNames.count) fields "
                    + Self.fieldNames.joined(separator: ", ") + " (then the title)")
        }
        let ended = try wholeNumber(0, digits: 18, "end time", "a whole number of seconds since 1970")
        let won: Bool
        switch text(1) {
        case "won": won = true
        case "lost": won = false
        case let other:
            throw LineFailure(offset: fields[1].lowerBound, message: "result '\(other)' is not 'won' or 'lost'")
        }
        // A game renamed since counts its results under its new name.
        let variant = ShippedLayouts.currentName(of: try unescaped(fields[2], "variant"))
        let moves = try wholeNumber(3, digits: 9, "moves", "a whole number up to 999999999")
        let seconds = try secondsValue()
        let gameID = try unescaped(fields[5], "game")
        let title = try unescaped(title, "title")
        return GameResult(
            gameID: gameID, variant: variant, title: title, won: won, moves: Int(moves), seconds: seconds,
            endedAt: ended)
    }

    func text(_ field: Int) -> String {
        StatisticsParser.shown(String(decoding: line[fields[field]], as: UTF8.self))
    }

    func wholeNumber(_ field: Int, digits: Int, _ name: String, _ expected: String) throws(LineFailure) -> Int64 {
        let bytes = line[fields[field]]
        guard bytes.count <= digits, bytes.allSatisfy(Self.isDigit) else {
            throw LineFailure(offset: fields[field].lowerBound, message: "\(name) '\(text(field))' is not \(expected)")
        }
        return bytes.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
    }

    /// Up to nine digits, then optionally a point and up to nine more (no signs, exponents, `inf`
    /// or `nan`).
    func secondsValue() throws(LineFailure) -> Double {
        let bytes = line[fields[4]]
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let wellFormed =
            parts[0].count >= 1 && parts[0].count <= 9 && parts[0].allSatisfy(Self.isDigit)
            && (parts.count == 1 || (parts[1].count >= 1 && parts[1].count <= 9 && parts[1].allSatisfy(Self.isDigit)))
        guard wellFormed, let value = Double(String(decoding: bytes, as: UTF8.self)) else {
            throw LineFailure(
                offset: fields[4].lowerBound, message: "seconds '\(text(4))' is not a time in seconds such as 192.5")
        }
        return value
    }

    /// A field with its `%XX` escapes decoded.
    func unescaped(_ range: Range<Int>, _ name: String) throws(LineFailure) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = line[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, let high = Self.hexValue(line[index + 1]),
                    let low = Self.hexValue(line[index + 2])
                else {
                    throw LineFailure(
                        offset: index, message: "bad escape in the \(name): '%' is not followed by two hex digits")
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LineFailure(offset: range.lowerBound, message: "the \(name)'s escapes do not give UTF-8 text")
        }
        return text
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
