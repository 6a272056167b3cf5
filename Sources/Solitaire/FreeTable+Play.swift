import Layouts

// What the play helpers ask of the free table: it has no foundations and builds nothing, so it
// autoplays nothing and its hints only ever move cards between slots.

extension FreeTable {
    public var foundations: [Int] { [] }

    public func builds(_ card: PileCard, on below: PileCard, inPile pile: Int) -> Bool { false }
}
