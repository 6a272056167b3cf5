import Solitaire

// The order a position's moves are tried in: the likeliest to lead to a win first.
//
// Each move is played, the position it leads to is scored (PositionScore.swift) and the move is
// taken back; the moves are tried from the best position down. Moves onto an empty pile of a class
// of interchangeable piles are kept for its first empty pile only: the others lead to the same
// position.

/// Lists and orders moves.
struct MoveOrdering<R: Rules> {
    let rules: R
    let model: SolverModel
    let scorer: PositionScorer
    private var scratch: [Move] = []
    private var scored: [(score: Int, move: Move)] = []

    init(rules: R, model: SolverModel) {
        self.rules = rules
        self.model = model
        scorer = PositionScorer(rules: rules, model: model)
        scratch.reserveCapacity(128)
        scored.reserveCapacity(128)
    }

    /// Appends the legal moves of `state` to `moves`, best first. `state` is back as it was when
    /// this returns.
    mutating func appendOrderedMoves(in state: inout GameState, to moves: inout [Move]) {
        scratch.removeAll(keepingCapacity: true)
        rules.legalMoves(in: state, into: &scratch)
        scored.removeAll(keepingCapacity: true)
        for move in scratch {
            if move.kind == .transfer, state.piles[move.to].isEmpty, !isFirstEmptyOfClass(move.to, in: state) {
                continue
            }
            let record = rules.apply(move, to: &state)
            let score = scorer.score(state)
            state.revert(record)
            scored.append((score, move))
        }
        scored.sort { $0.score > $1.score }
        for entry in scored { moves.append(entry.move) }
    }

    private func isFirstEmptyOfClass(_ pile: Int, in state: GameState) -> Bool {
        let pileClass = model.pileClass[pile]
        for other in 0..<pile where model.pileClass[other] == pileClass && state.piles[other].isEmpty {
            return false
        }
        return true
    }
}
