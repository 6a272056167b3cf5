import Layouts
import Solitaire

// How far a position looks from a win, for choosing which position to expand next: a cost, lower
// is better. It only orders the search: a poor estimate costs time, never a solution.
//
// - every card not yet on a foundation (the work left);
// - per foundation, how many cards cover the next card it needs (the least covered copy): what has
//   to move before the foundation can grow;
// - per column, the face-down cards, and the face-up cards that do not lie on the card below by the
//   column's build rule: each is a card that will have to move again;
// - less for each empty cell and each empty column, which give room to move.
//
// The search adds the number of moves from the start (BestFirstSearch.swift).

/// The weights of a cost's terms.
struct CostWeights: Sendable {
    /// Per card off the foundations.
    var card = 4
    /// Per face-down card (not counting the stock's).
    var faceDown = 6
    /// Per face-up card that does not lie in order on the card below.
    var disorder = 3
    /// Per card covering a foundation's next card.
    var covering = 1
    /// Per unit of room: an empty cell is one, an empty column `roomPerColumn`.
    var room = 6
    var roomPerColumn = 2
    /// Per move from the start, in eighths: the search prefers short ways to a position, so a poor
    /// stretch of the estimate does not pull it ever deeper.
    var depthEighths = 16

    /// The weights found best by measuring FreeCell's deals 1 to 1000 (`cardtable-bench solver`).
    static let standard = CostWeights()
    /// Another search's: further from breadth first, closer to the estimate alone, so it goes
    /// deep where the first goes wide (SearchPortfolio.swift).
    static let deep = CostWeights(depthEighths: 4)
}

/// Scores positions: the search expands the position of least cost first.
struct PositionScorer {
    let model: SolverModel
    let start: SearchStart
    let weights: CostWeights
    /// Every card of the stock and waste can be reached by clicks (a cycling stock).
    let stockReach: Bool

    /// Whether a card may go on some foundation now, by the foundations' build rules.
    @inline(__always)
    func canGoUp(_ card: PileCard, in state: GameState) -> Bool {
        let bit = SolverModel.bit(Int(card.raw & 0x3F))
        for (number, foundation) in model.foundations.enumerated() {
            let next = state.piles[foundation].last.map { model.nextOnTop[number][Int($0.raw & 0x3F)] }
            if (next ?? start.startsEmpty[number]) & bit != 0 { return true }
        }
        return false
    }

    /// The position's cost; lower is closer to a win.
    func cost(_ state: GameState) -> Int {
        // Per identity: the fewest cards covering a copy of it off the foundations (255: none).
        var covered = (
            UInt64.max, UInt64.max, UInt64.max, UInt64.max, UInt64.max, UInt64.max, UInt64.max, UInt64.max
        )
        var cost = 0
        var room = 0
        // The model's tables read once: the closure below would otherwise retain the whole model
        // at every read in a debug build (the tests' general searches spent half their time so).
        let (isFoundation, kinds, inOrder, orderTable) = (
            model.isFoundation, model.kinds, model.inOrder, model.orderTable
        )
        let (foundations, nextOnTop, startsEmpty) = (model.foundations, model.nextOnTop, start.startsEmpty)
        let (weights, stockReach, pileCount) = (weights, stockReach, model.pileCount)
        withUnsafeMutableBytes(of: &covered) { covered in
            for index in 0..<pileCount where !isFoundation[index] {
                let pile = state.piles[index]
                let count = pile.count
                switch kinds[index] {
                case .cell?:
                    if count == 0 { room += 1 }
                case .tableau?:
                    if count == 0 { room += weights.roomPerColumn }
                default:
                    break
                }
                guard count > 0 else { continue }
                cost += weights.card * count
                if kinds[index] == .stock || kinds[index] == .waste {
                    // The stock's cards come round: they wait, but nothing lies on them.
                    for (position, card) in pile.enumerated() {
                        let identity = Int(card.raw & 0x3F)
                        let above = stockReach ? 1 : UInt8(truncatingIfNeeded: min(count - 1 - position, 254))
                        if above < covered[identity] { covered[identity] = above }
                    }
                    continue
                }
                let order = inOrder[orderTable[index]]
                var previous: UInt8 = 0
                for (position, card) in pile.enumerated() {
                    let identity = Int(card.raw & 0x3F)
                    let above = UInt8(truncatingIfNeeded: min(count - 1 - position, 254))
                    if above < covered[identity] { covered[identity] = above }
                    if card.raw & 0x80 == 0 {
                        cost += weights.faceDown
                    } else if position > 0, previous & 0x80 == 0 || !order[Int(previous & 0x3F) << 6 | identity] {
                        cost += weights.disorder
                    }
                    previous = card.raw
                }
            }
            for (number, foundation) in foundations.enumerated() {
                var next =
                    state.piles[foundation].last.map { nextOnTop[number][Int($0.raw & 0x3F)] }
                    ?? startsEmpty[number]
                var least = 255
                while next != 0 {
                    let identity = next.trailingZeroBitCount
                    next &= next - 1
                    least = min(least, Int(covered[identity]))
                }
                if least < 255 { cost += weights.covering * least }
            }
        }
        return max(0, cost - weights.room * room)
    }
}
