import Solitaire

/// A saved game brought back to life: its position and its undo and redo records, each move
/// checked against the rules as it is replayed.
public struct ResumedGame: Hashable, Sendable {
    public var state: GameState
    public var history: [MoveRecord]
    public var undone: [MoveRecord]
}

extension SavedGame {
    /// Replays the saved moves from the start under `rules`, checking that each is legal and
    /// took the steps the rules take, and that the taken-back moves could be made again.
    /// The records kept are the rules' own, so a resumed game undoes exactly as it would have.
    public func replay(with rules: any Rules, file: String) throws(SaveError) -> ResumedGame {
        let expectedPiles = rules.deal(seed: 1).piles.count
        var state: GameState
        switch start {
        case .deal(let number): state = rules.deal(seed: number)
        case .position(let position):
            guard position.piles.count == expectedPiles else {
                throw SaveError(
                    .illegalMove, file: file,
                    "the position has \(position.piles.count) piles, \(title) has \(expectedPiles)")
            }
            state = position
        }
        var history: [MoveRecord] = []
        for (number, record) in self.history.enumerated() {
            history.append(try Self.replay(record, number: number + 1, in: &state, rules: rules, file: file))
        }
        // Taken-back moves, the next to redo first: each must be legal where it would be redone.
        var redoState = state
        var redone: [MoveRecord] = []
        redone.reserveCapacity(self.undone.count)
        for (number, record) in self.undone.reversed().enumerated() {
            redone.append(
                try Self.replay(
                    record, number: self.history.count + number + 1, in: &redoState, rules: rules, file: file))
        }
        // Appended in redo order and turned round once: inserting each at the front made a long
        // redo list load in quadratic time (200,000 taken-back moves took 10 s).
        return ResumedGame(state: state, history: history, undone: redone.reversed())
    }

    /// Replays one record: its move, then the moves autoplay made after it (the steps left
    /// over, marked automatic). A record of autoplay alone has an automatic first step.
    private static func replay(
        _ record: MoveRecord, number: Int, in state: inout GameState, rules: any Rules, file: String
    ) throws(SaveError) -> MoveRecord {
        func illegal(_ why: String) -> SaveError {
            SaveError(.illegalMove, file: file, "move \(number) (\(record.move)) \(why)")
        }
        func play(_ move: Move, automatic: Bool) throws(SaveError) -> [Step] {
            let piles = state.piles.count
            guard (0..<piles).contains(move.from), (0..<piles).contains(move.to), move.count >= 0,
                move.count <= state.piles[move.from].count || move.kind != .transfer
            else { throw illegal("names a pile or a count the game does not have") }
            if let refusal = rules.refusal(of: move, in: state) {
                throw illegal("is not allowed: \(refusal.plainMessage)")
            }
            var steps = rules.apply(move, to: &state).steps
            if automatic { for index in steps.indices { steps[index].automatic = true } }
            return steps
        }
        let autoplayOnly = record.steps.first?.automatic ?? false
        var replayed = autoplayOnly ? [] : try play(record.move, automatic: false)
        guard record.steps.starts(with: replayed) else { throw illegal("took other steps than the rules take") }
        while replayed.count < record.steps.count {
            let next = record.steps[replayed.count]
            guard next.automatic, next.from != next.to else { throw illegal("has a step autoplay does not make") }
            let steps = try play(.transfer(from: next.from, to: next.to, count: next.count), automatic: true)
            guard record.steps[replayed.count...].starts(with: steps) else {
                throw illegal("took other steps than the rules take")
            }
            replayed += steps
        }
        return MoveRecord(move: record.move, steps: replayed)
    }
}
