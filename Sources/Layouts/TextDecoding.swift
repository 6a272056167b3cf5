// Bytes -> text for every file a player writes (layouts, scripts, settings, positions): UTF-8 only,
// and each encoding problem said with the line and column where it is.

/// An encoding problem and where it is: the position of the first scalar that is wrong (the
/// line and column an editor shows, the byte order mark at the start not counted).
public struct EncodingProblem: Error, Hashable, Sendable {
    public var position: SourcePosition
    /// What is wrong, such as `the file is UTF-16 …` or `the file is not valid UTF-8`.
    public var message: String

    public init(position: SourcePosition, message: String) {
        self.position = position
        self.message = message
    }
}

public enum TextDecoding {
    /// The text of a file: UTF-8, one byte order mark at the start allowed (and dropped). Refused,
    /// with the line and column: a file in UTF-16 or UTF-32 (said as such), bytes that are not
    /// UTF-8, a NUL character, and a byte order mark anywhere but at the start (two at the start
    /// are one too many).
    public static func decode(_ bytes: [UInt8]) -> Result<String, EncodingProblem> {
        let start = SourcePosition(line: 1, column: 1)
        if let wide = wideEncoding(bytes) {
            return .failure(
                EncodingProblem(position: start, message: "the file is \(wide), not UTF-8: save it as UTF-8"))
        }
        let body = bytes.starts(with: utf8BOM) ? bytes[3...] : bytes[...]
        guard let text = String(validating: body, as: UTF8.self) else {
            return .failure(
                EncodingProblem(position: firstInvalidPosition(body), message: "the file is not valid UTF-8"))
        }
        if let problem = misplacedScalar(body) { return .failure(problem) }
        return .success(text)
    }

    static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `UTF-16` or `UTF-32` when the file starts with one of their byte order marks, or looks
    /// like UTF-16 without one (a NUL beside each of its first ASCII characters).
    static func wideEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
            return "UTF-32 (it starts with a UTF-32 byte order mark)"
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return "UTF-16 (it starts with a UTF-16 byte order mark)"
        }
        guard bytes.count >= 4 else { return nil }
        let pairs = bytes.prefix(8).count / 2
        let low = (0..<pairs).allSatisfy { bytes[2 * $0] != 0 && bytes[2 * $0] < 0x80 && bytes[2 * $0 + 1] == 0 }
        let high = (0..<pairs).allSatisfy { bytes[2 * $0] == 0 && bytes[2 * $0 + 1] != 0 && bytes[2 * $0 + 1] < 0x80 }
        return low || high ? "UTF-16 (every other byte is a NUL)" : nil
    }

    /// The first NUL, or a byte order mark after the start, in valid UTF-8.
    static func misplacedScalar(_ body: ArraySlice<UInt8>) -> EncodingProblem? {
        var line = 1
        var column = 1
        var k = body.startIndex
        while k < body.endIndex {
            let byte = body[k]
            if byte == 0 {
                return EncodingProblem(
                    position: SourcePosition(line: line, column: column),
                    message: "the file contains a NUL character (U+0000)")
            }
            if byte == 0xEF, k + 2 < body.endIndex, body[k + 1] == 0xBB, body[k + 2] == 0xBF {
                return EncodingProblem(
                    position: SourcePosition(line: line, column: column),
                    message: "a byte order mark (U+FEFF) may only start the file, not be written here")
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            k += 1
        }
        return nil
    }

    /// Where the first byte that is not UTF-8 is.
    static func firstInvalidPosition(_ body: ArraySlice<UInt8>) -> SourcePosition {
        var iterator = body.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1
        var column = 1
        while case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            if Unicode.UTF8.decode(encoded) == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }
}
