// What the family searches that start again (Accordion's, Calculation's, Spider's, the open games') share: how
// long each attempt may run, by Luby's sequence, and the noise that shakes the order of the moves
// in an attempt after the first.

/// The restarts of a depth-first search: attempt lengths and the shaking of the move order.
struct Restarts {
    /// The xorshift generator's state: every search starts from the same one, so its answers
    /// (and the positions it counts) are the same at every run.
    private var state: UInt64 = 0x2545_F491_4F6C_DD1D

    /// The `i`th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …:
    /// an attempt's length in units of the first's (short attempts mostly, and now and then one
    /// twice as long as any before).
    static func luby(_ i: Int) -> Int {
        var size = 1
        var power = 1
        while size < i {
            size = 2 * size + 1
            power *= 2
        }
        var i = i
        while size != i {
            size = (size - 1) / 2
            power /= 2
            if i > size { i -= size }
        }
        return power
    }

    /// A number from 0 to `bound` (xorshift): how far an attempt after the first moves a move in
    /// its order.
    @inline(__always)
    mutating func shaken(below bound: UInt64) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % bound)
    }
}
