/// A playing card: `TS` is the ten of spades.
public struct Card: Hashable, Sendable, CustomStringConvertible {
    public enum Rank: Int, CaseIterable, Sendable, Comparable {
        case ace = 1
        case two, three, four, five, six, seven, eight, nine, ten, jack, queen, king

        /// `A 2 … 9 T J Q K`
        public var symbol: Character {
            switch self {
            case .ace: "A"
            case .ten: "T"
            case .jack: "J"
            case .queen: "Q"
            case .king: "K"
            default: Character(String(rawValue))
            }
        }

        public init?(symbol: Character) {
            guard let rank = Rank.allCases.first(where: { $0.symbol == symbol }) else { return nil }
            self = rank
        }

        public static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public enum Suit: Character, CaseIterable, Sendable {
        case clubs = "C"
        case diamonds = "D"
        case hearts = "H"
        case spades = "S"

        public var isRed: Bool { self == .diamonds || self == .hearts }
        /// ♣ ♦ ♥ ♠
        public var symbol: Character {
            switch self {
            case .clubs: "♣"
            case .diamonds: "♦"
            case .hearts: "♥"
            case .spades: "♠"
            }
        }
        public var letter: Character { rawValue }
    }

    public var rank: Rank
    public var suit: Suit

    public init(_ rank: Rank, _ suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    /// Parses the two-letter form, `"TS"`.
    public init?(_ text: String) {
        guard text.count == 2, let rank = Rank(symbol: text.first!), let suit = Suit(rawValue: text.last!) else {
            return nil
        }
        self.init(rank, suit)
    }

    public var description: String { "\(rank.symbol)\(suit.letter)" }
}
