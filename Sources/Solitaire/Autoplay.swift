import Layouts

// Autoplay: cards that go to the foundations by themselves, one at a time.
//
// - `.off`: nothing.
// - `.all`: any top card that may legally go to a foundation now, from any pile but a stock or a
//   foundation (tableau, waste, cells, reserves).
// - `.safe`: only a card that no other card could still need. A card C is safe when every card
//   that the build rule of some tableau pile would let lie on C (by rank, suit and wrap, read from
//   the rules: down or up or either, alternate colours, same suit, any suit, …) is already on a
//   foundation, every copy of it (two decks have two). A card that starts an empty foundation is
//   always safe; so, in every game that does not wrap, is an Ace, since nothing builds on it.
//   Klondike: a red 5 is safe once both black 4s are up; Baker's Game and Forty Thieves build in
//   suit, so every card that may go up is safe; Spider builds in any suit, so a 5 is safe once
//   every 4 is up. A foundation that would take more than one card now (Golf's, up or down in any
//   suit) is a choice the player makes: nothing goes there by itself in this mode.
//
// The lowest card that may go is chosen first (then the first pile in layout order), so Aces go
// before the cards that follow them. Each move puts one card more on a foundation and no autoplay
// move takes one off, so asking again after each move ends within as many moves as there are
// cards. Games whose foundations take only finished runs (Spider's collect) refuse single cards,
// so they autoplay nothing: their runs are collected by the rules themselves.

/// How eagerly cards go to the foundations by themselves.
public enum AutoplayMode: String, CaseIterable, Sendable {
    case off
    /// Only cards that no other card could still need.
    case safe
    /// Every card that may go.
    case all
}

extension Rules {
    /// The next card that goes to a foundation by itself: a one-card transfer, or `nil`.
    ///
    /// ```swift
    /// while let move = rules.autoplayMove(in: state, mode: .safe) { _ = rules.apply(move, to: &state) }
    /// ```
    public func autoplayMove(in state: GameState, mode: AutoplayMode) -> Move? {
        guard mode != .off, !foundations.isEmpty else { return nil }
        var best: (move: Move, rank: Int)?
        var census: CardCensus?
        for from in state.piles.indices where !isStockLike(from) && !foundations.contains(from) {
            guard let card = state.piles[from].last, card.faceUp else { continue }
            if let best, best.rank <= card.rank { continue }
            for to in foundations {
                let move = Move.transfer(from: from, to: to, count: 1)
                guard refusal(of: move, in: state) == nil else { continue }
                if mode == .safe, let top = state.piles[to].last {
                    if census == nil { census = CardCensus(state, foundations: foundations) }
                    guard leavesNoChoice(on: to, top: top, census: census!), isSafe(card, census: census!) else {
                        continue
                    }
                }
                best = (move, card.rank)
                break
            }
        }
        return best?.move
    }

    /// Whether only one card (both decks' copies alike) could go onto `top` on foundation `pile`:
    /// then putting it up spoils no other choice.
    func leavesNoChoice(on pile: Int, top: PileCard, census: CardCensus) -> Bool {
        var candidates = 0
        for identity in census.identities {
            var card = PileCard(raw: UInt8(identity))
            card.faceUp = true
            if builds(card, on: top, inPile: pile) { candidates += 1 }
        }
        return candidates <= 1
    }

    /// Whether no card that some tableau pile would let lie on `card` is still off the foundations.
    func isSafe(_ card: PileCard, census: CardCensus) -> Bool {
        var below = card
        below.faceUp = true
        var askedGroups: [String] = []
        for pile in layout.slots.indices where layout.slots[pile].kind == .tableau {
            let group = layout.slots[pile].group
            if askedGroups.contains(group) { continue }
            askedGroups.append(group)
            for identity in census.identities {
                var other = PileCard(raw: UInt8(identity))
                other.faceUp = true
                if builds(other, on: below, inPile: pile) && census.offFoundations[identity] > 0 { return false }
            }
        }
        return true
    }
}

/// How many of each card (both decks' copies together) are in the game and how many are not yet
/// on a foundation.
struct CardCensus {
    /// The card identities (``PileCard/identity``) the game has.
    var identities: [Int] = []
    /// Per identity, the copies not on a foundation.
    var offFoundations = [Int](repeating: 0, count: 64)

    init(_ state: GameState, foundations: [Int]) {
        var present = [Bool](repeating: false, count: 64)
        for (index, pile) in state.piles.enumerated() {
            let onFoundation = foundations.contains(index)
            for card in pile {
                present[card.identity] = true
                if !onFoundation { offFoundations[card.identity] += 1 }
            }
        }
        identities = present.indices.filter { present[$0] }
    }
}
