import Layouts
import Solitaire

// The games of columns and a stock (the Forty Thieves and Gypsy families, Gargantua) get a search
// of their own (ColumnsSearch.swift) when their layout's declarative rules are, in every point
// that search relies on:
//
// - columns that build down, by one suit rule (same, alternate, same colour, different, any),
//   with or without a King going on an Ace (`wrap`); each gives its top card (`move = "top"`), any
//   part of a run built by its move-suit rule (`move = "sequence"`), or any face-up card with
//   every card on it (`move = "face-up"`, the Yukon family's), either without limit or as far as the empty columns
//   would let it go one card at a time (`sequence-limit = "free-cells"`, there being no cells);
//   an empty column takes any card, none, or one rank; a face-down card left on top turns up;
// - foundations that build up in suit one card at a time, 13 cards each, the game won with every
//   card there: from the Ace, or from one rank for all (`base = "5"`, or the deal's: `base =
//   "dealt"`) counting on from the King to the Ace (`wrap`); cards may come back off them or not (`take-back`), as the rules
//   say, and the search follows;
// - at most one stock, which either turns `draw` cards onto one waste (that gives only its top
//   card) with a limited or unlimited number of redeals, or deals one card onto every column in
//   layout order, with or without `deal-needs-all-filled`;
// - at most one reserve that takes nothing and gives its top card, turning up the next (Canfield's);
//   the columns may all refill from it (`refill-from = "reserve"`: an emptied column takes its
//   top card at once) or none;
// - an empty column may take cards only from some of the columns, the waste and the reserve
//   (`empty-from`, Kansas's);
// - free cells that hold one card each (Giant's);
// - no other pile, no collecting, no pairs or discards, no other routing of moves by their
//   source, and nothing random on a redeal.
//
// Forty Thieves and its cousins, Gypsy, Easthaven, Gargantua, Royal East, Agnes, Canfield,
// Storehouse, Kansas, the Yukon family and Giant are such games. A script's rules never are: their hooks may do anything.

/// Where a game of columns and a stock keeps its piles, and the rules its search plays by.
struct ColumnsShape: Sendable {
    /// The columns, in layout order (the order a stock that deals to them deals).
    let columns: [Int]
    let foundations: [Int]
    let stock: Int?
    /// The waste the stock turns cards onto; `nil` when it deals to the columns (or there is none).
    let waste: Int?
    /// The reserve (Canfield's), if any.
    let reserve: Int?
    /// The free cells, each holding one card.
    let cells: [Int]
    /// An emptied column takes the reserve's top card at once.
    let refillsFromReserve: Bool
    /// Where an empty column may take cards from (`empty-from`; everywhere without it).
    let emptyFromColumns: Bool
    let emptyFromWaste: Bool
    let emptyFromReserve: Bool
    let emptyFromFoundations: Bool
    let emptyFromCells: Bool
    /// The waste may be turned back over without limit.
    let unlimitedRedeals: Bool
    let pileCount: Int
    /// The stock deals a card onto every column.
    let dealsToColumns: Bool
    /// Cards a click turns onto the waste.
    let draw: Int
    /// The stock deals only when no column is empty.
    let dealNeedsFilled: Bool
    /// Per pair `below << 6 | above` of identities: whether `above` may be put on `below` in a column.
    let builds: [Bool]
    /// Per pair: whether `above` lies on `below` as part of a run that moves (the move-suit rule).
    let runs: [Bool]
    /// Runs move (`move = "sequence"`, or `"face-up"`); otherwise only the top card does.
    let movesRuns: Bool
    /// Any face-up card moves with every card on it, in order or not (`move = "face-up"`).
    let movesFaceUp: Bool
    /// A run moves only as far as the empty columns would let it go one card at a time.
    let limitsRuns: Bool
    /// What an empty column takes.
    let empty: EmptyRule
    /// Cards may be taken back off the foundations.
    let takesBack: Bool
    /// The rank every foundation starts from: a fixed rank, or `.dealt` (the position's
    /// `dealtBase`).
    let foundationBase: BaseRank
    /// Per identity: the identities whose every copy must be on the foundations before the card
    /// may go up by itself (SolverModel.swift has the argument); `nil` when nothing is folded.
    let mustBeUp: [UInt64]?

    /// The most columns the search holds.
    static let maxColumns = 16

    /// `nil` unless the rules are as listed above. `mustBeUp` is the solver model's (it folds
    /// safe moves only when its argument holds for the game).
    init?(rules: any Rules, mustBeUp: [UInt64]?) {
        guard let declarative = rules as? DeclarativeRules, declarative.game.win == .foundations,
            !declarative.game.acesHigh, Self.routesOnlyEmptyColumns(declarative.game)
        else { return nil }
        let slots = declarative.layout.slots
        // The search follows `empty-from`, but not an order among its piles.
        guard !slots.indices.contains(where: { declarative.pileRules($0).emptyFromInTurn }) else { return nil }
        guard let kinds = PilesByKind(slots, allowed: [.tableau, .stock, .waste, .foundation, .reserve, .cell]) else {
            return nil
        }
        let (columns, stocks, wastes, foundations) = (kinds[.tableau], kinds[.stock], kinds[.waste], kinds[.foundation])
        let reserves = kinds[.reserve]
        guard (1...Self.maxColumns).contains(columns.count), stocks.count <= 1, wastes.count <= 1,
            reserves.count <= 1, !foundations.isEmpty
        else { return nil }
        if let reserve = reserves.first {
            let reserveRules = declarative.pileRules(reserve)
            guard reserveRules.build == .none, reserveRules.move == .top, reserveRules.turnUp,
                reserveRules.refillFrom == nil, declarative.emptyFrom[reserve] == nil,
                !stocks.contains(where: { declarative.stockTargets[$0].contains(reserve) })
            else { return nil }
        }
        for pile in wastes + foundations where declarative.emptyFrom[pile] != nil { return nil }
        let cells = kinds[.cell]
        for cell in cells {
            let cellRules = declarative.pileRules(cell)
            guard cellRules.move == .top, cellRules.build == .none, cellRules.refillFrom == nil,
                declarative.emptyFrom[cell] == nil, slots[cell].capacity ?? 1 == 1,
                !stocks.contains(where: { declarative.stockTargets[$0].contains(cell) })
            else { return nil }
        }
        for pile in foundations {
            let pileRules = declarative.pileRules(pile)
            // From any rank but the Ace, a foundation needs to count on past the King for its 13 cards.
            let startsRight = pileRules.base == .rank(1) || (pileRules.wrap && pileRules.base != .any)
            guard pileRules.build == .up, pileRules.suit == .same, startsRight,
                pileRules.base == declarative.pileRules(foundations[0]).base, !pileRules.collect,
                pileRules.refillFrom == nil, slots[pile].capacity == 13,
                pileRules.move == .top || pileRules.move == .none
            else { return nil }
        }
        let takesBack = foundations.contains { pile in
            declarative.pileRules(pile).takeBack && declarative.pileRules(pile).move != .none
        }
        guard
            foundations.allSatisfy({ pile in
                (declarative.pileRules(pile).takeBack && declarative.pileRules(pile).move != .none) == takesBack
            })
        else { return nil }
        let first = declarative.pileRules(columns[0])
        for pile in columns {
            let pileRules = declarative.pileRules(pile)
            guard pileRules.build == .down, pileRules.wrap == first.wrap,
                [.top, .sequence, .faceUp].contains(pileRules.move),
                pileRules.turnUp, !pileRules.collect, slots[pile].capacity == nil,
                declarative.refillSources[pile] == (first.refillFrom == nil ? [] : reserves),
                declarative.emptyFrom[pile]?.enumerated().map({ $1 && $0 != pile })
                    == declarative.emptyFrom[columns[0]]?.enumerated().map({ $1 && $0 != columns[0] }),
                pileRules.suit == first.suit, (pileRules.moveSuit ?? pileRules.suit) == (first.moveSuit ?? first.suit),
                pileRules.move == first.move, pileRules.empty == first.empty, pileRules.empty != .belowBase,
                pileRules.sequenceLimit == first.sequenceLimit
            else { return nil }
        }
        // Runs as long as the cells and empty columns allow are not followed with cells.
        guard cells.isEmpty || first.sequenceLimit != .freeCells else { return nil }
        var waste: Int?
        var dealsToColumns = false
        var draw = 1
        var dealNeedsFilled = false
        var unlimited = false
        if let stock = stocks.first {
            let stockRules = declarative.pileRules(stock)
            let targets = declarative.stockTargets[stock]
            if targets == columns {
                guard wastes.isEmpty, stockRules.draw == 1 else { return nil }
                dealsToColumns = true
                dealNeedsFilled = stockRules.dealNeedsNoEmpty
            } else {
                guard wastes.count == 1, targets == wastes else { return nil }
                unlimited = stockRules.redeals == .unlimited
                let wasteRules = declarative.pileRules(wastes[0])
                guard wasteRules.move == .top, wasteRules.refillFrom == nil, slots[wastes[0]].capacity == nil else {
                    return nil
                }
                waste = wastes[0]
                draw = stockRules.draw
            }
        } else {
            guard wastes.isEmpty else { return nil }
        }
        func table(_ suit: SuitRule) -> [Bool] {
            var table = [Bool](repeating: false, count: 64 * 64)
            for below in SolverModel.identities {
                for above in SolverModel.identities {
                    table[below << 6 | above] = Self.liesDown(above, on: below, suit: suit, wrap: first.wrap)
                }
            }
            return table
        }
        let base = declarative.pileRules(foundations[0]).base
        self.columns = columns
        self.foundations = foundations
        stock = stocks.first
        self.waste = waste
        reserve = reserves.first
        refillsFromReserve = first.refillFrom != nil
        let emptyFrom = declarative.emptyFrom[columns[0]]
        emptyFromColumns = emptyFrom.map { allowed in columns.contains { allowed[$0] } } ?? true
        emptyFromWaste = emptyFrom.map { allowed in wastes.contains { allowed[$0] } } ?? true
        emptyFromReserve = emptyFrom.map { allowed in reserves.contains { allowed[$0] } } ?? true
        emptyFromFoundations = emptyFrom.map { allowed in foundations.contains { allowed[$0] } } ?? true
        emptyFromCells = emptyFrom.map { allowed in cells.contains { allowed[$0] } } ?? true
        self.cells = cells
        unlimitedRedeals = unlimited
        pileCount = slots.count
        self.dealsToColumns = dealsToColumns
        self.draw = draw
        self.dealNeedsFilled = dealNeedsFilled
        builds = table(first.suit)
        runs = table(first.moveSuit ?? first.suit)
        movesRuns = first.move == .sequence || first.move == .faceUp
        movesFaceUp = first.move == .faceUp
        limitsRuns = first.sequenceLimit == .freeCells
        empty = first.empty
        self.takesBack = takesBack
        foundationBase = base
        // The safe moves' argument (SolverModel.swift) holds whatever the base: it asks only which
        // cards may lie on a card in the columns (a King on an Ace, with `wrap`), and the
        // foundations are alike, one suit's 13 cards each.
        self.mustBeUp = mustBeUp
    }

    /// Whether the rules route moves by their source in no way but `empty-from` (which the
    /// search follows), and deal nothing the search does not model: no `takes-from`, `groups-to`,
    /// `covers`, `redeal-gathers`, `redeal-shuffles`, `same-base`, `deal-faces`, pairs or
    /// discards.
    static func routesOnlyEmptyColumns(_ game: GameRules) -> Bool {
        game.groups.values.allSatisfy { group in
            let routed = group.takesFrom != nil || group.groupsToEmptyOnly || group.covers != nil
            let redealt = group.redealGathers != nil || group.redealShuffles
            let dealt = group.sameBase || group.dealFaces != nil
            let leaves = group.pair != nil || group.discard != nil || group.freeze
            return !routed && !redealt && !dealt && !leaves
        }
    }

    /// Whether a card (identity `above`) lies one rank below another by a suit rule, as the
    /// rules' `build = "down"` says (with `wrap`, a King lies on an Ace).
    static func liesDown(_ above: Int, on below: Int, suit: SuitRule, wrap: Bool = false) -> Bool {
        let follows = above & 0x0F + 1 == below & 0x0F || (wrap && above & 0x0F == 13 && below & 0x0F == 1)
        guard follows else { return false }
        let aboveSuit = above >> 4
        let belowSuit = below >> 4
        let aboveRed = aboveSuit == 1 || aboveSuit == 2
        let belowRed = belowSuit == 1 || belowSuit == 2
        switch suit {
        case .any: return true
        case .same: return aboveSuit == belowSuit
        case .different: return aboveSuit != belowSuit
        case .alternate: return aboveRed != belowRed
        case .sameColour: return aboveRed == belowRed
        }
    }
}
