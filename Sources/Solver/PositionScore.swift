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

    let foundations: [Int]
    let isFoundation: [Bool]
    /// Per pile: its kind, when the layout has a slot for it (a hidden pile has none).
    let kinds: [SlotKind?]
    /// Per pile: whether a card (identity `above`) lies in order on another (`below`), by the
    /// pile's build rule: index `below << 6 | above`.
    let inOrder: [[Bool]]
    /// Per foundation (index in `foundations`) and top card identity: the identities that may go
    /// on it next.
    let nextOnTop: [[[Int]]]
    /// Per foundation: the identities that may start it when empty (none when any may).
    let nextOnEmpty: [[Int]]

    init(rules: some Rules, model: SolverModel, start: GameState) {
        foundations = model.foundations
        let count = start.piles.count
        var isFoundation = [Bool](repeating: false, count: count)
        for pile in foundations where pile < count { isFoundation[pile] = true }
        self.isFoundation = isFoundation
        let slots = rules.layout.slots
        kinds = (0..<count).map { $0 < slots.count ? slots[$0].kind : nil }
        let identities = model.identities
        inOrder = (0..<count).map { pile in
            var table = [Bool](repeating: false, count: 64 * 64)
            guard pile < slots.count else { return table }
            for below in identities {
                for above in identities {
                    table[below << 6 | above] = rules.builds(
                        PileCard(raw: UInt8(above) | 0x80), on: PileCard(raw: UInt8(below) | 0x80), inPile: pile)
                }
            }
            return table
        }
        nextOnTop = foundations.map { foundation in
            (0..<64).map { top in
                identities.filter {
                    rules.builds(
                        PileCard(raw: UInt8($0) | 0x80), on: PileCard(raw: UInt8(top) | 0x80), inPile: foundation)
                }
            }
        }
        nextOnEmpty = model.foundationBaseRanks.map { rank in
            guard let rank else { return [] }
            return identities.filter { $0 & 0x0F == rank }
        }
    }

    /// Whether a card could go on some foundation now, by the foundations' build rules.
    func canGoUp(_ card: PileCard, in state: GameState) -> Bool {
        let identity = Int(card.raw & 0x3F)
        for (number, foundation) in foundations.enumerated() {
            if let top = state.piles[foundation].last {
                if nextOnTop[number][Int(top.raw & 0x3F)].contains(identity) { return true }
            } else if nextOnEmpty[number].contains(identity) {
                return true
            }
        }
        return false
    }

    /// The position's cost; lower is closer to a win.
    func cost(_ state: GameState) -> Int {
        // Per identity: the fewest cards covering a copy of it off the foundations (127: none).
        var covered = (
            UInt64.max, UInt64.max, UInt64.max, UInt64.max, UInt64.max, UInt64.max, UInt64.max, UInt64.max
        )
        var cost = 0
        var room = 0
        withUnsafeMutableBytes(of: &covered) { covered in
            for index in state.piles.indices where !isFoundation[index] {
                let pile = state.piles[index]
                let count = pile.count
                switch kinds[index] {
                case .cell?:
                    if count == 0 { room += 1 }
                case .tableau?:
                    if count == 0 { room += Weight.roomPerColumn }
                default:
                    break
                }
                guard count > 0 else { continue }
                cost += Weight.card * count
                let order = inOrder[index]
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
            for (number, foundation) in foundations.enumerated() {
                let candidates: [Int]
                if let top = state.piles[foundation].last {
                    candidates = nextOnTop[number][Int(top.raw & 0x3F)]
                } else {
                    candidates = nextOnEmpty[number]
                }
                var least = 255
                for identity in candidates where Int(covered[identity]) < least { least = Int(covered[identity]) }
                if least < 255 { cost += Weight.covering * least }
            }
        }
        return max(0, cost - Weight.room * room)
    }
}
