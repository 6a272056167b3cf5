import Layouts

// Refusals in the game's words: "7S goes on a red 8", "only a King on an empty column".
// The checks produce a ``Verdict``, a cheap value; only ``DeclarativeRules/refusal(of:in:)``
// turns one into words.

/// Why the rules refuse a move, before it is put into words.
enum Verdict: Hashable, Sendable {
    // Anything
    case noSuchPile
    case samePile
    case noCreating
    /// A click that nothing answers (only a script's clicks move cards).
    case nothingHappens
    // Picking up
    case emptySource
    case noSuchCards
    case stockDeals
    case foundationKeeps
    case cannotLeave(SlotKind)
    case onlyTop
    case onlyWholePile
    case faceDown
    /// A finished pile of a freezing group (Pileon).
    case finished
    /// A pile lying across it (`covers`) holds a card.
    case covered
    case notInSequence
    case tooMany(limit: Int, cells: Int, columns: Int)
    // Dropping
    case stockTakesNothing
    case wasteTakesFromStock
    case collectsByItself
    case full(SlotKind, capacity: Int)
    case oneAtATime
    case foundationStarts(Int)
    /// The pile before it in its group has no card of that rank yet (`trails-previous`).
    case trails(rank: Int)
    case emptyTakesNothing(SlotKind)
    case emptyTakesOnly(Int, SlotKind)
    case buildsNothing(SlotKind)
    case onFaceDown
    case doesNotBuild(card: PileCard, onto: Int)
    /// Dropped on a pile built `one-way` or `up-then-down` against the way its top two cards go.
    case doesNotBuildWay(card: PileCard, onto: Int, way: BuildDirection)
    /// Dropped on a card it does not pair with (``PairRule``).
    case noPair(card: PileCard, other: PileCard, PairRule)
    /// Dropped on a card it pairs with that lies too far (`pair-reach`).
    case outOfReach(card: PileCard, other: PileCard, PairReach)
    /// Dropped on the discard pile, which takes pairs (and cards that leave alone) only.
    case pairsOnly(PairRule)
    /// Dropped on a discard pile while no card of its suit outranks it on another pile.
    case notOutranked
    /// The pile takes no cards from that pile (`takes-from`).
    case refusesSource(from: Int, onto: Int)
    /// The empty pile takes no cards from that pile (`empty-from`).
    case emptyRefusesSource(from: Int, onto: Int)
    /// The empty pile takes that pile's cards only once another is empty (`empty-from-in-turn`).
    case emptyWaits(from: Int, onto: Int, waitsOn: Int)
    /// A group of cards from that pile goes only onto an empty pile (`groups-to = "empty"`).
    case groupsOnlyToEmpty(onto: Int)
    // The stock
    case notAStock
    case stockDealsNowhere
    case stockEmpty
    case noRedealsLeft
    case dealNeedsNoEmpty
    /// The stock's one target holds all it may (a waste of one card: Sir Tommy).
    case targetFull(capacity: Int)
}

extension DeclarativeRules {
    /// A rank in words: `Ace`, `2` … `10`, `Jack`, `Queen`, `King`.
    static func rankName(_ rank: Int) -> String {
        switch rank {
        case 1: "Ace"
        case 11: "Jack"
        case 12: "Queen"
        case 13: "King"
        default: String(rank)
        }
    }

    /// `a` or `an` before a rank in words.
    static func article(_ rank: Int) -> String { rank == 1 || rank == 8 ? "an" : "a" }

    /// The rank in words with its article: `an Ace`, `a 7`, `an 8`.
    static func aRank(_ rank: Int) -> String { "\(article(rank)) \(rankName(rank))" }

    /// What players call a pile of this kind.
    static func noun(_ kind: SlotKind) -> String {
        switch kind {
        case .tableau: "column"
        case .free: "slot"
        default: kind.rawValue
        }
    }

    static func plural(_ count: Int, _ noun: String, none: String = "no") -> String {
        switch count {
        case 0: "\(none) \(noun)"
        case 1: "1 \(noun)"
        default: "\(count) \(noun)s"
        }
    }

    func refusal(for verdict: Verdict, move: Move, in state: GameState) -> Refusal {
        typealias Rules = DeclarativeRules
        switch verdict {
        case .noSuchPile: return Refusal("there is no such pile")
        case .samePile: return Refusal("the cards are already there")
        case .noCreating: return Refusal("this game deals its own cards")
        case .nothingHappens: return Refusal("nothing happens")
        case .emptySource: return Refusal("there is no card there")
        case .noSuchCards: return Refusal("there are not that many cards")
        case .stockDeals: return Refusal("click the stock to deal")
        case .foundationKeeps: return Refusal("cards cannot leave the foundations")
        case .cannotLeave(let kind): return Refusal("cards cannot leave the \(Rules.noun(kind))")
        case .onlyTop: return Refusal("only the top card moves")
        case .onlyWholePile: return Refusal("only the whole pile moves")
        case .faceDown: return Refusal("that card is face down")
        case .finished: return Refusal("that pile is finished: its cards stay")
        case .covered:
            if pileRules(move.from).overlapCovers {
                return Refusal("that card is covered: clear the cards lying over it first")
            }
            return Refusal("that pile is covered: play the card across it first")
        case .notInSequence: return Refusal("that run is not in sequence")
        case .tooMany(let limit, let cells, let columns):
            return Refusal(
                "you can move \(Rules.plural(limit, "card")) (\(Rules.plural(cells, "free cell")), "
                    + "\(Rules.plural(columns, "empty column")))")
        case .stockTakesNothing: return Refusal("the stock takes no cards")
        case .wasteTakesFromStock: return Refusal("the waste takes cards only from the stock")
        case .collectsByItself: return Refusal("only a finished run goes there, by itself")
        case .full(let kind, let capacity):
            switch capacity {
            case 0: return Refusal("the \(Rules.noun(kind)) takes no cards")
            case 1: return Refusal("a \(Rules.noun(kind)) holds one card")
            default: return Refusal("a \(Rules.noun(kind)) holds \(capacity) cards")
            }
        case .oneAtATime: return Refusal("foundations take one card at a time")
        case .foundationStarts(let rank):
            return rank == 1
                ? Refusal("only an Ace starts a foundation") : Refusal("a foundation starts with \(Rules.aRank(rank))")
        case .trails(let rank):
            return Refusal("not before the \(Rules.noun(traits[move.to].kind)) above has \(Rules.aRank(rank))")
        case .emptyTakesNothing(let kind): return Refusal("nothing goes on an empty \(Rules.noun(kind))")
        case .emptyTakesOnly(let rank, let kind):
            return Refusal("only \(Rules.aRank(rank)) on an empty \(Rules.noun(kind))")
        case .buildsNothing(let kind): return Refusal("nothing goes on a \(Rules.noun(kind))")
        case .onFaceDown: return Refusal("nothing goes on a face-down card")
        case .doesNotBuild(let card, let target): return buildRefusal(card, onto: target)
        case .doesNotBuildWay(let card, let target, let way):
            let noun = Rules.noun(traits[target].kind)
            switch way {
            case .up where traits[target].build == .oneWay, .down where traits[target].build == .oneWay:
                return Refusal("this \(noun) builds \(way == .up ? "up" : "down"), as its top two cards go")
            case .sameRank: return Refusal("a second King goes on the King, then the \(noun) builds down")
            default: return buildRefusal(card, onto: target, build: way)
            }
        case .outOfReach(let card, let other, let reach):
            let how = reach == .touching ? " do not touch" : " are not in one row or one column"
            return Refusal([.card(card.card), .text(" and "), .card(other.card), .text(how)])
        case .noPair(let card, let other, let rule):
            let how: String
            switch rule {
            case .sum(let total): how = " do not add up to \(total)"
            case .sameRank: how = " are not of one rank"
            case .sameSuit: how = " are not of one suit"
            case .sumOr(let total, _): how = " do not add up to \(total), nor are they a pair the game names"
            }
            return Refusal([.card(card.card), .text(" and "), .card(other.card), .text(how)])
        case .pairsOnly(let rule):
            if case .sum(let total) = rule, total <= 13 {
                return Refusal(
                    "only \(Rules.aRank(total)) goes there alone: drop a card on one it adds up to \(total) with")
            }
            return Refusal("drop a card on the card it pairs with, and both go there")
        case .notOutranked:
            return Refusal("a card goes there only while a higher card of its suit tops another pile")
        case .refusesSource(let from, let onto):
            return Refusal(
                "the \(Rules.noun(traits[onto].kind)) takes no cards from the \(Rules.noun(traits[from].kind))")
        case .emptyRefusesSource(let from, let onto):
            return Refusal(
                "an empty \(Rules.noun(traits[onto].kind)) takes no cards from the \(Rules.noun(traits[from].kind))")
        case .emptyWaits(let from, let onto, let waitsOn):
            return Refusal(
                "an empty \(Rules.noun(traits[onto].kind)) takes no cards from the \(Rules.noun(traits[from].kind)) "
                    + "while a \(Rules.noun(traits[waitsOn].kind)) holds cards")
        case .groupsOnlyToEmpty(let onto):
            return Refusal("a group of cards goes only onto an empty \(Rules.noun(traits[onto].kind))")
        case .notAStock: return Refusal("only the stock deals")
        case .stockDealsNowhere: return Refusal("the stock has nowhere to deal")
        case .stockEmpty: return Refusal("the stock is empty")
        case .noRedealsLeft: return Refusal("no redeals left")
        case .dealNeedsNoEmpty: return Refusal("deal only when no column is empty")
        case .targetFull(let capacity):
            return Refusal(
                capacity == 1
                    ? "the waste holds one card: play it first" : "the waste holds \(capacity) cards: play one first")
        }
    }

    /// "7S goes on a red 8", "7S goes on the 8S", "7S goes on a 6 or 8 of another suit".
    func buildRefusal(_ pileCard: PileCard, onto target: Int, build: BuildDirection? = nil) -> Refusal {
        let traits = self.traits[target]
        let build = build ?? traits.build
        let card = pileCard.card
        let rank = pileCard.rank
        // The ranks it may lie on, worked out in the game's order (the Ace above the King when
        // Aces rank high) and named as ranks again.
        let value = traits.acesHigh && rank == 1 ? 14 : rank
        let (lowest, highest) = traits.acesHigh ? (2, 14) : (1, 13)
        var values: [Int] = []
        if build == .up || build == .either {
            if value > lowest { values.append(value - 1) } else if traits.wrap { values.append(highest) }
        }
        if build == .down || build == .either {
            if value < highest { values.append(value + 1) } else if traits.wrap { values.append(lowest) }
        }
        if build == .sameRank { values.append(value) }
        if traits.restart, case .rank(let base) = traits.base, rank == base {
            values.append(build == .down ? 1 : 13)
        }
        // Half its rank, counting 13 more when odd: 7 times it, less the 13s (a King halves to none).
        if build == .double, rank * 7 % 13 != 0 { values.append(rank * 7 % 13) }
        if build == .any {
            let which: String
            switch traits.suit {
            case .same: which = "of its suit"
            case .different: which = "of another suit"
            case .alternate: which = "of the other colour"
            case .sameColour: which = "of its colour"
            case .any: which = ""
            }
            return Refusal([.card(card), .text(" goes only on a card \(which)")])
        }
        let ranks = values.map { $0 == 14 ? 1 : $0 }
        guard let first = ranks.first else {
            return Refusal([.card(card), .text(" goes on no card")])
        }
        let names = ranks.map(DeclarativeRules.rankName).joined(separator: " or ")
        let colour = card.suit.isRed ? "red" : "black"
        let otherColour = card.suit.isRed ? "black" : "red"
        switch traits.suit {
        case .same:
            var parts: [Refusal.Part] = [.card(card), .text(" goes on the ")]
            for (index, wanted) in ranks.enumerated() {
                if index > 0 { parts.append(.text(" or the ")) }
                parts.append(.card(Card(Card.Rank(rawValue: wanted)!, card.suit)))
            }
            return Refusal(parts)
        case .alternate: return Refusal([.card(card), .text(" goes on a \(otherColour) \(names)")])
        case .sameColour: return Refusal([.card(card), .text(" goes on a \(colour) \(names)")])
        case .any: return Refusal([.card(card), .text(" goes on \(DeclarativeRules.article(first)) \(names)")])
        case .different:
            return Refusal([
                .card(card), .text(" goes on \(DeclarativeRules.article(first)) \(names) of another suit"),
            ])
        }
    }
}

extension DeclarativeRules {
    /// Why the top `count` cards of `pile` may not be picked up, by these rules alone; `nil`
    /// when they may. For rules that decide the pick-up themselves (a script) and leave the drop to these.
    public func pickUpRefusal(pile: Int, count: Int, in state: GameState) -> Refusal? {
        let move = Move.transfer(from: pile, to: pile, count: count)
        return pickUpVerdict(pile: pile, count: count, in: state).map { refusal(for: $0, move: move, in: state) }
    }

    /// Why a transfer may not land where it goes (what the target accepts, the free-cell limit), by
    /// these rules alone and whatever they say about picking the cards up; `nil` when it may.
    public func dropRefusal(of move: Move, in state: GameState) -> Refusal? {
        guard move.kind == .transfer, state.piles.indices.contains(move.from), state.piles.indices.contains(move.to),
            move.from != move.to, move.count >= 1, move.count <= state.piles[move.from].count
        else { return refusal(of: move, in: state) }
        let pile = state.piles[move.from]
        let card = pile[pile.count - move.count]
        if pairRule != nil, pairsOff(move, in: state) { return nil }
        if discardRule != nil, move.to == discardPile {
            return discardsOff(move, in: state) ? nil : refusal(for: .notOutranked, move: move, in: state)
        }
        let verdict =
            dropVerdict(card: card, count: move.count, onto: move.to, in: state).map {
                pairRule == nil ? $0 : pairVerdict(instead: $0, card: card, from: move.from, onto: move.to, in: state)
            } ?? (hasRoutes ? routeVerdict(from: move.from, count: move.count, to: move.to, in: state) : nil)
            ?? limitVerdict(from: move.from, count: move.count, to: move.to, in: state)
        return verdict.map { refusal(for: $0, move: move, in: state) }
    }
}
