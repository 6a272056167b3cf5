import Solitaire
import TableKit

/// Colours and characters for drawing a table. `unicode` draws suits and box lines;
/// `ascii` (a non-UTF-8 locale, or `--ascii`) uses letters and `+-|`. `monochrome`
/// (`NO_COLOR`, or a terminal without colours) tells cards from felt by reverse video.
///
/// Two options change the colours, and do nothing in monochrome:
/// - `fourColour` gives each suit its own colour on a card: clubs green, diamonds blue,
///   hearts red, spades black.
/// - `terminalBackground` keeps the terminal's own background instead of the green felt:
///   the felt and the status line are drawn on ``terminalDefaultBackground``, and what is
///   drawn on them in colours that read on a light terminal as well as on a dark one.
///
/// ```
/// let theme = Theme(ascii: false, monochrome: false, fourColour: true)
/// theme.suitStyle(for: Card("9C")!).foreground  // green
/// ```
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
        /// The card back's lattice: the two strands, drawn in ``Theme/cardBack`` and
        /// ``Theme/cardBackAccent``. Row `y`, column `x` inside the border shows `rising` where
        /// `x + y` is even, `falling` elsewhere, so the strands cross into diamonds.
        public var backStrands: (rising: Character, falling: Character)
        /// The box a court card's picture and a mid-sized Ace sit in.
        public var frameCorner: (topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character)
        public var unicodeSuits: Bool
        /// Ends text cut to fit its place.
        public var ellipsis: String { unicodeSuits ? "…" : "~" }

        public static let unicode = Glyphs(
            topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
            horizontal: "─", vertical: "│",
            slotCorner: ("┌", "┐", "└", "┘"), cursorCorner: ("┌", "┐", "└", "┘"), trash: "✕", cursorLeft: "▸",
            backStrands: ("╱", "╲"), frameCorner: ("┌", "┐", "└", "┘"), unicodeSuits: true)
        public static let ascii = Glyphs(
            topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
            horizontal: "-", vertical: "|",
            slotCorner: (".", ".", ".", "."), cursorCorner: ("+", "+", "+", "+"), trash: "X", cursorLeft: ">",
            backStrands: ("/", "\\"), frameCorner: ("+", "+", "+", "+"), unicodeSuits: false)
    }

    /// The colour that stands for the terminal's own default background. The terminal layer
    /// draws a cell of exactly this background with the terminal's default (colour `-1`);
    /// until it does, it shows as the near-black it is.
    public static let terminalDefaultBackground = RGB.terminalDefault

    public var glyphs: Glyphs
    public var isMonochrome: Bool
    /// Each suit has its own colour (clubs green, diamonds blue). Never in monochrome.
    public var isFourColour: Bool
    /// The felt is the terminal's own background. Never in monochrome.
    public var usesTerminalBackground: Bool

    public var felt: CellStyle
    public var cardFace: CellStyle
    /// A face-down card: its pattern's two strands and its border.
    public var cardBack: CellStyle
    public var cardBackAccent: CellStyle
    public var cardBackEdge: CellStyle
    /// Piles where the card in hand may go.
    public var target: CellStyle
    public var redSuit: CellStyle
    public var blackSuit: CellStyle
    /// Clubs and diamonds in a four-colour deck (otherwise black and red).
    public var clubSuit: CellStyle
    public var diamondSuit: CellStyle
    public var slotOutline: CellStyle
    public var slotLabel: CellStyle
    public var trash: CellStyle
    public var cursor: CellStyle
    public var status: CellStyle
    public var statusKey: CellStyle
    public var panel: CellStyle
    public var panelTitle: CellStyle

    public init(ascii: Bool, monochrome: Bool, fourColour: Bool = false, terminalBackground: Bool = false) {
        glyphs = ascii ? .ascii : .unicode
        isMonochrome = monochrome
        isFourColour = fourColour && !monochrome
        usesTerminalBackground = terminalBackground && !monochrome
        if monochrome {
            let plain = CellStyle(foreground: .white, background: .black)
            felt = plain
            cardFace = CellStyle(foreground: .white, background: .black, attributes: [.reverse])
            cardBack = CellStyle(foreground: .white, background: .black, attributes: [.bold])
            cardBackAccent = CellStyle(foreground: .white, background: .black, attributes: [.dim])
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
            let paper = RGB(hex: 0xF6F3EA)
            let backBlue = RGB(hex: 0x1F3A80)
            felt = CellStyle(foreground: RGB(hex: 0xB8D8C0), background: RGB(hex: 0x1D5C35))
            cardFace = CellStyle(foreground: RGB(hex: 0x202020), background: paper)
            cardBack = CellStyle(foreground: RGB(hex: 0x9DB4E8), background: backBlue)
            cardBackAccent = CellStyle(foreground: RGB(hex: 0x4F6FC0), background: backBlue)
            cardBackEdge = CellStyle(foreground: RGB(hex: 0xD8E0F0), background: backBlue)
            target = CellStyle(foreground: RGB(hex: 0xFFD23F), background: nil, attributes: [.bold])
            redSuit = CellStyle(foreground: RGB(hex: 0xC8102E), background: paper, attributes: [.bold])
            blackSuit = CellStyle(foreground: RGB(hex: 0x111111), background: paper, attributes: [.bold])
            slotOutline = CellStyle(foreground: RGB(hex: 0x5E9C70), background: nil)
            slotLabel = CellStyle(foreground: RGB(hex: 0x8CC49C), background: nil)
            trash = CellStyle(foreground: RGB(hex: 0xE07A5F), background: nil, attributes: [.bold])
            cursor = CellStyle(foreground: RGB(hex: 0xFFD23F), background: nil, attributes: [.bold])
            status = CellStyle(foreground: RGB(hex: 0xE8E8E8), background: RGB(hex: 0x123822))
            statusKey = CellStyle(foreground: RGB(hex: 0xFFD23F), background: RGB(hex: 0x123822), attributes: [.bold])
            panel = CellStyle(foreground: RGB(hex: 0xE8E8E8), background: RGB(hex: 0x0E2A19))
            panelTitle = CellStyle(foreground: RGB(hex: 0xFFD23F), background: RGB(hex: 0x0E2A19), attributes: [.bold])
        }
        clubSuit = blackSuit
        diamondSuit = redSuit
        if isFourColour {
            clubSuit = CellStyle(foreground: RGB(hex: 0x1B7A33), background: cardFace.background, attributes: [.bold])
            diamondSuit = CellStyle(
                foreground: RGB(hex: 0x1C55C0), background: cardFace.background, attributes: [.bold])
        }
        if usesTerminalBackground { useTerminalBackground() }
    }

    /// The felt and the status line on the terminal's background, in colours that read on
    /// light and dark terminals alike; panels keep a background of their own, in grey.
    private mutating func useTerminalBackground() {
        let own = Theme.terminalDefaultBackground
        let amber = RGB(hex: 0xE09A00)
        felt = CellStyle(foreground: RGB(hex: 0x6E9E7E), background: own)
        target = CellStyle(foreground: amber, background: nil, attributes: [.bold])
        cursor = CellStyle(foreground: amber, background: nil, attributes: [.bold])
        slotOutline = CellStyle(foreground: RGB(hex: 0x5E9C70), background: nil)
        slotLabel = CellStyle(foreground: RGB(hex: 0x5E9C70), background: nil)
        status = CellStyle(foreground: RGB(hex: 0x8A8A8A), background: own)
        statusKey = CellStyle(foreground: amber, background: own, attributes: [.bold])
        panel = CellStyle(foreground: RGB(hex: 0xE8E8E8), background: RGB(hex: 0x303030))
        panelTitle = CellStyle(foreground: RGB(hex: 0xFFD23F), background: RGB(hex: 0x303030), attributes: [.bold])
    }

    /// Rank and suit as shown on a card: `T♠`, or `TS` in ASCII.
    public func label(for card: Card) -> String {
        "\(card.rank.symbol)\(suitSymbol(for: card.suit))"
    }

    /// A suit as drawn: `♠`, or `S` in ASCII.
    public func suitSymbol(for suit: Card.Suit) -> Character {
        glyphs.unicodeSuits ? suit.symbol : suit.letter
    }

    /// The colour of a card's rank and suit: red and black, or four colours.
    public func suitStyle(for card: Card) -> CellStyle {
        switch card.suit {
        case .clubs: clubSuit
        case .diamonds: diamondSuit
        case .hearts: redSuit
        case .spades: blackSuit
        }
    }

    /// The felt as a window background cell.
    public var feltCell: Cell {
        Cell(
            " ", foreground: felt.foreground ?? .white, background: felt.background ?? .black,
            attributes: felt.attributes)
    }
}
