import Layouts
import Solitaire

// What the search knows about a game's rules before it starts, worked out once per search from
// the rules' public face (the layout, the groups' rules, `builds`, `foundations`):
//
// - **Interchangeable piles.** Piles of one group, kind and capacity that nothing tells apart (no
//   stock deals to them, no pile refills from them) play alike: a position with two of them
//   swapped is the same game. The position's key hashes such a class as a multiset of piles, so
//   FreeCell's free cells, its eight columns and its foundations count once whatever their order.
// - **Safe moves.** A card may go to a foundation by itself, folded into the move before it, when
//   no solution can need it anywhere else: every card that some pile would let lie on it is
//   already on the foundations (both copies with two decks), and the foundation it goes to could
//   take no other card. A solution that keeps the card elsewhere plays as well (never worse)
//   without it, so folding loses no solution and an exhausted search still proves the game lost.
//   Only where that argument holds: never for scripted rules (their hooks may do anything), never
//   when cards come back off the foundations, never from a stock's waste (the stock's order would
//   change), a pile the stock deals to, or a pile that refills or is refilled, and never when
//   the stock refuses to deal onto an empty pile.
//
// - **The stock's turns.** When the only stock deals to wastes only, clicking it changes nothing but
//   which waste card is on top, and commutes with every move that does not touch the wastes.
//   When it turns one card at a time with unlimited redeals, the stock and waste together are one
//   sequence of cards whatever the split: positions that differ only in the split are one position.
//
// Rules other than a layout's declarative rules (a script's) get none of these: plain search.

/// The search's view of a game's rules.
struct SolverModel: Sendable {
    /// Per pile, the class of piles it is interchangeable with (its own index when alone).
    let pileClass: [Int]
    /// Piles a safe card may be folded from.
    let foldSources: [Int]
    /// Whether safe moves are folded at all.
    let folds: Bool
    /// The foundations, in layout order.
    let foundations: [Int]
    /// Per card identity (rank and suit, 0…63): the identities (a bit each) whose every copy must be
    /// on the foundations before the card is safe: those that some pile other than a foundation
    /// would let lie on it (and, when cards come back off the foundations, all they could be
    /// wanted for in turn).
    let mustBeUp: [UInt64]
    /// Per foundation (index in ``foundations``) and top card identity: only one identity could
    /// go on it next.
    let noChoiceOnTop: [[Bool]]
    /// Per foundation: the rank an empty one starts from, when only one rank may (`nil`: any).
    let foundationBaseRanks: [Int?]
    /// Per foundation: its class of interchangeable piles takes every card that may start one.
    let fixedBase: [Bool]
    /// The stock whose clicks only turn cards onto wastes, with its wastes: its turns are walked
    /// as part of expanding a position (BestFirstSearch.swift). `nil` when there is no such stock.
    let stockTurns: (pile: Int, targets: [Int])?
    /// The stock turns one card at a time onto one waste, with no end to its redeals: every way
    /// of splitting its cards between stock and waste can be reached from every other, so the
    /// position's key leaves the split out (PositionKey.swift) and expanding a position walks all
    /// of them.
    let stockCycles: Bool
    /// The card identities (rank and suit, 0…63) the game has.
    let identities: [Int]

    init(rules: any Rules, start: GameState) {
        let pileCount = start.piles.count
        foundations = rules.foundations
        var identities: [Int] = []
        var present = [Bool](repeating: false, count: 64)
        for pile in start.piles {
            for card in pile where !present[Int(card.raw & 0x3F)] {
                present[Int(card.raw & 0x3F)] = true
            }
        }
        for identity in 0..<64 where present[identity] { identities.append(identity) }
        self.identities = identities
        let slots = rules.layout.slots
        let baseRanks: [Int?] = foundations.map { foundation in
            guard foundation < slots.count, let game = rules.layout.rules else { return nil }
            switch (game.groups[slots[foundation].group] ?? PileRules.defaults(for: .foundation)).base {
            case .rank(let rank): return rank
            case .dealt: return start.dealtBase == 0 ? nil : start.dealtBase
            case .any: return nil
            }
        }
        foundationBaseRanks = baseRanks

        guard let declarative = rules as? DeclarativeRules else {
            stockTurns = nil
            stockCycles = false
            pileClass = Array(0..<pileCount)
            foldSources = []
            folds = false
            mustBeUp = Array(repeating: 0, count: 64)
            noChoiceOnTop = []
            fixedBase = []
            return
        }

        // Which piles a stock deals to, which refill and which are refilled from.
        func resolve(_ name: String) -> [Int] {
            let inGroup = slots.indices.filter { slots[$0].group == name }
            if !inGroup.isEmpty { return inGroup }
            return slots.indices.filter { slots[$0].id == name }
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
                for target in targets where target != index { stockTarget[target] = true }
                stocks.append((index, targets.filter { $0 != index }))
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
        if stocks.count == 1, !stocks[0].targets.isEmpty,
            stocks[0].targets.allSatisfy({ slots[$0].kind == .waste }), !stockRefusesEmpty
        {
            stockTurns = stocks[0]
            let stockRules = declarative.pileRules(stocks[0].pile)
            stockCycles = stocks[0].targets.count == 1 && stockRules.draw <= 1 && stockRules.redeals == .unlimited
        } else {
            stockTurns = nil
            stockCycles = false
        }

        // Interchangeable classes.
        var classes = Array(0..<pileCount)
        for index in 0..<pileCount where index < slots.count {
            let slot = slots[index]
            guard [.tableau, .cell, .foundation].contains(slot.kind), !stockTarget[index], !refillSource[index] else {
                continue
            }
            for other in 0..<index
            where classes[other] == other && slots[other].group == slot.group && slots[other].kind == slot.kind
                && slots[other].capacity == slot.capacity && !stockTarget[other] && !refillSource[other]
                && refills[other] == refills[index]
            {
                classes[index] = other
                break
            }
        }
        pileClass = classes

        // Safe moves.
        let foundationSet = Set(foundations)
        let takesBack = foundations.contains { declarative.pileRules($0).takeBack }
        let collects = foundations.contains { declarative.pileRules($0).collect }
        foldSources = (0..<min(pileCount, slots.count)).filter { index in
            let kind = slots[index].kind
            return [.tableau, .cell, .reserve].contains(kind) && !stockTarget[index] && !refills[index]
                && !refillSource[index] && !foundationSet.contains(index)
        }
        func builds(_ above: Int, on below: Int, in pile: Int) -> Bool {
            declarative.builds(PileCard(raw: UInt8(above) | 0x80), on: PileCard(raw: UInt8(below) | 0x80), inPile: pile)
        }
        // Per identity, the identities some pile other than a foundation lets lie on it.
        var needers = [UInt64](repeating: 0, count: 64)
        var askedGroups: Set<String> = []
        for index in 0..<min(pileCount, slots.count) where !foundationSet.contains(index) {
            guard askedGroups.insert(slots[index].group).inserted else { continue }
            for below in identities {
                for above in identities where builds(above, on: below, in: index) {
                    needers[below] |= 1 << UInt64(above)
                }
            }
        }
        let noChoice = foundations.map { foundation in
            (0..<64).map { top in identities.filter { builds($0, on: top, in: foundation) }.count <= 1 }
        }
        noChoiceOnTop = noChoice
        if takesBack {
            // Cards may come back: what must be up is everything a card could be wanted for,
            // again and again, and every card under those on the foundations.
            var below = [UInt64](repeating: 0, count: 64)
            for foundation in foundations {
                for lower in identities {
                    for upper in identities where builds(upper, on: lower, in: foundation) {
                        below[upper] |= 1 << UInt64(lower)
                    }
                }
            }
            for identity in identities {
                var closure = needers[identity] | below[identity]
                var grew = true
                while grew {
                    grew = false
                    for member in identities where closure & (1 << UInt64(member)) != 0 {
                        let more = (needers[member] | below[member]) & ~(1 << UInt64(identity))
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
        let chains = noChoice.allSatisfy { $0.allSatisfy { $0 } }
        folds = !foundations.isEmpty && !collects && !stockRefusesEmpty && (!takesBack || chains)
        // An empty foundation may be given a card when the card could start no foundation of
        // another class (in FreeCell every Ace may start any of the four alike).
        let finalClasses = classes
        let foundations = foundations
        fixedBase = foundations.indices.map { number in
            guard baseRanks[number] != nil else { return false }
            return foundations.indices.allSatisfy { other in
                finalClasses[foundations[other]] == finalClasses[foundations[number]] || baseRanks[other] == nil
                    || baseRanks[other] != baseRanks[number]
            } && !foundations.indices.contains { baseRanks[$0] == nil }
        }
    }
}
