import Layouts
import Solitaire

// Golf-like games get a search of their own (GolfSearch.swift) when their rules are, in every
// point that search relies on, the rules of the Golf family: cards only ever leave the columns,
// one at a time from the top, for one foundation that keeps them; what that foundation takes
// next depends on the rank of its top card alone. Golf, All in a Row and Black Hole are such
// games (Black Hole's script only deals: ScriptedRules.declarativeRules).
//
// What it must be: columns on which nothing builds, that move their top card only and are never
// refilled; one foundation that builds by rank whatever the suit (up, down or either, with or
// without King and Ace as neighbours), starts with any card or with one rank, and gives nothing
// back; at most one stock, which turns one card at a time straight onto that foundation and is
// never redealt; and no other pile. Any other rule and the table's searches play the game.

/// Where a Golf-like game's piles are, and what its foundation takes.
struct GolfShape: Sendable {
    /// The columns, in layout order.
    let columns: [Int]
    let foundation: Int
    /// The stock that turns its cards onto the foundation, if the game has one.
    let stock: Int?
    /// Per rank on top of the foundation (1 to 13), the ranks it takes next, a bit each (bit `r`
    /// for rank `r`).
    let follows: [UInt16]
    /// The ranks an empty foundation takes, a bit each.
    let starts: UInt16
    /// Won once the columns are empty, whatever the stock still holds (`win = "cleared"`, Golf's);
    /// otherwise once every card is on the foundation.
    let winsCleared: Bool
    /// The most cards the foundation holds (`Int.max`: no limit).
    let capacity: Int
    /// A rank that goes on another is one the other goes on: the foundation's ranks are a line
    /// or a circle of neighbours (GolfSearch.swift's colouring needs it).
    let isSymmetric: Bool
    /// Per column, the columns (a bit each, by their number in ``columns``) that cover it: its
    /// card plays only once they are all empty. None in Golf; TriPeaks' peaks, Elevator's pyramid.
    let blockers: [UInt64]

    /// `nil` unless the rules are the Golf family's in every point listed above. A layout that
    /// promises TriPeaks' or Elevator's rules (`solver = "tri-peaks"`, `"elevator"`) is read by
    /// its own keys, which are Golf's, whatever its script, with the covering it promises: the
    /// peaks' (``SolverFamily/triPeaks``) or a pyramid's (``SolverFamily/elevator``).
    init?(rules: any Rules) {
        let promisedCovering: [[Int]]? =
            switch rules.layout.rules?.solver {
            case .triPeaks: Self.peaksCovering
            case .elevator: Self.pyramidCovering
            default: nil
            }
        guard
            let declarative = promisedCovering != nil
                ? declarativeRulesOf(rules.layout) as? DeclarativeRules : rules as? DeclarativeRules
        else { return nil }
        let slots = declarative.layout.slots
        var columns: [Int] = []
        var stocks: [Int] = []
        var foundations: [Int] = []
        for (index, slot) in slots.enumerated() {
            switch slot.kind {
            case .tableau: columns.append(index)
            case .stock: stocks.append(index)
            case .foundation: foundations.append(index)
            default: return nil
            }
            guard declarative.pileRules(index).refillFrom == nil else { return nil }
        }
        guard !columns.isEmpty, columns.count <= 64, foundations.count == 1, stocks.count <= 1 else { return nil }
        let foundation = foundations[0]
        guard declarative.game.win != .stockEmpty else { return nil }
        for column in columns {
            let pileRules = declarative.pileRules(column)
            guard pileRules.build == .none, pileRules.empty == .none, pileRules.move == .top else { return nil }
        }
        let foundationRules = declarative.pileRules(foundation)
        guard !foundationRules.takeBack, !foundationRules.collect, foundationRules.build != .none else { return nil }
        switch foundationRules.base {
        case .any: starts = 0x3FFE
        case .rank(let rank) where (1...13).contains(rank): starts = 1 << UInt16(rank)
        default: return nil
        }
        // What goes on the foundation, by rank alone: the same for every pair of suits, or the
        // game is not one of these.
        var follows = [UInt16](repeating: 0, count: 14)
        for top in 1...13 {
            for rank in 1...13 {
                let answers = Set(
                    (0..<16).map { suits in
                        declarative.builds(
                            PileCard(raw: UInt8((suits & 3) << 4 | rank) | 0x80),
                            on: PileCard(raw: UInt8((suits >> 2) << 4 | top) | 0x80), inPile: foundation)
                    })
                guard answers.count == 1 else { return nil }
                if answers.first! { follows[top] |= 1 << UInt16(rank) }
            }
        }
        self.follows = follows
        isSymmetric = (1...13).allSatisfy { above in
            (1...13).allSatisfy { below in (follows[below] >> above & 1) == (follows[above] >> below & 1) }
        }
        if let stock = stocks.first {
            let stockRules = declarative.pileRules(stock)
            guard declarative.stockTargets[stock] == [foundation], stockRules.draw == 1,
                stockRules.redeals == .limited(0),
                !stockRules.dealNeedsNoEmpty
            else { return nil }
        }
        if let covering = promisedCovering {
            guard columns.count == covering.count else { return nil }
            blockers = covering.map { $0.reduce(0) { $0 | 1 << UInt64($1) } }
        } else {
            blockers = Array(repeating: 0, count: columns.count)
        }
        self.columns = columns
        self.foundation = foundation
        stock = stocks.first
        winsCleared = declarative.game.win == .cleared
        capacity = slots[foundation].capacity ?? .max
    }

    /// TriPeaks' covering: per place of the peaks (from 0, in layout order: the three tops, then
    /// rows of 6, 9 and 10), the two places over it; the bottom row lies free.
    static let peaksCovering: [[Int]] = {
        var covering: [[Int]] = [
            [3, 4], [5, 6], [7, 8], [9, 10], [10, 11], [12, 13], [13, 14], [15, 16], [16, 17],
        ]
        for place in 9...17 { covering.append([place + 9, place + 10]) }
        return covering + Array(repeating: [], count: 10)
    }()

    /// Elevator's pyramid: per place (from 0, row by row from the top, rows of 1 to 7 cards), the
    /// two places of the row below over it; the bottom row lies free.
    static let pyramidCovering: [[Int]] = {
        var covering: [[Int]] = []
        var place = 0
        for row in 1...7 {
            for _ in 0..<row {
                covering.append(row < 7 ? [place + row, place + row + 1] : [])
                place += 1
            }
        }
        return covering
    }()
}
