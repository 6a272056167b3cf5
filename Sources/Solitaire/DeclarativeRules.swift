import Layouts

/// The rules a layout's `[game]` table describes (``GameRules``), interpreted.
///
/// Everything the rules need per pile is worked out once, in ``init(layout:)``: each pile's group
/// rules flattened into plain values (``PileTraits``), the stock's targets, the refill sources,
/// the collect targets and the piles the free-cell limit counts. Move generation and `apply` then
/// index arrays only: no dictionary look-ups, no strings.
///
/// The parts live in one file each: `+Deal` (the deal), `+Moving` (what may be picked up),
/// `+Building` (what a pile accepts), `+Stock` (clicks on the stock), `+Automatic` (turn-ups,
/// refills, collected runs), `+Refusals` (the game's words), `+MoveGeneration` (legal moves) and
/// `+Problems` (checks a layout loader runs before playing).
public struct DeclarativeRules: Rules {
    public let layout: TableLayout
    /// The layout's rules.
    public let game: GameRules

    /// Per pile (layout slot), its rules as plain values.
    let traits: [PileTraits]
    /// Per pile, the piles a click on it deals to (stocks only; empty otherwise).
    public let stockTargets: [[Int]]
    /// Per pile, the piles an empty stock gathers back on a redeal (`redeal-gathers`), in order;
    /// empty when its redeal turns the waste over.
    let redealSources: [[Int]]
    /// Per pile, the piles that refill it when it empties (`refill-from`), in order.
    public let refillSources: [[Int]]
    /// The slots of the collect groups, in order.
    let collectTargets: [Int]
    /// Tableau piles that a collected run may come from (none when no group collects).
    let collectSources: [Bool]
    /// Empty cell piles count for the free-cell limit.
    let cellPiles: [Int]
    /// Empty tableau piles that take any card count for the free-cell limit.
    let columnPiles: [Int]
    /// Some pile's runs obey the free-cell limit.
    let hasFreeCellLimit: Bool
    let foundationPiles: [Int]
    /// Tableau, cell and reserve piles: empty when a `cleared` game is won.
    let clearedPiles: [Int]
    let stockPiles: [Int]
    /// The groups in the order their first slot appears in the layout.
    let groups: [Group]
    /// Per pile, the index of its group in ``groups``.
    let pileGroup: [Int]
    /// The game's cards before the shuffle, face down.
    let orderedDeck: [PileCard]
    /// When two cards pair up and leave the game together (``DeclarativeRules+Pairs.swift``), and
    /// the discard pile they leave for; `nil` when no group pairs.
    public let pairRule: PairRule?
    let pairDiscard: Int?
    /// When a single card may go to a discard pile (``DeclarativeRules+Discards.swift``), and
    /// that pile; `nil` when no group discards.
    public let discardRule: DiscardRule?
    let discardPile: Int?
    /// Per pile, the piles whose cards it takes by hand (`takes-from`), as a flag per pile;
    /// `nil` when it takes cards from anywhere.
    let takesFrom: [[Bool]?]
    /// Per pile, the piles whose cards it takes while empty (`empty-from`); `nil`: anywhere.
    public let emptyFrom: [[Bool]?]
    /// Per pile whose `empty-from` is taken in turn (`empty-from-in-turn`), per source pile, the
    /// piles named before the source's entry, which must all be empty; `nil`: no order.
    let emptyFromWaits: [[[Int]]?]
    /// Some pile takes cards from some piles only, or lets groups go only to empty piles: the
    /// routes need checking (``DeclarativeRules+Routes.swift``).
    let hasRoutes: Bool
    /// Per pile, the piles that lie across it (`covers`): while one holds a card, no card
    /// leaves it.
    let coveredBy: [[Int]]
    /// Per pile, the piles it covers (the other way round from ``coveredBy``).
    let covering: [[Int]]
    /// Some pile covers others.
    let hasCovers: Bool
    /// Per pile, the pile before it in its group (`nil` for the first).
    let previousInGroup: [Int?]
    /// Per pile, its column and row among its group's slots (0 = the group's leftmost column,
    /// topmost row), for `pair-reach`.
    let gridPlace: [(column: Int, row: Int)]

    /// A group of slots and its rules.
    struct Group: Sendable {
        var name: String
        var rules: PileRules
        var piles: [Int]
    }

    /// Precondition: `layout.rules` is not `nil`.
    public init(layout: TableLayout) {
        precondition(layout.rules != nil, "DeclarativeRules needs a layout with rules")
        let game = layout.rules!
        self.layout = layout
        self.game = game
        let slots = layout.slots

        var groups: [Group] = []
        var groupIndex: [String: Int] = [:]
        var pileGroup: [Int] = []
        for (index, slot) in slots.enumerated() {
            if let existing = groupIndex[slot.group] {
                groups[existing].piles.append(index)
                pileGroup.append(existing)
            } else {
                groupIndex[slot.group] = groups.count
                pileGroup.append(groups.count)
                let rules = game.groups[slot.group] ?? PileRules.defaults(for: slot.kind)
                groups.append(Group(name: slot.group, rules: rules, piles: [index]))
            }
        }
        self.groups = groups
        self.pileGroup = pileGroup

        var traits: [PileTraits] = []
        for (index, slot) in slots.enumerated() {
            traits.append(PileTraits(slot: slot, rules: groups[pileGroup[index]].rules, acesHigh: game.acesHigh))
        }
        let pairing = groups.first { group in
            group.rules.pair != nil && group.piles.contains { slots[$0].kind == .foundation }
        }
        pairRule = pairing?.rules.pair
        pairDiscard = pairing?.piles.first { slots[$0].kind == .foundation }
        let discarding = groups.first { group in
            group.rules.discard != nil && group.piles.contains { slots[$0].kind == .foundation }
        }
        discardRule = discarding?.rules.discard
        discardPile = discarding?.piles.first { slots[$0].kind == .foundation }
        // A discard pile takes pairs (and cards that leave alone) or the cards its rule lets go
        // there, never a card dropped as on a foundation.
        for pile in [pairDiscard, discardPile].compactMap({ $0 }) { traits[pile].takesByHand = false }
        self.traits = traits

        func resolve(_ name: String) -> [Int] {
            if let group = groupIndex[name] { return groups[group].piles }
            if let slot = slots.firstIndex(where: { $0.id == name }) { return [slot] }
            return []
        }
        let firstWaste = groups.first { group in group.piles.contains { slots[$0].kind == .waste } }
        stockTargets = slots.indices.map { index in
            guard slots[index].kind == .stock else { return [] }
            let dealTo = groups[pileGroup[index]].rules.dealTo
            if dealTo.isEmpty { return firstWaste?.piles ?? [] }
            return dealTo.flatMap(resolve).filter { $0 != index }
        }
        redealSources = slots.indices.map { index in
            guard slots[index].kind == .stock else { return [] }
            return (groups[pileGroup[index]].rules.redealGathers ?? []).flatMap(resolve).filter { $0 != index }
        }
        refillSources = slots.indices.map { index in
            let rules = groups[pileGroup[index]].rules
            guard let first = rules.refillFrom else { return [] }
            return ([first] + rules.refillThen).compactMap { groupIndex[$0] }.flatMap { groups[$0].piles }
                .filter { $0 != index }
        }
        func sources(_ names: [String]?) -> [Bool]? {
            guard let names else { return nil }
            var allowed = [Bool](repeating: false, count: slots.count)
            for pile in names.flatMap(resolve) { allowed[pile] = true }
            return allowed
        }
        takesFrom = slots.indices.map { sources(groups[pileGroup[$0]].rules.takesFrom) }
        emptyFrom = slots.indices.map { index in
            slots[index].kind == .foundation ? nil : sources(groups[pileGroup[index]].rules.emptyFrom)
        }
        emptyFromWaits = slots.indices.map { index in
            let rules = groups[pileGroup[index]].rules
            guard slots[index].kind != .foundation, rules.emptyFromInTurn, let names = rules.emptyFrom else {
                return nil
            }
            var waits = [[Int]](repeating: [], count: slots.count)
            var before: [Int] = []
            for name in names {
                let piles = resolve(name)
                for pile in piles where waits[pile].isEmpty { waits[pile] = before.filter { $0 != pile } }
                before += piles
            }
            return waits
        }
        hasRoutes =
            takesFrom.contains { $0 != nil } || emptyFrom.contains { $0 != nil }
            || traits.contains { $0.groupsToEmptyOnly }
        var coveredBy = [[Int]](repeating: [], count: slots.count)
        for index in slots.indices {
            for covered in (groups[pileGroup[index]].rules.covers ?? []).flatMap(resolve) where covered != index {
                coveredBy[covered].append(index)
            }
        }
        for (index, slot) in slots.enumerated() where groups[pileGroup[index]].rules.overlapCovers {
            for other in groups[pileGroup[index]].piles where slots[other].liesOver(slot) {
                if !coveredBy[index].contains(other) { coveredBy[index].append(other) }
            }
        }
        self.coveredBy = coveredBy
        var covering = [[Int]](repeating: [], count: slots.count)
        for (covered, covers) in coveredBy.enumerated() {
            for cover in covers { covering[cover].append(covered) }
        }
        self.covering = covering
        hasCovers = coveredBy.contains { !$0.isEmpty }
        gridPlace = slots.indices.map { index in
            let own = groups[pileGroup[index]].piles.map { slots[$0].position }
            let columns = Set(own.map(\.column)).sorted()
            let rows = Set(own.map(\.row)).sorted()
            let position = slots[index].position
            return (columns.firstIndex(of: position.column)!, rows.firstIndex(of: position.row)!)
        }
        previousInGroup = slots.indices.map { index in
            let piles = groups[pileGroup[index]].piles
            let place = piles.firstIndex(of: index)!
            return place == 0 ? nil : piles[place - 1]
        }
        let collectTargets = slots.indices.filter { traits[$0].collect }
        self.collectTargets = collectTargets
        collectSources = slots.indices.map {
            !collectTargets.isEmpty && slots[$0].kind == .tableau && !traits[$0].collect
        }
        cellPiles = slots.indices.filter { traits[$0].countsAsCell }
        columnPiles = slots.indices.filter { traits[$0].countsAsColumn }
        hasFreeCellLimit = traits.contains { $0.freeCellLimit }
        foundationPiles = slots.indices.filter { slots[$0].kind == .foundation }
        clearedPiles = slots.indices.filter { [.tableau, .cell, .reserve].contains(slots[$0].kind) }
        stockPiles = slots.indices.filter { slots[$0].kind == .stock }
        orderedDeck = DeclarativeRules.orderedCards(for: game)
    }

    /// The rules of a pile's group (the defaults of its kind when the rules name no such group).
    public func pileRules(_ pile: Int) -> PileRules { groups[pileGroup[pile]].rules }

    // MARK: Rules

    public func refusal(of move: Move, in state: GameState) -> Refusal? {
        verdict(on: move, in: state).map { refusal(for: $0, move: move, in: state) }
    }

    public func allows(_ move: Move, in state: GameState) -> Bool { verdict(on: move, in: state) == nil }

    public func apply(_ move: Move, to state: inout GameState) -> MoveRecord {
        var steps: [Step] = []
        switch move.kind {
        case .transfer:
            guard move.from != move.to, state.piles.indices.contains(move.from),
                state.piles.indices.contains(move.to), move.count >= 1,
                move.count <= state.piles[move.from].count
            else { return MoveRecord(move: move, steps: []) }
            if pairRule != nil, let pairing = pairing(of: move, in: state) {
                for step in pairSteps(pairing, in: state) {
                    state.apply(step)
                    steps.append(step)
                }
                break
            }
            let step = Step(from: move.from, to: move.to, count: move.count)
            state.apply(step)
            steps.append(step)
        case .stock:
            guard let step = stockStep(move.from, in: state) else { return MoveRecord(move: move, steps: []) }
            switch step {
            case .single(let step):
                state.apply(step)
                steps.append(step)
            case .eachTarget:
                dealToEachTarget(move.from, in: &state, steps: &steps)
            case .redeal:
                redeal(move.from, in: &state, steps: &steps)
            }
        case .create, .click:
            return MoveRecord(move: move, steps: [])
        }
        settle(&state, steps: &steps)
        return MoveRecord(move: move, steps: steps)
    }

    public func canPickUp(pile: Int, from index: Int, in state: GameState) -> Bool {
        guard state.piles.indices.contains(pile), index >= 0, index < state.piles[pile].count else { return false }
        return pickUpVerdict(pile: pile, count: state.piles[pile].count - index, in: state) == nil
    }

    public func pickUpRefusal(pile: Int, from index: Int, in state: GameState) -> Refusal? {
        guard state.piles.indices.contains(pile), index >= 0, index < state.piles[pile].count else {
            return Refusal("there is no card there")
        }
        return pickUpRefusal(pile: pile, count: state.piles[pile].count - index, in: state)
    }

    public func clickMove(on pile: Int, in state: GameState) -> Move? {
        guard traits.indices.contains(pile), traits[pile].isStock, stockStep(pile, in: state) != nil else { return nil }
        return .stock(pile)
    }

    public func isWon(_ state: GameState) -> Bool {
        switch game.win {
        case .foundations:
            var onFoundations = 0
            for pile in foundationPiles { onFoundations += state.piles[pile].count }
            return !foundationPiles.isEmpty && onFoundations == state.cardCount
        case .cleared:
            for pile in clearedPiles where !state.piles[pile].isEmpty { return false }
            return true
        case .stockEmpty:
            for pile in stockPiles where !state.piles[pile].isEmpty { return false }
            return !stockPiles.isEmpty
        case .sets:
            // Every card in a set: each tableau pile that holds cards finished, and no card
            // anywhere else (a tableau dealt empty, the cards still in the stock, is not won).
            var inSets = 0
            for pile in traits.indices where traits[pile].kind == .tableau && !state.piles[pile].isEmpty {
                if !isFinished(pile, in: state) { return false }
                inSets += state.piles[pile].count
            }
            return inSets > 0 && inSets == state.cardCount
        case .runs:
            // Every card in a run of one suit's 13 cards on a tableau pile, and nowhere else.
            var inRuns = 0
            for pile in traits.indices where !state.piles[pile].isEmpty {
                let cards = state.piles[pile]
                guard traits[pile].kind == .tableau, cards.count == 13, cards.allSatisfy(\.faceUp) else { return false }
                for position in cards.indices.dropFirst()
                where !DeclarativeRules.follows(
                    cards[position], on: cards[position - 1], direction: traits[pile].sequenceDirection, suit: .same,
                    wrap: false, acesHigh: traits[pile].acesHigh)
                {
                    return false
                }
                inRuns += 13
            }
            return inRuns > 0
        case .acesLeft, .kingsLeft:
            let left = game.win == .acesLeft ? 1 : 13
            for pile in traits.indices where !traits[pile].isFoundation {
                for card in state.piles[pile] where card.rank != left { return false }
            }
            return true
        }
    }

    /// Why a move is refused, as a cheap value; `nil` when it is legal.
    func verdict(on move: Move, in state: GameState) -> Verdict? {
        switch move.kind {
        case .transfer:
            guard state.piles.indices.contains(move.from), state.piles.indices.contains(move.to) else {
                return .noSuchPile
            }
            if move.from == move.to { return .samePile }
            if let verdict = pickUpVerdict(pile: move.from, count: move.count, in: state) { return verdict }
            if pairRule != nil, pairsOff(move, in: state) { return nil }
            if discardRule != nil, move.to == discardPile, discardsOff(move, in: state) { return nil }
            let pile = state.piles[move.from]
            let card = pile[pile.count - move.count]
            if let verdict = dropVerdict(card: card, count: move.count, onto: move.to, in: state) {
                if discardRule != nil, move.to == discardPile { return .notOutranked }
                return pairRule == nil
                    ? verdict : pairVerdict(instead: verdict, card: card, from: move.from, onto: move.to, in: state)
            }
            if hasRoutes, let verdict = routeVerdict(from: move.from, count: move.count, to: move.to, in: state) {
                return verdict
            }
            return limitVerdict(from: move.from, count: move.count, to: move.to, in: state)
        case .stock:
            return stockVerdict(move.from, in: state)
        case .create:
            return .noCreating
        case .click:
            return .nothingHappens
        }
    }
}

/// A pile's group rules as plain values, for the inner loops.
struct PileTraits: Sendable {
    var kind: SlotKind
    var build: BuildDirection
    var suit: SuitRule
    var wrap: Bool
    /// After its last rank the pile takes its base again (`restart`).
    var restart: Bool
    var empty: EmptyRule
    var base: BaseRank
    var move: MoveRule
    /// The rank order a movable run follows: the build direction, or down for piles that build
    /// `none` or `either`.
    var sequenceDirection: BuildDirection
    /// `move-suit`, or the suit rule.
    var sequenceSuit: SuitRule
    var freeCellLimit: Bool
    var takeBack: Bool
    var collect: Bool
    /// The Ace ranks above the King (`aces = "high"`, a game's setting).
    var acesHigh: Bool
    /// A full pile built in order is finished (`freeze`).
    var freeze: Bool
    /// An empty foundation takes only the rank another of its group starts with (`same-base`).
    var sameBase: Bool
    /// A group of more than one card from the pile goes only onto an empty pile (`groups-to`).
    var groupsToEmptyOnly: Bool
    /// Turns a face-down top card up (never on a stock, whose cards stay face down).
    var turnUp: Bool
    /// Takes a card only when the pile before it in its group holds one of that rank (`trails-previous`).
    var trailsPrevious: Bool
    /// Pairs only with piles of its group that its slot touches or shares a line with (`pair-reach`).
    var pairReach: PairReach?
    /// Emptied, takes the next card of its group (`close-up`).
    var closeUp: CloseUp?
    /// The card under the top one pairs with the top card (`available` names `second`).
    var secondAvailable: Bool
    /// The bottom card plays as the top card does (`available` names `bottom`).
    var bottomAvailable: Bool
    /// The slot's capacity; 1 for a cell without one; `Int.max` for no limit.
    var capacity: Int
    var isFoundation: Bool
    var isStock: Bool
    /// Takes cards dropped by hand: not a stock, a waste, a collecting foundation or the discard
    /// pile pairs leave for.
    var takesByHand: Bool
    var draw: Int
    var dealNeedsNoEmpty: Bool
    /// An empty one counts as a free cell for the free-cell limit.
    var countsAsCell: Bool
    /// An empty one counts as an empty column for the free-cell limit (a tableau pile that takes
    /// any card when empty).
    var countsAsColumn: Bool

    init(slot: SlotLayout, rules: PileRules, acesHigh: Bool) {
        self.acesHigh = acesHigh
        kind = slot.kind
        build = rules.build
        suit = rules.suit
        wrap = rules.wrap
        restart = rules.restart
        empty = rules.empty
        base = rules.base
        move = rules.move
        sequenceDirection = rules.build == .up || rules.build == .sameRank ? rules.build : .down
        sequenceSuit = rules.moveSuit ?? rules.suit
        freeCellLimit = rules.sequenceLimit == .freeCells
        takeBack = rules.takeBack
        collect = rules.collect
        freeze = rules.freeze
        sameBase = rules.sameBase && slot.kind == .foundation
        groupsToEmptyOnly = rules.groupsToEmptyOnly
        turnUp = rules.turnUp && slot.kind != .stock
        trailsPrevious = rules.trailsPrevious
        pairReach = rules.pairReach
        closeUp = rules.closeUp
        secondAvailable = rules.available?.contains(.second) ?? false
        bottomAvailable = rules.available?.contains(.bottom) ?? false
        capacity = slot.capacity ?? (slot.kind == .cell ? 1 : Int.max)
        isFoundation = slot.kind == .foundation
        isStock = slot.kind == .stock
        takesByHand = slot.kind != .stock && slot.kind != .waste && !rules.collect
        draw = max(1, rules.draw)
        dealNeedsNoEmpty = rules.dealNeedsNoEmpty
        countsAsCell = slot.kind == .cell && takesByHand
        countsAsColumn = slot.kind == .tableau && takesByHand && rules.empty == .any
    }
}
