import Solitaire

/// A winning line the solver found, as the table plays it: the position before each move, so
/// that the table can tell at once whether the position on it lies on the line (the player,
/// a hint or the demo followed it) and which move comes next.
///
/// The solver's moves are the player's moves alone; the table may send cards to the
/// foundations by itself after each one (autoplay). The line is therefore replayed under the
/// table's autoplay mode: a move autoplay already made is left out, and the positions are
/// those the table will show. When that replay does not end in a win (autoplay took a card
/// the line needed), the line is kept as the solver gave it, which a table without autoplay
/// follows.
struct KnownSolution {
    /// The moves, first to last, as the table plays them.
    let moves: [Move]
    /// Where each position lies on the line: the index of the move to make from it.
    private let index: [GameState: Int]

    /// The line from `start` by the solver's `moves`, replayed under the table's `autoplay`.
    init(from start: GameState, moves solverMoves: [Move], rules: any Rules, autoplay: AutoplayMode) {
        if autoplay != .off,
            let replayed = KnownSolution.replay(solverMoves, from: start, rules: rules, autoplay: autoplay)
        {
            (moves, index) = replayed
            return
        }
        var position = start
        var index: [GameState: Int] = [:]
        for (number, move) in solverMoves.enumerated() {
            index[position] = number
            _ = rules.apply(move, to: &position)
        }
        moves = solverMoves
        self.index = index
    }

    /// The next move of the line from `state`, or nil when `state` is not on it.
    func nextMove(at state: GameState) -> Move? {
        index[state].map { moves[$0] }
    }

    /// Whether `state` lies on the line (the win at its end excluded).
    func contains(_ state: GameState) -> Bool { index[state] != nil }

    /// The solver's moves played as the table plays them, autoplay after each (and before the
    /// first, as a fresh deal is autoplayed); nil unless that ends in a win.
    private static func replay(
        _ solverMoves: [Move], from start: GameState, rules: any Rules, autoplay: AutoplayMode
    ) -> (moves: [Move], index: [GameState: Int])? {
        var position = start
        var moves: [Move] = []
        var index: [GameState: Int] = [:]
        func autoplayAll() {
            var count = 0
            while count < 1_000, let move = rules.autoplayMove(in: position, mode: autoplay) {
                _ = rules.apply(move, to: &position)
                count += 1
            }
        }
        autoplayAll()
        for move in solverMoves {
            if rules.isWon(position) { break }
            // Made already by autoplay (its card is up), or no longer there to make.
            guard rules.refusal(of: move, in: position) == nil else { continue }
            index[position] = moves.count  // a position met again: the line goes on from its last time
            moves.append(move)
            _ = rules.apply(move, to: &position)
            autoplayAll()
        }
        return rules.isWon(position) ? (moves, index) : nil
    }
}
