import Solitaire
import TableKit

/// Colours and characters for drawing a table. `unicode` draws suits and box lines;
/// `ascii` (a non-UTF-8 locale, or `--ascii`) uses letters and `+-|`. `monochrome`
/// (`NO_COLOR`, or a terminal without colours) tells cards from felt by reverse video.
public struct Theme: Sendable {
    public struct Glyphs: Sendable {
        public var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character
        /// Corner marks of an empty slot.
        public var slotCorner: (topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character)
        /// Corners of the keyboard cursor's box on the felt.
        public var cursorCorner:
            (topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character)
        public var trash: Character
        public var cursorLeft: Character
        /// Fills a card back.
        public var backPattern: Character
        public var unicodeSuits: Bool

        public static let unicode = Glyphs(
            topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
            horizontal: "─", vertical: "│",
            slotCorner: ("┌", "┐", "└", "┘"), cursorCorner: ("┌", "┐", "└", "┘"), trash: "✕", cursorLeft: "▸",
            backPattern: "░", unicodeSuits: true)
        public static let ascii = Glyphs(
            topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
            horizontal: "-", vertical: "|",
            slotCorner: (".", ".", ".", "."), cursorCorner: ("+", "+", "+", "+"), trash: "X", cursorLeft: ">",
            backPattern: "#", unicodeSuits: false)
    }

    public var glyphs: Glyphs
    public var isMonochrome: Bool

    public var felt: CellStyle
    public var cardFace: CellStyle
    /// A face-down card: its pattern and its border.
    public var cardBack: CellStyle
    public var cardBackEdge: CellStyle
    /// Piles where the card in hand may go.
    public var target: CellStyle
    public var redSuit: CellStyle
    public var blackSuit: CellStyle
    public var slotOutline: CellStyle
    public var slotLabel: CellStyle
    public var trash: CellStyle
    public var cursor: CellStyle
    public var status: CellStyle
    public var statusKey: CellStyle
    public var panel: CellStyle
    public var panelTitle: CellStyle

    public init(ascii: Bool, monochrome: Bool) {
        glyphs = ascii ? .ascii : .unicode
        isMonochrome = monochrome
        if monochrome {
            let plain = CellStyle(foreground: .white, background: .black)
            felt = plain
            cardFace = CellStyle(foreground: .white, background: .black, attributes: [.reverse])
            cardBack = CellStyle(foreground: .white, background: .black, attributes: [.dim])
            cardBackEdge = CellStyle(foreground: .white, background: .black)
            target = CellStyle(foreground: .white, background: .black, attributes: [.bold])
            redSuit = CellStyle(foreground: .white, background: .black, attributes: [.reverse, .bold, .underline])
            blackSuit = cardFace
            slotOutline = CellStyle(foreground: .white, background: .black, attributes: [.dim])
            slotLabel = plain
            trash = CellStyle(foreground: .white, background: .black, attributes: [.bold])
            cursor = CellStyle(foreground: .white, background: .black, attributes: [.bold, .underline])
            status = CellStyle(foreground: .white, background: .black, attributes: [.reverse])
            statusKey = CellStyle(foreground: .white, background: .black, attributes: [.reverse, .bold])
            panel = plain
            panelTitle = CellStyle(foreground: .white, background: .black, attributes: [.bold])
        } else {
            let feltGreen = RGB(hex: 0x1D5C35)
            felt = CellStyle(foreground: RGB(hex: 0xB8D8C0), background: feltGreen)
            cardFace = CellStyle(foreground: RGB(hex: 0x202020), background: RGB(hex: 0xF6F3EA))
            cardBack = CellStyle(foreground: RGB(hex: 0x6F8FD0), background: RGB(hex: 0x1F3A80))
            cardBackEdge = CellStyle(foreground: RGB(hex: 0xD8E0F0), background: RGB(hex: 0x1F3A80))
            target = CellStyle(foreground: RGB(hex: 0xFFD23F), background: nil, attributes: [.bold])
            redSuit = CellStyle(foreground: RGB(hex: 0xC8102E), background: RGB(hex: 0xF6F3EA), attributes: [.bold])
            blackSuit = CellStyle(foreground: RGB(hex: 0x111111), background: RGB(hex: 0xF6F3EA), attributes: [.bold])
            slotOutline = CellStyle(foreground: RGB(hex: 0x5E9C70), background: nil)
            slotLabel = CellStyle(foreground: RGB(hex: 0x8CC49C), background: nil)
            trash = CellStyle(foreground: RGB(hex: 0xE07A5F), background: nil, attributes: [.bold])
            cursor = CellStyle(foreground: RGB(hex: 0xFFD23F), background: nil, attributes: [.bold])
            status = CellStyle(foreground: RGB(hex: 0xE8E8E8), background: RGB(hex: 0x123822))
            statusKey = CellStyle(foreground: RGB(hex: 0xFFD23F), background: RGB(hex: 0x123822), attributes: [.bold])
            panel = CellStyle(foreground: RGB(hex: 0xE8E8E8), background: RGB(hex: 0x0E2A19))
            panelTitle = CellStyle(foreground: RGB(hex: 0xFFD23F), background: RGB(hex: 0x0E2A19), attributes: [.bold])
        }
    }

    /// Rank and suit as shown on a card: `T♠`, or `TS` in ASCII.
    public func label(for card: Card) -> String {
        "\(card.rank.symbol)\(glyphs.unicodeSuits ? card.suit.symbol : card.suit.letter)"
    }

    public func suitStyle(for card: Card) -> CellStyle {
        card.suit.isRed ? redSuit : blackSuit
    }

    /// The felt as a window background cell.
    public var feltCell: Cell {
        Cell(
            " ", foreground: felt.foreground ?? .white, background: felt.background ?? .black,
            attributes: felt.attributes)
    }
}
