// The tests' random numbers: Solitaire's SplitMix64 (the one that shuffles the deck, pinned to
// the reference values by SolitaireTests), with the helpers random tests want.

@_exported import struct Solitaire.SplitMix64

extension SplitMix64 {
    /// A number in `0..<n`; 0 when `n` is 0 or less. The tiny modulo bias does not matter here.
    public mutating func below(_ n: Int) -> Int {
        Int(next() % UInt64(max(n, 1)))
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One of `items` (which must not be empty).
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}
