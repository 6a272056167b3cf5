import Layouts
import Solitaire

// The open games (FreeCell and its cousins) get a search of their own (OpenSearch.swift) when
// their layout's declarative rules are in every point what that search relies on:
//
// - one deck of four suits, or two, every card dealt face up, no stock, no waste, no reserve:
//   only columns (`tableau`), free cells and foundations;
// - four foundations alike, that build up in suit from the Ace to the King, one card at a time,
//   with no collecting, and with two decks go round again from the Ace to the second King
//   (`wrap`; with one, no wrap); cards may come back off them (`take-back`, the default) or not,
//   the same for all; Aces may be dealt to them (`deal-rank = "A"`, Beleaguered Castle);
// - columns all of one rules: they build down (or either way, when only their top card moves) by
//   a suit rule, with no wrap and no capacity; they move their top card only, or any run in order
//   by that same rule, as far as the free-cell limit allows (`sequence-limit = "free-cells"`:
//   (free cells + 1) × 2^(empty columns that take any card), the target not counted) or with no
//   limit; an empty one takes any card, a card of one rank (`empty = "K"`) or nothing;
// - free cells (`kind = "cell"`) of capacity 1, that build nothing, take any card when empty and
//   give their card;
// - nothing refills a pile by itself.
//
// FreeCell, Relaxed FreeCell, Baker's Game, Eight Off, Seahaven Towers, ForeCell, Beleaguered
// Castle, Streets and Alleys, Stronghold, Fortress, Bastion, Baker's Dozen and Portuguese
// Solitaire are such games, and so is Double FreeCell with its two decks. Spanish Patience
// (foundations in alternate colours), Castles in Spain and Odessa (cards face down), Storehouse (a
// stock, a reserve) and scripted games (their hooks may do anything) are not.

/// Where an open game's piles are, and the rules its search plays by.
struct OpenShape: Sendable {
    /// How an empty column may be filled.
    enum EmptyColumn: Sendable, Equatable {
        case any
        case rank(Int)
        case none
    }

    let columns: [Int]
    let cells: [Int]
    let foundations: [Int]
    let pileCount: Int
    /// Whether a card lies in order on another in a column: at `below << 6 | above`, for
    /// identities `suit << 4 | rank`.
    let inOrder: [Bool]
    /// Per identity, the identities it lies in order on, a bit each (``inOrder`` read the other way).
    let parents: [UInt64]
    /// Runs in order move as one (`move = "sequence"`); otherwise only the top card moves.
    let movesRuns: Bool
    /// Runs go only as far as the free-cell limit allows.
    let limitsRuns: Bool
    let emptyColumn: EmptyColumn
    /// Cards may come back off the foundations.
    let takesBack: Bool
    /// One deck, or two whose foundations each go round twice (Double FreeCell).
    let decks: Int

    /// The most columns and cells the search holds.
    static let maxColumns = 16
    static let maxCells = 15

    /// `nil` unless the rules are an open game's in every point listed above.
    init?(rules: any Rules) {
        guard let declarative = rules as? DeclarativeRules, declarative.game.win == .foundations,
            (1...2).contains(declarative.game.decks), Set(declarative.game.suits).count == 4,
            declarative.game.suits.count == 4
        else { return nil }
        let slots = declarative.layout.slots
        guard let kinds = PilesByKind(slots, allowed: [.tableau, .cell, .foundation]) else { return nil }
        let (columns, cells, foundations) = (kinds[.tableau], kinds[.cell], kinds[.foundation])
        guard (1...Self.maxColumns).contains(columns.count), cells.count <= Self.maxCells, foundations.count == 4
        else { return nil }

        var takesBack: Bool?
        for pile in foundations {
            let pileRules = declarative.pileRules(pile)
            // With two decks a foundation goes round twice: Ace to King, then Ace to King again.
            let decks = declarative.game.decks
            guard pileRules.build == .up, pileRules.suit == .same, pileRules.wrap == (decks == 2),
                pileRules.base == .rank(1), pileRules.move == .top, !pileRules.collect, pileRules.refillFrom == nil,
                pileRules.dealRank == nil || pileRules.dealRank == 1, slots[pile].capacity ?? 13 * decks >= 13 * decks,
                pileRules.dealDown.allSatisfy({ $0 == 0 }), pileRules.dealUp.allSatisfy({ $0 == 0 }),
                takesBack == nil || takesBack == pileRules.takeBack
            else { return nil }
            takesBack = pileRules.takeBack
        }

        for pile in cells {
            let pileRules = declarative.pileRules(pile)
            guard slots[pile].capacity ?? 1 == 1, pileRules.build == .none, pileRules.empty == .any,
                pileRules.move == .top, pileRules.refillFrom == nil, !pileRules.collect
            else { return nil }
        }

        let first = declarative.pileRules(columns[0])
        for pile in columns {
            let pileRules = declarative.pileRules(pile)
            guard pileRules.build == first.build, pileRules.suit == first.suit, pileRules.wrap == first.wrap,
                pileRules.empty == first.empty, pileRules.move == first.move, pileRules.moveSuit == first.moveSuit,
                pileRules.sequenceLimit == first.sequenceLimit, pileRules.refillFrom == nil, !pileRules.collect,
                slots[pile].capacity == nil, pileRules.dealDown.allSatisfy({ $0 == 0 })
            else { return nil }
        }
        guard !first.wrap else { return nil }
        switch first.move {
        case .top:
            guard first.build == .down || first.build == .either else { return nil }
        case .sequence:
            guard first.build == .down, first.moveSuit == nil || first.moveSuit == first.suit else { return nil }
        case .faceUp, .pile, .none:
            return nil
        }
        switch first.empty {
        case .any: emptyColumn = .any
        case .none: emptyColumn = .none
        case .rank(let rank): emptyColumn = .rank(rank)
        case .belowBase: return nil
        }

        var inOrder = [Bool](repeating: false, count: 64 * 64)
        var parents = [UInt64](repeating: 0, count: 64)
        for below in SolverModel.identities {
            for above in SolverModel.identities {
                let builds = rules.builds(
                    PileCard(raw: UInt8(above) | 0x80), on: PileCard(raw: UInt8(below) | 0x80), inPile: columns[0])
                inOrder[below << 6 | above] = builds
                if builds { parents[above] |= 1 << UInt64(below) }
            }
        }
        self.inOrder = inOrder
        self.parents = parents
        self.columns = columns
        self.cells = cells
        self.foundations = foundations
        pileCount = slots.count
        movesRuns = first.move == .sequence
        limitsRuns = first.sequenceLimit == .freeCells
        self.takesBack = takesBack!
        decks = declarative.game.decks
    }
}
