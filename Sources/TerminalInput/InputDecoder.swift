/// Turns the raw bytes a terminal sends into key, mouse, focus and paste events.
///
/// The decoder is a byte-at-a-time state machine: `feed` may be handed input in
/// any chunking (one byte at a time, or a whole `read(2)` buffer) and produces the
/// same events either way. A sequence that is cut off at the end of a chunk is
/// held back (`hasPendingBytes`) until the rest arrives, or until the run loop
/// decides it never will and calls `flush()` after `flushDelay`.
///
/// **Bytes that are not keys never become keys.** Everything a terminal sends
/// that is not a keypress is read to its end and dropped whole, so no part of
/// it can act: unknown or malformed CSI and SS3 sequences (ECMA-48: parameter
/// bytes, intermediate bytes, one final byte; C0 controls inside are ignored,
/// CAN and SUB cancel), OSC, DCS, SOS, PM and APC strings (to BEL or ST, or
/// until cancelled or cut off), cursor position and device attribute reports,
/// the 8-bit C1 controls (raw bytes 0x80–0x9F, or U+0080–U+009F in UTF-8;
/// 0x9B is CSI, 0x8F SS3, 0x90/0x98/0x9D/0x9E/0x9F open strings) and invalid
/// UTF-8. Mouse reports (SGR 1006, X10/1000 with 1005, urxvt 1015) and focus
/// reports become their own events, never keys. Text between `CSI 200~` and
/// `CSI 201~` is one `.paste` event, not keys.
///
/// **Escape is never lost, and there is no Alt+key.** ESC followed by a byte
/// that does not begin a sequence is Escape, and that byte is decoded afresh:
/// `ESC x` is Escape then `x`, `ESC ESC` is two Escapes, `ESC ESC [ A` is
/// Escape then Up. (Terminals send Alt+key as ESC + key; the game binds no
/// Alt keys, so Escape typed quickly before a key, or coalesced with it into
/// one read by ssh, still counts.) The bytes that begin a sequence after ESC
/// are `[` (CSI), `O` (SS3), `]`, `P`, `X`, `^`, `_` (strings) and `\` (ST):
/// none of them is a key the game binds, and a sequence can only be told from
/// Escape and those keys by what follows. `ESC [` or `ESC O` followed by a byte
/// that cannot continue a sequence is Escape and the key. A lone ESC, and ESC
/// followed by one introducer and then nothing, are Escape (and that key) on
/// `flush()`; an introducer that arrives after a lone ESC was flushed, before
/// the next flush, still begins a sequence: one split after its ESC is Escape
/// and then the sequence, never Escape and its bytes as keys. Alt survives only
/// where the terminal says so in a sequence (`CSI 1;3A`, a mouse report's meta bit).
///
/// Memory is bounded whatever the input: at most `maxSequenceLength` bytes are
/// held for an unfinished escape sequence, none for a string, and at most
/// `maxPasteBytes` for a bracketed paste.
public struct InputDecoder: Sendable {
    /// How long the run loop waits before `flush()` when what is held back is a
    /// whole key already (a lone ESC): short, so that Escape answers at once.
    public static let escapeDelay: Double = 0.025
    /// How long it waits when what is held back is the start of a longer
    /// sequence, string or paste: a person cannot type these, so waiting longer
    /// only keeps a terminal's sequence whole when it arrives split with a gap.
    public static let sequenceDelay: Double = 0.5

    /// An escape sequence that grows past this many bytes without its final byte
    /// is discarded (and the rest of it, as it arrives, too).
    static let maxSequenceLength = 64
    /// Bracketed-paste text past this many bytes is dropped; the paste still ends
    /// properly at `CSI 201~`.
    static let maxPasteBytes = 1 << 20
    /// Numeric parameters saturate here, so no digit string can overflow.
    static let maxParameter = 1 << 20

    /// Bytes of a sequence that is not finished yet (starts with ESC, a C1
    /// control or a UTF-8 lead byte). Never longer than `maxSequenceLength + 1`.
    var pending: [UInt8] = []
    /// Set after an over-long CSI was thrown away: its remaining parameter and
    /// intermediate bytes, and its final byte, are swallowed as they arrive.
    var discardingSequence = false
    /// Non-nil between `CSI 200~` and `CSI 201~`.
    var paste: PasteState?
    /// Non-nil inside an OSC, DCS, SOS, PM or APC string.
    var controlString: ControlStringState?
    /// The last flush gave a lone ESC as Escape. If the next byte begins a
    /// sequence (`[`, `O`, ...: none of them a key the game binds), that ESC
    /// began it and the rest arrived late: the sequence is read whole rather
    /// than typed as keys. Ends with the next byte or the next flush.
    var escapeMayContinue = false
    /// `pending[0]` is an ESC delivered as Escape already (see `escapeMayContinue`).
    var leadingEscapeDelivered = false

    public init() {
        pending.reserveCapacity(Self.maxSequenceLength + 1)
    }

    /// True while bytes are held back waiting for the rest of an escape
    /// sequence (or of a UTF-8 character, a string or a bracketed paste), or
    /// while the rest of a sequence whose ESC was flushed as Escape may still
    /// come: the run loop flushes again after `flushDelay` to end the wait.
    public var hasPendingBytes: Bool {
        !pending.isEmpty || discardingSequence || paste != nil || controlString != nil || escapeMayContinue
    }

    /// How long the run loop should wait for more bytes before calling `flush()`:
    /// `escapeDelay` when flushing now would turn everything held back into one
    /// event (a lone ESC is Escape), `sequenceDelay` when it would drop an
    /// unfinished sequence or end a string or paste early.
    public var flushDelay: Double {
        guard paste == nil, controlString == nil, !discardingSequence, !pending.isEmpty else {
            return Self.sequenceDelay
        }
        if case .event(_, let length) = step(at: 0, final: true), length == pending.count {
            return Self.escapeDelay
        }
        return Self.sequenceDelay
    }

    /// Decodes what can be decoded; an incomplete sequence at the end stays pending.
    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        var events: [InputEvent] = []
        for byte in bytes {
            consume(byte, into: &events)
        }
        return events
    }

    /// Called by the run loop when `flushDelay` passed with no more bytes:
    /// a lone ESC becomes `.escape`; ESC and one introducer (`ESC [`) become
    /// Escape and that key; an unfinished sequence or string is dropped (never
    /// re-emitted as garbage keys). After a lone ESC, the decoder watches what
    /// comes next until the following flush (`escapeMayContinue`).
    ///
    /// An unterminated bracketed paste ends here too, delivering the text
    /// collected so far; otherwise a lost `CSI 201~` would swallow every later key.
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        if let state = paste {
            paste = nil
            if let text = state.text { events.append(.paste(text)) }
        }
        if let state = controlString {
            controlString = nil
            events += state.keysIfTyped
        }
        discardingSequence = false
        let endsWithEscape = pending.last == 0x1B
        escapeMayContinue = false
        drain(final: true, into: &events)
        pending.removeAll(keepingCapacity: true)
        leadingEscapeDelivered = false
        escapeMayContinue = endsWithEscape && events.last == Self.escape
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
        /// An OSC, DCS, SOS, PM or APC introducer (`length` bytes): a string
        /// follows. `typed` is the byte after ESC for a 7-bit introducer.
        case beginString(length: Int, typed: UInt8?)
    }

    mutating func consume(_ byte: UInt8, into events: inout [InputEvent]) {
        if escapeMayContinue {
            // Only right after a flush, with nothing held back.
            escapeMayContinue = false
            if Self.introducesSequence(byte) {
                pending.append(0x1B)
                leadingEscapeDelivered = true
            }
        }
        if paste != nil {
            consumePaste(byte, into: &events)
            return
        }
        if controlString != nil {
            consumeString(byte, into: &events)
            return
        }
        if discardingSequence {
            switch byte {
            case 0x20...0x3F: return  // still inside the long sequence
            case 0x40...0x7E, 0x18, 0x1A:
                discardingSequence = false
                return  // its final byte, or CAN / SUB cancelling it
            case 0x00...0x1A, 0x1C...0x1F, 0x7F: return  // controls inside a sequence are ignored
            default: discardingSequence = false  // ESC or a byte past ASCII: decode it afresh
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
                    // Too long to be anything real: only a CSI or SS3 that is still
                    // going grows this long. Swallow the rest of it up to its final byte.
                    discardingSequence = true
                    pending.removeAll(keepingCapacity: true)
                }
                if pending.isEmpty { leadingEscapeDelivered = false }
                return
            case .event(let event, let length):
                if !(leadingEscapeDelivered && length == 1 && event == Self.escape) {
                    events.append(event)
                }
                dropPending(length)
            case .skip(let length):
                dropPending(length)
            case .beginPaste(let length):
                dropPending(length)
                paste = PasteState()
                refeedPending(into: &events)
                return
            case .beginString(let length, let typed):
                controlString = ControlStringState(typedIntroducer: leadingEscapeDelivered ? nil : typed)
                dropPending(length)
                refeedPending(into: &events)
                return
            }
        }
    }

    /// Removes at least one and at most all pending bytes, so the loop always progresses.
    private mutating func dropPending(_ length: Int) {
        pending.removeFirst(min(max(length, 1), pending.count))
        leadingEscapeDelivered = false
    }

    /// Feeds the pending bytes again, after a paste or string began: they belong to it now.
    private mutating func refeedPending(into events: inout [InputEvent]) {
        let rest = pending
        pending.removeAll(keepingCapacity: true)
        for byte in rest {
            consume(byte, into: &events)
        }
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
        if byte <= 0x9F {
            // Not a UTF-8 lead byte: an 8-bit C1 control.
            return c1Step(byte, at: s, length: 1, final: final)
        }
        switch Self.decodeUTF8(pending, at: s) {
        case .scalar(let scalar, let length):
            if scalar.value <= 0x9F {
                // U+0080–U+009F: a C1 control sent as UTF-8.
                return c1Step(UInt8(scalar.value), at: s, length: length, final: final)
            }
            return .event(.key(KeyPress(.character(Character(scalar)))), length: length)
        case .needMore:
            return final ? .skip(length: pending.count - s) : .needMore
        case .invalid(let length):
            return .skip(length: length)
        }
    }

    /// ESC at `pending[s]`: a CSI or SS3 sequence, a string, or Escape.
    func escapeStep(at s: Int, final: Bool) -> Step {
        guard s + 1 < pending.count else {
            return final ? .event(Self.escape, length: 1) : .needMore
        }
        let next = pending[s + 1]
        switch next {
        case 0x5B:  // [
            return csiStep(at: s, body: s + 2, typed: true, final: final)
        case 0x4F:  // O
            return ss3Step(at: s, body: s + 2, typed: true, final: final)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _: OSC, DCS, SOS, PM, APC
            return .beginString(length: 2, typed: next)
        case 0x5C:  // \: a string terminator with no string
            return .skip(length: 2)
        default:
            // Escape; whatever follows is decoded on its own (see the type's comment).
            return .event(Self.escape, length: 1)
        }
    }

    /// The C1 control `code` (0x80–0x9F), sent in `length` bytes at `pending[s]`.
    func c1Step(_ code: UInt8, at s: Int, length: Int, final: Bool) -> Step {
        switch code {
        case 0x9B: return csiStep(at: s, body: s + length, typed: false, final: final)
        case 0x8F: return ss3Step(at: s, body: s + length, typed: false, final: final)
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return .beginString(length: length, typed: nil)
        default: return .skip(length: length)  // a stray ST, and controls that mean nothing as input
        }
    }

    static let escape = InputEvent.key(KeyPress(.escape))

    /// Whether ESC followed by `byte` begins a sequence or string rather than
    /// being Escape and the key `byte`: `[ O ] P X ^ _ \`.
    static func introducesSequence(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x5B, 0x4F, 0x5D, 0x50, 0x58, 0x5E, 0x5F, 0x5C: return true
        default: return false
        }
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
}
