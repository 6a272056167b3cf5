// The Klondike search's position, after lonelybot (github vuonghy2442/lonelybot): the cards in
// play on the columns are held as a set, not as piles.
//
// A column is the cards under its run (face down, or face up but out of order: they come into
// play one at a time, from the top, as the run above them leaves) and the run on top, in order.
// Only the run's lowest card, the column's *base*, says which column it is in. Every other card
// in play lies on one of the two cards a rank higher of the other colour, and which of the two
// does not matter: two positions that differ only in that are one position. From either, the
// other is reached by moving runs between those two cards, or both lead to the same positions
// (moving a card needs only that some card it may lie on is free; moving a card off its column
// carries whatever lies on it). So the search's position is the set of cards in play, the bases,
// how many cards each column still has under its run, the foundations and the stock; and a move
// between columns that turns nothing up and empties no column is no move at all.
//
// What a card in play may do then follows from counting:
//
// - It can be made the top of its run (to go to a foundation) when no card lies on it, or one
//   does and the card's twin (same rank and colour) is in play to take it instead.
// - A card can be put in play (from the stock, a foundation, or its column's base moving off)
//   when the cards it may lie on outnumber the cards that lie on them already (its twin, when in
//   play and not a base).
// - A King only ever is a base, and needs an empty column.
//
// Moves that can never be wrong are made at once and alone (Solvitaire's and lonelybot's
// dominance): a card goes to its foundation when no card still out could need it, that is when
// its rank is at most two above every foundation of the other colour and three above every
// foundation of its own.

/// A position of the Klondike search (see above). Small and flat: the search copies it.
struct KlondikePosition: Hashable {
    /// The cards in play on the columns, a bit each (KlondikeCards).
    var visible: UInt64 = 0
    /// The cards that are a column's base.
    var baseMask: UInt64 = 0
    /// Per column (a byte each): its base's card, or 0xFF for an empty column.
    var bases: UInt64 = .max
    /// Per column (a byte each): how many cards lie under its run.
    var hidden: UInt64 = 0
    /// Per suit (four bits each): the cards on its foundation.
    var foundations: UInt16 = 0
    /// The stock's sequence (KlondikeDeal's `deckCards`): the cards still in it, a bit each.
    var deck: UInt64 = 0
    /// How many of those are on the waste (always 0 when the stock turns one card at a time:
    /// every split is reached from every other, so the split is no part of the position).
    var waste: UInt8 = 0

    @inline(__always) func base(_ column: Int) -> Int? {
        let byte = Int(bases >> UInt64(column * 8) & 0xFF)
        return byte == 0xFF ? nil : byte
    }
    @inline(__always) mutating func setBase(_ column: Int, to card: Int?) {
        let shift = UInt64(column * 8)
        bases = bases & ~(0xFF << shift) | UInt64(card ?? 0xFF) << shift
    }
    @inline(__always) func hiddenCount(_ column: Int) -> Int { Int(hidden >> UInt64(column * 8) & 0xFF) }
    @inline(__always) mutating func setHidden(_ column: Int, to count: Int) {
        let shift = UInt64(column * 8)
        hidden = hidden & ~(0xFF << shift) | UInt64(count) << shift
    }
    @inline(__always) func foundation(_ suit: Int) -> Int { Int(foundations >> UInt16(suit * 4) & 0xF) }
    @inline(__always) mutating func setFoundation(_ suit: Int, to count: Int) {
        let shift = UInt16(suit * 4)
        foundations = foundations & ~(0xF << shift) | UInt16(count) << shift
    }

    var isWon: Bool { foundations == 0xDDDD }

    /// The position's 64-bit key: everything but which column holds a base with no cards under
    /// it (such columns are alike). Mixed as SplitMix64 mixes, so that keys spread evenly.
    var key: UInt64 {
        var hash = Self.mix(visible ^ UInt64(waste) << 56)
        hash = Self.mix(hash ^ baseMask)
        hash = Self.mix(hash ^ hidden)
        return Self.mix(hash ^ UInt64(foundations))
    }

    /// Whether two positions are the search's same position: the key's fields (the stock's cards
    /// follow from the others).
    func isSame(as other: KlondikePosition) -> Bool {
        visible == other.visible && baseMask == other.baseMask && hidden == other.hidden
            && foundations == other.foundations && waste == other.waste
    }

    @inline(__always) static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    // MARK: What the counting allows

    /// The card could be made the top of its run.
    @inline(__always) func canBeTop(_ card: Int) -> Bool {
        let onIt = (KlondikeCards.children(card) & visible & ~baseMask).nonzeroBitCount
        return onIt == 0 || (onIt == 1 && visible & KlondikeCards.twin(card) != 0)
    }

    /// A card not a King, not in play as a non-base card now, could be put in play on a card.
    @inline(__always) func hasRoom(for card: Int) -> Bool {
        let parents = (KlondikeCards.parents(card) & visible).nonzeroBitCount
        let taken = KlondikeCards.twin(card) & visible & ~baseMask != 0 ? 1 : 0
        return parents > taken
    }

    /// The first empty column, if any.
    func emptyColumn(count: Int) -> Int? {
        for column in 0..<count where bases >> UInt64(column * 8) & 0xFF == 0xFF && hiddenCount(column) == 0 {
            return column
        }
        return nil
    }

    /// The foundation would take the card now.
    @inline(__always) func foundationTakes(_ card: Int) -> Bool {
        foundation(KlondikeCards.suit(card)) == KlondikeCards.rank(card) - 1
    }

    /// No card still out could ever need the card, once on its foundation.
    func isSafe(_ card: Int) -> Bool {
        let black = min(foundation(0), foundation(3))
        let red = min(foundation(1), foundation(2))
        let rank = KlondikeCards.rank(card)
        return KlondikeCards.isRed(KlondikeCards.suit(card))
            ? rank <= min(red + 1, black) + 2 : rank <= min(black + 1, red) + 2
    }

    // MARK: Changes

    /// The column's base has left it: the card under it comes into play as its base (with the
    /// face-up cards in order under it), or the column is empty.
    mutating func turnUp(_ column: Int, deal: KlondikeDeal) {
        var count = hiddenCount(column)
        guard count > 0 else { return setBase(column, to: nil) }
        let under = deal.under[column]
        count -= 1
        var card = Int(under[count])
        visible |= KlondikeCards.bit(card)
        while count > 0, deal.underFaceUp[column][count - 1], KlondikeCards.liesOn(card, Int(under[count - 1])) {
            count -= 1
            card = Int(under[count])
            visible |= KlondikeCards.bit(card)
        }
        setHidden(column, to: count)
        setBase(column, to: card)
        baseMask |= KlondikeCards.bit(card)
    }

    /// The column whose base the card is.
    func column(ofBase card: Int, count: Int) -> Int {
        for column in 0..<count where base(column) == card { return column }
        preconditionFailure("card \(card) is no column's base")
    }

    /// The card leaves the columns (it was made the top of its run). A base leaves its column.
    mutating func takeOff(_ card: Int, columnCount: Int, deal: KlondikeDeal) {
        visible &= ~KlondikeCards.bit(card)
        if baseMask & KlondikeCards.bit(card) != 0 {
            let column = column(ofBase: card, count: columnCount)
            baseMask &= ~KlondikeCards.bit(card)
            turnUp(column, deal: deal)
        }
    }

    /// The card comes into play: a King as the base of the empty column, another card on a card.
    mutating func putInPlay(_ card: Int, emptyColumn: Int?) {
        visible |= KlondikeCards.bit(card)
        if let emptyColumn {
            setBase(emptyColumn, to: card)
            baseMask |= KlondikeCards.bit(card)
        }
    }

    /// The stock cards the player could turn to the top of the waste now, by position in the
    /// sequence of cards still in the stock and waste (0 first), a bit each.
    func reachableDeckIndices(draw: Int) -> UInt64 {
        let count = deck.nonzeroBitCount
        guard count > 0 else { return 0 }
        if draw == 1 { return count == 64 ? .max : (1 << UInt64(count)) - 1 }
        var reach: UInt64 = 0
        let waste = Int(self.waste)
        if waste > 0 { reach |= 1 << UInt64(waste - 1) }
        var turned = waste
        while turned < count {
            turned = min(turned + draw, count)
            reach |= 1 << UInt64(turned - 1)
        }
        turned = 0
        while turned < count {
            turned = min(turned + draw, count)
            reach |= 1 << UInt64(turned - 1)
        }
        return reach
    }

    /// The card at `place` of the stock's sequence leaves it; the cards before it stay on the
    /// waste.
    mutating func takeFromDeck(place: Int, draw: Int) {
        waste = draw == 1 ? 0 : UInt8((deck & ((1 << UInt64(place)) - 1)).nonzeroBitCount)
        deck &= ~(1 << UInt64(place))
    }
}

/// A move of the Klondike search.
struct KlondikeMove: Hashable {
    enum Kind: UInt8 {
        /// A card in play to its foundation.
        case columnToFoundation
        /// A column's base (with its run) onto a card, or a King's to an empty column.
        case baseOff
        /// The stock card at `place` to its foundation.
        case deckToFoundation
        /// The stock card at `place` into play.
        case deckToColumn
        /// A foundation's top card into play.
        case foundationToColumn
    }

    var kind: Kind
    var card: UInt8
    /// For stock moves: the card's place in the stock's sequence (KlondikeDeal's `deckCards`).
    var place: UInt8 = 0
    /// A move made only for the one that follows it (KlondikeSearch's `listMoves`): that move's
    /// card (0xFF for none), kind and place.
    var thenCard: UInt8 = 0xFF
    var thenKind = Kind.baseOff
    var thenPlace: UInt8 = 0

    /// This move followed by `next`.
    func then(_ next: KlondikeMove) -> KlondikeMove {
        var both = self
        both.thenCard = next.card
        both.thenKind = next.kind
        both.thenPlace = next.place
        return both
    }

    /// The simple moves it is made of: itself, or its two moves.
    var parts: [KlondikeMove] {
        guard thenCard != 0xFF else { return [self] }
        return [
            KlondikeMove(kind: kind, card: card, place: place),
            KlondikeMove(kind: thenKind, card: thenCard, place: thenPlace),
        ]
    }
}
