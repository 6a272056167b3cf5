import Solitaire

/// A solution checked the way a player would play it: each move legal under the rules in turn,
/// the last one winning. `solve` trusts no solution it has not replayed.
///
/// Moves are written in the game's words after the slots they go between (slot ids as in
/// position files):
///
/// ```
/// tableau.3 -> cell.1: Move 7S to a free cell
/// tableau.6 -> tableau.2: Move 9D and 2 more onto TC
/// stock: Deal from the stock
/// ```
struct SolutionReplay {
    /// The moves as lines, when asked for.
    var lines: [String] = []
    /// Why the moves do not win, or `nil` when they do.
    var failure: String?

    /// Replays `moves` from `start`; writes each one when `writing`.
    init(_ moves: [Move], from start: GameState, rules: any Rules, writing: Bool) {
        var state = start
        for (index, move) in moves.enumerated() {
            if let refusal = rules.refusal(of: move, in: state) {
                let words = Self.notation(move, in: state, rules: rules)
                failure = "move \(index + 1) (\(words)) is refused: \(refusal.plainMessage)"
                return
            }
            if writing { lines.append(Self.notation(move, in: state, rules: rules)) }
            _ = rules.apply(move, to: &state)
        }
        if !rules.isWon(state) { failure = "the moves found end without winning the game" }
    }

    /// `tableau.3 -> cell.1: Move 7S to a free cell`: the slots by id, then the move in the game's
    /// words (MoveSentences.swift), cards written as in position files.
    static func notation(_ move: Move, in state: GameState, rules: any Rules) -> String {
        let slots = rules.layout.slots
        func name(_ pile: Int) -> String { slots.indices.contains(pile) ? slots[pile].id : "pile \(pile)" }
        let words = rules.describe(move, in: state).plainMessage
        switch move.kind {
        case .transfer: return "\(name(move.from)) -> \(name(move.to)): \(words)"
        case .stock, .click: return "\(name(move.from)): \(words)"
        case .create: return "\(name(move.to)): \(words)"
        }
    }
}
