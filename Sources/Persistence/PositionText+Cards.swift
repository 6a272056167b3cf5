import Layouts
import Solitaire

/// A card read from a position file, and where.
struct PlacedCard {
    var card: PileCard
    var position: SourcePosition
}

extension PositionText {
    /// A card word: rank and suit (`TS`, `10S`, `ts`), face up; `[TS]` face down when
    /// `faceDown` is allowed. FreeCell Solver's boards also write an ace as `1` (`aceAsOne`).
    static func card(_ text: String, faceDown: Bool = true, aceAsOne: Bool = false) -> PileCard? {
        var scalars = Array(text.unicodeScalars)
        var faceUp = true
        if faceDown, scalars.count >= 2, scalars.first == "[", scalars.last == "]" {
            scalars = Array(scalars[1..<(scalars.count - 1)])
            faceUp = false
        }
        guard scalars.count == 2 || scalars.count == 3, let suit = suit(scalars[scalars.count - 1]),
            let rank = rank(scalars.dropLast(), aceAsOne: aceAsOne)
        else { return nil }
        return PileCard(Card(Card.Rank(rawValue: rank)!, suit), faceUp: faceUp)
    }

    /// `A 2 … 9 T J Q K`, `10` too, in either case; `1` for the ace when `aceAsOne`.
    static func rank(_ text: String, aceAsOne: Bool = false) -> Int? {
        rank(Array(text.unicodeScalars)[...], aceAsOne: aceAsOne)
    }

    static func rank(_ scalars: ArraySlice<Unicode.Scalar>, aceAsOne: Bool) -> Int? {
        if scalars.elementsEqual(["1", "0"]) { return 10 }
        guard scalars.count == 1, let scalar = scalars.first else { return nil }
        if scalar == "1" { return aceAsOne ? 1 : nil }
        return Card.Rank(symbol: Character(asciiUppercase(scalar)))?.rawValue
    }

    /// `C D H S`, in either case.
    static func suit(_ scalar: Unicode.Scalar) -> Card.Suit? {
        Card.Suit(rawValue: Character(asciiUppercase(scalar)))
    }

    /// A letter `a` to `z` in upper case; any other scalar as it is (never more than one
    /// scalar, as `"ß".uppercased()` would be).
    static func asciiUppercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("a"..."z").contains(scalar) ? Unicode.Scalar(scalar.value - 32)! : scalar
    }

    /// What a word that is no card is told.
    static func notACard(_ text: String) -> String {
        "'\(shortened(text))' is not a card: rank and suit as TS or 10S, face down as [TS]"
    }

    /// A word as quoted in a message: at most 20 characters.
    static func shortened(_ text: String) -> String {
        text.unicodeScalars.count <= 20 ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(19))) + "…"
    }

    /// The name of a card's identity (rank and suit).
    static func name(ofIdentity identity: Int) -> String {
        PileCard(raw: UInt8(identity) | 0x80).description
    }
}

extension PositionGame {
    /// Checks the cards of a whole position against the game's: each card as often as the game
    /// has it (a free table's at most as often). A card once too often is reported where it is
    /// written; a missing one at `end`, the end of the file.
    func checkCards(_ cards: [PlacedCard], end: SourcePosition, into errors: inout PositionErrors) {
        var seen = [Int](repeating: 0, count: 64)
        for placed in cards {
            let identity = PositionGame.identity(placed.card)
            seen[identity] += 1
            let expected = cardCounts[identity]
            guard seen[identity] > expected else { continue }
            let name = PositionText.name(ofIdentity: identity)
            if expected == 0 {
                errors.add("\(name) is not one of \(layout.name)'s cards", at: placed.position)
            } else {
                errors.add("\(name) is one too many: \(layout.name) has \(expected)", at: placed.position)
            }
        }
        guard !isFreeTable else { return }
        for suit in 0..<4 {
            for rank in 1...13 {
                let identity = suit << 4 | rank
                let expected = cardCounts[identity]
                guard seen[identity] < expected else { continue }
                let name = PositionText.name(ofIdentity: identity)
                errors.add(
                    expected == 1
                        ? "\(name) is missing"
                        : "\(name) is missing: \(layout.name) has \(expected), the position \(seen[identity])",
                    at: end)
            }
        }
    }

    /// Checks what one slot holds: nothing in a trash, no more than its capacity.
    func checkPile(_ slot: Int, cards: [PlacedCard], into errors: inout PositionErrors) {
        let layoutSlot = layout.slots[slot]
        if layoutSlot.deleteOnDrop, let first = cards.first {
            errors.add(
                "'\(layoutSlot.id)' is a trash: it holds no cards (a card dropped there is gone)", at: first.position)
        } else if cards.count > capacities[slot] {
            let capacity = capacities[slot]
            errors.add(
                "'\(layoutSlot.id)' holds at most \(capacity) \(capacity == 1 ? "card" : "cards")",
                at: cards[capacity].position)
        }
    }
}
