// CSI and SS3 sequences for keys, focus and paste.

extension InputDecoder {
    /// A CSI at `pending[s]` whose introducer (`ESC [`, or C1 0x9B) ends at `body`.
    /// `typed` for `ESC [`, which a person may also have typed as Escape and `[`.
    func csiStep(at s: Int, body: Int, typed: Bool, final: Bool) -> Step {
        guard body < pending.count else {
            if !final { return .needMore }
            return typed ? .event(Self.escape, length: 1) : .skip(length: body - s)
        }
        let first = pending[body]
        if first == 0x4D {  // M: X10 / normal mouse, three raw bytes follow
            return x10MouseStep(at: s, values: body + 1, final: final)
        }
        if typed, !(0x20...0x7E).contains(first) {
            // `ESC [` then a byte no sequence starts with: Escape, `[`, and that byte.
            return .event(Self.escape, length: 1)
        }
        switch ControlSequence.scan(pending, from: body) {
        case .needMore:
            if !final { return .needMore }
            if let press = rxvtShiftedKey(body: body, end: pending.count) {
                return .event(.key(press), length: pending.count - s)
            }
            return .skip(length: pending.count - s)
        case .broken(let end):
            if let press = rxvtShiftedKey(body: body, end: end) {
                return .event(.key(press), length: end - s)
            }
            return .skip(length: end - s)
        case .complete(let sequence, let end):
            return interpretCSI(sequence, at: s, end: end, final: final)
        }
    }

    /// rxvt ends Shift+Home/End/Delete/... with `$` (`ESC [ 3 $`), which ECMA-48
    /// calls an intermediate byte: `ESC [ 3 $ y` is a whole other sequence (a
    /// mode report). So the rxvt key is only taken when the sequence cannot go
    /// on: `pending[body..<end]` is digits then `$`, and then nothing came, or
    /// ESC or a byte past ASCII did.
    func rxvtShiftedKey(body: Int, end: Int) -> KeyPress? {
        guard end - body >= 2, pending[end - 1] == 0x24,
            pending[body..<(end - 1)].allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        var code = 0
        for digit in pending[body..<(end - 1)] {
            code = min(code * 10 + Int(digit - 0x30), Self.maxParameter)
        }
        return Self.tildeKey(code).map { KeyPress($0, modifiers: .shift) }
    }

    func interpretCSI(_ sequence: ControlSequence, at s: Int, end: Int, final: Bool) -> Step {
        let length = end - s
        guard sequence.isWellFormed, sequence.intermediates.isEmpty else { return .skip(length: length) }
        if sequence.privateMarker == 0x3C {  // <
            return sgrMouseStep(sequence, length: length)
        }
        guard sequence.privateMarker == nil else { return .skip(length: length) }

        func key(_ key: Key, _ modifiers: Modifiers) -> Step {
            .event(.key(KeyPress(key, modifiers: modifiers)), length: length)
        }
        let params = sequence.parameters
        switch sequence.final {
        case 0x4D:  // M with parameters: urxvt mouse (mode 1015)
            return urxvtMouseStep(sequence, length: length)
        case 0x7E:  // ~
            let code = sequence.parameter(0) ?? 0
            if code == 200, params.count == 1 { return .beginPaste(length: length) }
            guard params.count <= 2, let tildeKey = Self.tildeKey(code) else { return .skip(length: length) }
            return key(tildeKey, Modifiers(xtermParameter: sequence.parameter(1)))
        case 0x5E, 0x40:  // rxvt: `^` control, `@` control+shift
            guard params.count == 1, let tildeKey = Self.tildeKey(sequence.parameter(0) ?? 0) else {
                return .skip(length: length)
            }
            return key(tildeKey, sequence.final == 0x5E ? .control : [.control, .shift])
        case 0x5A:  // Z
            guard Self.areKeyParameters(params) else { return .skip(length: length) }
            var modifiers = Modifiers(xtermParameter: sequence.parameter(1))
            modifiers.remove(.shift)  // implied by backTab
            return key(.backTab, modifiers)
        case 0x49 where params.isEmpty:  // I
            return .event(.focusIn, length: length)
        case 0x4F where params.isEmpty:  // O
            return .event(.focusOut, length: length)
        case 0x61...0x64 where params.isEmpty:  // a-d: rxvt Shift+arrow
            return key(Self.arrow(sequence.final - 0x20)!, .shift)
        case 0x5B where params.isEmpty:
            // Linux console F1–F5: ESC [ [ A ... ESC [ [ E
            guard end < pending.count else {
                return final ? .skip(length: length) : .needMore
            }
            let letter = pending[end]
            guard (0x41...0x45).contains(letter) else { return .skip(length: length) }
            return .event(.key(KeyPress(.function(Int(letter - 0x40)))), length: length + 1)
        case 0x50...0x53 where params.count == 2 && (sequence.parameter(1) ?? 0) < 2:
            // `CSI r;c R` is a cursor position report; F1–F4 carry a modifier of 2 or more.
            return .skip(length: length)
        default:
            guard Self.areKeyParameters(params), let letterKey = Self.letterKey(sequence.final) else {
                return .skip(length: length)
            }
            // `CSI 1;5A`: the modifiers are the second parameter.
            return key(letterKey, Modifiers(xtermParameter: sequence.parameter(1)))
        }
    }

    /// Parameters a key sent as `CSI [1 [; modifiers]] letter` can have: none,
    /// `1`, or `1;m` (the first may be left empty). Anything else (`CSI 12;40R`,
    /// `CSI 2;3;4A`) is some other sequence.
    static func areKeyParameters(_ parameters: [Int?]) -> Bool {
        guard let first = parameters.first else { return true }
        return parameters.count <= 2 && (first == nil || first == 1)
    }

    /// An SS3 at `pending[s]` whose introducer (`ESC O`, or C1 0x8F) ends at `body`:
    /// application cursor and keypad keys. Digits before the final byte are taken
    /// as a modifier (`ESC O 5 P`, `ESC O 1;5 P`).
    func ss3Step(at s: Int, body: Int, typed: Bool, final: Bool) -> Step {
        guard body < pending.count else {
            if !final { return .needMore }
            return typed ? .event(Self.escape, length: 1) : .skip(length: body - s)
        }
        if typed, !(0x20...0x7E).contains(pending[body]) {
            // `ESC O` then a byte no sequence starts with: Escape, `O`, and that byte.
            return .event(Self.escape, length: 1)
        }
        switch ControlSequence.scan(pending, from: body) {
        case .needMore:
            return final ? .skip(length: pending.count - s) : .needMore
        case .broken(let end):
            return .skip(length: end - s)
        case .complete(let sequence, let end):
            let length = end - s
            guard sequence.isWellFormed, sequence.intermediates.isEmpty, sequence.privateMarker == nil,
                sequence.parameters.count <= 2, var press = Self.ss3Key(sequence.final)
            else { return .skip(length: length) }
            press.modifiers.formUnion(Modifiers(xtermParameter: sequence.parameters.last ?? nil))
            return .event(.key(press), length: length)
        }
    }

    // MARK: - Tables

    static func arrow(_ final: UInt8) -> Key? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        default: return nil
        }
    }

    /// Final bytes shared by CSI and SS3: arrows, Home/End, F1–F4.
    static func letterKey(_ final: UInt8) -> Key? {
        if let arrow = arrow(final) { return arrow }
        switch final {
        case 0x48: return .home  // H
        case 0x46: return .end  // F
        case 0x50...0x53: return .function(Int(final - 0x50) + 1)  // P Q R S
        default: return nil
        }
    }

    static func ss3Key(_ final: UInt8) -> KeyPress? {
        if let key = letterKey(final) { return KeyPress(key) }
        switch final {
        case 0x4D: return KeyPress(.enter)  // keypad Enter
        case 0x61...0x64: return KeyPress(arrow(final - 0x20)!, modifiers: .control)  // rxvt Ctrl+arrow
        case 0x58: return KeyPress(.character("="))  // keypad =
        case 0x6A...0x79:  // keypad * + , - . / 0–9
            let text: [Character] = ["*", "+", ",", "-", ".", "/", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
            return KeyPress(.character(text[Int(final - 0x6A)]))
        default: return nil
        }
    }

    /// `CSI <code> ~` keys (vt220 / xterm numbering; 16 and 22 are unused).
    static func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23, 24: return .function(code - 12)
        default: return nil
        }
    }
}
