import Layouts

// Where cards may go by where they come from: `takes-from` (a pile takes only some piles'
// cards: Sir Tommy's reserves, the waste's), `empty-from` (an empty pile takes only some piles'
// cards: Backbone's columns, any but the reserve's; with `empty-from-in-turn`, a pile's only
// once those named before it are empty: Glenwood's) and `groups-to = "empty"` (a group of cards
// from the pile goes only onto an empty pile). Checked after what the target accepts by its
// building rules, so the words a player reads name the first thing wrong.

extension DeclarativeRules {
    /// `nil` when `count` cards from pile `from` may land on pile `to` by where they come from.
    @inline(__always)
    func routeVerdict(from: Int, count: Int, to: Int, in state: GameState) -> Verdict? {
        let targetIsEmpty = state.piles[to].isEmpty
        if count > 1, traits[from].groupsToEmptyOnly, !targetIsEmpty { return .groupsOnlyToEmpty(onto: to) }
        if let allowed = takesFrom[to], !allowed[from] { return .refusesSource(from: from, onto: to) }
        if targetIsEmpty, let allowed = emptyFrom[to], !allowed[from] {
            return .emptyRefusesSource(from: from, onto: to)
        }
        if targetIsEmpty, let waits = emptyFromWaits[to],
            let first = waits[from].first(where: {
                !state.piles[$0].isEmpty
            })
        {
            return .emptyWaits(from: from, onto: to, waitsOn: first)
        }
        return nil
    }
}
