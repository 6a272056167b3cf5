import Layouts

// Moves in the game's words, for hints and for whoever wants to say what a move does:
//
// - a pair leaving the game (``PairRule``): "Pair 6♠ with 8♠"; a card discarded (``DiscardRule``):
//   "Discard 7♠";
// - onto a card: "Move 7♠ onto 8♥"; with a run, "Move 7♠ and 2 more onto 8♥" (the run's bottom
//   card is named, and how many lie on it);
// - to a foundation: "Move A♣ to a foundation" ("to the foundation" when there is one);
// - to an empty pile: "Move 7♠ to a free cell", "Move K♥ to an empty column", "… to an empty
//   reserve";
// - a stock click: "Deal from the stock", or "Turn the waste over" when the stock is empty
//   ("Redeal" on a table without a waste);
// - a free table's tap: "Take a card from the deck".

extension Rules {
    /// What `move` does, in the game's words, as it would be made in `state`.
    public func describe(_ move: Move, in state: GameState) -> Sentence {
        switch move.kind {
        case .stock:
            let empty = state.piles.indices.contains(move.from) && state.piles[move.from].isEmpty
            guard empty else { return Sentence("Deal from the stock") }
            // A stock that gathers the cards itself (a script's redeal) has no waste to turn.
            return Sentence(layout.slots.contains { $0.kind == .waste } ? "Turn the waste over" : "Redeal")
        case .create:
            return Sentence("Take a card from the deck")
        case .click:
            guard let top = state.piles.indices.contains(move.from) ? state.piles[move.from].last : nil else {
                return Sentence(move.count == 2 ? "Double-click the pile" : "Click the pile")
            }
            return Sentence([.text(move.count == 2 ? "Double-click " : "Click "), .card(top.card)])
        case .transfer:
            guard state.piles.indices.contains(move.from), state.piles.indices.contains(move.to),
                move.count >= 1, move.count <= state.piles[move.from].count
            else { return Sentence("Move nothing") }
            let source = state.piles[move.from]
            if let declarative = declarativeRules, declarative.discardRule != nil, move.to == declarative.discardPile {
                return Sentence([.text("Discard "), .card(source[source.count - 1].card)])
            }
            if let declarative = declarativeRules, declarative.pairRule != nil,
                let (card, other) = declarative.pairCards(move, in: state), other != nil || move.count > 1
            {
                guard let other else { return Sentence([.text("Discard "), .card(card.card)]) }
                return Sentence([.text("Pair "), .card(card.card), .text(" with "), .card(other.card)])
            }
            var parts: [Sentence.Part] = [.text("Move "), .card(source[source.count - move.count].card)]
            if move.count > 1 { parts.append(.text(" and \(move.count - 1) more")) }
            parts.append(contentsOf: destination(move.to, in: state))
            return Sentence(parts)
        }
    }

    /// " onto 8♥", " to a foundation", " to a free cell", " to an empty column".
    func destination(_ pile: Int, in state: GameState) -> [Sentence.Part] {
        if foundations.contains(pile) {
            return [.text(foundations.count == 1 ? " to the foundation" : " to a foundation")]
        }
        if let top = state.piles[pile].last { return [.text(" onto "), .card(top.card)] }
        switch kind(of: pile) {
        case .cell: return [.text(" to a free cell")]
        case .tableau: return [.text(" to an empty column")]
        case .trash: return [.text(" to the trash")]
        case .some(let kind): return [.text(" to an empty \(DeclarativeRules.noun(kind))")]
        case .none: return [.text(" to the deck")]
        }
    }
}
