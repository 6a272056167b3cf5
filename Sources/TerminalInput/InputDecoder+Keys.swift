// CSI and SS3 sequences for keys, focus and paste.

extension InputDecoder {
    /// `ESC [` at `pending[s]`.
    func csiStep(at s: Int, final: Bool) -> Step {
        let start = s + 2
        guard start < pending.count else {
            return final ? .event(Self.altKey(0x5B), length: 2) : .needMore
        }
        let first = pending[start]
        if first == 0x4D {  // M: X10 / normal mouse, three raw bytes follow
            return x10MouseStep(at: s, final: final)
        }
        guard (0x20...0x7E).contains(first) else {
            // `ESC [` then a control or non-ASCII byte: that was Alt+[.
            return .event(Self.altKey(0x5B), length: 2)
        }
        switch ControlSequence.scan(pending, from: start) {
        case .needMore:
            return final ? .skip(length: pending.count - s) : .needMore
        case .malformed(let end):
            return .skip(length: end - s)
        case .complete(let sequence, let end):
            return interpretCSI(sequence, at: s, end: end, final: final)
        }
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
            if code == 200 { return .beginPaste(length: length) }
            guard let tildeKey = Self.tildeKey(code) else { return .skip(length: length) }
            return key(tildeKey, Modifiers(xtermParameter: sequence.parameter(1)))
        case 0x24, 0x5E, 0x40:  // rxvt: `$` shift, `^` control, `@` control+shift
            guard !params.isEmpty, let tildeKey = Self.tildeKey(sequence.parameter(0) ?? 0) else {
                return .skip(length: length)
            }
            let modifiers: Modifiers =
                switch sequence.final {
                case 0x24: .shift
                case 0x5E: .control
                default: [.control, .shift]
                }
            return key(tildeKey, modifiers)
        case 0x5A:  // Z
            var modifiers = Modifiers(xtermParameter: sequence.parameter(1))
            modifiers.remove(.shift)  // implied by backTab
            return key(.backTab, modifiers)
        case 0x49 where params.isEmpty:  // I
            return .event(.focusIn, length: length)
        case 0x4F where params.isEmpty:  // O
            return .event(.focusOut, length: length)
        case 0x61...0x64:  // a-d: rxvt Shift+arrow
            return key(Self.arrow(sequence.final - 0x20)!, .shift)
        case 0x5B where params.isEmpty:
            // Linux console F1–F5: ESC [ [ A ... ESC [ [ E
            guard end < pending.count else {
                return final ? .skip(length: length) : .needMore
            }
            let letter = pending[end]
            guard (0x41...0x45).contains(letter) else { return .skip(length: length) }
            return .event(.key(KeyPress(.function(Int(letter - 0x40)))), length: length + 1)
        default:
            guard let letterKey = Self.letterKey(sequence.final) else { return .skip(length: length) }
            // `CSI 1;5A`: the modifiers are the second parameter.
            return key(letterKey, Modifiers(xtermParameter: sequence.parameter(1)))
        }
    }

    /// `ESC O` at `pending[s]`: SS3 keys (application cursor and keypad modes).
    /// Digits before the final byte are taken as a modifier (`ESC O 5 P`,
    /// `ESC O 1;5 P`).
    func ss3Step(at s: Int, final: Bool) -> Step {
        var index = s + 2
        var parameters: [Int] = []
        var current = 0
        var sawDigits = false
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x30...0x39:
                sawDigits = true
                current = min(current * 10 + Int(byte - 0x30), Self.maxParameter)
            case 0x3B:
                sawDigits = true
                parameters.append(current)
                current = 0
            case 0x40...0x7E:
                if sawDigits { parameters.append(current) }
                let modifiers = Modifiers(xtermParameter: parameters.last)
                let length = index + 1 - s
                guard let key = Self.ss3Key(byte) else { return .skip(length: length) }
                var press = key
                press.modifiers.formUnion(modifiers)
                return .event(.key(press), length: length)
            default:
                // Not an SS3 sequence after all: `ESC O` was Alt+O (and if digits
                // followed, the whole thing is garbage).
                return sawDigits ? .skip(length: index - s) : .event(Self.altKey(0x4F), length: 2)
            }
            index += 1
        }
        if final {
            return sawDigits ? .skip(length: pending.count - s) : .event(Self.altKey(0x4F), length: 2)
        }
        return .needMore
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
