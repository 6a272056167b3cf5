/// The shortest way to move the terminal's cursor: an absolute move (CUP), or relative ones
/// (carriage return, CR LF to the next row's start, backspace, CUU, CUD, CUF, CUB).
enum CursorMotion {
    /// Appends the bytes that move the cursor from `from` (nil: unknown) to `to`, 0-based.
    /// Relative moves never scroll: LF is used only to go down to a row that exists, and a
    /// cursor in the last column's pending wrap counts as unknown (the caller's business).
    static func append(from: (x: Int, y: Int)?, to: (x: Int, y: Int), into out: inout [UInt8]) {
        guard let from else {
            appendAbsolute(to, into: &out)
            return
        }
        if from.x == to.x && from.y == to.y { return }
        var relative: [UInt8] = []
        appendRelative(from: from, to: to, into: &relative)
        if relative.count <= absoluteLength(to) {
            out.append(contentsOf: relative)
        } else {
            appendAbsolute(to, into: &out)
        }
    }

    /// CUP: `ESC [ row ; col H`, with the column left out for the first and both for the home.
    static func appendAbsolute(_ to: (x: Int, y: Int), into out: inout [UInt8]) {
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        if to.x > 0 || to.y > 0 {
            appendDecimal(to.y + 1, into: &out)
            if to.x > 0 {
                out.append(UInt8(ascii: ";"))
                appendDecimal(to.x + 1, into: &out)
            }
        }
        out.append(UInt8(ascii: "H"))
    }

    static func absoluteLength(_ to: (x: Int, y: Int)) -> Int {
        if to.x == 0 && to.y == 0 { return 3 }
        return to.x == 0 ? 3 + digits(to.y + 1) : 4 + digits(to.y + 1) + digits(to.x + 1)
    }

    private static func appendRelative(from: (x: Int, y: Int), to: (x: Int, y: Int), into out: inout [UInt8]) {
        let down = to.y - from.y
        if down == 1 && to.x == 0 {
            out.append(contentsOf: [0x0D, 0x0A])  // CR LF: the next row's start
            return
        }
        if down > 0 { appendStep(down, final: "B", into: &out) }
        if down < 0 { appendStep(-down, final: "A", into: &out) }
        let right = to.x - from.x
        if right == 0 { return }
        if to.x == 0 {
            out.append(0x0D)
        } else if right > 0 {
            appendStep(right, final: "C", into: &out)
        } else if right == -1 {
            out.append(0x08)
        } else {
            appendStep(-right, final: "D", into: &out)
        }
    }

    /// `ESC [ N final`, N left out when 1.
    private static func appendStep(_ count: Int, final: Unicode.Scalar, into out: inout [UInt8]) {
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        if count > 1 { appendDecimal(count, into: &out) }
        out.append(UInt8(ascii: final))
    }

    static func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}
