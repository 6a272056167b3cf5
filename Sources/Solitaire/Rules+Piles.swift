import Layouts

// Small questions about piles that the play helpers share, answered for any ``Rules`` from its
// layout. A pile past the layout's slots (the free table's hidden deck) has no kind: it is treated
// as a stock, whose face-down cards are not waiting to be turned up.

extension Rules {
    /// The kind of a pile's slot; `nil` for a hidden pile.
    func kind(of pile: Int) -> SlotKind? {
        layout.slots.indices.contains(pile) ? layout.slots[pile].kind : nil
    }

    /// The group of a pile's slot; `nil` for a hidden pile.
    func group(of pile: Int) -> String? {
        layout.slots.indices.contains(pile) ? layout.slots[pile].group : nil
    }

    /// A stock, or a hidden pile: its face-down cards are dealt, not turned up.
    func isStockLike(_ pile: Int) -> Bool {
        let kind = kind(of: pile)
        return kind == nil || kind == .stock
    }

    /// How many cards lie on the foundations.
    func foundationCardCount(in state: GameState) -> Int {
        var count = 0
        for pile in foundations { count += state.piles[pile].count }
        return count
    }

    /// How many face-down cards wait to be turned up: those of every pile but the stocks.
    func hiddenCardCount(in state: GameState) -> Int {
        var count = 0
        for (index, pile) in state.piles.enumerated() where !isStockLike(index) {
            for card in pile where !card.faceUp { count += 1 }
        }
        return count
    }
}

extension PileCard {
    /// The card without its face: rank and suit, 0…63, the same for both decks' copies.
    @inline(__always) var identity: Int { Int(raw & 0x3F) }
}
