import TableKit

@testable import Terminal

/// A terminal for tests: it reads the sequences ``FrameEncoder`` writes (cursor moves, CR, LF,
/// BS, SGR, ED, EL, ECH, UTF-8 text with a pending wrap at the last column, bce) and keeps
/// each cell's text and look, as colour numbers. Anything else it does not know fails.
struct VirtualTerminal {
    struct Shown: Equatable, CustomStringConvertible {
        var text: String
        var pen: TerminalPen
        var description: String { "\(text.debugDescription) \(pen)" }
    }

    let width: Int
    let height: Int
    var cells: [Shown]
    var pen = TerminalPen.plain
    var x = 0
    var y = 0
    var pendingWrap = false
    var unknown: [String] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Shown(text: " ", pen: .plain), count: width * height)
    }

    subscript(x: Int, y: Int) -> Shown { cells[y * width + x] }

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x1B:
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else {
                    unknown.append("ESC")
                    i += 1
                    continue
                }
                var end = i + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                let parameters = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                control(parameters, final: Character(UnicodeScalar(bytes[end])))
                i = end + 1
            case 0x0D:
                x = 0
                pendingWrap = false
                i += 1
            case 0x0A:
                y = min(height - 1, y + 1)
                pendingWrap = false
                i += 1
            case 0x08:
                x = max(0, x - 1)
                pendingWrap = false
                i += 1
            default:
                var length = 1
                if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
                print(String(decoding: bytes[i..<(i + length)], as: UTF8.self))
                i += length
            }
        }
    }

    private mutating func print(_ text: String) {
        if pendingWrap {
            x = 0
            y = min(height - 1, y + 1)
            pendingWrap = false
        }
        cells[y * width + x] = Shown(text: text, pen: pen)
        if Glyph(Character(text)).width == 2 && x + 1 < width {
            cells[y * width + x + 1] = Shown(text: "", pen: pen)
            x += 1
        }
        if x == width - 1 { pendingWrap = true } else { x += 1 }
    }

    private mutating func control(_ parameters: String, final: Character) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        let first = numbers.first ?? 0
        let count = max(1, first)
        pendingWrap = false
        switch final {
        case "H":
            y = max(1, first) - 1
            x = numbers.count > 1 ? max(1, numbers[1]) - 1 : 0
        case "A": y = max(0, y - count)
        case "B": y = min(height - 1, y + count)
        case "C": x = min(width - 1, x + count)
        case "D": x = max(0, x - count)
        case "J" where first == 2:
            for index in cells.indices { cells[index] = Shown(text: " ", pen: erasing) }
        case "K":
            for column in x..<width { cells[y * width + column] = Shown(text: " ", pen: erasing) }
        case "X":
            for column in x..<min(width, x + count) { cells[y * width + column] = Shown(text: " ", pen: erasing) }
        case "m": sgr(parameters.isEmpty ? [0] : numbers)
        default: unknown.append("CSI \(parameters) \(final)")
        }
    }

    /// What erasing leaves: spaces in the pen's background, nothing else.
    private var erasing: TerminalPen {
        TerminalPen(foreground: pen.foreground, background: pen.background, attributes: [])
    }

    private mutating func sgr(_ numbers: [Int]) {
        var i = 0
        while i < numbers.count {
            let n = numbers[i]
            switch n {
            case 0: pen = .plain
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 22: pen.attributes.subtract([.bold, .dim])
            case 23: pen.attributes.remove(.italic)
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.reverse)
            case 30...37: pen.foreground = n - 30
            case 40...47: pen.background = n - 40
            case 90...97: pen.foreground = n - 90 + 8
            case 100...107: pen.background = n - 100 + 8
            case 39: pen.foreground = -1
            case 49: pen.background = -1
            case 38, 48:
                var value = 0
                if numbers[i + 1] == 5 {
                    value = numbers[i + 2]
                    i += 2
                } else {
                    value = (numbers[i + 2] << 16) | (numbers[i + 3] << 8) | numbers[i + 4]
                    i += 4
                }
                if n == 38 { pen.foreground = value } else { pen.background = value }
            default: unknown.append("SGR \(n)")
            }
            i += 1
        }
    }
}
