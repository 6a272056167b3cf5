import Solitaire

/// Pictures for the largest card faces, as lines of text (a space lets the face show
/// through): the Ace's large suit and the court cards' heads, in Unicode and in ASCII.
///
/// A court card is double-headed, like a printed one: its headdress, the rank and suit, and
/// the headdress again upside down. The King wears a crown, the Queen a rounded coronet and
/// the Jack a cap with a plume.
///
/// ```
/// ╻ ╻ ╻    ╷ ╷ ╷      ╻
/// ┗━┻━┛    ╰─┴─╯    ╺━┻━╸
///  K♠       Q♥       J♦
/// ┏━┳━┓    ╭─┬─╮    ╺━┳━╸
/// ╹ ╹ ╹    ╵ ╵ ╵      ╹
/// ```
enum CardFaceArt {
    /// The Ace's suit, drawn large: at most 7 columns and 5 rows.
    static func ace(_ suit: Card.Suit, unicode: Bool) -> [String] {
        switch (suit, unicode) {
        case (.spades, true): ["  ▄█▄  ", "▄█████▄", "███████", "▀▀ █ ▀▀", "  ▀▀▀  "]
        case (.hearts, true): ["▄██▄██▄", "▀█████▀", "  ▀█▀  "]
        case (.diamonds, true): ["  ▄█▄  ", "▄█████▄", "▀█████▀", "  ▀█▀  "]
        case (.clubs, true): [" ▄███▄ ", " ▀███▀ ", "██▄█▄██", "▀▀ █ ▀▀", "  ▀▀▀  "]
        case (.spades, false): ["  /\\  ", " /  \\ ", "(_/\\_)", "  /\\  "]
        case (.hearts, false): [" _  _ ", "( \\/ )", " \\  / ", "  \\/  "]
        case (.diamonds, false): ["  /\\  ", " /  \\ ", " \\  / ", "  \\/  "]
        case (.clubs, false): ["  _  ", " ( ) ", "(_x_)", "  |  "]
        }
    }

    /// A court card's picture: 5 rows of 5 columns, the rank between two suits in the middle.
    static func court(_ rank: Card.Rank, suit: Character, unicode: Bool) -> [String] {
        let middle = "\(suit) \(rank.symbol) \(suit)"
        switch (rank, unicode) {
        case (.king, true): return ["╻ ╻ ╻", "┗━┻━┛", middle, "┏━┳━┓", "╹ ╹ ╹"]
        case (.queen, true): return ["╷ ╷ ╷", "╰─┴─╯", middle, "╭─┬─╮", "╵ ╵ ╵"]
        case (.jack, true): return ["  ╻  ", "╺━┻━╸", middle, "╺━┳━╸", "  ╹  "]
        case (.king, false): return ["^ ^ ^", "|_|_|", middle, "|\"|\"|", "v v v"]
        case (.queen, false): return [". . .", "\\_|_/", middle, "/\"|\"\\", "' ' '"]
        case (.jack, false): return ["  ^  ", "--+--", middle, "--+--", "  v  "]
        default: return [middle]
        }
    }
}
