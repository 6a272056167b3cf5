import Layouts

// Finished piles: a pile full to its capacity with its cards built in order, by its own build
// rule, face up or not. `win = "sets"` asks every card to be in a finished tableau pile (Pileon:
// four of a rank each; a tableau dealt empty is not won); `freeze` turns a finished pile's top card face down and keeps
// its cards where they are.

extension DeclarativeRules {
    /// Whether pile `index` is full to its capacity with each card built on the one below it.
    func isFinished(_ index: Int, in state: GameState) -> Bool {
        let traits = self.traits[index]
        let pile = state.piles[index]
        guard !pile.isEmpty, pile.count == traits.capacity else { return false }
        let direction = traits.build == .none ? traits.sequenceDirection : traits.build
        for position in pile.indices.dropFirst() {
            if !DeclarativeRules.follows(
                pile[position], on: pile[position - 1], direction: direction, suit: traits.suit, wrap: traits.wrap,
                acesHigh: traits.acesHigh)
            {
                return false
            }
        }
        return true
    }

    /// Whether pile `index` is a finished pile of a freezing group, its top card turned down.
    @inline(__always)
    func isFrozen(_ index: Int, in state: GameState) -> Bool {
        traits[index].freeze && state.piles[index].last?.faceUp == false && isFinished(index, in: state)
    }
}
