import Solitaire
import XCTest

/// Sentences keep their cards as cards; the table writes them with its own glyphs.
final class SentenceTests: XCTestCase {
    let sentence = Sentence([.text("Move "), .card(Card("7S")!), .text(" onto "), .card(Card("8H")!)])

    func testPlainAndLabelledMessages() {
        XCTAssertEqual(sentence.plainMessage, "Move 7S onto 8H")
        XCTAssertEqual(sentence.description, "Move 7S onto 8H")
        XCTAssertEqual(
            sentence.message { "\($0.rank.symbol)\($0.suit.symbol)" }, "Move 7♠ onto 8♥", "cards in the table's glyphs")
        XCTAssertEqual(sentence.cards, [Card("7S")!, Card("8H")!])
    }

    func testTextOnly() {
        let text = Sentence("Deal from the stock")
        XCTAssertEqual(text.parts, [.text("Deal from the stock")])
        XCTAssertEqual(text.cards, [])
    }

    /// A refusal is a sentence under another name.
    func testARefusalIsASentence() {
        let refusal: Refusal = Sentence([.card(Card("7S")!), .text(" goes on a red 8")])
        XCTAssertEqual(refusal.plainMessage, "7S goes on a red 8")
        XCTAssertEqual(refusal, Sentence([.card(Card("7S")!), .text(" goes on a red 8")]))
        XCTAssertNotEqual(refusal, sentence)
    }
}
