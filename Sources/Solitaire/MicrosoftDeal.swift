// Numbered deals, as Microsoft FreeCell numbers them.
//
// - The generator is Microsoft's C library `rand()`: a 32-bit linear congruential generator,
//   `state = state × 214013 + 2531011`, each draw `(state >> 16) & 0x7fff`, seeded with the deal
//   number.
// - The cards start in Microsoft's order, rank first: AC AD AH AS 2C 2D … KS. With several decks
//   each rank's cards repeat once per deck before the next rank (AC AD AH AS AC AD AH AS 2C …), and
//   a game with fewer suits fills the four suit places of each rank with its suits in turn.
// - Microsoft's selection draws the cards: with `left` cards not yet drawn, `j = rand() % left`,
//   the card at `j` is drawn and the last undrawn card takes its place.
// - The cards come out in the order drawn; FreeCell's deal hands them out row by row across the
//   eight columns, which is exactly how Microsoft's deal 1 is laid out.
//
// Microsoft numbers its deals 1 to 2^31 − 1 (``dealNumbers``). A number outside that range is
// brought into it by ``dealNumber(for:)``: the remainder after dividing by 2^31 − 1, with 0 (and
// every multiple) becoming 2^31 − 1. So any `UInt64` deals a game, and two numbers deal the same
// game exactly when they reduce to the same deal number.

/// Microsoft FreeCell's card shuffle, for every game's numbered deals.
///
/// ```swift
/// var deck = MicrosoftDeal.orderedDeck(suits: Card.Suit.allCases, decks: 1)
/// MicrosoftDeal.shuffle(&deck, dealNumber: 1)   // deck[0] is JD, deck[1] is 2D, …
/// ```
public enum MicrosoftDeal {
    /// The deal numbers Microsoft FreeCell knows: 1 to 2^31 − 1.
    public static let dealNumbers: ClosedRange<UInt64> = 1...2_147_483_647

    /// The deal number that `number` stands for: itself in ``dealNumbers``; otherwise its
    /// remainder modulo 2^31 − 1, with a remainder of 0 standing for 2^31 − 1.
    public static func dealNumber(for number: UInt64) -> UInt64 {
        if dealNumbers.contains(number) { return number }
        let remainder = number % dealNumbers.upperBound
        return remainder == 0 ? dealNumbers.upperBound : remainder
    }

    /// Microsoft's C library `rand()`, seeded with `srand(seed)`.
    public struct Generator: Sendable {
        private var state: UInt32

        public init(seed: UInt64) { state = UInt32(truncatingIfNeeded: seed) }

        /// The next number, 0 to 32767.
        public mutating func next() -> Int {
            state = state &* 214_013 &+ 2_531_011
            return Int(state >> 16 & 0x7FFF)
        }
    }

    /// The cards before the shuffle, face down, in Microsoft's order: rank by rank, each rank's
    /// four suit places once per deck, the places filled by `suits` in turn.
    public static func orderedDeck(suits: [Card.Suit], decks: Int) -> [PileCard] {
        let suits = suits.isEmpty ? Card.Suit.allCases : suits
        var cards: [PileCard] = []
        cards.reserveCapacity(52 * max(1, decks))
        for rank in Card.Rank.allCases {
            for _ in 0..<max(1, decks) {
                for place in 0..<4 { cards.append(PileCard(Card(rank, suits[place % suits.count]), faceUp: false)) }
            }
        }
        return cards
    }

    /// Shuffles `cards` as Microsoft does for deal `dealNumber` (reduced by ``dealNumber(for:)``):
    /// afterwards `cards[0]` is the first card drawn.
    public static func shuffle(_ cards: inout [PileCard], dealNumber: UInt64) {
        var generator = Generator(seed: MicrosoftDeal.dealNumber(for: dealNumber))
        var undrawn = cards
        var drawn: [PileCard] = []
        drawn.reserveCapacity(cards.count)
        var left = undrawn.count
        while left > 0 {
            let index = generator.next() % left
            drawn.append(undrawn[index])
            undrawn[index] = undrawn[left - 1]
            left -= 1
        }
        cards = drawn
    }
}
