// The search's transposition table: a set of 64-bit position keys, open addressing with linear
// probing in one flat array. Zero marks an empty slot (a key of zero is stored as one).

/// A set of 64-bit keys that grows by doubling at a load of one half.
struct PositionTable {
    private var slots: [UInt64]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 12) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    /// Adds `key`; `false` when it was there already.
    @inline(__always)
    mutating func insert(_ key: UInt64) -> Bool {
        let key = key == 0 ? 1 : key
        if (count + 1) * 2 > slots.count { grow() }
        var index = Int(truncatingIfNeeded: key >> 7) & mask
        while true {
            let slot = slots[index]
            if slot == 0 {
                slots[index] = key
                count += 1
                return true
            }
            if slot == key { return false }
            index = (index + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for key in old where key != 0 {
            var index = Int(truncatingIfNeeded: key >> 7) & mask
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = key
        }
    }
}
