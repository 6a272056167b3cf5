import Solitaire
import XCTest

final class CardTests: XCTestCase {
    func testParsingTheTwoLetterForm() {
        let ten = Card("TS")
        XCTAssertEqual(ten, Card(.ten, .spades))
        XCTAssertEqual(ten?.description, "TS")
        XCTAssertEqual(Card("AC"), Card(.ace, .clubs))
        XCTAssertEqual(Card("9D"), Card(.nine, .diamonds))
        XCTAssertEqual(Card("KH"), Card(.king, .hearts))
        XCTAssertEqual(Card("QS")?.rank, .queen)
        XCTAssertEqual(Card("JD")?.suit, .diamonds)
    }

    func testBadTextIsNotACard() {
        for text in ["", "T", "TSX", "10S", "1S", "ZS", "TX", "ts", "tS", "Ts", " TS", "S T", "♠T", "T♠"] {
            XCTAssertNil(Card(text), text)
        }
    }

    func testEveryCardRoundTrips() {
        XCTAssertEqual(Deck.ordered.count, 52)
        XCTAssertEqual(Set(Deck.ordered).count, 52)
        for card in Deck.ordered {
            XCTAssertEqual(Card(card.description), card)
            XCTAssertEqual(card.description.count, 2)
        }
        XCTAssertEqual(Deck.ordered.first?.description, "AC")
        XCTAssertEqual(Deck.ordered.last?.description, "KS")
    }

    func testRanksAndSuits() {
        XCTAssertEqual(Card.Rank.allCases.map { String($0.symbol) }.joined(), "A23456789TJQK")
        XCTAssertEqual(Card.Suit.allCases.map { String($0.letter) }.joined(), "CDHS")
        XCTAssertEqual(Card.Suit.allCases.map { String($0.symbol) }.joined(), "♣♦♥♠")
        XCTAssertEqual(Card.Suit.allCases.filter(\.isRed), [.diamonds, .hearts])
        XCTAssertLessThan(Card.Rank.ace, Card.Rank.two)
        XCTAssertLessThan(Card.Rank.queen, Card.Rank.king)
        XCTAssertEqual(Card.Rank(symbol: "T"), .ten)
        XCTAssertNil(Card.Rank(symbol: "1"))
    }
}

final class DeckTests: XCTestCase {
    func deal(_ count: Int, seed: UInt64) -> [Card] {
        var deck = Deck(seed: seed)
        return (0..<count).map { _ in deck.deal() }
    }

    func testTheSameSeedDealsTheSameCards() {
        XCTAssertEqual(deal(52, seed: 42), deal(52, seed: 42))
        XCTAssertEqual(deal(6, seed: 1).map(\.description), ["4H", "AS", "QS", "QD", "KD", "2S"])
    }

    func testDifferentSeedsDealDifferently() {
        let decks = (0..<20).map { deal(52, seed: UInt64($0)) }
        XCTAssertEqual(Set(decks.map { $0.map(\.description).joined() }).count, 20)
        XCTAssertNotEqual(deal(52, seed: 42), Deck.ordered, "the deck is shuffled")
    }

    func testADeckDealsEachCardOnce() {
        for seed: UInt64 in [0, 1, 99, .max] {
            XCTAssertEqual(Set(deal(52, seed: seed)), Set(Deck.ordered), "seed \(seed)")
        }
    }

    func testAnEmptyDeckIsShuffledAgainWithTheNextSeed() {
        var deck = Deck(seed: 7)
        XCTAssertEqual(deck.remaining, 52)
        for _ in 0..<52 { _ = deck.deal() }
        XCTAssertEqual(deck.remaining, 0)
        XCTAssertEqual(deck.seed, 7)
        let next = (0..<52).map { _ in deck.deal() }
        XCTAssertEqual(deck.seed, 8)
        XCTAssertEqual(next, deal(52, seed: 8), "the second round is the shuffle of seed 8")
        XCTAssertEqual(Set(next), Set(Deck.ordered))
        XCTAssertEqual(deck.remaining, 0)
        _ = deck.deal()
        XCTAssertEqual(deck.seed, 9)
        XCTAssertEqual(deck.remaining, 51)
    }

    func testTheLastSeedWrapsAround() {
        var deck = Deck(seed: .max)
        for _ in 0..<53 { _ = deck.deal() }
        XCTAssertEqual(deck.seed, 0)
    }

    func testSplitMix64MatchesTheReference() {
        var generator = SplitMix64(seed: 0)
        XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(generator.next(), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(generator.next(), 0x06C4_5D18_8009_454F)
    }
}
