import Layouts
import Solitaire

// How promising a position looks, for ordering moves: cards on the foundations count most, then
// face-down cards still to turn up, free cells and empty columns, and how much of each pile lies
// in order (each card built on the one below it by the pile's own rule).

/// Scores positions; higher is better.
struct PositionScorer {
    let foundations: [Int]
    let isFoundation: [Bool]
    /// Per pile: its kind, when the layout has a slot for it.
    let kinds: [SlotKind?]
    let builds: [[Bool]]

    init(rules: some Rules, model: SolverModel) {
        foundations = model.foundations
        let count = model.pileClass.count
        var isFoundation = [Bool](repeating: false, count: count)
        for pile in foundations where pile < count { isFoundation[pile] = true }
        self.isFoundation = isFoundation
        let slots = rules.layout.slots
        kinds = (0..<count).map { $0 < slots.count ? slots[$0].kind : nil }
        // Per pile, per pair of cards (below × 64 + above): whether the pair lies in order.
        builds = (0..<count).map { pile in
            var table = [Bool](repeating: false, count: 64 * 64)
            guard pile < slots.count else { return table }
            for below in 0..<64 {
                for above in 0..<64 {
                    let rankBelow = below & 0x0F
                    let rankAbove = above & 0x0F
                    guard (1...13).contains(rankBelow), (1...13).contains(rankAbove) else { continue }
                    table[below * 64 + above] = rules.builds(
                        PileCard(raw: UInt8(above) | 0x80), on: PileCard(raw: UInt8(below) | 0x80), inPile: pile)
                }
            }
            return table
        }
    }

    func score(_ state: GameState) -> Int {
        var score = 0
        for pile in foundations { score += 100 * state.piles[pile].count }
        for index in state.piles.indices where !isFoundation[index] {
            let pile = state.piles[index]
            switch kinds[index] {
            case .cell?:
                if pile.isEmpty { score += 15 }
            case .tableau?:
                if pile.isEmpty {
                    score += 30
                    continue
                }
                var faceDown = 0
                var disorder = 0
                var previous: PileCard? = nil
                for card in pile {
                    if !card.faceUp {
                        faceDown += 1
                    } else if let below = previous, below.faceUp,
                        builds[index][Int(below.raw & 0x3F) * 64 + Int(card.raw & 0x3F)]
                    {
                        // in order
                    } else if previous != nil {
                        disorder += 1
                    }
                    previous = card
                }
                score -= 20 * faceDown + 8 * disorder
            default:
                break
            }
        }
        return score
    }
}
