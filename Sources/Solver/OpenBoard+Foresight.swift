// What a move of the open search would lead to, worked out without playing it.
//
// The walk (OpenWalk.swift) lists a position's children by their key and their promise. Playing
// each child and taking it back writes its cards, their prefix hashes and orders, and then
// reads the promise off four places; but most moves change only the two piles they touch, and
// both figures follow from what those piles keep already: a column's hash at every height (its
// hash with a run lifted off is the one kept at the height below), the cards out of order below
// each height, and where the four cards the foundations want next lie. So a move between
// columns and cells is foreseen from a handful of reads. A move that may change more is left
// to be played: one to or from a foundation (cards go up, and others may follow by themselves),
// and one that uncovers a card that goes up safely (it would be folded up).

extension OpenBoard {
    /// The key and the promise of the position `move` leads to, as ``play(_:)`` then ``key`` and
    /// ``promise()`` would give them; `nil` for a move that must be played to be known (to or from
    /// a foundation, or one that uncovers a card folded up at once).
    @inline(__always)
    func foresee(_ move: OpenMove) -> (key: UInt64, promise: Int)? {
        guard move.from < OpenMove.firstFoundation, move.to < OpenMove.firstFoundation else { return nil }
        let count = Int(move.count)
        var key = self.key
        var emptyCells = self.emptyCells
        var emptyColumns = self.emptyColumns
        var disorder = self.disorder
        // The source column (or -1) and its height once the run is lifted; the bottom card moved.
        var source = -1
        var rest = 0
        let bottom: UInt8
        if move.from < OpenMove.firstCell {
            source = Int(move.from)
            let base = source &* Self.stride
            let height = heights[source]
            rest = height &- count
            bottom = cards[base &+ rest]
            if rest > 0 {
                let uncovered = cards[base &+ rest &- 1]
                if goesUp(uncovered) && isSafe(uncovered) { return nil }
            }
            key &-= Self.mix(prefixHashes[base &+ height])
            key &+= Self.mix(prefixHashes[base &+ rest])
            disorder -= Int(prefixDisorder[base &+ rest &+ 1]) &- Int(prefixDisorder[base &+ rest])
            if rest == 0 { emptyColumns += 1 }
        } else {
            bottom = cells[Int(move.from &- OpenMove.firstCell)]
            key &-= Self.cellHash(bottom)
            emptyCells += 1
        }
        // The target column (or -1) and its height before the move.
        var target = -1
        var below = 0
        if move.to < OpenMove.firstCell {
            target = Int(move.to)
            let base = target &* Self.stride
            below = heights[target]
            var hash = prefixHashes[base &+ below]
            key &-= Self.mix(hash)
            if source >= 0 {
                let sourceBase = source &* Self.stride
                for place in rest..<(rest &+ count) { hash = Self.extend(hash, by: cards[sourceBase &+ place]) }
            } else {
                hash = Self.extend(hash, by: bottom)
            }
            key &+= Self.mix(hash)
            if below == 0 {
                emptyColumns -= 1
            } else if !liesInOrder(bottom, on: cards[base &+ below &- 1]) {
                disorder += 1
            }
        } else {
            key &+= Self.cellHash(bottom)
            emptyCells -= 1
        }
        let promise = promise(
            upCount: upCount, emptyCells: emptyCells, emptyColumns: emptyColumns, disorder: disorder,
            buried: buried(lifting: count, from: source, downTo: rest, onto: target))
        return (key, promise)
    }
}
