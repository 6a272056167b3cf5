// Positions that are the same game: which free cell of a group holds which card does not matter,
// so moving a card from one cell to another changes nothing. A position's canonical form has the
// cells of each such group sorted by their cards; two positions with the same canonical form play
// alike. Only cells that are truly interchangeable are sorted (DeclarativeRules+Play.swift: one
// group, one capacity, no stock dealing to them, no pile refilling from them); other rules sort
// nothing.

/// Turns positions into their canonical form, for the outlook's search and for telling whether a
/// hint only undoes the last move.
struct PositionCanonicalizer {
    /// Groups of interchangeable cells.
    let cellGroups: [[Int]]

    init(_ rules: some Rules) {
        cellGroups = (rules as? DeclarativeRules)?.interchangeableCells ?? []
    }

    /// The position with each group of interchangeable cells sorted; itself when already sorted.
    func canonical(_ state: GameState) -> GameState {
        var state = state
        for group in cellGroups {
            var sorted = true
            for (lower, upper) in zip(group, group.dropFirst())
            where PositionCanonicalizer.precedes(state.piles[upper], state.piles[lower]) {
                sorted = false
                break
            }
            if sorted { continue }
            let piles = group.map { state.piles[$0] }.sorted(by: PositionCanonicalizer.precedes)
            for (pile, cards) in zip(group, piles) { state.piles[pile] = cards }
        }
        return state
    }

    /// An order of piles by their cards, bottom first; a pile before every pile it begins.
    static func precedes(_ left: [PileCard], _ right: [PileCard]) -> Bool {
        for (a, b) in zip(left, right) where a.raw != b.raw { return a.raw < b.raw }
        return left.count < right.count
    }

    /// Whether two positions play alike.
    func same(_ left: GameState, _ right: GameState) -> Bool {
        left == right || (!cellGroups.isEmpty && canonical(left) == canonical(right))
    }
}
