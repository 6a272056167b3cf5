// The rules a layout file gives its table: what the `[game]` table and the rules keys of each
// `[slots.X]` group say, as plain values. No behaviour lives here: the Solitaire module
// interprets a description (`DeclarativeRules`), so the rules layer never sees TOML.

/// How cards build on a pile, by rank.
public enum BuildDirection: String, CaseIterable, Sendable {
    /// Each card one rank lower than the card it covers (a red 7 on a black 8).
    case down
    /// Each card one rank higher (foundations: A, 2, 3, …).
    case up
    /// One rank higher or lower (Golf's foundation, Alaska).
    case either
    /// Nothing may be placed on the pile by hand (a reserve, the waste).
    case none
    /// A card of the same rank (Pileon: `build = "same-rank"`).
    case sameRank = "same-rank"
    /// Any card, whatever its rank (Sir Tommy's reserves, where the waste's card waits:
    /// `build = "any"`); `suit` still applies.
    case any
    /// A card of twice the top card's rank, less 13 past the King (Doublets: A, 2, 4, 8, 3, 6,
    /// Q, J, 9, 5, 10, 7, A again; nothing goes on a King): `build = "double"`.
    case double
    /// Up or down, each pile one way: the way its top two cards go, either way while it holds
    /// one card (Union Square's columns): `build = "one-way"`.
    case oneWay = "one-way"
    /// Up from the base to the King, then a second King, then down to the Ace (Union Square's
    /// foundations of 26 cards, two decks): `build = "up-then-down"`.
    case upThenDown = "up-then-down"
}

/// What the solver tells positions apart by on a pile (`search-sees`): a promise of the layout's
/// that the rules decide nothing by what is left out, so that positions which differ only there
/// are searched once (a discard pile's order, which cards lie under a foundation's top).
public enum SearchSight: String, CaseIterable, Sendable {
    /// Every card, in order (the default).
    case all
    /// The top card and the number of cards.
    case top
    /// The number of cards alone.
    case count
}

/// A search the solver has for one family of rules (`solver` in `[game]`): a promise of the
/// layout's that its rules, a script's hooks included, are that family's in every point the search
/// relies on (cardtable-layout(5) lists them), so that the solver may search the game by them.
public enum SolverFamily: String, CaseIterable, Sendable {
    /// Aces Up: four columns, one card each dealt; a column's top card is discarded when a higher
    /// card of its suit (Aces high) tops another column; a top card moves to an empty column and
    /// nowhere else; the stock deals a card to each column; won when only the four Aces are left,
    /// one a column.
    case acesUp = "aces-up"
    /// Accordion: one row of cards; a card goes onto the card one or three places to its left
    /// when the two match in suit or rank, the covered card leaves the game and the row closes
    /// up; the stock deals one card to the row's end; won with one card left and the stock empty.
    case accordion
    /// Calculation: four foundations, each building up by its bottom card's rank whatever the
    /// suit, counting round from the King to the Ace, to 13 cards; the stock turns one card onto
    /// the waste while it is empty; the waste's card goes to a foundation or onto any waste
    /// pile, whose top cards go only to the foundations; no redeal; won with all 52 up.
    case calculation
    /// Elevator: the layout's keys are Golf's, as for TriPeaks, and its 28 columns of one card
    /// each lie in a pyramid of seven rows, row by row from the top: the card at place k of row r
    /// is covered by places k + r and k + r + 1 of the row below and plays only once both are
    /// gone (Elevator and Escalator).
    case elevator
    /// Gaps (Montana): four rows of thirteen cells, the Aces out of the game; a card moves only
    /// into an empty cell: any 2 at a row's start, elsewhere the card one rank higher in suit than
    /// its left neighbour (none after a gap or a King); the stock's click deals again while redeals
    /// remain; won with each row one suit from 2 to King.
    case gaps
    /// Klondike: up to eight columns build down in alternate colours, move any run in order, take
    /// only a King (or a run from one) when empty and turn up a face-down card left on top; four
    /// foundations build up by suit from the Ace; the stock turns its cards onto one waste, which
    /// goes back as often as you like. The layout's piles are Klondike's; how many cards a click
    /// turns is asked of the rules themselves (a script's option).
    case klondike
    /// Pyramid: 28 cards in a pyramid of seven rows, each card covered by the two below it; two
    /// uncovered cards whose ranks make 13 leave the game together, a King alone; the stock's top
    /// card and the waste's play too; a click turns the stock's card onto the waste, and the waste
    /// goes back while redeals remain.
    case pyramid
    /// TriPeaks: the layout's keys are Golf's (columns giving their top card to one foundation,
    /// a stock turning one card at a time onto it), and its 28 columns of one card each lie in
    /// three peaks as TriPeaks deals them: each card of the upper three rows is covered by two
    /// cards of the row below and plays only once both are gone.
    case triPeaks = "tri-peaks"
}

/// When a single card may go to a discard pile (`discard`).
/// A card of a pile that may play besides its top card (`available`), in games whose cards pair
/// up (`pair`).
public enum AvailableCard: String, CaseIterable, Sendable {
    /// The top card, as on every pile.
    case top
    /// The card under the top one, only to pair with the top card over it (Aisleriot's Thirteen).
    case second
    /// The bottom card, to pair with any card that plays or to leave alone (Aisleriot's Treize).
    case bottom
}

/// Which two piles of a grid may pair (`pair-reach`): by where their slots lie, counted in the
/// group's own rows and columns.
public enum PairReach: String, CaseIterable, Sendable {
    /// Side by side or corner to corner (Aisleriot's Neighbor).
    case touching
    /// In one row or one column (Aisleriot's Quatorze).
    case rowOrColumn = "row-or-column"
}

/// When an emptied pile takes the next card of its group, so that the cards close up toward the
/// group's first pile (`close-up`): before its `refill-from` refills it, or after.
public enum CloseUp: String, CaseIterable, Sendable {
    /// The cards close up first; the refill fills the empty piles left at the end (Neighbor).
    case beforeRefill = "before-refill"
    /// The refill fills an emptied pile while it can; then the cards close up (Quatorze).
    case afterRefill = "after-refill"
}

public enum DiscardRule: String, CaseIterable, Sendable {
    /// A card of its suit that outranks it (in the game's rank order) tops another pile.
    case outranked
}

/// When two cards pair up and leave the game together (`pair`, on a discard pile).
public enum PairRule: Hashable, Sendable {
    /// Their ranks add up to this, Ace 1, Jack 11, Queen 12, King 13 (`"sum-13"`: Pyramid,
    /// `"sum-14"`: Fourteen); a card of this rank alone leaves by itself (Pyramid's King).
    case sum(Int)
    /// They are of one rank (`"same-rank"`: Nestor, Monte Carlo).
    case sameRank
    /// They are of one suit (`"same-suit"`: Cover).
    case sameSuit
    /// Their ranks add up to the total, or they are one of the pairs of ranks listed, each
    /// `low << 4 | high` (`"sum-11+KQ+JJ"`: Gay Gordons, whose Kings pair with Queens and Jacks
    /// with Jacks; `"sum-10+JJ+QQ+KK"`: Block Ten). No card leaves alone.
    case sumOr(Int, pairs: [Int])

    /// The value a layout file gives it: `sum-14`, `same-rank`, `same-suit`, `sum-11+KQ+JJ`.
    public var name: String {
        switch self {
        case .sum(let total): "sum-\(total)"
        case .sameRank: "same-rank"
        case .sameSuit: "same-suit"
        case .sumOr(let total, let pairs):
            "sum-\(total)"
                + pairs.map { "+" + PairRule.symbols[($0 >> 4) - 1] + PairRule.symbols[($0 & 0xF) - 1] }.joined()
        }
    }

    static let symbols = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]

    /// The rule a layout's value names; `nil` for none (a sum must lie from 2 to 26; each pair
    /// after it is two rank symbols, as `KQ`).
    public init?(name: String) {
        switch name {
        case "same-rank": self = .sameRank
        case "same-suit": self = .sameSuit
        default:
            let parts = name.split(separator: "+", omittingEmptySubsequences: false)
            guard let first = parts.first, first.hasPrefix("sum-"), let total = Int(first.dropFirst(4)),
                (2...26).contains(total)
            else { return nil }
            guard parts.count > 1 else {
                self = .sum(total)
                return
            }
            var pairs: [Int] = []
            for part in parts.dropFirst() {
                let ranks = part.map { symbol in PairRule.symbols.firstIndex(of: String(symbol)).map { $0 + 1 } }
                guard ranks.count == 2, let one = ranks[0], let other = ranks[1] else { return nil }
                let code = min(one, other) << 4 | max(one, other)
                if !pairs.contains(code) { pairs.append(code) }
            }
            self = .sumOr(total, pairs: pairs)
        }
    }

    /// Whether two cards, of these ranks (1…13) and suits, pair up.
    public func pairs(rank: Int, suit: Int, with otherRank: Int, _ otherSuit: Int) -> Bool {
        switch self {
        case .sum(let total): rank + otherRank == total
        case .sameRank: rank == otherRank
        case .sameSuit: suit == otherSuit
        case .sumOr(let total, let pairs):
            rank + otherRank == total || pairs.contains(min(rank, otherRank) << 4 | max(rank, otherRank))
        }
    }

    /// Whether a card of this rank leaves the game alone (a sum its rank makes by itself).
    public func leavesAlone(rank: Int) -> Bool {
        if case .sum(let total) = self { return rank == total }
        return false
    }
}

/// Which suits may build on each other.
public enum SuitRule: String, CaseIterable, Sendable {
    /// The same suit (foundations, Forty Thieves).
    case same
    /// The other colour: red on black, black on red (Klondike, FreeCell).
    case alternate
    /// The same colour, either suit (Whitehead).
    case sameColour = "same-colour"
    /// Any suit (Spider, Beleaguered Castle).
    case any
    /// Any suit but the card's own (Indian, Moosehide).
    case different
}

/// What an empty pile accepts.
public enum EmptyRule: Hashable, Sendable {
    /// Any card, or any movable run.
    case any
    /// Nothing: an empty pile stays empty (Baker's Dozen).
    case none
    /// Only a card of this rank (1 = Ace … 13 = King): `empty = "K"`.
    case rank(Int)
    /// Only a card one rank below the foundations' base, the rank of the card dealt to start
    /// them (a King below an Ace): `empty = "below-base"` (Lady Jane).
    case belowBase
}

/// What may be picked up from a pile.
public enum MoveRule: String, CaseIterable, Sendable {
    /// The top card only.
    case top
    /// A built run: face-up cards from the top, each on the next by the pile's build rule
    /// (and `move-suit`, when given).
    case sequence
    /// Any face-up card together with every card on it, built or not (Yukon).
    case faceUp = "face-up"
    /// The whole pile at once.
    case pile
    /// Nothing may be picked up (the stock: clicking it deals).
    case none
}

/// The limit on how many cards a sequence move may carry.
public enum SequenceLimit: String, CaseIterable, Sendable {
    /// No limit: any movable run goes at once.
    case none
    /// FreeCell's: (free cells + 1) × 2^(empty columns), counting empty columns other than the
    /// target, so the limit halves when the target column is empty.
    case freeCells = "free-cells"
}

/// The rank a foundation starts from.
public enum BaseRank: Hashable, Sendable {
    /// A fixed rank, 1 = Ace … 13 = King: `base = "A"`.
    case rank(Int)
    /// The rank of the first card dealt to the group (Canfield): `base = "dealt"`.
    case dealt
    /// Any card may start the pile (Golf): `base = "any"`.
    case any
}

/// How often the waste may be turned back into the stock.
public enum Redeals: Hashable, Sendable {
    case limited(Int)
    case unlimited
}

/// When the game is won.
public enum WinCondition: String, CaseIterable, Sendable {
    /// Every card is on a foundation.
    case foundations
    /// Every tableau, cell and reserve pile is empty (Golf: the stock may still hold cards).
    case cleared
    /// The stock is empty, whatever is left on the table (Cover: won once its last card is
    /// dealt).
    case stockEmpty = "stock-empty"
    /// Every tableau pile is empty, or full to its capacity with its cards built in order
    /// (Pileon: four cards of one rank on each pile that holds any).
    case sets
    /// Every card but the Aces is on a foundation (Fortunes, Aces Up: the Aces left on the table).
    case acesLeft = "aces-left"
    /// Every card but the Kings is on a foundation (Doublets, whose Kings never move).
    case kingsLeft = "kings-left"
    /// Every card in a tableau pile that holds the 13 cards of one suit, built in order by its
    /// build rule (Aisleriot's Ten Across: four piles of one suit, King down to Ace).
    case runs
}

/// The rules of one group of slots: the `[slots.X]` table's rules keys. Every field has the
/// default that ``PileRules/defaults(for:)`` gives the group's kind, so a file states only
/// what differs.
public struct PileRules: Hashable, Sendable {
    // MARK: Deal
    /// Cards dealt face down to each slot of the group, slot by slot (`deal-down = 3` gives 3 to
    /// every slot; `deal-down = [0, 1, 2, 3, 4, 5, 6]` is Klondike's triangle). The array has as
    /// many entries as the group has slots.
    public var dealDown: [Int]
    /// Cards dealt face up on top of those, slot by slot.
    public var dealUp: [Int]
    /// Before the deal, one card of this rank is taken from the deck and put face up on each slot
    /// of the group, suits in deck order (Beleaguered Castle's Aces, Storehouse's Twos):
    /// `deal-rank = "A"`.
    public var dealRank: Int?
    /// Kings dealt to a slot of the group go under the other cards of that slot (Baker's Dozen).
    public var kingsToBottom: Bool
    /// Cards of this rank are not dealt to the group: each goes to the bottom of the stock and
    /// the next card is dealt in its place (Doublets' Kings): `deal-skips = "K"`.
    public var dealSkips: Int? = nil

    // MARK: Building
    public var build: BuildDirection
    public var suit: SuitRule
    /// King and Ace are neighbours: a King goes on an Ace building up, an Ace on a King
    /// building down.
    public var wrap: Bool
    /// After the last rank it builds to (the Ace building down, the King building up), the pile
    /// takes its base again (Napoleon's Tomb's centre: 6 down to Ace, then 6 again):
    /// `restart = true`.
    public var restart: Bool = false
    /// The rank an empty foundation takes (foundations only).
    public var base: BaseRank
    /// What an empty pile accepts (a foundation's empty rule is its base).
    public var empty: EmptyRule
    /// When the pile is emptied, the top card of this group's first non-empty slot moves onto it
    /// by itself (Canfield's reserve filling the tableau): `refill-from = "R"`.
    public var refillFrom: String?
    /// The groups that refill the pile, in order, once the `refillFrom` group is empty: a waste
    /// or a stock (Zebra's spaces, filled from the waste, else from the stock:
    /// `refill-from = ["waste", "stock"]`).
    public var refillThen: [String] = []
    /// The groups (or slot ids) whose cards the pile takes by hand, wherever they would land;
    /// `nil`: cards from anywhere (Sir Tommy's reserves take only the waste's card:
    /// `takes-from = "waste"`).
    public var takesFrom: [String]? = nil
    /// The groups (or slot ids) whose cards the pile takes while it is empty; `nil`: cards from
    /// anywhere (Backbone's empty columns take any card but the reserve's:
    /// `empty-from = ["tableau", "waste"]`).
    public var emptyFrom: [String]? = nil
    /// The piles `emptyFrom` names are taken from in turn: a pile's cards only while every pile
    /// named before it is empty (Glenwood's empty columns, filled from the reserves, then from
    /// the waste once the reserves are empty: `empty-from-in-turn = true`).
    public var emptyFromInTurn: Bool = false
    /// The groups (or slot ids) the pile lies across: while it holds a card, no card leaves
    /// them (Backbone's single card across the two stacks: `covers = "stack"`).
    public var covers: [String]? = nil
    /// Each pile of the group is covered by the piles of the group whose slots lie over part of
    /// its slot on the table, lower down (a pyramid drawn with half-card cells):
    /// `overlap-covers = true`.
    public var overlapCovers: Bool = false
    /// The face of each card dealt to every slot of the group, bottom first (`true`: face up),
    /// instead of the face-down cards under the face-up ones (Athena's rows down, up, down, up:
    /// `deal-faces = "dudu"`); `dealDown` and `dealUp` then count its `d`s and `u`s.
    public var dealFaces: [Bool]? = nil
    /// With `base = "any"`: once a foundation of the group holds cards, an empty one takes only
    /// the rank its bottom card has, so the player's first card sets every foundation's base
    /// (Chessboard): `same-base = true`.
    public var sameBase: Bool = false
    /// Each pile of the group but the first takes a card only when the pile before it holds a
    /// card of that rank (Aisleriot's Peek, whose foundations each take a rank only once the one
    /// above has it): `trails-previous = true`.
    public var trailsPrevious: Bool = false
    /// Two piles of the group pair only when their slots touch or share a row or column
    /// (`pair-reach = "touching"`); `nil`: any two piles.
    public var pairReach: PairReach? = nil
    /// An emptied pile of the group takes the card of the next pile after it in the group that
    /// holds one, before or after its refill (`close-up = "before-refill"`); `nil`: it does not.
    public var closeUp: CloseUp? = nil

    // MARK: Moving
    public var move: MoveRule
    /// The suit rule a movable sequence must follow, when it differs from `suit` (Spider builds
    /// on any suit but moves only runs of one suit): `move-suit = "same"`.
    public var moveSuit: SuitRule?
    public var sequenceLimit: SequenceLimit
    /// Cards may be taken back off the pile (foundations; `take-back = false` forbids it).
    public var takeBack: Bool
    /// A group of more than one card picked up from the pile goes only onto an empty pile; a
    /// single card goes wherever it builds (`groups-to = "empty"`).
    public var groupsToEmptyOnly: Bool = false

    // MARK: Foundations
    /// A complete run King to Ace in one suit, face up on top of a tableau pile, moves onto an
    /// empty slot of this group by itself (Spider, Scorpion): `collect = true`.
    public var collect: Bool
    /// A pile full to its capacity with its cards built in order is finished: its top card
    /// turns face down by itself and no card leaves it (Pileon): `freeze = true`.
    public var freeze: Bool = false

    /// A card that may move goes to this pile (a discard pile) when a card of its suit that
    /// outranks it tops another pile (Fortunes, Aces Up: `discard = "outranked"`).
    public var discard: DiscardRule?
    /// Two cards that may move leave the game together onto this pile (a discard pile), dropped
    /// one on the other, when they pair by this rule (Fourteen: `pair = "sum-14"`; Nestor:
    /// `pair = "same-rank"`). `nil`: no pairs.
    public var pair: PairRule?
    /// The cards of the pile that may pair, besides its top card (Treize's waste, whose bottom
    /// card plays too: `available = ["top", "bottom"]`); `nil`: the top card alone.
    public var available: [AvailableCard]? = nil

    // MARK: Stock
    /// Cards turned from the stock onto each target per click: `draw = 3`.
    public var draw: Int
    /// How often the waste may go back to the stock: `redeals = 2` or `redeals = "unlimited"`.
    public var redeals: Redeals
    /// Groups (or slot ids) a stock click deals to. One group of one slot (the waste) gets `draw`
    /// cards; otherwise each target slot gets one card, in order, while cards remain (Spider,
    /// Scorpion). Empty: the first waste group, if any.
    public var dealTo: [String]
    /// A stock click is refused while a slot of a `dealTo` group is empty (Spider).
    public var dealNeedsNoEmpty: Bool
    /// Groups (or slot ids) whose cards an empty stock gathers back, spending a redeal, before it
    /// deals again (Scuffle's reserves: `redeal-gathers = "reserve"`); `nil`: the waste is turned over.
    public var redealGathers: [String]? = nil
    /// The gathered cards are shuffled, by a number the position decides, before they are dealt
    /// again: `redeal-shuffles = true`.
    public var redealShuffles: Bool = false

    // MARK: Automatic steps
    /// A face-down card left on top of the pile turns face up by itself.
    public var turnUp: Bool

    // MARK: The solver
    /// What the solver tells positions apart by on the pile: `search-sees = "top"`.
    public var searchSees: SearchSight

    public init(
        dealDown: [Int] = [], dealUp: [Int] = [], dealRank: Int? = nil, kingsToBottom: Bool = false,
        build: BuildDirection, suit: SuitRule, wrap: Bool = false, base: BaseRank = .rank(1),
        empty: EmptyRule = .any, refillFrom: String? = nil, move: MoveRule, moveSuit: SuitRule? = nil,
        sequenceLimit: SequenceLimit = .none, takeBack: Bool = true, collect: Bool = false, draw: Int = 1,
        redeals: Redeals = .limited(0), dealTo: [String] = [], dealNeedsNoEmpty: Bool = false, turnUp: Bool = true,
        searchSees: SearchSight = .all, pair: PairRule? = nil
    ) {
        self.dealDown = dealDown
        self.dealUp = dealUp
        self.dealRank = dealRank
        self.kingsToBottom = kingsToBottom
        self.build = build
        self.suit = suit
        self.wrap = wrap
        self.base = base
        self.empty = empty
        self.refillFrom = refillFrom
        self.move = move
        self.moveSuit = moveSuit
        self.sequenceLimit = sequenceLimit
        self.takeBack = takeBack
        self.collect = collect
        self.draw = draw
        self.redeals = redeals
        self.dealTo = dealTo
        self.dealNeedsNoEmpty = dealNeedsNoEmpty
        self.turnUp = turnUp
        self.searchSees = searchSees
        self.pair = pair
    }

    /// The rules a group of this kind has when its table says nothing:
    ///
    /// | kind | build | suit | empty | move |
    /// | --- | --- | --- | --- | --- |
    /// | tableau | down | alternate | any | sequence |
    /// | foundation | up from A | same | (base) | top |
    /// | cell | none | any | any | top |
    /// | reserve, waste | none | any | none | top |
    /// | stock | none | any | none | none (a click deals `draw = 1` to the waste, no redeal) |
    /// | trash, free | none | any | any | top |
    public static func defaults(for kind: SlotKind) -> PileRules {
        switch kind {
        case .tableau: return PileRules(build: .down, suit: .alternate, move: .sequence)
        case .foundation: return PileRules(build: .up, suit: .same, base: .rank(1), move: .top)
        case .cell: return PileRules(build: .none, suit: .any, move: .top)
        case .reserve, .waste: return PileRules(build: .none, suit: .any, empty: .none, move: .top)
        case .stock: return PileRules(build: .none, suit: .any, empty: .none, move: .none)
        case .trash, .free: return PileRules(build: .none, suit: .any, move: .top)
        }
    }
}

/// A game's rules: the `[game]` table and the rules of each group. A layout without a `[game]`
/// table has none and is played as a free table.
public struct GameRules: Hashable, Sendable {
    /// How many 52-card decks: 1 to 4.
    public var decks: Int
    /// The suits in play, as letters (`"CDHS"`); with fewer suits the cards of those suits are
    /// repeated so the game still has 52 × `decks` cards (one-suit Spider: 8 × the spades).
    public var suits: [Character]
    public var win: WinCondition
    /// Where the game belongs in `cardtable list` (`"Klondike"`, `"FreeCell"`, …).
    public var family: String
    /// The search of the solver's own the layout promises its rules fit (`solver`), if any.
    public var solver: SolverFamily?
    /// The Ace ranks above the King, not below the 2 (`aces = "high"`: Fortunes, Aces Up), in
    /// building, in runs and in what outranks what.
    public var acesHigh: Bool
    /// The rules of each group, by group name. Every group of the layout has an entry.
    public var groups: [String: PileRules]

    /// Some group takes cards only from some piles (`takes-from`, `empty-from`), lets groups
    /// of cards go only onto empty piles (`groups-to`), covers other piles (`covers`,
    /// `overlap-covers`) or lets a card under the top play (`available`): what a
    /// move may do depends on where its cards come from, which the family searches' models do
    /// not know. A stock that gathers piles back on a redeal (`redeal-gathers`), or deals more
    /// than one card at a time onto the piles `deal-to` names, moves cards in a way those models
    /// do not know either, and is counted here too, so that such games get the general searches;
    /// so is a pile built by doubling (`build = "double"`), built again from its base
    /// (`restart`) or built by its top two cards (`build = "one-way"`, `"up-then-down"`), whose
    /// order the models do not know.
    public var routesBySource: Bool {
        groups.values.contains {
            $0.takesFrom != nil || $0.emptyFrom != nil || $0.groupsToEmptyOnly || $0.covers != nil
                || $0.overlapCovers || $0.available != nil || $0.trailsPrevious
                || $0.pairReach != nil || $0.closeUp != nil || $0.redealGathers != nil
                || ($0.draw > 1 && $0.dealTo.count > 0) || $0.sameBase
                || $0.dealFaces != nil || $0.build == .double || $0.restart || $0.build == .oneWay
                || $0.build == .upThenDown
        }
    }

    public init(
        decks: Int = 1, suits: [Character] = ["C", "D", "H", "S"], win: WinCondition = .foundations,
        family: String = "Other", solver: SolverFamily? = nil, acesHigh: Bool = false, groups: [String: PileRules]
    ) {
        self.decks = decks
        self.suits = suits
        self.win = win
        self.family = family
        self.solver = solver
        self.acesHigh = acesHigh
        self.groups = groups
    }

    /// A rank's place in the game's order: the rank itself, or 14 for an Ace ranking high.
    @inline(__always)
    public func value(ofRank rank: Int) -> Int { acesHigh && rank == 1 ? 14 : rank }

    /// How many cards the game is played with.
    public var cardCount: Int { 52 * decks }
}
