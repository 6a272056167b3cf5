import Layouts
import Solitaire

// What the search knows about a game's rules before it starts, worked out once per solver from
// the rules' public face (the layout, the groups' rules, `builds`, `foundations`):
//
// - **Interchangeable piles.** Piles of one group, kind and capacity that nothing tells apart (no
//   stock deals to them, no pile refills from them) play alike: a position with two of them
//   swapped is the same game. The position's key hashes such a class as a multiset of piles, so
//   FreeCell's free cells, its eight columns and its foundations count once whatever their order.
// - **Safe moves.** A card may go to a foundation by itself, folded into the move before it, when
//   no solution can need it anywhere else: every card that some pile would let lie on it is
//   already on the foundations (both copies with two decks), and the foundation it goes to could
//   take no other card. A solution that keeps the card elsewhere plays as well without it (each
//   of its moves stays legal, or moves one card fewer, or is not needed), so folding loses no
//   solution and an exhausted search still proves the game lost. When cards may come back off
//   the foundations, the cards that must be up first are all those the card could be wanted for
//   in turn, and every card under those on their foundations (in Klondike: every lower card).
//   Only where the argument holds: never for scripted rules (their hooks may do anything), never
//   from a stock's waste (the stock's order would change), a pile the stock deals to, or a pile
//   that refills or is refilled, and never when the stock refuses to deal onto an empty pile.
// - **The stock's turns.** When the only stock deals to wastes only, clicking it changes nothing
//   but which waste card is on top, and commutes with every move that does not touch the wastes.
//   When it turns one card at a time with unlimited redeals, the stock and waste together are one
//   sequence of cards whatever the split: positions that differ only in the split are one.
// - **Suits that never count.** When no rule looks at a card's suit (Napoleon's Tomb, Bristol,
//   the pairing games that pair by rank), the position's key keeps each card's rank and face
//   alone: two positions that differ only in which card of a rank lies where play alike, move
//   for move, to the same end.
//
// Rules other than a layout's declarative rules (a script's) get none of these: plain search,
// ordered by the same cost.

/// The search's view of a game's rules.
struct SolverModel: Sendable {
    let pileCount: Int
    /// Per pile, the class of piles it is interchangeable with (the first pile of the class).
    let pileClass: [Int]
    /// The foundations, in layout order.
    let foundations: [Int]
    let isFoundation: [Bool]
    /// Per pile: its kind, when the layout has a slot for it (a hidden pile has none).
    let kinds: [SlotKind?]
    /// Per pile, the index of its group's table in ``inOrder``.
    let orderTable: [Int]
    /// Per group: whether a card (identity `above`) lies in order on another (`below`) by the
    /// group's build rule, at index `below << 6 | above`.
    let inOrder: [[Bool]]
    /// Per foundation (index in ``foundations``) and top card identity: the identities that may
    /// go on it next, a bit each.
    let nextOnTop: [[UInt64]]
    /// Per foundation: the base an empty one starts from (`.dealt`: the deal's).
    let bases: [BaseRank]

    /// Whether safe moves are folded at all, and from which piles.
    let folds: Bool
    let foldSources: [Int]
    /// Per identity (rank and suit, 0…63): the identities (a bit each) whose every copy must be on
    /// the foundations before the card is safe.
    let mustBeUp: [UInt64]
    /// Per foundation and top identity: only one identity could go on it next.
    let noChoiceOnTop: [[Bool]]

    /// The stock whose clicks only turn cards onto wastes, with its wastes: its turns are walked
    /// as part of expanding a position (BestFirstSearch.swift). `nil` when there is no such stock.
    let stockTurns: (pile: Int, targets: [Int])?
    /// The stock turns one card at a time onto one waste, with no end to its redeals: every split
    /// of its cards between stock and waste can be reached from every other, so the position's key
    /// leaves the split out (PositionKey.swift) and expanding a position walks all of them.
    let stockCycles: Bool
    /// Only the top card of each waste moves (so its moves can be listed alone).
    let wastesMoveTopOnly: Bool
    /// Per pile: what the position's key keeps of it (PositionKey.swift). A pile cards never
    /// leave, in a layout's declarative rules, is kept by its top card and count: nothing the
    /// rules decide looks below its top, and with the other piles the same, the cards under it
    /// are the same cards (Golf's foundation builds up or down: the orders are many). A layout
    /// may promise as much, or less, of any pile (`search-sees`), for a script's rules too.
    let sights: [SearchSight]
    /// Nothing the rules decide looks at a card's suit (Napoleon's Tomb, Eliminator, Nestor):
    /// the position's key keeps each card's rank and face alone (PositionKey.swift), so positions
    /// that differ only in which card of a rank lies where are searched once. Only for a
    /// layout's declarative rules (a script may read suits), in which no pile that builds or
    /// moves runs has a suit rule, no pile collects suit runs, discards by suit, pairs by suit
    /// or shuffles on a redeal (its shuffle would deal the two positions apart), and the game is
    /// not won by runs of one suit (`win = "runs"`).
    let seesRanksAlone: Bool
    /// Where a Klondike-shaped game's piles are: such a game gets its own search
    /// (KlondikeSearch.swift). `nil` for every other game.
    let klondike: KlondikeShape?
    /// Where a Golf-like game's piles are: such a game gets its own search (GolfSearch.swift).
    /// `nil` for every other game.
    let golf: GolfShape?
    /// Where an Accordion game's piles are, when its layout promises Accordion's rules: such a
    /// game gets its own search (AccordionSearch.swift). `nil` for every other game.
    let accordion: AccordionShape?
    /// Where a Pyramid game's piles are, when its layout promises Pyramid's rules: such a game
    /// gets its own search (PyramidSearch.swift). `nil` for every other game.
    let pyramid: PyramidShape?
    /// Where an Aces Up game's piles are, when its layout promises Aces Up's rules: such a game
    /// gets its own search (AcesUpSearch.swift). `nil` for every other game.
    let acesUp: AcesUpShape?
    /// Where a Spider-shaped game's piles are: such a game gets its own search
    /// (SpiderSearch.swift). `nil` for every other game.
    let spider: SpiderShape?
    /// Where a Calculation game's piles are, when its layout promises Calculation's rules: such a
    /// game gets its own search (CalculationSearch.swift). `nil` for every other game.
    let calculation: CalculationShape?
    /// Where a Gaps game's cells are, when its layout promises Gaps' rules: such a game gets its
    /// own search (GapsSearch.swift). `nil` for every other game.
    let gaps: GapsShape?
    /// Where an open game's piles are (FreeCell and its cousins): such a game gets its own search
    /// (OpenSearch.swift). `nil` for every other game.
    let open: OpenShape?
    /// Where a game of columns and a stock keeps its piles (the Forty Thieves and Gypsy families):
    /// such a game gets its own search (ColumnsSearch.swift). `nil` for every other game.
    let columnGame: ColumnsShape?

    /// Whether nothing `rules` decide looks at a card's suit (``seesRanksAlone``).
    static func seesRanksAlone(_ rules: any Rules, pileCount: Int) -> Bool {
        guard let declarative = rules as? DeclarativeRules, pileCount == rules.layout.slots.count,
            rules.layout.rules?.win != .runs
        else { return false }
        for pile in 0..<pileCount {
            let pileRules = declarative.pileRules(pile)
            let ordersCards = pileRules.build != .none || ![.top, .none].contains(pileRules.move) || pileRules.freeze
            if ordersCards && (pileRules.suit != .any || (pileRules.moveSuit ?? .any) != .any) { return false }
            if pileRules.collect || pileRules.discard != nil || pileRules.pair == .sameSuit
                || pileRules.redealShuffles
            {
                return false
            }
        }
        return true
    }

    /// The 52 identities a card may have.
    static let identities: [Int] = (0..<4).flatMap { suit in (1...13).map { suit << 4 | $0 } }

    static func bit(_ identity: Int) -> UInt64 { 1 << UInt64(identity) }

    init(rules: any Rules, pileCount: Int) {
        self.pileCount = pileCount
        // Pairs and discards leave the game from piles of any kind, and Aces ranking high change
        // every rank's neighbours: none of the families' searches knows that, nor does the safe
        // moves' argument, so such games get the plain searches. Games whose moves depend on
        // where the cards come from (`takes-from`, `empty-from`, `groups-to`, `covers`) get them
        // too: no family's model of its moves knows that.
        let playsApart =
            rules.layout.rules.map { game in
                game.acesHigh || game.groups.values.contains { $0.pair != nil || $0.discard != nil }
            } ?? false
        let routed = rules.layout.rules?.routesBySource ?? false
        let shaped = pileCount == rules.layout.slots.count && !playsApart && !routed
        klondike = shaped ? KlondikeShape(rules: rules) : nil
        golf = shaped ? GolfShape(rules: rules) : nil
        accordion = shaped ? AccordionShape(rules: rules) : nil
        pyramid = shaped ? PyramidShape(rules: rules) : nil
        acesUp = shaped ? AcesUpShape(rules: rules) : nil
        spider = shaped ? SpiderShape(rules: rules) : nil
        // Calculation's promise covers where its cards come from (Sir Tommy's reserves take only
        // the waste's card: `takes-from`).
        calculation =
            pileCount == rules.layout.slots.count && !playsApart ? CalculationShape(rules: rules) : nil
        gaps = shaped ? GapsShape(rules: rules) : nil
        open = shaped ? OpenShape(rules: rules) : nil
        seesRanksAlone = SolverModel.seesRanksAlone(rules, pileCount: pileCount)
        let slots = rules.layout.slots
        let foundations = rules.foundations.filter { $0 < pileCount }
        self.foundations = foundations
        var isFoundation = [Bool](repeating: false, count: pileCount)
        for pile in foundations { isFoundation[pile] = true }
        self.isFoundation = isFoundation
        kinds = (0..<pileCount).map { $0 < slots.count ? slots[$0].kind : nil }
        let identities = SolverModel.identities
        func builds(_ above: Int, on below: Int, in pile: Int) -> Bool {
            rules.builds(PileCard(raw: UInt8(above) | 0x80), on: PileCard(raw: UInt8(below) | 0x80), inPile: pile)
        }

        // Build tables, one per group.
        var groupTable: [String: Int] = [:]
        var tables: [[Bool]] = [[Bool](repeating: false, count: 64 * 64)]
        var orderTable = [Int](repeating: 0, count: pileCount)
        for pile in 0..<min(pileCount, slots.count) {
            if let table = groupTable[slots[pile].group] {
                orderTable[pile] = table
                continue
            }
            var table = [Bool](repeating: false, count: 64 * 64)
            for below in identities {
                for above in identities where builds(above, on: below, in: pile) { table[below << 6 | above] = true }
            }
            groupTable[slots[pile].group] = tables.count
            orderTable[pile] = tables.count
            tables.append(table)
        }
        inOrder = tables
        self.orderTable = orderTable
        let nextOnTop: [[UInt64]] = foundations.map { foundation in
            let table = tables[orderTable[foundation]]
            return (0..<64).map { top in
                var mask: UInt64 = 0
                for identity in identities where table[top << 6 | identity] { mask |= SolverModel.bit(identity) }
                return mask
            }
        }
        self.nextOnTop = nextOnTop
        noChoiceOnTop = nextOnTop.map { $0.map { $0.nonzeroBitCount <= 1 } }
        bases = foundations.map { foundation in
            guard foundation < slots.count, let game = rules.layout.rules else { return .any }
            return (game.groups[slots[foundation].group] ?? PileRules.defaults(for: .foundation)).base
        }

        // What the layout promises the search of each pile.
        var sights = (0..<pileCount).map { pile in
            pile < slots.count ? rules.layout.rules?.groups[slots[pile].group]?.searchSees ?? .all : .all
        }

        guard let declarative = rules as? DeclarativeRules, pileCount == slots.count, !playsApart else {
            self.sights = sights
            pileClass = Array(0..<pileCount)
            folds = false
            foldSources = []
            mustBeUp = Array(repeating: 0, count: 64)
            stockTurns = nil
            stockCycles = false
            wastesMoveTopOnly = false
            columnGame = nil
            return
        }

        // Which piles a stock deals to, which refill and which are refilled from.
        func resolve(_ name: String) -> [Int] {
            let inGroup = slots.indices.filter { slots[$0].group == name }
            return inGroup.isEmpty ? slots.indices.filter { slots[$0].id == name } : inGroup
        }
        var stockTarget = [Bool](repeating: false, count: pileCount)
        var refills = [Bool](repeating: false, count: pileCount)
        var refillSource = [Bool](repeating: false, count: pileCount)
        var stockRefusesEmpty = false
        var stocks: [(pile: Int, targets: [Int])] = []
        let firstWasteGroup = slots.first { $0.kind == .waste }?.group
        for (index, slot) in slots.enumerated() {
            let pileRules = declarative.pileRules(index)
            if slot.kind == .stock {
                var targets = pileRules.dealTo.flatMap(resolve)
                if pileRules.dealTo.isEmpty, let firstWasteGroup { targets = resolve(firstWasteGroup) }
                targets.removeAll { $0 == index }
                for target in targets { stockTarget[target] = true }
                stocks.append((index, targets))
                if pileRules.dealNeedsNoEmpty { stockRefusesEmpty = true }
            }
            if let source = pileRules.refillFrom {
                let sources = resolve(source).filter { $0 != index }
                if !sources.isEmpty {
                    refills[index] = true
                    for pile in sources { refillSource[pile] = true }
                }
            }
        }

        // The stock's turns: one stock dealing to wastes only.
        if stocks.count == 1, !stocks[0].targets.isEmpty, stocks[0].targets.allSatisfy({ slots[$0].kind == .waste }),
            !stockRefusesEmpty
        {
            stockTurns = stocks[0]
            let stockRules = declarative.pileRules(stocks[0].pile)
            stockCycles = stocks[0].targets.count == 1 && stockRules.draw <= 1 && stockRules.redeals == .unlimited
            wastesMoveTopOnly = stocks[0].targets.allSatisfy { declarative.pileRules($0).move == .top }
        } else {
            stockTurns = nil
            stockCycles = false
            wastesMoveTopOnly = false
        }

        for pile in 0..<pileCount where sights[pile] == .all {
            let pileRules = declarative.pileRules(pile)
            if slots[pile].kind == .foundation, !pileRules.takeBack, !refillSource[pile] {
                sights[pile] = .top
            }
        }
        self.sights = sights

        // Interchangeable classes.
        var classes = Array(0..<pileCount)
        for index in 0..<pileCount {
            let slot = slots[index]
            guard [.tableau, .cell, .foundation].contains(slot.kind), !stockTarget[index], !refillSource[index] else {
                continue
            }
            for other in 0..<index
            where classes[other] == other && slots[other].group == slot.group && slots[other].kind == slot.kind
                && slots[other].capacity == slot.capacity && !stockTarget[other] && !refillSource[other]
            {
                classes[index] = other
                break
            }
        }
        pileClass = classes

        // Safe moves.
        let takesBack = foundations.contains { declarative.pileRules($0).takeBack }
        let collects = foundations.contains { declarative.pileRules($0).collect }
        foldSources = (0..<pileCount).filter { index in
            [.tableau, .cell, .reserve].contains(slots[index].kind) && !stockTarget[index] && !refills[index]
                && !refillSource[index]
        }
        // Per identity, the identities some pile other than a foundation lets lie on it.
        var needers = [UInt64](repeating: 0, count: 64)
        for table in Set((0..<pileCount).filter { !isFoundation[$0] }.map { orderTable[$0] }) {
            for below in identities {
                for above in identities where tables[table][below << 6 | above] {
                    needers[below] |= SolverModel.bit(above)
                }
            }
        }
        if takesBack {
            // Cards may come back: everything a card could be wanted for, again and again, must be
            // up, and every card under those on the foundations.
            var under = [UInt64](repeating: 0, count: 64)
            for next in nextOnTop {
                for lower in identities {
                    for upper in identities where next[lower] & SolverModel.bit(upper) != 0 {
                        under[upper] |= SolverModel.bit(lower)
                    }
                }
            }
            let direct = needers
            for identity in identities {
                var closure = direct[identity] | under[identity]
                var grew = true
                while grew {
                    grew = false
                    for member in identities where closure & SolverModel.bit(member) != 0 {
                        let more = (direct[member] | under[member]) & ~SolverModel.bit(identity)
                        if closure | more != closure {
                            closure |= more
                            grew = true
                        }
                    }
                }
                needers[identity] = closure
            }
        }
        mustBeUp = needers
        let chains = noChoiceOnTop.allSatisfy { $0.allSatisfy { $0 } }
        folds = !foundations.isEmpty && !collects && !stockRefusesEmpty && (!takesBack || chains)
        // The columns' shape refuses for itself what its search cannot follow, `empty-from` aside.
        columnGame =
            pileCount == rules.layout.slots.count ? ColumnsShape(rules: rules, mustBeUp: folds ? needers : nil) : nil
    }

    /// Whether a position has cards face down in its columns (Klondike's deal).
    func dealsFaceDown(_ state: GameState) -> Bool {
        state.piles.indices.contains { kinds[$0] == .tableau && state.piles[$0].contains { !$0.faceUp } }
    }

    /// Whether a card (identity `above`) lies in order on another in pile `pile`.
    @inline(__always)
    func liesInOrder(_ above: PileCard, on below: PileCard, in pile: Int) -> Bool {
        inOrder[orderTable[pile]][Int(below.raw & 0x3F) << 6 | Int(above.raw & 0x3F)]
    }
}

/// What a search needs of its start beyond the rules: how many copies of each card the game has,
/// and what each empty foundation takes.
struct SearchStart {
    /// Per identity, the copies the game has.
    let copies: [Int]
    /// Per foundation: the identities that may start it when empty, a bit each (none when any
    /// card may: a base of `any`, or a dealt base not yet dealt).
    let startsEmpty: [UInt64]
    /// Per foundation: a safe card may start it when empty: the card could start no foundation
    /// of another class (in FreeCell every Ace starts any of the four alike).
    let safeToStart: [Bool]

    init(model: SolverModel, state: GameState) {
        var copies = [Int](repeating: 0, count: 64)
        for pile in state.piles { for card in pile { copies[Int(card.raw & 0x3F)] += 1 } }
        self.copies = copies
        let ranks: [Int?] = model.bases.map { base in
            switch base {
            case .rank(let rank): rank
            case .dealt: state.dealtBase == 0 ? nil : state.dealtBase
            case .any: nil
            }
        }
        startsEmpty = ranks.map { rank in
            guard let rank else { return 0 }
            var mask: UInt64 = 0
            for identity in SolverModel.identities where identity & 0x0F == rank { mask |= SolverModel.bit(identity) }
            return mask
        }
        let foundations = model.foundations
        safeToStart = foundations.indices.map { number in
            guard let rank = ranks[number], !ranks.contains(nil) else { return false }
            return foundations.indices.allSatisfy { other in
                model.pileClass[foundations[other]] == model.pileClass[foundations[number]] || ranks[other] != rank
            }
        }
    }
}
