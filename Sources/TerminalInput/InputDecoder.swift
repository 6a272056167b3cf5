/// Turns the raw bytes a terminal sends into key, mouse, focus and paste events.
///
/// The decoder is a byte-at-a-time state machine: `feed` may be handed input in
/// any chunking (one byte at a time, or a whole `read(2)` buffer) and produces the
/// same events either way. A sequence that is cut off at the end of a chunk is
/// held back (`hasPendingBytes`) until the rest arrives, or until the run loop
/// decides it never will and calls `flush()` after `escapeDelay`.
///
/// Memory is bounded whatever the input: at most `maxSequenceLength` bytes are
/// held for an unfinished escape sequence, and at most `maxPasteBytes` for a
/// bracketed paste.
public struct InputDecoder: Sendable {
    /// How long the run loop should wait for more bytes before calling `flush()`.
    public static let escapeDelay: Double = 0.025

    /// An escape sequence that grows past this many bytes without its final byte
    /// is discarded (and the rest of it, as it arrives, too).
    static let maxSequenceLength = 64
    /// Bracketed-paste text past this many bytes is dropped; the paste still ends
    /// properly at `CSI 201~`.
    static let maxPasteBytes = 1 << 20
    /// Numeric parameters saturate here, so no digit string can overflow.
    static let maxParameter = 1 << 20

    /// Bytes of a sequence that is not finished yet (starts with ESC or a UTF-8
    /// lead byte). Never longer than `maxSequenceLength + 1`.
    var pending: [UInt8] = []
    /// Set after an over-long CSI was thrown away: its remaining parameter and
    /// intermediate bytes, and its final byte, are swallowed as they arrive.
    var discardingSequence = false
    /// Non-nil between `CSI 200~` and `CSI 201~`.
    var paste: PasteState?

    public init() {
        pending.reserveCapacity(Self.maxSequenceLength + 1)
    }

    /// True while bytes are held back waiting for the rest of an escape
    /// sequence (or of a UTF-8 character, or of a bracketed paste).
    public var hasPendingBytes: Bool {
        !pending.isEmpty || discardingSequence || paste != nil
    }

    /// Decodes what can be decoded; an incomplete sequence at the end stays pending.
    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        var events: [InputEvent] = []
        for byte in bytes {
            consume(byte, into: &events)
        }
        return events
    }

    /// Called by the run loop when `escapeDelay` passed with no more bytes:
    /// a lone ESC becomes `.escape`, ESC + char becomes Alt+char, an unfinished
    /// sequence is dropped (never re-emitted as garbage keys).
    ///
    /// An unterminated bracketed paste ends here too, delivering the text
    /// collected so far; otherwise a lost `CSI 201~` would swallow every later key.
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        if let state = paste {
            paste = nil
            if let text = state.text { events.append(.paste(text)) }
        }
        discardingSequence = false
        drain(final: true, into: &events)
        pending.removeAll(keepingCapacity: true)
        return events
    }

    // MARK: - Byte loop

    /// What one parsing step found at the start of the pending bytes.
    enum Step {
        /// An event, made from the first `length` bytes.
        case event(InputEvent, length: Int)
        /// The first `length` bytes mean nothing (unknown or malformed): drop them.
        case skip(length: Int)
        /// The bytes so far are the start of a sequence; wait for more.
        case needMore
        /// `CSI 200~` (`length` bytes): what follows is pasted text.
        case beginPaste(length: Int)
    }

    mutating func consume(_ byte: UInt8, into events: inout [InputEvent]) {
        if paste != nil {
            consumePaste(byte, into: &events)
            return
        }
        if discardingSequence {
            switch byte {
            case 0x20...0x3F: return  // still inside the long sequence
            case 0x40...0x7E:
                discardingSequence = false
                return  // its final byte
            default: discardingSequence = false  // something else: decode it normally
            }
        }
        // Fast path: plain ASCII and C0 controls need no buffering.
        if pending.isEmpty, byte < 0x80, byte != 0x1B {
            events.append(.key(Self.plainKey(byte)))
            return
        }
        pending.append(byte)
        drain(final: false, into: &events)
    }

    /// Decodes as much of `pending` as possible. With `final`, nothing is left
    /// waiting: ambiguous prefixes are resolved and unfinished sequences dropped.
    mutating func drain(final: Bool, into events: inout [InputEvent]) {
        while !pending.isEmpty {
            switch step(at: 0, final: final) {
            case .needMore:
                if final {
                    pending.removeAll(keepingCapacity: true)
                } else if pending.count > Self.maxSequenceLength {
                    // Too long to be anything real. If it looks like a CSI that is
                    // still going, keep swallowing its bytes until its final byte.
                    discardingSequence = (0x20...0x3F).contains(pending[pending.count - 1])
                    pending.removeAll(keepingCapacity: true)
                }
                return
            case .event(let event, let length):
                events.append(event)
                dropPending(length)
            case .skip(let length):
                dropPending(length)
            case .beginPaste(let length):
                dropPending(length)
                paste = PasteState()
                let rest = pending
                pending.removeAll(keepingCapacity: true)
                for byte in rest {
                    consume(byte, into: &events)
                }
                return
            }
        }
    }

    /// Removes at least one and at most all pending bytes, so the loop always progresses.
    private mutating func dropPending(_ length: Int) {
        pending.removeFirst(min(max(length, 1), pending.count))
    }

    /// One step of decoding at `pending[s]`.
    func step(at s: Int, final: Bool) -> Step {
        let byte = pending[s]
        if byte == 0x1B {
            return escapeStep(at: s, final: final)
        }
        if byte < 0x80 {
            return .event(.key(Self.plainKey(byte)), length: 1)
        }
        switch Self.decodeUTF8(pending, at: s) {
        case .scalar(let scalar, let length):
            guard Self.isPrintable(scalar) else { return .skip(length: length) }
            return .event(.key(KeyPress(.character(Character(scalar)))), length: length)
        case .needMore:
            return final ? .skip(length: pending.count - s) : .needMore
        case .invalid:
            return .skip(length: 1)
        }
    }

    /// ESC at `pending[s]`: a CSI or SS3 sequence, Alt+key, or a lone Escape.
    func escapeStep(at s: Int, final: Bool) -> Step {
        let escape = InputEvent.key(KeyPress(.escape))
        guard s + 1 < pending.count else {
            return final ? .event(escape, length: 1) : .needMore
        }
        let next = pending[s + 1]
        switch next {
        case 0x5B:  // [
            return csiStep(at: s, final: final)
        case 0x4F:  // O
            return ss3Step(at: s, final: final)
        case 0x1B:
            // ESC ESC [ ... / ESC ESC O ...: rxvt and some others send Alt+<key>
            // as ESC followed by the key's own sequence.
            guard s + 2 < pending.count else {
                return final ? .event(escape, length: 1) : .needMore
            }
            let third = pending[s + 2]
            if third == 0x5B || third == 0x4F {
                switch escapeStep(at: s + 1, final: final) {
                case .needMore:
                    return .needMore
                case .event(.key(var press), let length):
                    press.modifiers.insert(.alt)
                    return .event(.key(press), length: length + 1)
                case .skip(let length):
                    // An unknown or unfinished sequence with an Alt prefix: drop it whole.
                    return .skip(length: length + 1)
                case .event, .beginPaste:
                    break
                }
            }
            // Escape pressed, then whatever comes next is decoded on its own.
            return .event(escape, length: 1)
        default:
            if next < 0x80 {
                var press = Self.plainKey(next)
                press.modifiers.insert(.alt)
                return .event(.key(press), length: 2)
            }
            switch Self.decodeUTF8(pending, at: s + 1) {
            case .scalar(let scalar, let length):
                guard Self.isPrintable(scalar) else { return .skip(length: length + 1) }
                return .event(.key(KeyPress(.character(Character(scalar)), modifiers: .alt)), length: length + 1)
            case .needMore:
                return final ? .event(escape, length: 1) : .needMore
            case .invalid:
                return .event(escape, length: 1)
            }
        }
    }

    /// Alt+`character`, for ESC followed by a byte that turned out not to start a sequence.
    static func altKey(_ ascii: UInt8) -> InputEvent {
        .key(KeyPress(.character(Character(Unicode.Scalar(ascii))), modifiers: .alt))
    }

    /// The key for a single byte below 0x80 (ESC included).
    static func plainKey(_ byte: UInt8) -> KeyPress {
        switch byte {
        case 0x0D, 0x0A: return KeyPress(.enter)
        case 0x09: return KeyPress(.tab)
        case 0x08, 0x7F: return KeyPress(.backspace)
        case 0x1B: return KeyPress(.escape)
        case 0x00: return KeyPress(.control(" "))
        case 0x01...0x1A: return KeyPress(.control(Character(Unicode.Scalar(byte + 0x60))))
        case 0x1C...0x1F: return KeyPress(.control(Character(Unicode.Scalar(byte + 0x40))))
        default: return KeyPress(.character(Character(Unicode.Scalar(byte))))
        }
    }

    /// Text worth delivering as a key: everything but the C1 control range.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        !(0x80...0x9F).contains(scalar.value)
    }
}

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

// MARK: - UTF-8

extension InputDecoder {
    enum UTF8Step {
        case scalar(Unicode.Scalar, length: Int)
        /// A valid prefix of a multi-byte character, cut off by the end of the bytes.
        case needMore
        /// The byte at the position cannot start a character here: drop it alone.
        case invalid
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
        default: return .invalid
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let index = start + offset
            guard index < bytes.count else { return .needMore }
            let byte = bytes[index]
            let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte) else { return .invalid }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid }
        return .scalar(scalar, length: length)
    }
}
