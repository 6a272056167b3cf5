import Layouts
import Solitaire

/// FreeCell Solver's board format (`fc-solve`, Debian's `freecell-solver-bin`), so a position
/// can be checked with other tools:
///
/// ```
/// Foundations: H-0 C-2 D-A S-0
/// Freecells:  8D  -  -  -
/// : 4C 2C 9C 8C QS 4S 2H
/// : 5H QH 3C AC 3H 4H QD
/// ```
///
/// A `Foundations:` line (or `Founds:`) gives the top rank on each suit's foundation (`0` for
/// none), a `Freecells:` line (or `FC:`) the free cells (`-` for an empty one), then one line per
/// column, bottom card first, with an optional leading `:`. Ranks are `A 2 … 9 T J Q K`, `10`
/// for `T` and `1` for `A` too.
///
/// It fits games whose layout has only foundations, free cells and columns, played with one
/// deck, whose four foundations build up in suit from the ace and whose deal is face up:
/// FreeCell, Baker's Game, Eight Off, Seahaven Towers, Beleaguered Castle and their kin
/// (``unfitness(of:)``). FreeCell Solver plays FreeCell by default; its `--game` option names
/// the others.
public enum FreeCellBoard {
    /// Why a game, or one of its positions, cannot be written as a board.
    public struct Unfit: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String

        public init(_ reason: String) { self.reason = reason }

        public var description: String { reason }
    }

    /// The suits in the order a board lists its foundations.
    static let suitOrder: [Card.Suit] = [.hearts, .clubs, .diamonds, .spades]

    /// Why the game does not fit a board (`nil` when it does): a free table, a stock, more decks,
    /// other foundations, cells that hold more than a card, face-down cards.
    public static func unfitness(of layout: TableLayout) -> Unfit? {
        guard let rules = layout.rules else { return Unfit("\(layout.title) is a free table, with no game to solve") }
        let others = Set(layout.slots.map(\.kind)).subtracting([.foundation, .cell, .tableau])
        if !others.isEmpty {
            let kinds = SlotKind.allCases.filter(others.contains).map(\.rawValue).joined(separator: ", ")
            return Unfit(
                "\(layout.title) has slots of kind \(kinds); a board has only foundations, free cells and columns")
        }
        let dealt = DeclarativeRules(layout: layout).deal(seed: 1)
        let identities = dealt.piles.joined().map(PositionGame.identity)
        if identities.count != 52 || Set(identities).count != 52 {
            return Unfit("\(layout.title) is not played with one deck of four suits, as a board is")
        }
        let foundations = layout.slots(ofKind: .foundation)
        let builtFromTheAce = foundations.allSatisfy { slot in
            guard let pile = rules.groups[slot.group] else { return false }
            return pile.base == .rank(1) && pile.build == .up && pile.suit == .same && !pile.wrap
        }
        if foundations.count != 4 || !builtFromTheAce {
            return Unfit("a board has four foundations built up in suit from the ace, and \(layout.title) has not")
        }
        if layout.slots(ofKind: .tableau).isEmpty { return Unfit("\(layout.title) has no columns") }
        if layout.slots(ofKind: .cell).contains(where: { ($0.capacity ?? 1) != 1 }) {
            return Unfit("\(layout.title)'s free cells hold more than one card each, a board's one")
        }
        if dealt.piles.joined().contains(where: { !$0.faceUp }) {
            return Unfit("\(layout.title) deals cards face down, and a board has none")
        }
        return nil
    }

    /// The position as a board: foundations, free cells (when the game has some), one line per
    /// column. Throws when the game does not fit (``unfitness(of:)``) or the position cannot be
    /// said on a board (a face-down card, a foundation that is not a run from the ace in suit).
    public static func write(_ state: GameState, layout: TableLayout) throws(Unfit) -> String {
        if let unfit = unfitness(of: layout) { throw unfit }
        guard state.piles.count == layout.slots.count else { throw Unfit("the position does not fit \(layout.title)") }
        for (index, slot) in layout.slots.enumerated() {
            if let card = state.piles[index].first(where: { !$0.faceUp }) {
                throw Unfit("\(card) in '\(slot.id)' is face down, and a board has no face-down cards")
            }
        }
        var lines = ["Foundations: " + (try foundationLine(state, layout: layout))]
        let cells = layout.slots.indices.filter { layout.slots[$0].kind == .cell }
        if !cells.isEmpty {
            lines.append("Freecells:" + cells.map { "  " + (state.piles[$0].last?.description ?? "-") }.joined())
        }
        for (index, slot) in layout.slots.enumerated() where slot.kind == .tableau {
            lines.append(([":"] + state.piles[index].map(\.description)).joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `H-0 C-2 D-A S-0`: the foundations in layout order, each with its suit, an empty one with
    /// a suit no other has (hearts, clubs, diamonds, spades first), so a board read back puts
    /// every suit on the foundation it came from.
    static func foundationLine(_ state: GameState, layout: TableLayout) throws(Unfit) -> String {
        let foundations = layout.slots.indices.filter { layout.slots[$0].kind == .foundation }
        var suits: [Card.Suit?] = []
        for pile in foundations {
            let cards = state.piles[pile]
            guard let first = cards.first else {
                suits.append(nil)
                continue
            }
            let suit = first.card.suit
            let isRun = cards.enumerated().allSatisfy {
                $0.element.rank == $0.offset + 1 && $0.element.card.suit == suit
            }
            guard isRun, !suits.contains(suit) else {
                throw Unfit(
                    "'\(layout.slots[pile].id)' is not a run from the ace up in one suit, as a board's foundations are")
            }
            suits.append(suit)
        }
        var unused = suitOrder.filter { !suits.contains($0) }
        var parts: [String] = []
        for (pile, suit) in zip(foundations, suits) {
            let top = state.piles[pile].last.map { String($0.card.rank.symbol) } ?? "0"
            parts.append("\(suit?.letter ?? unused.removeFirst().letter)-\(top)")
        }
        return parts.joined(separator: " ")
    }
}
