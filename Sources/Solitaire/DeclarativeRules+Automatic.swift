import Layouts

// The steps the rules take by themselves after every move, marked `automatic`:
//
// - `turn-up`: a face-down card on top of a pile turns face up (never on a stock), once no pile
//   covers it (Thirteen's pyramid, dealt face down);
// - `refill-from`: an emptied pile takes the top card of the first non-empty slot of the named
//   group (Canfield's reserve);
// - `close-up`: an emptied pile takes the card of the next pile of its group that holds one,
//   before or after its refill, so the cards close up toward the group's first pile (Neighbor);
// - `collect`: a complete run King to Ace of one suit, face up on top of a tableau pile, moves
//   onto the first empty slot of a collecting group (Spider);
// - `freeze`: a finished pile (DeclarativeRules+Finished.swift) turns its top card face down
//   (Pileon), and stays so.
//
// Every pile a step touched is looked at again, until nothing changes: the steps themselves are
// the work list, so this allocates nothing beyond the record.

extension DeclarativeRules {
    /// The most automatic steps one move may set off: a guard against rules that refill each
    /// other in a circle.
    static let automaticStepLimit = 1000

    /// Applies the automatic steps that `steps` (already applied) set off, and appends them.
    func settle(_ state: inout GameState, steps: inout [Step]) {
        var cursor = 0
        var added = 0
        while cursor < steps.count && added < DeclarativeRules.automaticStepLimit {
            let step = steps[cursor]
            cursor += 1
            if let automatic = automaticStep(on: step.from, in: state) {
                state.apply(automatic)
                steps.append(automatic)
                added += 1
            }
            if step.to != step.from, let automatic = automaticStep(on: step.to, in: state) {
                state.apply(automatic)
                steps.append(automatic)
                added += 1
            }
            // A pile emptied may uncover others (`covers`, `overlap-covers`): their face-down
            // cards may turn up now.
            if hasCovers, state.piles[step.from].isEmpty {
                for covered in covering[step.from] {
                    guard let automatic = automaticStep(on: covered, in: state) else { continue }
                    state.apply(automatic)
                    steps.append(automatic)
                    added += 1
                }
            }
        }
    }

    /// The first automatic step pile `index` calls for, if any.
    @inline(__always)
    func automaticStep(on index: Int, in state: GameState) -> Step? {
        let pile = state.piles[index]
        guard let top = pile.last else {
            let closeUp = traits[index].closeUp
            if closeUp == .beforeRefill, let source = nextHolding(after: index, in: state) {
                return Step(from: source, to: index, count: 1, automatic: true)
            }
            for source in refillSources[index] where !state.piles[source].isEmpty {
                return Step(from: source, to: index, count: 1, automatic: true)
            }
            if closeUp == .afterRefill, let source = nextHolding(after: index, in: state) {
                return Step(from: source, to: index, count: 1, automatic: true)
            }
            return nil
        }
        if !top.faceUp {
            return traits[index].turnUp && !isFrozen(index, in: state)
                && !(hasCovers && isCovered(index, in: state)) ? .turnUp(index) : nil
        }
        if traits[index].freeze && isFinished(index, in: state) {
            return Step(from: index, to: index, count: 1, flip: true, automatic: true)
        }
        if collectSources[index] && top.rank == 1 && pile.count >= 13 && completesRun(pile) {
            for target in collectTargets where state.piles[target].isEmpty {
                return Step(from: index, to: target, count: 13, automatic: true)
            }
        }
        return nil
    }

    /// The first pile after `index` in its group that holds a card (`close-up`).
    func nextHolding(after index: Int, in state: GameState) -> Int? {
        let piles = groups[pileGroup[index]].piles
        guard let place = piles.firstIndex(of: index) else { return nil }
        return piles[(place + 1)...].first { !state.piles[$0].isEmpty }
    }

    /// Whether the top 13 cards are King down to Ace of one suit, face up.
    func completesRun(_ pile: [PileCard]) -> Bool {
        let top = pile.count - 1
        let suit = pile[top].suitIndex
        for offset in 0..<13 {
            let card = pile[top - offset]
            if !card.faceUp || card.rank != offset + 1 || card.suitIndex != suit { return false }
        }
        return true
    }
}
