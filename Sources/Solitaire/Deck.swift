/// A shuffled deck that deals one card at a time. Shuffles are repeatable: the same seed
/// deals the same cards. When the deck runs out it is shuffled again (with the next seed),
/// so a free table never runs dry.
public struct Deck: Sendable {
    public private(set) var seed: UInt64
    private var cards: [Card]

    public init(seed: UInt64) {
        self.seed = seed
        cards = Deck.shuffled(seed: seed)
    }

    /// All 52 cards in suit-then-rank order.
    public static let ordered: [Card] = Card.Suit.allCases.flatMap { suit in Card.Rank.allCases.map { Card($0, suit) } }

    static func shuffled(seed: UInt64) -> [Card] {
        var generator = SplitMix64(seed: seed)
        return ordered.shuffled(using: &generator)
    }

    public var remaining: Int { cards.count }

    /// The next card; a fresh shuffle when the deck is empty.
    public mutating func deal() -> Card {
        if cards.isEmpty {
            seed &+= 1
            cards = Deck.shuffled(seed: seed)
        }
        return cards.removeFirst()
    }
}

/// SplitMix64: small, fast and the same on every platform, so seeds repeat runs.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
