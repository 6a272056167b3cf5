import Layouts

// The deal. `deal(seed:)` takes a deal number: the same number deals the same game, and every
// game numbers its deals as Microsoft FreeCell does (MicrosoftDeal.swift), so FreeCell's deal 1
// is Microsoft's deal 1 card for card.
//
// Deal numbers run from 1 to 2^31 − 1 (``DeclarativeRules/dealNumbers``, Microsoft's range). A
// number outside it is reduced into it, never refused: its remainder modulo 2^31 − 1, with 0
// standing for 2^31 − 1 (``MicrosoftDeal/dealNumber(for:)``).
//
// 1. The deck: 52 × `decks` cards in Microsoft's order, rank first: AC AD AH AS 2C … KS. With
//    several decks each rank's cards repeat once per deck before the next rank. Each rank has four
//    suit places per deck, filled by `suits` in turn (`"S"`: four times the spades; `"HS"`:
//    hearts, spades, hearts, spades).
// 2. `deal-rank`: for each group that has one, in layout order, the first card of that rank left
//    in the unshuffled deck goes face up onto each slot of the group (clubs, diamonds, hearts,
//    spades). Then the rest is shuffled with Microsoft's generator and selection, seeded with the
//    deal number.
// 3. Each group, in the order its first slot appears in the layout, deals row by row like a real
//    deal: one card to each slot still due one, left to right, then the next row; a slot gets its
//    `deal-down` cards face down first, then its `deal-up` cards face up. A `deal-down` or
//    `deal-up` array with one entry counts for every slot of the group; `deal-faces` gives each
//    row's face instead (Athena's down, up, down, up). The cards are dealt in the order the
//    shuffle drew them.
// 4. `kings-to-bottom`: the Kings of each slot of the group go under its other cards, in order;
//    every position keeps its face (up or down).
//    `deal-skips`: a card of that rank due to a slot of the group goes to the end of the deck (the
//    bottom of the stock) and the next card is dealt instead (Doublets' Kings).
// 5. The rest goes face down onto the first stock, in the order drawn: the stock deals the card
//    the shuffle drew next (it lies on top; the last card drawn lies at the bottom). Without a
//    stock (a layout that ``DeclarativeRules/problems(in:)`` reports) it goes face up onto the
//    first pile that is not a foundation, so no card is ever lost.
//
// `base = "dealt"`: the state's `dealtBase` is the rank of the first card dealt to that
// foundation group. `redealsLeft` comes from the first stock's `redeals` (`Int.max`: unlimited).

extension DeclarativeRules {
    /// The suits in play, in the order of `suits` (all four when it names none).
    static func suitsInPlay(_ game: GameRules) -> [Card.Suit] {
        var suits: [Card.Suit] = []
        for letter in game.suits {
            guard let suit = Card.Suit(rawValue: Character(letter.uppercased())), !suits.contains(suit) else {
                continue
            }
            suits.append(suit)
        }
        return suits.isEmpty ? Card.Suit.allCases : suits
    }

    /// The deal numbers: 1 to 2^31 − 1, as Microsoft FreeCell's. Others are reduced into them.
    public static let dealNumbers: ClosedRange<UInt64> = MicrosoftDeal.dealNumbers

    /// The game's cards before the shuffle, face down, in Microsoft's order (rank first).
    public static func orderedCards(for game: GameRules) -> [PileCard] {
        MicrosoftDeal.orderedDeck(suits: suitsInPlay(game), decks: max(1, game.decks))
    }

    /// The count for slot `index` in a `deal-down` or `deal-up` array.
    @inline(__always)
    public static func dealCount(_ counts: [Int], _ index: Int) -> Int {
        if index < counts.count { return max(0, counts[index]) }
        return counts.count == 1 ? max(0, counts[0]) : 0
    }

    public func deal(seed: UInt64) -> GameState {
        var piles = [[PileCard]](repeating: [], count: traits.count)
        var deck = orderedDeck
        for group in groups {
            guard let rank = group.rules.dealRank else { continue }
            for pile in group.piles {
                guard let position = deck.firstIndex(where: { $0.rank == rank }) else { break }
                var card = deck.remove(at: position)
                card.faceUp = true
                piles[pile].append(card)
            }
        }
        MicrosoftDeal.shuffle(&deck, dealNumber: seed)

        var next = 0
        var dealtBase = 0
        for group in groups {
            let rules = group.rules
            let faces = rules.dealFaces ?? []
            let down = group.piles.indices.map {
                faces.isEmpty ? DeclarativeRules.dealCount(rules.dealDown, $0) : faces.count(where: { !$0 })
            }
            let up = group.piles.indices.map {
                faces.isEmpty ? DeclarativeRules.dealCount(rules.dealUp, $0) : faces.count(where: { $0 })
            }
            let rows = group.piles.indices.map { down[$0] + up[$0] }.max() ?? 0
            let setsBase = rules.base == .dealt && group.piles.contains { traits[$0].isFoundation }
            for row in 0..<rows {
                for (slot, pile) in group.piles.enumerated() where row < down[slot] + up[slot] && next < deck.count {
                    if let skips = rules.dealSkips {
                        // The card goes to the bottom of the stock, the next dealt instead (all
                        // the rest of that rank: dealt after all).
                        var left = deck.count - next
                        while left > 1 && deck[next].rank == skips {
                            deck.append(deck.remove(at: next))
                            left -= 1
                        }
                    }
                    var card = deck[next]
                    next += 1
                    card.faceUp = faces.isEmpty ? row >= down[slot] : faces[row]
                    if setsBase && dealtBase == 0 { dealtBase = card.rank }
                    piles[pile].append(card)
                }
            }
            if rules.kingsToBottom {
                for pile in group.piles { DeclarativeRules.moveKingsToBottom(&piles[pile]) }
            }
        }

        if next < deck.count {
            if let stock = stockPiles.first {
                piles[stock].append(contentsOf: deck[next...].reversed())
            } else if let pile = traits.indices.first(where: { !traits[$0].isFoundation }) ?? traits.indices.first {
                for var card in deck[next...] {
                    card.faceUp = true
                    piles[pile].append(card)
                }
            }
        }

        var redealsLeft = 0
        if let stock = stockPiles.first {
            switch pileRules(stock).redeals {
            case .limited(let count): redealsLeft = max(0, count)
            case .unlimited: redealsLeft = Int.max
            }
        }
        return GameState(piles: piles, redealsLeft: redealsLeft, dealtBase: dealtBase)
    }

    /// Kings under the other cards, both in their order; each position keeps its face.
    static func moveKingsToBottom(_ pile: inout [PileCard]) {
        let faces = pile.map(\.faceUp)
        var cards = pile.filter { $0.rank == 13 }
        cards.append(contentsOf: pile.filter { $0.rank != 13 })
        for index in cards.indices { cards[index].faceUp = faces[index] }
        pile = cards
    }
}
