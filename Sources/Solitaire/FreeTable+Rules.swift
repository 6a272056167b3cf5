import Layouts

/// The free table (the Cookbook's sandbox) as ``Rules``, on a ``GameState``, so undo works the same
/// way as in every game.
///
/// - The state has one pile per layout slot and one more, hidden, after them
///   (``deckPile`` = `layout.slots.count`): the sandbox deck, face down, the next card on top. It
///   holds ``deckCount`` decks shuffled as ``Deck`` shuffles them (seed, seed + 1, …), so a table
///   creates the cards a ``Deck`` with that seed deals, up to 52 × ``deckCount`` cards
///   (8 decks, 416 cards, by default); after that a tap creates nothing ("the deck is empty").
/// - A tap on a slot that creates cards (`.create(at:)`, from ``clickMove(on:in:)``) turns the deck's
///   top card face up onto it, when it has room. A layout that marks no slot `tap-to-create` has
///   every slot but the trash create.
/// - Only the top card moves, one card at a time, to a slot with room (unfanned slots hold one
///   card; see ``FreeTable/capacity(of:)``), or onto a trash.
/// - A trash deletes what is dropped on it: the card stays in the trash's pile so the move can be
///   undone, but it is gone from play (nothing leaves a trash) and a table draws none of a trash's
///   cards.
/// - The game is never won.
extension FreeTable: Rules {
    /// The index of the hidden deck pile: one past the layout's slots.
    public var deckPile: Int { layout.slots.count }

    /// Empty slots and the deck pile.
    public func deal(seed: UInt64) -> GameState {
        var deck: [PileCard] = []
        deck.reserveCapacity(52 * sandbox.deckCount)
        for offset in 0..<sandbox.deckCount {
            for card in Deck.shuffled(seed: seed &+ UInt64(offset)) { deck.append(PileCard(card, faceUp: false)) }
        }
        var piles = [[PileCard]](repeating: [], count: layout.slots.count)
        piles.append(deck.reversed())
        return GameState(piles: piles)
    }

    public func legalMoves(in state: GameState) -> [Move] {
        var moves: [Move] = []
        let slots = layout.slots.indices
        for pile in slots where canCreate(at: pile, in: state) { moves.append(.create(at: pile)) }
        for from in slots where canPickUp(pile: from, from: state.piles[from].count - 1, in: state) {
            for to in slots where to != from && (sandbox.deletes[to] || state.piles[to].count < sandbox.capacities[to])
            {
                moves.append(.transfer(from: from, to: to))
            }
        }
        return moves
    }

    public func refusal(of move: Move, in state: GameState) -> Refusal? {
        let slots = layout.slots.indices
        switch move.kind {
        case .create:
            guard slots.contains(move.to), sandbox.creates[move.to] else { return Refusal("no card is created there") }
            if state.piles[move.to].count >= sandbox.capacities[move.to] { return Refusal("there is no room there") }
            if state.piles[deckPile].isEmpty { return Refusal("the deck is empty") }
            return nil
        case .stock:
            return Refusal("a free table has no stock")
        case .click:
            return Refusal("nothing happens")
        case .transfer:
            guard slots.contains(move.from), slots.contains(move.to) else { return Refusal("there is no such pile") }
            if state.piles[move.from].isEmpty { return Refusal("there is no card there") }
            if sandbox.deletes[move.from] { return Refusal("cards in the trash are gone") }
            if move.count != 1 { return Refusal("only the top card moves") }
            if move.from == move.to { return Refusal("the card is already there") }
            if !sandbox.deletes[move.to] && state.piles[move.to].count >= sandbox.capacities[move.to] {
                return Refusal("there is no room there")
            }
            return nil
        }
    }

    public func apply(_ move: Move, to state: inout GameState) -> MoveRecord {
        let step: Step
        switch move.kind {
        case .create:
            guard refusal(of: move, in: state) == nil else { return MoveRecord(move: move, steps: []) }
            step = Step(from: deckPile, to: move.to, count: 1, flip: true)
        case .transfer:
            guard refusal(of: move, in: state) == nil else { return MoveRecord(move: move, steps: []) }
            step = Step(from: move.from, to: move.to, count: 1)
        case .stock, .click:
            return MoveRecord(move: move, steps: [])
        }
        state.apply(step)
        return MoveRecord(move: move, steps: [step])
    }

    public func canPickUp(pile: Int, from index: Int, in state: GameState) -> Bool {
        guard layout.slots.indices.contains(pile), !sandbox.deletes[pile] else { return false }
        return index >= 0 && index == state.piles[pile].count - 1
    }

    public func clickMove(on pile: Int, in state: GameState) -> Move? {
        canCreate(at: pile, in: state) ? .create(at: pile) : nil
    }

    public func isWon(_ state: GameState) -> Bool { false }

    /// Would a tap on this slot create a card?
    public func canCreate(at pile: Int, in state: GameState) -> Bool {
        refusal(of: .create(at: pile), in: state) == nil
    }
}
