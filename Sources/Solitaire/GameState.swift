/// A card as the rules see it, packed in one byte: the rank in bits 0–3 (1 = Ace … 13 = King),
/// the suit in bits 4–5 (clubs, diamonds, hearts, spades) and face up in bit 7. Two decks hold
/// two equal `TS`; the rules never need to tell them apart.
public struct PileCard: Hashable, Sendable, CustomStringConvertible {
    public var raw: UInt8

    public init(raw: UInt8) { self.raw = raw }

    public init(_ card: Card, faceUp: Bool) {
        let suitIndex = UInt8(Card.Suit.allCases.firstIndex(of: card.suit)!)
        raw = UInt8(card.rank.rawValue) | suitIndex << 4 | (faceUp ? 0x80 : 0)
    }

    /// 1 = Ace … 13 = King.
    @inline(__always) public var rank: Int { Int(raw & 0x0F) }
    /// 0 clubs, 1 diamonds, 2 hearts, 3 spades.
    @inline(__always) public var suitIndex: Int { Int(raw >> 4 & 0x03) }
    @inline(__always) public var isRed: Bool { suitIndex == 1 || suitIndex == 2 }
    @inline(__always) public var faceUp: Bool {
        get { raw & 0x80 != 0 }
        set { raw = newValue ? raw | 0x80 : raw & 0x7F }
    }

    public var card: Card { Card(Card.Rank(rawValue: rank)!, Card.Suit.allCases[suitIndex]) }

    /// `TS` face up, `[TS]` face down.
    public var description: String { faceUp ? card.description : "[\(card.description)]" }
}

/// A position of a game: the piles (one per layout slot, in layout order, bottom card first)
/// and the little else a variant needs. A value: copying it is cheap, comparing it is exact.
public struct GameState: Hashable, Sendable {
    public var piles: [[PileCard]]
    /// How often the waste may still go back to the stock; `Int.max` when unlimited.
    public var redealsLeft: Int
    /// The foundations' base rank when it is decided by the deal (`base = "dealt"`); 0 otherwise.
    public var dealtBase: Int

    public init(piles: [[PileCard]], redealsLeft: Int = 0, dealtBase: Int = 0) {
        self.piles = piles
        self.redealsLeft = redealsLeft
        self.dealtBase = dealtBase
    }

    /// Every card of the game, wherever it is.
    public var cardCount: Int { piles.reduce(0) { $0 + $1.count } }
}

/// What a player asks for: move cards from one pile to another, or click the stock.
public struct Move: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: UInt8, Sendable {
        /// `count` cards from the top of `from` onto `to`.
        case transfer
        /// A click on the stock `from`: deal from it, or turn the waste back over (`to` unused).
        case stock
        /// The free table's tap: the next card of its deck onto `to` (`from` unused).
        case create
        /// A click (`count` 1) or double-click (`count` 2) on pile `from` that a variant's script
        /// answers by moving cards itself (Pyramid's King to the discard pile).
        case click
    }

    public var kind: Kind
    public var from: Int
    public var to: Int
    public var count: Int

    public init(kind: Kind, from: Int, to: Int, count: Int) {
        self.kind = kind
        self.from = from
        self.to = to
        self.count = count
    }

    public static func transfer(from: Int, to: Int, count: Int = 1) -> Move {
        Move(kind: .transfer, from: from, to: to, count: count)
    }

    public static func stock(_ pile: Int) -> Move { Move(kind: .stock, from: pile, to: pile, count: 0) }

    public static func create(at pile: Int) -> Move { Move(kind: .create, from: pile, to: pile, count: 1) }

    /// A script's click (`clicks` 1) or double-click (`clicks` 2) on a pile.
    public static func click(_ pile: Int, clicks: Int = 1) -> Move {
        Move(kind: .click, from: pile, to: pile, count: clicks)
    }

    public var description: String {
        switch kind {
        case .transfer: "\(count)×\(from)→\(to)"
        case .stock: "stock \(from)"
        case .create: "create \(to)"
        case .click: count == 2 ? "double-click \(from)" : "click \(from)"
        }
    }
}

/// One atomic change to a position. Applying and reverting a step are exact inverses, whatever
/// the rules: a move's record is a list of steps, so undo needs no knowledge of the variant.
public struct Step: Hashable, Sendable {
    public var from: Int
    public var to: Int
    /// How many cards from the top of `from` move; with `from == to` and `flip`, how many top
    /// cards turn over in place.
    public var count: Int
    /// Each moved card turns over (dealing from the stock, turning the waste back over).
    public var flip: Bool
    /// The moved cards land in reverse order, as when dealt one by one.
    public var reverse: Bool
    /// The step spends one redeal.
    public var spendsRedeal: Bool
    /// The rules made this step on their own (a turn-up, a refill, a collected run).
    public var automatic: Bool
    /// Not 0: with `from == to`, the pile's top `count` cards are shuffled into the order this
    /// number draws (``Step/shuffleOrder(count:seed:)``); reverting puts them back as they lay.
    public var shuffle: UInt64

    public init(
        from: Int, to: Int, count: Int, flip: Bool = false, reverse: Bool = false, spendsRedeal: Bool = false,
        automatic: Bool = false, shuffle: UInt64 = 0
    ) {
        self.from = from
        self.to = to
        self.count = count
        self.flip = flip
        self.reverse = reverse
        self.spendsRedeal = spendsRedeal
        self.automatic = automatic
        self.shuffle = shuffle
    }

    /// Shuffles the top `count` cards of `pile` in place, in the order `seed` (not 0) draws.
    public static func shuffling(_ pile: Int, count: Int, seed: UInt64) -> Step {
        Step(from: pile, to: pile, count: count, shuffle: seed == 0 ? 1 : seed)
    }

    /// The number a shuffle is drawn from: one SplitMix64 draw from the position's number
    /// (``GameState/positionNumber``, before the move) and the steps the move made before it. A
    /// script's `game.shuffle` draws the same (sandbox_api.c), so a redeal written in either form
    /// shuffles alike.
    public static func shuffleSeed(position: UInt64, stepsBefore: Int) -> UInt64 {
        var generator = SplitMix64(seed: position &+ 0x51AF_D7ED_558C_CD00 &* UInt64(stepsBefore + 1))
        let seed = generator.next()
        return seed == 0 ? 1 : seed
    }

    /// The order a shuffle of `count` cards puts them in: place `i` of the shuffled cards holds
    /// the card that lay at place `order[i]` (bottom first). A Fisher–Yates shuffle drawn from
    /// SplitMix64 seeded with `seed`, the same on every platform, so a redeal replays exactly.
    public static func shuffleOrder(count: Int, seed: UInt64) -> [Int] {
        var order = Array(0..<max(0, count))
        var generator = SplitMix64(seed: seed)
        var index = order.count - 1
        while index > 0 {
            let other = Int(generator.next() % UInt64(index + 1))
            order.swapAt(index, other)
            index -= 1
        }
        return order
    }

    /// Turns the top card of a pile over in place.
    public static func turnUp(_ pile: Int) -> Step {
        Step(from: pile, to: pile, count: 1, flip: true, automatic: true)
    }
}

/// A move as it happened: the player's move and every step it took, automatic ones included.
public struct MoveRecord: Hashable, Sendable {
    public var move: Move
    public var steps: [Step]

    public init(move: Move, steps: [Step]) {
        self.move = move
        self.steps = steps
    }
}

extension GameState {
    /// Applies one step. The caller makes sure it is possible.
    public mutating func apply(_ step: Step) {
        if step.spendsRedeal, redealsLeft != Int.max { redealsLeft -= 1 }
        if step.shuffle != 0 { return shuffle(step, undoing: false) }
        move(count: step.count, from: step.from, to: step.to, flip: step.flip, reverse: step.reverse)
    }

    /// Undoes one step applied with ``apply(_:)``.
    public mutating func revert(_ step: Step) {
        if step.spendsRedeal, redealsLeft != Int.max { redealsLeft += 1 }
        if step.shuffle != 0 { return shuffle(step, undoing: true) }
        move(count: step.count, from: step.to, to: step.from, flip: step.flip, reverse: step.reverse)
    }

    /// A number the position decides: its FNV-1a hash, pile by pile, and its redeals. A script's
    /// `math.random` is seeded with it before a hook that moves cards, and a redeal that shuffles
    /// shuffles by it, so the same position shuffles the same way after an undo and in a save.
    public var positionNumber: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in piles.indices {
            if !piles[index].isEmpty {
                piles[index].withUnsafeBytes { cards in
                    for card in cards { hash = (hash ^ UInt64(card)) &* 0x100_0000_01B3 }
                }
            }
            hash = (hash ^ 0xFF) &* 0x100_0000_01B3
        }
        return hash ^ UInt64(truncatingIfNeeded: redealsLeft)
    }

    /// A shuffle step's cards put in its order, or back in theirs.
    private mutating func shuffle(_ step: Step, undoing: Bool) {
        let count = min(step.count, piles[step.from].count)
        let start = piles[step.from].count - count
        let before = Array(piles[step.from][start...])
        for (place, source) in Step.shuffleOrder(count: count, seed: step.shuffle).enumerated() {
            if undoing {
                piles[step.from][start + source] = before[place]
            } else {
                piles[step.from][start + place] = before[source]
            }
        }
    }

    /// Undoes a whole move, its automatic steps first.
    public mutating func revert(_ record: MoveRecord) {
        for step in record.steps.reversed() { revert(step) }
    }

    /// Moves `count` cards from the top of one pile to another (or turns them over in place when
    /// `from == to`) without a temporary array: the solver's inner loop runs through here.
    @inline(__always)
    private mutating func move(count: Int, from: Int, to: Int, flip: Bool, reverse: Bool) {
        let toggle: UInt8 = flip ? 0x80 : 0
        if from == to {
            guard flip else { return }
            let end = piles[from].count
            for index in (end - count)..<end { piles[from][index].raw ^= toggle }
            return
        }
        let start = piles[from].count - count
        if reverse {
            var index = start + count
            while index > start {
                index -= 1
                piles[to].append(PileCard(raw: piles[from][index].raw ^ toggle))
            }
        } else {
            for index in start..<(start + count) { piles[to].append(PileCard(raw: piles[from][index].raw ^ toggle)) }
        }
        piles[from].removeLast(count)
    }
}
