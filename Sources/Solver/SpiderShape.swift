import Layouts
import Solitaire

// The Spider family gets a search of its own (SpiderSearch.swift) when its layout's declarative
// rules are Spider's in every point that search relies on:
//
// - columns that build down in any suit, move a run only when it is of one suit, take any card or
//   run when empty and turn up a face-down card left on top; runs either go whole (Spider) or as
//   far as the empty columns would let them go one card at a time (Simple Simon's
//   `sequence-limit = "free-cells"`);
// - foundations that take nothing by hand, give nothing back and `collect`: a King-to-Ace run of one suit on top of a
//   column goes to one by itself, 13 cards each, and the game is won with every card there;
// - at most one stock, which deals a card onto every column in layout order (while it has cards),
//   with or without `deal-needs-all-filled`;
// - no other pile.
//
// Spider with one, two and four suits, Spiderette, Will o' the Wisp and Simple Simon are such
// games. A script's rules never are: their hooks may do anything.

/// Where a Spider-shaped game's piles are.
struct SpiderShape: Sendable {
    /// The columns, in layout order (the order the stock deals to them).
    let columns: [Int]
    /// The stock, if the game has one.
    let stock: Int?
    /// The foundations, which take the collected runs.
    let foundations: [Int]
    let pileCount: Int
    /// The stock deals only when no column is empty.
    let dealNeedsFilled: Bool
    /// A run moves only as far as the empty columns would let it go one card at a time.
    let limitsRuns: Bool

    /// The most columns the search holds (a bit each in 16-bit masks).
    static let maxColumns = 16

    /// `nil` unless the rules are Spider's in every point listed above.
    init?(rules: any Rules) {
        guard let declarative = rules as? DeclarativeRules, declarative.game.win == .foundations else { return nil }
        let slots = declarative.layout.slots
        guard let kinds = PilesByKind(slots, allowed: [.tableau, .stock, .foundation]) else { return nil }
        let (columns, stocks, foundations) = (kinds[.tableau], kinds[.stock], kinds[.foundation])
        guard (2...Self.maxColumns).contains(columns.count), stocks.count <= 1, !foundations.isEmpty else {
            return nil
        }
        for pile in foundations {
            let pileRules = declarative.pileRules(pile)
            guard pileRules.collect, pileRules.move == .none || !pileRules.takeBack, slots[pile].capacity == 13 else {
                return nil
            }
        }
        var limitsRuns: Bool?
        for pile in columns {
            let pileRules = declarative.pileRules(pile)
            guard pileRules.build == .down, pileRules.suit == .any, !pileRules.wrap, pileRules.empty == .any,
                pileRules.move == .sequence, pileRules.moveSuit == .same, pileRules.turnUp,
                pileRules.refillFrom == nil, slots[pile].capacity == nil,
                limitsRuns == nil || limitsRuns == (pileRules.sequenceLimit == .freeCells)
            else { return nil }
            limitsRuns = pileRules.sequenceLimit == .freeCells
        }
        var dealNeedsFilled = false
        if let stock = stocks.first {
            guard declarative.stockTargets[stock] == columns else { return nil }
            dealNeedsFilled = declarative.pileRules(stock).dealNeedsNoEmpty
        }
        self.columns = columns
        stock = stocks.first
        self.foundations = foundations
        pileCount = slots.count
        self.dealNeedsFilled = dealNeedsFilled
        self.limitsRuns = limitsRuns!
    }
}
