import Layouts

// What may be picked up from a pile (`move`, `move-suit`, `take-back`) and how many cards a
// sequence move may carry (`sequence-limit`).
//
// A `sequence` run follows the pile's build direction and `move-suit` (or `suit`); piles that build
// `none` or `either` use down for their runs, the usual order of a column.

extension DeclarativeRules {
    /// Whether `card` may lie on `below` by a direction and a suit rule.
    @inline(__always)
    static func follows(
        _ card: PileCard, on below: PileCard, direction: BuildDirection, suit: SuitRule, wrap: Bool,
        acesHigh: Bool = false
    ) -> Bool {
        // Ranks in the game's order: 1 (Ace) to 13, or 2 to 14 (Ace) when Aces rank high.
        let rank = acesHigh && card.rank == 1 ? 14 : card.rank
        let belowRank = acesHigh && below.rank == 1 ? 14 : below.rank
        let (lowest, highest) = acesHigh ? (2, 14) : (1, 13)
        let down = rank + 1 == belowRank || (wrap && rank == highest && belowRank == lowest)
        let up = rank == belowRank + 1 || (wrap && rank == lowest && belowRank == highest)
        switch direction {
        case .down: guard down else { return false }
        case .up: guard up else { return false }
        // One-way piles and up-then-down foundations, card by card (their top two cards say which
        // way: ``DeclarativeRules/way(_:top:under:wrap:)``).
        case .either, .oneWay: guard down || up else { return false }
        case .upThenDown: guard down || up || (rank == highest && belowRank == highest) else { return false }
        case .sameRank: guard rank == belowRank else { return false }
        case .double: guard card.rank == below.rank * 2 % 13, below.rank != 13 else { return false }
        case .any: break
        case .none: return false
        }
        switch suit {
        case .any: return true
        case .same: return card.suitIndex == below.suitIndex
        case .different: return card.suitIndex != below.suitIndex
        case .alternate: return card.isRed != below.isRed
        case .sameColour: return card.isRed == below.isRed
        }
    }

    /// The way a pile built `one-way` or `up-then-down` takes its next card, by its top two cards:
    /// a one-way pile goes on as they go (either way under one card); an up-then-down pile
    /// builds up to the King, takes a second King (`sameRank`), then builds down.
    static func way(_ build: BuildDirection, top: PileCard, under: PileCard?, wrap: Bool) -> BuildDirection {
        let rising = under.map { follows(top, on: $0, direction: .up, suit: .any, wrap: wrap) } ?? false
        let falling = under.map { follows(top, on: $0, direction: .down, suit: .any, wrap: wrap) } ?? false
        if build == .oneWay { return rising ? .up : falling ? .down : .either }
        if falling || (top.rank == 13 && under?.rank == 13) { return .down }
        return top.rank == 13 ? .sameRank : .up
    }

    /// `nil` when the top `count` cards of `pile` may be picked up together.
    func pickUpVerdict(pile index: Int, count: Int, in state: GameState) -> Verdict? {
        guard state.piles.indices.contains(index) else { return .noSuchPile }
        let pile = state.piles[index]
        if pile.isEmpty { return .emptySource }
        guard count >= 1, count <= pile.count else { return .noSuchCards }
        let traits = self.traits[index]
        if traits.isStock { return .stockDeals }
        if traits.isFoundation && !traits.takeBack { return .foundationKeeps }
        if traits.freeze && isFrozen(index, in: state) { return .finished }
        if hasCovers && isCovered(index, in: state) { return .covered }
        let start = pile.count - count
        switch traits.move {
        case .none: return .cannotLeave(traits.kind)
        case .top:
            // A pile whose bottom card plays (`available`): picking up the whole pile takes that card.
            if count != 1 && !(traits.bottomAvailable && count == pile.count && pairRule != nil) { return .onlyTop }
        case .pile: if count != pile.count { return .onlyWholePile }
        case .faceUp, .sequence: break
        }
        for position in start..<pile.count where !pile[position].faceUp { return .faceDown }
        if traits.move == .sequence {
            for position in (start + 1)..<pile.count
            where !DeclarativeRules.follows(
                pile[position], on: pile[position - 1], direction: traits.sequenceDirection,
                suit: traits.sequenceSuit, wrap: traits.wrap, acesHigh: traits.acesHigh)
            {
                return .notInSequence
            }
        }
        return nil
    }

    /// Whether a pile lying across this one (`covers`) holds a card.
    @inline(__always)
    func isCovered(_ index: Int, in state: GameState) -> Bool {
        for cover in coveredBy[index] where !state.piles[cover].isEmpty { return true }
        return false
    }

    /// The run lengths that may be picked up from a pile (not counting ``isCovered(_:in:)``): `lower...upper`, or `nil` for none.
    /// Agrees with ``pickUpVerdict(pile:count:in:)``.
    @inline(__always)
    func movableCounts(_ index: Int, _ pile: [PileCard]) -> ClosedRange<Int>? {
        let count = pile.count
        guard count > 0 else { return nil }
        let traits = self.traits[index]
        if traits.isStock || (traits.isFoundation && !traits.takeBack) { return nil }
        guard pile[count - 1].faceUp else { return nil }
        switch traits.move {
        case .none:
            return nil
        case .top:
            return 1...1
        case .pile:
            for card in pile where !card.faceUp { return nil }
            return count...count
        case .faceUp:
            var run = 1
            while run < count && pile[count - run - 1].faceUp { run += 1 }
            return 1...run
        case .sequence:
            var run = 1
            while run < count {
                let below = pile[count - run - 1]
                guard below.faceUp,
                    DeclarativeRules.follows(
                        pile[count - run], on: below, direction: traits.sequenceDirection,
                        suit: traits.sequenceSuit, wrap: traits.wrap, acesHigh: traits.acesHigh)
                else { break }
                run += 1
            }
            return 1...run
        }
    }

    /// Free cells and empty columns for the free-cell limit, not counting `target`.
    @inline(__always)
    func freeSpaces(excluding target: Int, in state: GameState) -> (cells: Int, columns: Int) {
        var cells = 0
        var columns = 0
        for pile in cellPiles where pile != target && state.piles[pile].isEmpty { cells += 1 }
        for pile in columnPiles where pile != target && state.piles[pile].isEmpty { columns += 1 }
        return (cells, columns)
    }

    /// The most cards a free-cell-limited move may carry with these free spaces.
    @inline(__always)
    static func freeCellLimit(cells: Int, columns: Int) -> Int {
        (cells + 1) << min(columns, 20)
    }

    /// `nil` when the free-cell limit (if the source pile has one) lets `count` cards go.
    func limitVerdict(from: Int, count: Int, to: Int, in state: GameState) -> Verdict? {
        guard count > 1, traits[from].freeCellLimit else { return nil }
        let spaces = freeSpaces(excluding: to, in: state)
        let limit = DeclarativeRules.freeCellLimit(cells: spaces.cells, columns: spaces.columns)
        return count > limit ? .tooMany(limit: limit, cells: spaces.cells, columns: spaces.columns) : nil
    }
}
