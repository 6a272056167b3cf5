// Sentences in the game's words, with the cards kept as cards: "7♠ goes on a red 8" (a refusal),
// "Move 7♠ onto 8♥" (a hint). The table draws each card with its theme's glyphs (♠ or S), so the
// rules never decide how a card looks.

/// A sentence in the game's words whose cards stay cards: `[.text("Move "), .card(7♠),
/// .text(" onto "), .card(8♥)]`.
///
/// ```swift
/// let sentence = Sentence([.text("Move "), .card(Card("7S")!), .text(" onto "), .card(Card("8H")!)])
/// sentence.plainMessage   // "Move 7S onto 8H"
/// ```
public struct Sentence: Hashable, Sendable, CustomStringConvertible {
    public enum Part: Hashable, Sendable {
        case text(String)
        case card(Card)
    }

    public var parts: [Part]

    public init(_ parts: [Part]) { self.parts = parts }

    public init(_ text: String) { self.parts = [.text(text)] }

    /// The sentence, with each card written by `label` (`theme.label(for:)`).
    public func message(label: (Card) -> String) -> String {
        parts.map {
            switch $0 {
            case .text(let text): text
            case .card(let card): label(card)
            }
        }.joined()
    }

    /// The sentence with cards written `7S`.
    public var plainMessage: String { message { $0.description } }

    /// The cards the sentence names, in order.
    public var cards: [Card] {
        parts.compactMap {
            if case .card(let card) = $0 { return card }
            return nil
        }
    }

    public var description: String { plainMessage }
}

/// Why a move is refused: "7♠ goes on a red 8". A refusal is a ``Sentence``.
public typealias Refusal = Sentence
