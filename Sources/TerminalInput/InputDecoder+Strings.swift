// What a terminal sends as a stretch of bytes rather than one sequence: bracketed
// paste, and the OSC, DCS, SOS, PM and APC control strings.

// MARK: - Bracketed paste

extension InputDecoder {
    /// The text of a bracketed paste, collected while watching for `ESC [ 2 0 1 ~`.
    struct PasteState {
        static let terminator: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

        var content: [UInt8] = []
        /// How many bytes of `terminator` the latest bytes matched. They are not
        /// in `content` yet: they go there if the match breaks off.
        var matched = 0

        /// The pasted text, or nil for an empty paste. Invalid UTF-8 becomes U+FFFD.
        var text: String? {
            content.isEmpty ? nil : String(decoding: content, as: UTF8.self)
        }

        /// Takes one byte; returns true when it completed the terminator.
        mutating func take(_ byte: UInt8) -> Bool {
            if byte == Self.terminator[matched] {
                matched += 1
                return matched == Self.terminator.count
            }
            if matched > 0 {
                // The terminator contains ESC only at its start, so a broken
                // match can only restart at this byte.
                for held in Self.terminator[0..<matched] { append(held) }
                matched = 0
            }
            if byte == Self.terminator[0] {
                matched = 1
            } else {
                append(byte)
            }
            return false
        }

        private mutating func append(_ byte: UInt8) {
            if content.count < InputDecoder.maxPasteBytes {
                content.append(byte)
            }
        }
    }

    mutating func consumePaste(_ byte: UInt8, into events: inout [InputEvent]) {
        // Mutate in place through the optional so the content buffer is never copied.
        guard paste?.take(byte) == true else { return }
        let text = paste?.text
        paste = nil
        if let text { events.append(.paste(text)) }
    }
}

// MARK: - Control strings

extension InputDecoder {
    /// Inside an OSC, DCS, SOS, PM or APC string. Nothing of it is kept: the
    /// payload is only read past, so a string of any length costs no memory.
    ///
    /// The string ends at BEL, at ST (`ESC \`, 8-bit 0x9C, or U+009C in UTF-8),
    /// or is cancelled by CAN or SUB. ESC followed by another ESC or by a byte
    /// that begins a sequence (`[`, `O`, ...) cuts it off and begins that
    /// sequence; ESC followed by anything else is payload, and the string goes on. A 0x9C that is a UTF-8 continuation byte
    /// (`✜` is E2 9C 9C) is payload, not ST.
    struct ControlStringState {
        /// The byte after ESC that opened the string (`]`, `P`, ...); nil for a C1 introducer.
        var typedIntroducer: UInt8?
        var payloadBytes = 0
        /// The last byte was ESC: `\` ends the string, another ESC or a byte that
        /// begins a sequence cuts it off, anything else is payload.
        var afterEscape = false
        /// Continuation bytes still due for the UTF-8 character in the payload.
        var continuationsDue = 0
        var previous: UInt8 = 0

        init(typedIntroducer: UInt8?) {
            self.typedIntroducer = typedIntroducer
        }

        /// What a flush makes of a string cut off: nothing, unless no payload
        /// came at all after ESC and the introducer, which a person may have
        /// typed (Escape, then `]`).
        var keysIfTyped: [InputEvent] {
            guard payloadBytes == 0, let typed = typedIntroducer else { return [] }
            var keys = [InputDecoder.escape, .key(InputDecoder.plainKey(typed))]
            if afterEscape { keys.append(InputDecoder.escape) }
            return keys
        }

        enum Progress {
            case goingOn, ended
            /// ESC and then this byte, which is not `\`: the string was cut off.
            case interrupted(by: UInt8)
        }

        mutating func take(_ byte: UInt8) -> Progress {
            if afterEscape {
                afterEscape = false
                if byte == 0x5C { return .ended }
                if byte == 0x1B || InputDecoder.introducesSequence(byte) { return .interrupted(by: byte) }
                // ESC and a key: payload of a malformed string, which goes on.
            }
            switch byte {
            case 0x07, 0x18, 0x1A:  // BEL ends the string; CAN and SUB cancel it
                return .ended
            case 0x1B:
                afterEscape = true
                return .goingOn
            case 0x9C where continuationsDue == 0:  // 8-bit ST
                return .ended
            case 0x9C where continuationsDue == 1 && previous == 0xC2:  // U+009C, ST in UTF-8
                return .ended
            case 0x80...0xBF:
                continuationsDue = max(0, continuationsDue - 1)
            case 0xC2...0xDF: continuationsDue = 1
            case 0xE0...0xEF: continuationsDue = 2
            case 0xF0...0xF4: continuationsDue = 3
            default: continuationsDue = 0
            }
            payloadBytes += 1
            previous = byte
            return .goingOn
        }
    }

    mutating func consumeString(_ byte: UInt8, into events: inout [InputEvent]) {
        guard let progress = controlString?.take(byte) else { return }
        switch progress {
        case .goingOn:
            return
        case .ended:
            controlString = nil
        case .interrupted(let next):
            // The ESC was the terminal's, not a key: it begins a new sequence.
            controlString = nil
            if next != 0x1B { consume(0x1B, into: &events) }
            consume(next, into: &events)
        }
    }
}
