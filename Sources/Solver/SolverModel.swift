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
// Rules other than a layout's declarative rules (a script's) get neither: plain search.

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
    /// Per card identity (rank and suit, 0…63): the identities that some non-foundation pile
    /// would let lie on it.
    let needers: [[Int]]
    /// Per foundation (index in ``foundations``) and top card identity: only one identity could
    /// go on it next.
    let noChoiceOnTop: [[Bool]]
    /// Per foundation: an empty one takes only a fixed rank (or the dealt base) to start.
    let fixedBase: [Bool]

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

        guard let declarative = rules as? DeclarativeRules else {
            pileClass = Array(0..<pileCount)
            foldSources = []
            folds = false
            needers = Array(repeating: [], count: 64)
            noChoiceOnTop = []
            fixedBase = []
            return
        }
        let slots = declarative.layout.slots
        let game = declarative.game

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
        let firstWasteGroup = slots.first { $0.kind == .waste }?.group
        for (index, slot) in slots.enumerated() {
            let pileRules = declarative.pileRules(index)
            if slot.kind == .stock {
                var targets = pileRules.dealTo.flatMap(resolve)
                if pileRules.dealTo.isEmpty, let firstWasteGroup { targets = resolve(firstWasteGroup) }
                for target in targets where target != index { stockTarget[target] = true }
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
        folds = !foundations.isEmpty && !takesBack && !collects && !stockRefusesEmpty
        foldSources = (0..<min(pileCount, slots.count)).filter { index in
            let kind = slots[index].kind
            return [.tableau, .cell, .reserve].contains(kind) && !stockTarget[index] && !refills[index]
                && !refillSource[index] && !foundationSet.contains(index)
        }
        var needers = Array(repeating: [Int](), count: 64)
        var askedGroups: Set<String> = []
        for index in 0..<min(pileCount, slots.count) where !foundationSet.contains(index) {
            guard askedGroups.insert(slots[index].group).inserted else { continue }
            for below in identities {
                for above in identities
                where declarative.builds(
                    PileCard(raw: UInt8(above) | 0x80), on: PileCard(raw: UInt8(below) | 0x80), inPile: index)
                    && !needers[below].contains(above)
                {
                    needers[below].append(above)
                }
            }
        }
        self.needers = needers
        noChoiceOnTop = foundations.map { foundation in
            (0..<64).map { top in
                var candidates = 0
                for identity in identities
                where declarative.builds(
                    PileCard(raw: UInt8(identity) | 0x80), on: PileCard(raw: UInt8(top) | 0x80), inPile: foundation)
                {
                    candidates += 1
                }
                return candidates <= 1
            }
        }
        fixedBase = foundations.map { foundation in
            switch declarative.pileRules(foundation).base {
            case .rank: return true
            case .dealt: return start.dealtBase != 0
            case .any: return false
            }
        }
        _ = game
    }
}
