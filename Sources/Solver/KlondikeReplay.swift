import Solitaire

// A Klondike search's win turned into the player's moves, by playing it on the table's own rules.
//
// Each of the search's moves is one or two moves of the table: the stock clicked until the card
// is on top of the waste, then the card moved; and a run moved first from a card onto its twin
// when the card must be the top of its run, or the card it goes on must be free
// (KlondikePosition.swift). Rather than work out which, the replay tries the table's legal moves,
// one, then a move between columns followed by one, until the table's position is the search's
// next position. Every move is thereby checked by the rules, and a win that cannot be played
// back is caught (`nil`) instead of shown to the player.

/// Plays a Klondike search's positions back on the table's rules.
struct KlondikeReplay {
    let rules: any Rules
    let shape: KlondikeShape
    let start: GameState

    /// The player's moves through `path` (the search's positions from the start, one after each of
    /// `moves`), or `nil` if some step could not be played.
    func play(path: [KlondikePosition], moves: [KlondikeMove], deal: KlondikeDeal) -> [Move]? {
        var state = start
        var played: [Move] = []
        for (step, move) in moves.enumerated() {
            let target = path[step + 1]
            if move.kind == .deckToFoundation || move.kind == .deckToColumn {
                guard turnUp(card: Int(move.card), in: &state, played: &played) else { return nil }
            }
            guard reach(target, moving: Int(move.card), from: &state, played: &played) else { return nil }
        }
        return rules.isWon(state) ? played : nil
    }

    /// Clicks the stock until the card is on top of the waste.
    private func turnUp(card: Int, in state: inout GameState, played: inout [Move]) -> Bool {
        let click = Move.stock(shape.stock)
        let limit = 2 * (state.piles[shape.stock].count + state.piles[shape.waste].count) + 2
        for _ in 0...limit {
            if let top = state.piles[shape.waste].last, KlondikeCards.id(top) == card { return true }
            guard rules.allows(click, in: state) else { return false }
            _ = rules.apply(click, to: &state)
            played.append(click)
        }
        return false
    }

    /// Plays one legal move, or a move between columns and one more, that leads to `target`. The
    /// moves of `card` (the search's move's card, which is most often the table's move's too)
    /// with the cards on it, to a foundation or a column, are tried first, each asked of the
    /// rules: listing every legal move at every step cost most of a quick search's time. The
    /// others are still tried when none of these leads there.
    private func reach(
        _ target: KlondikePosition, moving card: Int, from state: inout GameState, played: inout [Move]
    ) -> Bool {
        let likely = moves(of: card, in: state).filter { rules.allows($0, in: state) }
        if playsOne(of: likely, to: target, from: &state, played: &played) { return true }
        let moves = rules.legalMoves(in: state).filter { $0.kind == .transfer }
        if playsOne(of: moves, to: target, from: &state, played: &played) { return true }
        for first in moves where shape.isColumn[first.from] && shape.isColumn[first.to] {
            var between = state
            _ = rules.apply(first, to: &between)
            for second in rules.legalMoves(in: between) where second.kind == .transfer {
                var next = between
                _ = rules.apply(second, to: &next)
                if matches(next, target) {
                    state = next
                    played += [first, second]
                    return true
                }
            }
        }
        return false
    }

    /// Plays the first of `moves` (each legal) that leads to `target`, if one does.
    private func playsOne(
        of moves: [Move], to target: KlondikePosition, from state: inout GameState, played: inout [Move]
    ) -> Bool {
        for move in moves {
            var next = state
            _ = rules.apply(move, to: &next)
            if matches(next, target) {
                state = next
                played.append(move)
                return true
            }
        }
        return false
    }

    /// The moves of `card` with the cards on it onto each foundation and column, legal or not.
    private func moves(of card: Int, in state: GameState) -> [Move] {
        for (from, pile) in state.piles.enumerated() {
            guard let at = pile.lastIndex(where: { KlondikeCards.id($0) == card }) else { continue }
            return (shape.foundations + shape.columns).filter { $0 != from }.map {
                Move.transfer(from: from, to: $0, count: pile.count - at)
            }
        }
        return []
    }

    private func matches(_ state: GameState, _ target: KlondikePosition) -> Bool {
        shape.position(of: state).map { $0.1.isSame(as: target) } ?? false
    }
}
