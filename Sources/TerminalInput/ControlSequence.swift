/// A parsed CSI sequence (ECMA-48): `ESC [`, parameter bytes 0x30–0x3F,
/// intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E.
struct ControlSequence {
    /// `<`, `=`, `>` or `?` right after the introducer (e.g. `<` for SGR mouse).
    var privateMarker: UInt8?
    /// `;`-separated numbers; nil where a parameter was left empty. Only the
    /// first `:` sub-parameter of each is kept. Values saturate at
    /// `InputDecoder.maxParameter`.
    var parameters: [Int?] = []
    var intermediates: [UInt8] = []
    var final: UInt8 = 0
    /// False when the parameter bytes are out of order (a private marker in
    /// the middle, parameters after intermediates): such a sequence is read to
    /// its end and then ignored.
    var isWellFormed = true

    func parameter(_ index: Int) -> Int? {
        index < parameters.count ? parameters[index] : nil
    }

    enum Scan {
        /// The sequence ends just before `end`.
        case complete(ControlSequence, end: Int)
        /// Ran out of bytes before the final byte.
        case needMore
        /// The sequence was broken off before its final byte: drop the bytes before
        /// `end`. ESC or a byte past ASCII breaks it off and is decoded afresh (it
        /// sits at `end`); CAN or SUB cancels it and goes with it.
        case broken(end: Int)
    }

    /// Scans the bytes of a CSI (or of an SS3 with parameters) from `start`,
    /// just past its introducer.
    ///
    /// As in a DEC terminal's parser, C0 controls (but ESC, CAN and SUB) and DEL
    /// inside a sequence are ignored: the sequence goes on to its final byte, so
    /// nothing after a control inside it can become a key.
    static func scan(_ bytes: [UInt8], from start: Int) -> Scan {
        var sequence = ControlSequence()
        var current: Int?
        var inSubParameter = false
        var sawParameterBytes = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x30...0x3F where !sequence.intermediates.isEmpty:
                sequence.isWellFormed = false
            case 0x30...0x39:
                sawParameterBytes = true
                if !inSubParameter {
                    current = min((current ?? 0) * 10 + Int(byte - 0x30), InputDecoder.maxParameter)
                }
            case 0x3A:  // ':' sub-parameter separator
                sawParameterBytes = true
                inSubParameter = true
            case 0x3B:  // ';'
                sawParameterBytes = true
                sequence.parameters.append(current)
                current = nil
                inSubParameter = false
            case 0x3C...0x3F:
                if index == start {
                    sequence.privateMarker = byte
                } else {
                    sequence.isWellFormed = false
                }
            case 0x20...0x2F:
                if sequence.intermediates.count < 4 { sequence.intermediates.append(byte) }
            case 0x40...0x7E:
                if sawParameterBytes { sequence.parameters.append(current) }
                sequence.final = byte
                return .complete(sequence, end: index + 1)
            case 0x18, 0x1A:  // CAN, SUB
                return .broken(end: index + 1)
            case 0x1B, 0x80...0xFF:
                return .broken(end: index)
            default:
                break  // another C0 control, or DEL: ignored
            }
            index += 1
        }
        return .needMore
    }
}

extension Modifiers {
    /// From xterm's modifier parameter (`CSI 1;5A`: 5 = 1 + control).
    /// 1 or nil mean none; the meta bit counts as alt; higher bits (caps and
    /// num lock in some terminals) are ignored.
    init(xtermParameter: Int?) {
        self = []
        guard let parameter = xtermParameter, parameter >= 2 else { return }
        let bits = (parameter - 1) & 0x0F
        if bits & 1 != 0 { insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { insert(.alt) }
        if bits & 4 != 0 { insert(.control) }
    }
}
