import Solitaire

// Calculation's own search (CalculationShape.swift says which games): depth first over positions
// of ranks, changed in place and changed back.
//
// A position. Nothing the rules decide looks at a suit, so the search holds ranks alone: how many
// cards of the stock have been turned (the stock's order is known: the solver sees every card) and
// whether the waste still holds the last one, each foundation's count (its base and top card give
// the rank it takes next; an empty one that takes an Ace counts from a base of one), and each
// waste pile's ranks from the bottom. The waste piles are
// interchangeable, so the key hashes them as a multiset: the sum of a mixed hash of each pile,
// which a move changes for one pile only. Foundations of one base (Sir Tommy's four, each built
// up by one from an Ace) are interchangeable too: the key holds their counts as a sum of terms
// of base and count, and a card that two of them with the same count would take goes to the
// first alone. Two positions may then share a key, as in the general searches (docs/ARCHITECTURE.md says what that means for a proof). Every move goes forward (a
// turn of the stock, a card onto a foundation, the waste's card onto a pile): no path comes back
// on itself, so the table may forget, and a search that runs dry still proves.
//
// The last card of a rank. A foundation takes each rank once in its thirteen cards. When the
// foundations have a single place left for a rank, and the foundation with that place takes it
// now, the card of that rank on the waste or on top of a waste pile goes there at once, alone:
// in any win that card fills that place, and playing it first keeps every later move of the win
// legal (the foundation takes nothing else meanwhile, a pile without it still has the same card
// on top whenever another card leaves it, the waste is empty whenever the win turns the stock),
// so the position is won exactly when the position after the move is. A card that can go up
// while the foundations have more places for its rank is not sent at once: a win may want that
// place filled by another card of the rank (one on top of a pile, freeing what lies under it)
// and this one kept for another foundation, so the search tries both, and its proofs hold.
//
// A dead position. A card must leave its pile before every card under it. Where two cards of a
// pile both have a single place left, in the same foundation, the upper one's place must come
// first; when it comes later, the position can never be won and is not followed.
//
// The order: a card to a foundation first, from the waste first; then the waste's card onto the
// pile where it blocks least: a King onto an empty pile (every foundation takes it last); onto a
// card that one foundation takes after it, the fewest places after it first (a pile built as a
// foundation's sequence backwards goes up in one run: 7 on 8 on 9 for the Ace's); onto a card
// the foundations want later than it, the least later first, an empty pile ranked among these as
// a card wanted 50 later; onto the card it blocks for the shortest while; the stock's turn last. How soon a rank is wanted: the fewest
// cards a foundation still takes before it. The runs of one foundation's sequence won 58 of
// deals 1..60 in 1 s where ordering by how soon each is wanted alone won 51.
//
// Restarts, as Accordion's search (AccordionSearch.swift): a depth-first search that takes a bad
// turn early spends millions of positions below it, so the search tries that order, then again
// and again with the order shaken, from an emptied table, each attempt allowed the positions
// Luby's sequence gives times ``firstAttempt``, until a win, or until one attempt sees every
// position without a win: that one proves the position lost. Short attempts, each little more
// than one game played through with a few turns tried near its end, won most: over deals
// 1..100 in 1 s, attempts of 128 positions first won 97, of 1024 95; a shake of 200 places (a
// move may pass the next class or two) 97, of 30 or 60 94 and 95.
//
// A win found is played back on the table's own rules, move by move, so its moves are the
// player's and each was checked legal by the rules.

/// One search of a Calculation game (CalculationShape.swift) from a position of the table.
struct CalculationSearch {
    let shape: CalculationShape
    let rules: any Rules
    let start: GameState
    /// Every move is followed but where the argument above shows it loses no win: running dry
    /// proves.
    var proves: Bool { true }
    /// It found a win the rules refused to play back, and stopped.
    private(set) var failed = false
    /// Positions expanded.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []

    /// The stock's ranks in the order it turns them, the waste's card (when it holds one) first.
    private let stream: [UInt8]
    /// Per foundation, the rank it takes when it holds `count` cards, at `foundation * 14 +
    /// count`: 0 once it holds 13, or when empty.
    private let wanted: [UInt8]
    /// Per foundation and rank, at `foundation * 14 + rank`: the count at which it takes the
    /// rank, or -1 when it never takes it again from the start.
    private let placeOf: [Int]
    /// Per foundation, the earlier foundations of its base (which build the same ranks).
    private let twins: [[Int]]
    /// Per foundation and count, at `foundation * 14 + count`: the count's term in the key, a
    /// mixed hash of the foundation's base and the count, so that foundations of one base with
    /// their counts swapped give the same sum.
    private let countTerms: [UInt64]
    private let pileCapacity: Int

    // The position, changed in place by a move and back when the search backs up.
    private var turned: Int
    private var wasteFull: Bool
    private var counts: [Int]
    /// Per rank, how many places the foundations have left for it.
    private var placesLeft: [Int]
    /// The waste piles' ranks, pile `p` at `p * pileCapacity`, bottom first.
    private var stacks: [UInt8]
    private var heights: [Int]
    private var pileHashes: [UInt64]
    /// The sum of the piles' mixed hashes.
    private var multiset: UInt64 = 0
    private let startTurned: Int
    private let startFull: Bool

    /// The hash's base to each power, a place in a pile each.
    private let powers: [UInt64]

    private var table: PositionTable
    private var levels: [Level] = []
    private var children: [Child] = []
    private var listed: [Child] = []
    private var started = false
    private var attempt = 0
    private var attemptLimit = CalculationSearch.firstAttempt
    private var attemptPositions = 0
    private var restarts = Restarts()
    /// The sum of the table slots read ahead (kept so that the reads are not left out).
    private var touched: UInt64 = 0

    /// Positions the first attempt may expand; the others get this times a term of Luby's sequence.
    static let firstAttempt = 128
    /// How far an attempt after the first may move a move in the order.
    static let shake = 200

    /// A move: its source (a waste pile, ``fromWaste`` or ``turn``) times 16 plus its target (a
    /// foundation, or ``toPile`` plus a waste pile).
    typealias Step = UInt8
    static let fromWaste: UInt8 = 8
    static let turn: UInt8 = 9 << 4
    static let toPile: UInt8 = 4
    /// The move that led to the start.
    static let none: UInt8 = 0xFF

    private struct Level {
        var first: Int
        var end: Int
        var next: Int
        var move: Step
    }

    private struct Child {
        var move: Step
        var key: UInt64
        var order: Int
    }

    /// The stock's order, the foundations' and the piles' ranks of a position; `nil` when the
    /// position is not one the search can hold: piles other than the layout's, more than one
    /// card on the waste, an empty foundation that takes no Ace or one with more than 13 cards,
    /// other than 52 cards in all (so that every card must reach a foundation for the win).
    static func packing(of start: GameState, shape: CalculationShape) -> (
        stream: [UInt8], foundations: [[UInt8]], piles: [[UInt8]]
    )? {
        guard start.piles.count == shape.pileCount, start.cardCount == 52 else { return nil }
        let waste = start.piles[shape.waste]
        guard waste.count <= 1 else { return nil }
        let foundations = shape.foundations.map { start.piles[$0].map { UInt8($0.rank) } }
        for (number, cards) in foundations.enumerated() {
            guard cards.count <= 13, !cards.isEmpty || shape.acesStart[number] else { return nil }
        }
        let stream = (waste + start.piles[shape.stock].reversed()).map { UInt8($0.rank) }
        let piles = shape.piles.map { start.piles[$0].map { UInt8($0.rank) } }
        return (stream, foundations, piles)
    }

    /// `nil` when the position is not one the search can hold (``packing(of:shape:)``).
    init?(shape: CalculationShape, rules: any Rules, start: GameState, memory: Int) {
        guard let (stream, foundations, piles) = Self.packing(of: start, shape: shape) else { return nil }
        self.shape = shape
        self.rules = rules
        self.start = start
        self.stream = stream
        var wanted = [UInt8](repeating: 0, count: 4 * 14)
        var placeOf = [Int](repeating: -1, count: 4 * 14)
        var placesLeft = [Int](repeating: 0, count: 14)
        // An empty foundation takes an Ace and builds by one: a base of one over a top of none.
        let bases = foundations.map { Int($0.first ?? 1) }
        for (number, cards) in foundations.enumerated() {
            let base = bases[number]
            var top = Int(cards.last ?? 0)
            for count in cards.count..<13 {
                top = (top + base - 1) % 13 + 1
                wanted[number * 14 + count] = UInt8(top)
                if placeOf[number * 14 + top] < 0 { placeOf[number * 14 + top] = count }
                placesLeft[top] += 1
            }
        }
        self.wanted = wanted
        self.placeOf = placeOf
        self.placesLeft = placesLeft
        twins = bases.indices.map { number in (0..<number).filter { bases[$0] == bases[number] } }
        countTerms = bases.flatMap { base in (0..<14).map { Self.mixed(UInt64(base) << 8 | UInt64($0), height: 1) } }
        counts = foundations.map(\.count)
        startTurned = start.piles[shape.waste].count
        startFull = startTurned == 1
        turned = startTurned
        wasteFull = startFull
        pileCapacity = max(1, piles.reduce(stream.count) { $0 + $1.count })
        var powers = [UInt64](repeating: 1, count: pileCapacity + 1)
        for index in 1...pileCapacity { powers[index] = powers[index - 1] &* 0x9E37_79B9_7F4A_7C15 }
        self.powers = powers
        stacks = [UInt8](repeating: 0, count: piles.count * pileCapacity)
        heights = piles.map(\.count)
        pileHashes = [UInt64](repeating: 0, count: piles.count)
        for (pile, ranks) in piles.enumerated() {
            for (place, rank) in ranks.enumerated() {
                stacks[pile * pileCapacity + place] = rank
                pileHashes[pile] &+= UInt64(rank) &* powers[place]
            }
            multiset &+= Self.mixed(pileHashes[pile], height: ranks.count)
        }
        table = PositionTable.forgetting(within: memory)
        levels.reserveCapacity(160)
        children.reserveCapacity(1024)
    }

    /// A pile's hash and height mixed (splitmix64's finalizer), so that their sum over the piles
    /// tells multisets of piles apart.
    @inline(__always)
    private static func mixed(_ hash: UInt64, height: Int) -> UInt64 {
        var mixed = hash &+ UInt64(height) &* 0xD6E8_FEB8_6659_FD93
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// The key the table holds for a position: its piles' multiset with the stock's turns, the
    /// waste and the foundations' counts.
    @inline(__always)
    private static func key(_ multiset: UInt64, turned: Int, full: Bool, counts: UInt64) -> UInt64 {
        let small = UInt64(turned) | (full ? 1 << 7 : 0)
        return mixed(multiset ^ (small &* 0x9E37_79B9_7F4A_7C15) ^ counts, height: 0)
    }

    /// The foundations' counts as the key holds them: the sum of their terms (``countTerms``),
    /// the same whatever the order of foundations of one base.
    @inline(__always)
    private var countBits: UInt64 {
        var sum: UInt64 = 0
        for number in 0..<4 { sum &+= countTerms[number * 14 + counts[number]] }
        return sum
    }

    /// `bits` (``countBits``) with foundation `number`'s count one higher: one term swapped.
    @inline(__always)
    private func countBits(_ bits: UInt64, raising number: Int) -> UInt64 {
        let term = number * 14 + counts[number]
        return bits &- countTerms[term] &+ countTerms[term + 1]
    }

    /// Whether every foundation holds its 13 cards.
    private var isWon: Bool { counts.allSatisfy { $0 == 13 } }

    /// Searches until it ends (``verdict``) or has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil, !failed else { return }
        if !started {
            started = true
            if isWon { return finish([]) }
            guard positions < limit else { return }
            if begin() { return }
        }
        while positions < limit {
            if attemptPositions >= attemptLimit {
                attempt += 1
                attemptLimit = Self.firstAttempt * Restarts.luby(attempt + 1)
                if begin() { return }
                continue
            }
            guard let level = levels.last else {
                verdict = .impossible
                return
            }
            if level.next == level.end {
                children.removeSubrange(level.first...)
                levels.removeLast()
                if level.move != Self.none { undo(level.move) }
                continue
            }
            let child = children[level.next]
            levels[levels.count - 1].next += 1
            apply(child.move)
            positions += 1
            attemptPositions += 1
            if expand(move: child.move) { return }
        }
    }

    /// Starts an attempt from the start, with the table emptied; returns whether the search ended.
    private mutating func begin() -> Bool {
        while let level = levels.popLast(), level.move != Self.none { undo(level.move) }
        children.removeAll(keepingCapacity: true)
        if attempt > 0 { table.removeAll() }
        positions += 1
        attemptPositions = 1
        _ = table.insert(Self.key(multiset, turned: turned, full: wasteFull, counts: countBits))
        return expand(move: Self.none)
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] { solutionMoves }

    /// The rank on top of a waste pile (0 when it is empty).
    @inline(__always)
    private func top(_ pile: Int) -> UInt8 {
        heights[pile] == 0 ? 0 : stacks[pile * pileCapacity + heights[pile] - 1]
    }

    /// The rank the waste holds (0 when it is empty).
    @inline(__always)
    private var wasteRank: UInt8 { wasteFull ? stream[turned - 1] : 0 }

    /// The rank foundation `number` takes now (0: none).
    @inline(__always)
    private func takes(_ number: Int) -> UInt8 { wanted[number * 14 + counts[number]] }

    /// How many cards a foundation still takes before `rank`, the least over the foundations
    /// that still take it (99 when none does).
    @inline(__always)
    private func wait(_ rank: UInt8) -> Int {
        var least = 99
        for number in 0..<4 {
            let place = placeOf[number * 14 + Int(rank)]
            if place >= counts[number] { least = min(least, place - counts[number]) }
        }
        return least
    }

    /// The fewest places between two ranks on a foundation that takes both, the first before the
    /// second (99: none).
    @inline(__always)
    private func gap(_ rank: UInt8, under: UInt8) -> Int {
        var least = 99
        for number in 0..<4 {
            let first = placeOf[number * 14 + Int(rank)]
            let second = placeOf[number * 14 + Int(under)]
            if first >= counts[number] && second > first { least = min(least, second - first) }
        }
        return least
    }

    @inline(__always)
    private mutating func push(_ rank: UInt8, on pile: Int) {
        multiset &-= Self.mixed(pileHashes[pile], height: heights[pile])
        stacks[pile * pileCapacity + heights[pile]] = rank
        pileHashes[pile] &+= UInt64(rank) &* powers[heights[pile]]
        heights[pile] += 1
        multiset &+= Self.mixed(pileHashes[pile], height: heights[pile])
    }

    @inline(__always)
    private mutating func pop(_ pile: Int) {
        multiset &-= Self.mixed(pileHashes[pile], height: heights[pile])
        heights[pile] -= 1
        pileHashes[pile] &-= UInt64(stacks[pile * pileCapacity + heights[pile]]) &* powers[heights[pile]]
        multiset &+= Self.mixed(pileHashes[pile], height: heights[pile])
    }

    /// A card onto foundation `number` (its count up, the place it fills gone).
    @inline(__always)
    private mutating func raise(_ number: Int) {
        placesLeft[Int(takes(number))] -= 1
        counts[number] += 1
    }

    @inline(__always)
    private mutating func lower(_ number: Int) {
        counts[number] -= 1
        placesLeft[Int(takes(number))] += 1
    }

    private mutating func apply(_ move: Step) {
        if move == Self.turn {
            turned += 1
            wasteFull = true
            return
        }
        let source = Int(move >> 4)
        let target = Int(move & 0xF)
        if target < Int(Self.toPile) {
            raise(target)
        } else {
            push(wasteRank, on: target - Int(Self.toPile))
        }
        if source == Int(Self.fromWaste) { wasteFull = false } else { pop(source) }
    }

    private mutating func undo(_ move: Step) {
        if move == Self.turn {
            turned -= 1
            wasteFull = false
            return
        }
        let source = Int(move >> 4)
        let target = Int(move & 0xF)
        let rank: UInt8
        if target < Int(Self.toPile) {
            lower(target)
            rank = takes(target)
        } else {
            let pile = target - Int(Self.toPile)
            rank = top(pile)
            pop(pile)
        }
        if source == Int(Self.fromWaste) { wasteFull = true } else { push(rank, on: source) }
    }

    /// Whether two waste piles hold the same ranks in the same order.
    @inline(__always)
    private func same(_ one: Int, _ other: Int) -> Bool {
        guard heights[one] == heights[other], pileHashes[one] == pileHashes[other] else { return false }
        for place in 0..<heights[one]
        where stacks[one * pileCapacity + place] != stacks[other * pileCapacity + place] {
            return false
        }
        return true
    }

    /// Whether two cards of one pile, each with a single place left on the same foundation, lie
    /// with the upper one's place after the lower one's: such a position is never won.
    private func isDead() -> Bool {
        for pile in heights.indices where heights[pile] > 1 {
            // Per foundation, the latest place of a card above, scanning from the top down.
            var latest = (-1, -1, -1, -1)
            for place in (0..<heights[pile]).reversed() {
                let rank = Int(stacks[pile * pileCapacity + place])
                guard placesLeft[rank] == 1 else { continue }
                for number in 0..<4 {
                    let at = placeOf[number * 14 + rank]
                    guard at >= counts[number] else { continue }
                    switch number {
                    case 0:
                        if at < latest.0 { return true }
                        latest.0 = at
                    case 1:
                        if at < latest.1 { return true }
                        latest.1 = at
                    case 2:
                        if at < latest.2 { return true }
                        latest.2 = at
                    default:
                        if at < latest.3 { return true }
                        latest.3 = at
                    }
                }
            }
        }
        return false
    }

    /// Lists the moves of the position and pushes them as a level; returns whether the search
    /// ended (a move won).
    private mutating func expand(move: Step) -> Bool {
        let first = children.count
        levels.append(Level(first: first, end: first, next: first, move: move))
        if isDead() { return false }
        listed.removeAll(keepingCapacity: true)
        let countBits = self.countBits
        let waste = wasteRank
        // A card onto a foundation: the waste's first, then the piles'.
        var forced = false
        let up = counts[0] + counts[1] + counts[2] + counts[3]
        for index in -1..<heights.count where !forced {
            let source = index < 0 ? Int(Self.fromWaste) : index
            let rank = index < 0 ? waste : top(index)
            guard rank != 0 else { continue }
            for number in 0..<4 where takes(number) == rank {
                // A foundation of the same base and count as an earlier one: the same position.
                if twins[number].contains(where: { counts[$0] == counts[number] }) { continue }
                var multiset = self.multiset
                if source != Int(Self.fromWaste) {
                    multiset &-= Self.mixed(pileHashes[source], height: heights[source])
                    let below = pileHashes[source] &- UInt64(rank) &* powers[heights[source] - 1]
                    multiset &+= Self.mixed(below, height: heights[source] - 1)
                }
                let step = UInt8(source) << 4 | UInt8(number)
                if up == 51 {
                    finish(levels.dropFirst().map(\.move) + [step])
                    return true
                }
                let key = Self.key(
                    multiset, turned: turned, full: wasteFull && source != Int(Self.fromWaste),
                    counts: self.countBits(countBits, raising: number))
                if placesLeft[Int(rank)] == 1 {
                    // The last place for the rank: this move alone (the comment at the top).
                    listed.removeAll(keepingCapacity: true)
                    listed.append(Child(move: step, key: key, order: 0))
                    forced = true
                    break
                }
                listed.append(Child(move: step, key: key, order: listed.count))
            }
        }
        if !forced {
            if wasteFull {
                // The waste's card onto a pile: one of piles alike (empty ones among them).
                let wait = self.wait(waste)
                for pile in heights.indices {
                    if (0..<pile).contains(where: { same($0, pile) }) { continue }
                    var multiset = self.multiset
                    multiset &-= Self.mixed(pileHashes[pile], height: heights[pile])
                    multiset &+= Self.mixed(
                        pileHashes[pile] &+ UInt64(waste) &* powers[heights[pile]], height: heights[pile] + 1)
                    let order: Int
                    if heights[pile] == 0 {
                        // A King, which every foundation takes last, best of all.
                        order = waste == 13 ? 50 : 200
                    } else {
                        let under = self.wait(top(pile))
                        let gap = self.gap(waste, under: top(pile))
                        if gap < 99 {
                            order = 100 + gap
                        } else {
                            order = under > wait ? 150 + under - wait : 300 + wait - under
                        }
                    }
                    listed.append(
                        Child(
                            move: Self.fromWaste << 4 | (Self.toPile + UInt8(pile)),
                            key: Self.key(multiset, turned: turned, full: false, counts: countBits),
                            order: order))
                }
            } else if turned < stream.count {
                listed.append(
                    Child(
                        move: Self.turn, key: Self.key(multiset, turned: turned + 1, full: true, counts: countBits),
                        order: 1000))
            }
        }
        var touched: UInt64 = 0
        for index in listed.indices {
            touched &+= table.firstSlot(of: listed[index].key)
            if attempt > 0 { listed[index].order += restarts.shaken(below: UInt64(Self.shake)) }
        }
        self.touched = touched
        for child in listed where table.insert(child.key) {
            var index = children.count
            children.append(child)
            while index > first && children[index - 1].order > child.order {
                children.swapAt(index, index - 1)
                index -= 1
            }
        }
        levels[levels.count - 1].end = children.count
        return false
    }

    /// The table's move for a move of the search.
    private func tableMove(_ step: Step) -> Move {
        if step == Self.turn { return .stock(shape.stock) }
        let source = Int(step >> 4)
        let target = Int(step & 0xF)
        let from = source == Int(Self.fromWaste) ? shape.waste : shape.piles[source]
        let to = target < Int(Self.toPile) ? shape.foundations[target] : shape.piles[target - Int(Self.toPile)]
        return .transfer(from: from, to: to, count: 1)
    }

    /// Plays the search's moves on the table's rules from the start; the win is the answer only
    /// if every move was legal and the last one won.
    private mutating func finish(_ steps: [Step]) {
        guard let won = replayedWin(steps.map(tableMove), rules: rules, from: start) else {
            failed = true
            return
        }
        solutionMoves = won
        verdict = .solved
    }
}
