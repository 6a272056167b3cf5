// Strict UTF-8 for the decoder: characters come out whole; anything else is
// dropped in the pieces Unicode calls maximal subparts.

extension InputDecoder {
    enum UTF8Step {
        case scalar(Unicode.Scalar, length: Int)
        /// A valid prefix of a multi-byte character, cut off by the end of the bytes.
        case needMore
        /// The first `length` bytes cannot be part of a character: the lead byte
        /// and the continuation bytes that fitted it before one did not (the
        /// maximal subpart). The byte that did not fit is decoded afresh, so a key
        /// after a broken character is never lost.
        case invalid(length: Int)
    }

    /// Strict UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF).
    static func decodeUTF8(_ bytes: [UInt8], at start: Int) -> UTF8Step {
        let lead = bytes[start]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return .invalid(length: 1)
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let index = start + offset
            guard index < bytes.count else { return .needMore }
            let byte = bytes[index]
            let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte) else { return .invalid(length: offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid(length: length) }
        return .scalar(scalar, length: length)
    }
}
