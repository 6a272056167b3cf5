import Layouts
import Scripting
import Solitaire

/// A game's position as readable text, for `cardtable export` and `cardtable play --position`:
///
/// ```
/// # CardTable position
/// game klondike
/// redeals 2
/// stock:        [3H] [4C] [5D]
/// waste:        5D 6S
/// foundation.1:
/// tableau.1:    KS
/// tableau.2:    [8C] 7H
/// ```
///
/// - `#` starts a comment, to the end of the line; blank lines are ignored.
/// - `game NAME`: the game's name (`cardtable list`), required.
/// - `redeals N` (or `redeals unlimited`): how often the waste may still go back to the stock;
///   written for games with a limited number, which is the game's own when the line is left out.
/// - `base RANK`: the foundations' base rank, for games that deal it (Canfield); required there.
/// - `ID: CARDS`: one line per slot, by slot id, every slot once; the cards bottom first, `TS`
///   face up and `[TS]` face down (rank `A 2 … 9 T J Q K`, `10` too; suit `C D H S`; either case).
/// - `deck CARDS`: a free table's undealt cards, the next one last.
///
/// A game's position holds each of its cards exactly as often as its deck has it (a free
/// table's at most as often: a card dropped on its trash is gone), a trash holds none, and a
/// slot no more than its capacity. Problems are reported compiler style, every one found (up to
/// ``PositionErrors/limit``), with its line and column (PositionText+Parse.swift).
public enum PositionText {
    /// The first line written: says what the file is.
    public static let header = "# CardTable position"

    /// The largest position file read: a position is a few kilobytes.
    public static let sizeLimit = 1 << 20

    /// The position as text (see ``PositionText``): the header, `game`, `redeals` and `base` when
    /// the game has them, then one line per slot in layout order, ids aligned; a free table's
    /// undealt cards last. A trash's cards are gone from play and not written.
    public static func write(_ state: GameState, layout: TableLayout) -> String {
        let game = PositionGame(layout: layout)
        var lines = [header, "game \(layout.name)"]
        if game.hasRedeals {
            lines.append("redeals \(state.redealsLeft == Int.max ? "unlimited" : String(state.redealsLeft))")
        }
        if game.dealsBase, (1...13).contains(state.dealtBase) {
            lines.append("base \(Card.Rank(rawValue: state.dealtBase)!.symbol)")
        }
        let width = layout.slots.map { $0.id.unicodeScalars.count }.max() ?? 0
        for (index, slot) in layout.slots.enumerated() {
            let label = slot.id + ":"
            let cards = slot.deleteOnDrop ? [] : state.piles.indices.contains(index) ? state.piles[index] : []
            if cards.isEmpty {
                lines.append(label)
            } else {
                let padding = String(repeating: " ", count: width - slot.id.unicodeScalars.count)
                lines.append(label + padding + " " + cards.map(\.description).joined(separator: " "))
            }
        }
        if game.isFreeTable, state.piles.count > layout.slots.count {
            lines.append((["deck"] + state.piles[layout.slots.count].map(\.description)).joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// What a position of a game must agree with, worked out once from the layout and its first deal.
struct PositionGame {
    let layout: TableLayout
    let dealt: GameState
    let isFreeTable: Bool
    /// How often each card is in the game, by ``PositionGame/identity(_:)``.
    let cardCounts: [Int]
    /// The most cards each slot holds (`Int.max`: no limit).
    let capacities: [Int]
    /// The foundations' base rank is dealt (`base = "dealt"`).
    let dealsBase: Bool

    init(layout: TableLayout) {
        self.layout = layout
        dealt = rulesOf(layout).deal(seed: 1)
        isFreeTable = layout.rules == nil
        var counts = [Int](repeating: 0, count: 64)
        for pile in dealt.piles { for card in pile { counts[PositionGame.identity(card)] += 1 } }
        cardCounts = counts
        capacities = layout.slots.map { slot in
            if layout.rules == nil { return FreeTable.capacity(of: slot) }
            return slot.capacity ?? (slot.kind == .cell ? 1 : Int.max)
        }
        dealsBase =
            layout.rules?.groups.contains { group, rules in
                rules.base == .dealt && layout.slots.contains { $0.group == group && $0.kind == .foundation }
            } ?? false
    }

    /// The game limits its redeals (and has some): its positions say how many are left.
    var hasRedeals: Bool { dealt.redealsLeft > 0 && dealt.redealsLeft != Int.max }

    /// A card's rank and suit, face aside: `0..<64`.
    static func identity(_ card: PileCard) -> Int { Int(card.raw & 0x3F) }

    /// The piles of a position: one per slot, and the free table's hidden deck.
    var pileCount: Int { dealt.piles.count }
}
