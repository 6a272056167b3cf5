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

/// Scores positions: the search expands the position of least cost first.
struct PositionScorer {
    /// The weights of the cost's terms, found by measuring FreeCell's deals 1 to 1000
    /// (`cardtable-bench solver`).
    enum Weight {
        /// Per card off the foundations.
        static let card = 4
        /// Per face-down card.
        static let faceDown = 6
        /// Per face-up card that does not lie in order on the card below.
        static let disorder = 3
        /// Per card covering a foundation's next card.
        static let covering = 1
        /// Per unit of room: an empty cell is one, an empty column two.
        static let room = 6
        static let roomPerColumn = 2
        /// Per move from the start, in eighths: the search prefers short ways to a position, so a
        /// poor stretch of the estimate does not pull it ever deeper.
        static let depthEighths = 16
    }

    let model: SolverModel
    let start: SearchStart

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
        withUnsafeMutableBytes(of: &covered) { covered in
            for index in 0..<model.pileCount where !model.isFoundation[index] {
                let pile = state.piles[index]
                let count = pile.count
                switch model.kinds[index] {
                case .cell?:
                    if count == 0 { room += 1 }
                case .tableau?:
                    if count == 0 { room += Weight.roomPerColumn }
                default:
                    break
                }
                guard count > 0 else { continue }
                cost += Weight.card * count
                let order = model.inOrder[model.orderTable[index]]
                var previous: UInt8 = 0
                for (position, card) in pile.enumerated() {
                    let identity = Int(card.raw & 0x3F)
                    let above = UInt8(truncatingIfNeeded: min(count - 1 - position, 254))
                    if above < covered[identity] { covered[identity] = above }
                    if card.raw & 0x80 == 0 {
                        cost += Weight.faceDown
                    } else if position > 0, previous & 0x80 == 0 || !order[Int(previous & 0x3F) << 6 | identity] {
                        cost += Weight.disorder
                    }
                    previous = card.raw
                }
            }
            for (number, foundation) in model.foundations.enumerated() {
                var next =
                    state.piles[foundation].last.map { model.nextOnTop[number][Int($0.raw & 0x3F)] }
                    ?? start.startsEmpty[number]
                var least = 255
                while next != 0 {
                    let identity = next.trailingZeroBitCount
                    next &= next - 1
                    least = min(least, Int(covered[identity]))
                }
                if least < 255 { cost += Weight.covering * least }
            }
        }
        return max(0, cost - Weight.room * room)
    }
}
