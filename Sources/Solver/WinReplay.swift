import Solitaire

/// Plays a win a family's own search found (Golf's, Accordion's) on the table's own rules from
/// `start`, so that the moves the player sees are the rules' and each was checked legal: the
/// moves, when every one is allowed and the last one wins; `nil` otherwise (the search then
/// gives no answer rather than a wrong one).
func replayedWin(_ moves: [Move], rules: any Rules, from start: GameState) -> [Move]? {
    var state = start
    for move in moves {
        guard rules.allows(move, in: state) else { return nil }
        _ = rules.apply(move, to: &state)
    }
    return rules.isWon(state) ? moves : nil
}
