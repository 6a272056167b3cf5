import Layouts

// Hints: the useful moves of a position, best first, each with a sentence in the game's words.
// A heuristic, for now; a solver may back it later. A won game has none.
//
// Every legal move is looked at once, applied to a copy of the position. Useful moves, best first:
//
// | score | the move                                                                        |
// | ----: | ------------------------------------------------------------------------------- |
// |  1000 | puts a card on a foundation                                                     |
// |   900 | turns up a face-down card (the more face-down cards the pile keeps, the better) |
// |   800 | uncovers a card that may then go to a foundation                                |
// |   700 | empties a column, the cards going onto another card                             |
// |   600 | builds from the waste, a reserve or a free cell onto a card                     |
// |   500 | moves the waste's or a reserve's card to an empty pile                          |
// |   300 | puts a run that lies loose (on a card it does not build on) onto a card         |
// |   300 | puts a run onto a card where it lies better: it joins a run that moves together |
// |       | (Spider: 5♥ from 6♠ onto 6♥)                                                    |
// |   200 | moves cards that lie loose to an empty pile, so that the card uncovered can     |
// |       | build or be built on at once                                                    |
// |   150 | empties a column into a free cell                                               |
//
// Moves that only shuffle are not useful, and are left out:
//
// - cards taken off a foundation, or moved between foundations;
// - a whole pile onto an empty pile of the same kind, or a card from a free cell to another empty
//   pile: a card moved between two equivalent places;
// - a run moved from a card it lies on equally well (7♠ from 8♥ onto 8♦), or from a card it
//   builds on to an empty pile, that uncovers nothing for a foundation;
// - a move that gives back `previous`, the position before the last move (it just undoes it), or
//   one that plays alike (the card back in another free cell).
//
// Of the moves to an empty pile, only the first empty pile of each group is offered, and of the
// moves to a foundation only the first foundation: the others are the same move.
//
// The stock click comes last, when it does something: "Deal from the stock", or "Turn the waste
// over". So when nothing else helps, the stock is the hint.
//
// When no move looks useful, the first move of a shortest sequence of moves that puts a card up
// or turns one over comes before the stock click, if the outlook's search finds one within its
// budget (Outlook.swift) and it is not the stock click itself: a move that looks like shuffling
// but leads somewhere.

/// A useful move and what to say about it: "Move 7♠ onto 8♥".
public struct Hint: Hashable, Sendable {
    public var move: Move
    public var sentence: Sentence

    public init(move: Move, sentence: Sentence) {
        self.move = move
        self.sentence = sentence
    }
}

extension Rules {
    /// The useful moves in `state`, best first (see Hints.swift). `previous` is the position before
    /// the last move, when there is one: a move back to it is no hint.
    ///
    /// ```swift
    /// if let hint = rules.hints(in: state).first { show(hint.sentence); highlight(hint.move) }
    /// ```
    public func hints(in state: GameState, previous: GameState? = nil) -> [Hint] {
        if isWon(state) { return [] }
        if let hint = ownHint(in: state) { return [hint] }
        let canonicalizer = PositionCanonicalizer(self)
        var moves: [Move] = []
        legalMoves(in: state, into: &moves)
        let hidden = hiddenCardCount(in: state)
        var scored: [(score: Int, move: Move)] = []
        var stockClicks: [Move] = []
        var offered: Set<MoveTarget> = []
        for move in moves {
            switch move.kind {
            case .stock:
                stockClicks.append(move)
                continue
            case .create, .click:
                continue
            case .transfer:
                break
            }
            // Moves to an empty pile or a foundation: only the first of each group is offered.
            let target =
                foundations.contains(move.to) || state.piles[move.to].isEmpty
                ? MoveTarget(
                    from: move.from, count: move.count, group: foundations.contains(move.to) ? nil : group(of: move.to))
                : nil
            if let target, offered.contains(target) { continue }
            guard
                let score = usefulness(
                    of: move, in: state, hidden: hidden, previous: previous, canonicalizer: canonicalizer)
            else { continue }
            if let target { offered.insert(target) }
            scored.append((score, move))
        }
        // A stable sort: equal scores keep the order the moves were generated in.
        let ordered = scored.enumerated().sorted { left, right in
            left.element.score != right.element.score
                ? left.element.score > right.element.score : left.offset < right.offset
        }
        var hints = ordered.map { Hint(move: $0.element.move, sentence: describe($0.element.move, in: state)) }
        if hints.isEmpty, !moves.isEmpty, let move = firstMoveToProgress(in: state, budget: outlookBudget),
            move.kind != .stock
        {
            hints.append(Hint(move: move, sentence: describe(move, in: state)))
        }
        for move in stockClicks { hints.append(Hint(move: move, sentence: describe(move, in: state))) }
        return hints
    }

    /// How useful a legal transfer is (the table in Hints.swift); `nil` when it only shuffles.
    func usefulness(
        of move: Move, in state: GameState, hidden: Int, previous: GameState?, canonicalizer: PositionCanonicalizer
    ) -> Int? {
        let from = move.from
        let to = move.to
        if foundations.contains(from) { return nil }
        var after = state
        _ = apply(move, to: &after)
        if let previous, canonicalizer.same(after, previous) { return nil }
        let source = state.piles[from]
        let start = source.count - move.count
        if foundations.contains(to) { return 1000 - source[start].rank }
        if hiddenCardCount(in: after) < hidden {
            var keptHidden = 0
            for card in after.piles[from] where !card.faceUp { keptHidden += 1 }
            return 900 + min(keptHidden, 50)
        }
        if foundationMove(from: from, in: after) != nil { return 800 }
        let fromKind = kind(of: from)
        let targetEmpty = state.piles[to].isEmpty
        let emptied = after.piles[from].isEmpty
        if fromKind == .tableau && emptied && !targetEmpty { return 700 }
        if fromKind != .tableau {
            if !targetEmpty { return 600 }
            return fromKind == .waste || fromKind == .reserve ? 500 : nil
        }
        let before = fit(of: start, in: from, state)
        if targetEmpty {
            if start == 0 { return kind(of: to) == .cell && group(of: to) != group(of: from) ? 150 : nil }
            return before == 0 && uncoversSomethingToDo(on: from, in: after) ? 200 : nil
        }
        let landed = fit(of: state.piles[to].count, in: to, after)
        return landed > before ? 300 : nil
    }

    /// How well the card at `index` of `pile` lies on the card under it: 0 loose (no card under it,
    /// a face-down one, or one it does not build on), 1 built on it, 2 built on it and movable
    /// together with it as one run.
    func fit(of index: Int, in pile: Int, _ state: GameState) -> Int {
        let cards = state.piles[pile]
        guard index > 0, index < cards.count else { return 0 }
        let below = cards[index - 1]
        guard below.faceUp, builds(cards[index], on: below, inPile: pile) else { return 0 }
        return canPickUp(pile: pile, from: index - 1, in: state) ? 2 : 1
    }

    /// Whether the card that a move uncovered on `pile` has something useful to do at once: it can
    /// go onto another card where it lies better than now, or a card from the waste, a reserve, a
    /// free cell or a loose run can go onto it.
    func uncoversSomethingToDo(on pile: Int, in state: GameState) -> Bool {
        guard !state.piles[pile].isEmpty else { return false }
        var moves: [Move] = []
        legalMoves(in: state, into: &moves)
        let top = state.piles[pile].count - 1
        for move in moves where move.kind == .transfer {
            if move.from == pile && !state.piles[move.to].isEmpty && !foundations.contains(move.to) {
                var after = state
                _ = apply(move, to: &after)
                if fit(of: state.piles[move.to].count, in: move.to, after) > fit(of: top, in: pile, state) {
                    return true
                }
            } else if move.to == pile && !foundations.contains(move.from) {
                let source = state.piles[move.from]
                if kind(of: move.from) != .tableau || fit(of: source.count - move.count, in: move.from, state) == 0 {
                    return true
                }
            }
        }
        return false
    }
}

/// Moves that go to the same place for a hint: the same cards to an empty pile of one group, or to
/// a foundation (`group` nil).
private struct MoveTarget: Hashable {
    var from: Int
    var count: Int
    var group: String?
}
