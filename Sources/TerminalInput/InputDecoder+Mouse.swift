// Mouse reports in the three wire formats terminals use.
//
// All three share xterm's button byte layout:
//   bits 0–1  button: 0 left, 1 middle, 2 right, 3 none/release
//   +4 shift, +8 alt (meta), +16 control
//   +32 motion, +64 wheel (64 up, 65 down, 66/67 left/right), +128 extra buttons 8–11

extension InputDecoder {
    /// `ESC [ M Cb Cx Cy` at `pending[s]` (X10 / normal tracking, modes 9 and 1000–1003),
    /// its three values starting at `pending[values]`.
    ///
    /// Each value is sent as one byte, value + 32. Under mode 1005 a value past
    /// 95 is sent as a two-byte UTF-8 character instead; a byte that starts a
    /// valid two-byte UTF-8 sequence (0xC2–0xDF, then 0x80–0xBF) is read that way.
    /// The two encodings are ambiguous for a plain X10 value of 162+ followed by
    /// a byte 0x80–0xBF; the UTF-8 reading wins (terminals this wide should use
    /// SGR mode 1006, which the app turns on first).
    func x10MouseStep(at s: Int, values start: Int, final: Bool) -> Step {
        var index = start
        var values: [Int] = []
        values.reserveCapacity(3)
        while values.count < 3 {
            guard index < pending.count else {
                // `ESC [ M` with fewer than three value bytes: wait, or drop on flush.
                return final ? .skip(length: pending.count - s) : .needMore
            }
            let byte = pending[index]
            if (0xC2...0xDF).contains(byte) {
                if index + 1 < pending.count {
                    let next = pending[index + 1]
                    if (0x80...0xBF).contains(next) {
                        values.append(Int(byte & 0x1F) << 6 | Int(next & 0x3F))
                        index += 2
                        continue
                    }
                } else if !final {
                    return .needMore  // could be the first half of a mode 1005 value
                }
            }
            values.append(Int(byte))
            index += 1
        }
        let length = index - s
        let code = values[0] - 32
        guard code >= 0 else { return .skip(length: length) }
        let report = Self.mouseReport(
            code: code,
            column: Self.x10Coordinate(values[1]),
            row: Self.x10Coordinate(values[2]),
            sgrRelease: false
        )
        return .event(.mouse(report), length: length)
    }

    /// An X10 coordinate byte to a 0-based cell. xterm sends 0 for a position
    /// it cannot encode (past column/row 223): report the first such cell, 223,
    /// rather than jumping to the far edge or dropping a release.
    static func x10Coordinate(_ value: Int) -> Int {
        value == 0 ? 223 : max(0, value - 33)
    }

    /// `ESC [ < b ; x ; y M|m` (SGR, mode 1006). `m` is a release.
    func sgrMouseStep(_ sequence: ControlSequence, length: Int) -> Step {
        guard sequence.final == 0x4D || sequence.final == 0x6D,
            sequence.parameters.count == 3,
            let code = sequence.parameter(0),
            let x = sequence.parameter(1),
            let y = sequence.parameter(2)
        else { return .skip(length: length) }
        let report = Self.mouseReport(
            code: code,
            column: max(0, x - 1),
            row: max(0, y - 1),
            sgrRelease: sequence.final == 0x6D
        )
        return .event(.mouse(report), length: length)
    }

    /// `ESC [ b ; x ; y M` (urxvt, mode 1015): decimal, but `b` keeps the +32 of X10.
    func urxvtMouseStep(_ sequence: ControlSequence, length: Int) -> Step {
        guard sequence.parameters.count == 3,
            let encoded = sequence.parameter(0), encoded >= 32,
            let x = sequence.parameter(1),
            let y = sequence.parameter(2)
        else { return .skip(length: length) }
        let report = Self.mouseReport(
            code: encoded - 32,
            column: max(0, x - 1),
            row: max(0, y - 1),
            sgrRelease: false
        )
        return .event(.mouse(report), length: length)
    }

    /// Builds a report from xterm's button code (see the top of this file).
    /// `sgrRelease` is true for SGR's `m`; without it (X10, urxvt) a release is
    /// button bits 3 with no motion bit, and does not say which button.
    static func mouseReport(code: Int, column: Int, row: Int, sgrRelease: Bool) -> MouseReport {
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        let motion = code & 32 != 0
        let wheel = code & 64 != 0
        let basic: [MouseButton] = [.left, .middle, .right, .none]

        let button: MouseButton
        let action: MouseAction
        if code & 128 != 0 {
            button = .other(8 + low + (wheel ? 4 : 0))
            action = sgrRelease ? .release : (motion ? .drag : .press)
        } else if wheel {
            button = [MouseButton.wheelUp, .wheelDown, .other(6), .other(7)][low]
            action = sgrRelease ? .release : .press
        } else if sgrRelease {
            button = basic[low]
            action = .release
        } else if motion {
            button = basic[low]
            action = low == 3 ? .move : .drag
        } else {
            button = basic[low]
            action = low == 3 ? .release : .press
        }
        return MouseReport(action: action, button: button, column: column, row: row, modifiers: modifiers)
    }
}
