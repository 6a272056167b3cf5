import Layouts
import Solitaire

// Klondike's own search (KlondikeSearch.swift) plays a game only when its rules are Klondike's in
// every point the search relies on; this file says when, and turns a position of the table into
// the search's position (KlondikePosition.swift).
//
// What it must be: one 52-card deck; one stock that turns `draw` cards onto one waste and may be
// redealt without end; four foundations built up by suit from the Ace, with or without cards
// taken back; up to eight columns built down in alternate colours, that move any run in order,
// take only a King (or a run from one) when empty and turn up a face-down card left on top; and
// no other pile. Klondike, Klondike (Draw 3) and Saratoga are such games. Any other rule (a
// limit on redeals, a reserve) and the table's searches play it instead. A script's game gets it
// when its layout promises Klondike's rules (KlondikeShape+Promise.swift).

/// Where a Klondike-shaped game's piles are, and how its stock turns.
struct KlondikeShape: Sendable {
    /// The columns, in layout order.
    let columns: [Int]
    /// Per pile: it is a column.
    let isColumn: [Bool]
    let stock: Int
    let waste: Int
    /// The foundations, in layout order.
    let foundations: [Int]
    /// Cards turned per click.
    let draw: Int
    /// Cards may come back from the foundations to the columns.
    let takesBack: Bool

    /// The most columns the search's position packs (a byte each in a 64-bit word).
    static var maxColumns: Int { 8 }

    /// `nil` unless the rules are Klondike's in every point listed above, or the layout promises
    /// them (``SolverFamily/klondike``, KlondikeShape+Promise.swift) and has Klondike's piles.
    init?(rules: any Rules) {
        if rules.layout.rules?.solver == .klondike {
            self.init(promisedBy: rules)
            return
        }
        guard let declarative = rules as? DeclarativeRules, let piles = Piles(declarative) else { return nil }
        let stockRules = declarative.pileRules(piles.stock)
        guard stockRules.redeals == .unlimited, stockRules.draw >= 1, !stockRules.dealNeedsNoEmpty else {
            return nil
        }
        let wasteRules = declarative.pileRules(piles.waste)
        guard wasteRules.move == .top, wasteRules.build == .none, wasteRules.empty == .none,
            wasteRules.refillFrom == nil
        else { return nil }
        var takesBack: Bool?
        for pile in piles.foundations {
            let pileRules = declarative.pileRules(pile)
            guard pileRules.build == .up, pileRules.suit == .same, pileRules.base == .rank(1), !pileRules.wrap,
                !pileRules.collect, pileRules.refillFrom == nil,
                takesBack == nil || takesBack == pileRules.takeBack
            else { return nil }
            takesBack = pileRules.takeBack
        }
        for pile in piles.columns {
            let pileRules = declarative.pileRules(pile)
            guard pileRules.build == .down, pileRules.suit == .alternate, !pileRules.wrap,
                pileRules.empty == .rank(13), pileRules.move == .sequence,
                pileRules.moveSuit == nil || pileRules.moveSuit == .alternate, pileRules.sequenceLimit == .none,
                pileRules.turnUp, pileRules.refillFrom == nil
            else { return nil }
        }
        self.init(piles: piles, draw: stockRules.draw, takesBack: takesBack!)
    }

    init(piles: Piles, draw: Int, takesBack: Bool) {
        columns = piles.columns
        isColumn = piles.isColumn
        stock = piles.stock
        waste = piles.waste
        foundations = piles.foundations
        self.draw = draw
        self.takesBack = takesBack
    }

    /// A Klondike game's piles, read off a layout's declarative rules: one deck of four suits won
    /// on the foundations; one stock dealing to one waste, four foundations that hold a suit, up
    /// to ``maxColumns`` columns of any height, and no other pile.
    struct Piles {
        let columns: [Int]
        let isColumn: [Bool]
        let stock: Int
        let waste: Int
        let foundations: [Int]

        init?(_ declarative: DeclarativeRules) {
            let game = declarative.game
            guard game.decks == 1, Set(game.suits) == Set("CDHS"), game.suits.count == 4, game.win == .foundations
            else { return nil }
            let slots = declarative.layout.slots
            guard let kinds = PilesByKind(slots, allowed: [.tableau, .stock, .waste, .foundation]) else { return nil }
            let (columns, stocks, wastes, foundations) = (
                kinds[.tableau], kinds[.stock], kinds[.waste], kinds[.foundation]
            )
            guard stocks.count == 1, wastes.count == 1, foundations.count == 4,
                (1...KlondikeShape.maxColumns).contains(columns.count),
                declarative.stockTargets[stocks[0]] == [wastes[0]],
                foundations.allSatisfy({ slots[$0].capacity.map { $0 >= 13 } ?? true }),
                columns.allSatisfy({ slots[$0].capacity == nil })
            else { return nil }
            self.columns = columns
            isColumn = slots.indices.map { columns.contains($0) }
            stock = stocks[0]
            waste = wastes[0]
            self.foundations = foundations
        }
    }

    /// The search's position for a position of the table; `nil` when the position is not one the
    /// search can hold (cards missing or doubled, a column whose top card is face down, a
    /// foundation out of order, more cards face down in a column than fit its count).
    func position(of state: GameState) -> (KlondikeDeal, KlondikePosition)? {
        guard state.piles.count > columns.max()! else { return nil }
        var seen: UInt64 = 0
        func claim(_ card: PileCard) -> Int? {
            let id = KlondikeCards.id(card)
            guard seen & KlondikeCards.bit(id) == 0 else { return nil }
            seen |= KlondikeCards.bit(id)
            return id
        }
        var position = KlondikePosition()
        // Foundations: each one suit, Ace up.
        for pile in foundations {
            let cards = state.piles[pile]
            guard let first = cards.first else { continue }
            for (offset, card) in cards.enumerated() {
                guard card.suitIndex == first.suitIndex, card.rank == offset + 1, claim(card) != nil else { return nil }
            }
            guard position.foundation(first.suitIndex) == 0 else { return nil }
            position.setFoundation(first.suitIndex, to: cards.count)
        }
        // The stock and waste as one sequence: the waste bottom to top, then the stock top down.
        var deckCards: [Int8] = []
        for card in state.piles[waste] {
            guard let id = claim(card) else { return nil }
            deckCards.append(Int8(id))
        }
        let wasteCount = deckCards.count
        for card in state.piles[stock].reversed() {
            guard let id = claim(card) else { return nil }
            deckCards.append(Int8(id))
        }
        guard deckCards.count <= 64 else { return nil }
        position.deck = deckCards.isEmpty ? 0 : UInt64.max >> (64 - deckCards.count)
        position.waste = draw == 1 ? 0 : UInt8(wasteCount)
        // Columns: the run in order on top is in play; the cards under it are the column's own,
        // turned up (or found in order) one at a time.
        var under: [[Int8]] = []
        var underFaceUp: [[Bool]] = []
        for (column, pile) in columns.enumerated() {
            let cards = state.piles[pile]
            var ids: [Int8] = []
            for card in cards {
                guard let id = claim(card) else { return nil }
                ids.append(Int8(id))
            }
            guard cards.last?.faceUp ?? true else { return nil }
            var base = cards.count - 1
            while base > 0, cards[base - 1].faceUp,
                KlondikeCards.liesOn(Int(ids[base]), Int(ids[base - 1]))
            {
                base -= 1
            }
            // The run from `base` up is in play; an empty column has none.
            if !cards.isEmpty {
                for index in base..<cards.count { position.visible |= KlondikeCards.bit(Int(ids[index])) }
                position.baseMask |= KlondikeCards.bit(Int(ids[base]))
                position.setBase(column, to: Int(ids[base]))
                position.setHidden(column, to: base)
                under.append(Array(ids[0..<base]))
                underFaceUp.append(cards[0..<base].map(\.faceUp))
            } else {
                under.append([])
                underFaceUp.append([])
            }
        }
        guard seen == KlondikeCards.all else { return nil }
        let deal = KlondikeDeal(
            draw: draw, takesBack: takesBack, columnCount: columns.count, under: under, underFaceUp: underFaceUp,
            deckCards: deckCards)
        return (deal, position)
    }
}

/// What never changes in a Klondike search: the cards under each column's run, the stock's
/// sequence, the stock's turn.
struct KlondikeDeal: Sendable {
    let draw: Int
    let takesBack: Bool
    let columnCount: Int
    /// Per column, the cards under its run, bottom first; whether each is face up.
    let under: [[Int8]]
    let underFaceUp: [[Bool]]
    /// The stock and waste as one sequence, in the order the stock turns them.
    let deckCards: [Int8]
}

/// Cards as the Klondike search numbers them: `suit * 13 + rank - 1` (suits as ``PileCard``'s:
/// clubs, diamonds, hearts, spades), a bit each in a 64-bit set.
enum KlondikeCards {
    static let all: UInt64 = (1 << 52) - 1
    static let kings: UInt64 = (0..<4).reduce(0) { $0 | bit($1 * 13 + 12) }

    @inline(__always) static func bit(_ id: Int) -> UInt64 { 1 << UInt64(id) }
    @inline(__always) static func id(_ card: PileCard) -> Int { card.suitIndex * 13 + card.rank - 1 }
    @inline(__always) static func rank(_ id: Int) -> Int { id % 13 + 1 }
    @inline(__always) static func suit(_ id: Int) -> Int { id / 13 }
    @inline(__always) static func isRed(_ suit: Int) -> Bool { suit == 1 || suit == 2 }

    /// The card as the table's rules see it, face up.
    static func pileCard(_ id: Int) -> PileCard { PileCard(raw: UInt8(suit(id) << 4 | rank(id)) | 0x80) }

    /// Whether `upper` lies in order on `lower`: one rank lower, the other colour.
    static func liesOn(_ upper: Int, _ lower: Int) -> Bool {
        rank(upper) + 1 == rank(lower) && isRed(suit(upper)) != isRed(suit(lower))
    }

    /// The two cards of rank `rank0 + 1` (0 for an Ace) of the colour that is not `card`'s.
    @inline(__always) private static func otherColour(of card: Int, rank0: Int) -> UInt64 {
        let suit = card / 13
        return suit == 0 || suit == 3
            ? 1 << UInt64(13 + rank0) | 1 << UInt64(26 + rank0) : 1 << UInt64(rank0) | 1 << UInt64(39 + rank0)
    }

    /// The two cards the card may lie on (one rank higher, the other colour); none for a King.
    @inline(__always) static func parents(_ card: Int) -> UInt64 {
        let rank0 = card % 13
        return rank0 == 12 ? 0 : otherColour(of: card, rank0: rank0 + 1)
    }

    /// The two cards that may lie on the card; none for an Ace.
    @inline(__always) static func children(_ card: Int) -> UInt64 {
        let rank0 = card % 13
        return rank0 == 0 ? 0 : otherColour(of: card, rank0: rank0 - 1)
    }

    /// The other card of the card's rank and colour (clubs and spades, diamonds and hearts).
    @inline(__always) static func twin(_ card: Int) -> UInt64 {
        let suit = card / 13
        return 1 << UInt64((3 - suit) * 13 + card % 13)
    }
}
