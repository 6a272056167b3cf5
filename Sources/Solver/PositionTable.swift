// The search's transposition table: a set of 64-bit position keys, open addressing with linear
// probing in one flat array. Zero marks an empty slot (a key of zero is stored as one). The slots
// are TableSlots.swift's: a large table takes memory only for the pages its keys touch. Copies
// share their slots until one of them changes.

/// A set of 64-bit keys that grows by doubling at a load of three quarters, up to a limit: 8 bytes
/// a slot, so 11 to 21 bytes a key held.
struct PositionTable {
    private var storage: TableSlots
    private var mask: Int
    /// The slots, read and written in place (after ``makeUnique()`` for a write).
    private var slots: UnsafeMutablePointer<UInt64> {
        @inline(__always) get { storage.pointer }
    }
    private var slotCount: Int { mask + 1 }
    private(set) var count = 0
    /// The most keys it holds before it counts as full (``isFull``).
    let limit: Int

    /// A table that starts with room for `capacity` keys and is full at `limit` keys.
    init(capacity: Int = 1 << 12, limit: Int = .max) {
        self.limit = limit
        var size = 16
        while size * 3 / 4 < min(capacity, limit) { size <<= 1 }
        storage = TableSlots(zeroed: size)
        mask = size - 1
    }

    /// Whether it holds as many keys as its limit allows. It still takes the keys of the
    /// position being expanded, up to seven eighths of its slots; past that it forgets.
    var isFull: Bool { count >= limit }

    /// Once full, whether a new key takes the place of an old one instead of being refused: the
    /// table then forgets positions, and a search that uses it may meet a position again as new
    /// (DepthFirstSearch.swift says why its proofs still hold). The key given up is the last of
    /// the new key's run, or, in a table that ``keepsLargeSearches``, the one that stood for the
    /// least search.
    var forgets = false
    /// Whether a full table that forgets gives up first the key that stood for the least search
    /// (``settle(_:searched:)``), for a search that tells it so; a byte a slot more.
    var keepsLargeSearches = false {
        didSet { weights = keepsLargeSearches ? [UInt8](repeating: 1, count: slotCount) : [] }
    }
    /// Per slot of a table that keeps large searches, how much search its key stood for: the
    /// bit width of the positions its search expanded (``settle(_:searched:)``), 1 until told
    /// (as for a search of one position: a key just listed is not given up before one that is
    /// done with). A depth-first search that meets a forgotten position searches it again;
    /// keeping the keys of large searches and forgetting those of small ones (the leaves,
    /// mostly) bounds what that costs.
    private var weights: [UInt8] = []
    /// Whether it has forgotten a key.
    private(set) var hasForgotten = false

    /// The bytes its slots take (and their weights, in a table that keeps large searches).
    var bytes: Int { slotCount * 8 + weights.count }

    /// Adds `key`; `false` when it was there already.
    @inline(__always)
    mutating func insert(_ key: UInt64) -> Bool {
        makeUnique()
        let key = key == 0 ? 1 : key
        if (count + 1) * 4 > slotCount * 3 {
            if count < limit {
                grow()
            } else if (count + 1) * 8 > slotCount * 7 {
                return forgets ? replace(key) : false
            }
        }
        var index = Int(truncatingIfNeeded: key >> 7) & mask
        while true {
            let slot = slots[index]
            if slot == 0 {
                storage.touch(index)
                slots[index] = key
                if !weights.isEmpty { weights[index] = 1 }
                count += 1
                return true
            }
            if slot == key { return false }
            index = (index + 1) & mask
        }
    }

    /// Notes that the search of the position of `key` is over and expanded `searched` positions,
    /// so that a full table keeps its key before those of smaller searches. Nothing for a table
    /// that does not keep large searches, or a key it no longer holds.
    @inline(__always)
    mutating func settle(_ key: UInt64, searched: Int) {
        guard !weights.isEmpty, searched > 1 else { return }
        let key = key == 0 ? 1 : key
        var index = Int(truncatingIfNeeded: key >> 7) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return }
            if slot == key { break }
            index = (index + 1) & mask
        }
        let weight = UInt8(min(Int.bitWidth - searched.leadingZeroBitCount, 255))
        if weights[index] < weight { weights[index] = weight }
    }

    /// The slot `key` would be looked for first, read and returned for nothing but to have it in
    /// the cache: a search reads the slots of all of a position's children before it inserts
    /// any, so that the processor waits for their memory at once rather than one by one.
    @inline(__always)
    func firstSlot(of key: UInt64) -> UInt64 {
        slots[Int(truncatingIfNeeded: (key == 0 ? 1 : key) >> 7) & mask]
    }

    /// Whether `key` is there.
    func contains(_ key: UInt64) -> Bool {
        let key = key == 0 ? 1 : key
        var index = Int(truncatingIfNeeded: key >> 7) & mask
        while slots[index] != 0 {
            if slots[index] == key { return true }
            index = (index + 1) & mask
        }
        return false
    }

    /// Removes `key` when it is there, moving back the keys after it in its run so that each is
    /// still found from its home slot. Not for a table that forgets (``replace(_:)`` counts on
    /// runs never shortening).
    mutating func remove(_ key: UInt64) {
        makeUnique()
        let key = key == 0 ? 1 : key
        var hole = Int(truncatingIfNeeded: key >> 7) & mask
        while slots[hole] != key {
            guard slots[hole] != 0 else { return }
            hole = (hole + 1) & mask
        }
        slots[hole] = 0
        count -= 1
        var next = (hole + 1) & mask
        while slots[next] != 0 {
            let home = Int(truncatingIfNeeded: slots[next] >> 7) & mask
            // The key at `next` may fill the hole when the hole lies on its way from its home.
            if (hole - home) & mask < (next - home) & mask {
                slots[hole] = slots[next]
                slots[next] = 0
                if !weights.isEmpty { weights[hole] = weights[next] }
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    /// A full table that forgets: `key` when it is there; otherwise it takes the place of a key
    /// of its run from its home slot on: the last one, or in a table that keeps large searches
    /// the one that stood for the least search, the first of them (the keys nearer their home
    /// are mostly the older). No slot is emptied, and `key` lies after its home with no empty
    /// slot between, so every key still there is found.
    private mutating func replace(_ key: UInt64) -> Bool {
        let weighs = !weights.isEmpty
        var index = Int(truncatingIfNeeded: key >> 7) & mask
        var victim = index
        var least = UInt8.max
        while true {
            let slot = slots[index]
            if slot == key { return false }
            if slot == 0 {
                storage.touch(victim)
                slots[victim] = key
                if weighs { weights[victim] = 1 }
                hasForgotten = true
                return true
            }
            if !weighs {
                victim = index
            } else if weights[index] < least {
                least = weights[index]
                victim = index
            }
            index = (index + 1) & mask
        }
    }

    /// The table of a family's own search (Klondike's, the Golf family's, Accordion's), which
    /// forgets once full: at most half of `memory`, so that while it grows its old slots and its
    /// new ones are both held in three quarters at most; a table of a few MiB (the status line's)
    /// is made whole at once instead, so that it is never held twice, and takes memory only for
    /// the pages its keys touch (TableSlots.swift).
    static func forgetting(within memory: Int) -> PositionTable {
        var table = PositionTable(
            capacity: slotsWithin(memory) * 8 <= 4 << 20 ? slotsWithin(memory) * 3 / 4 : 1 << 12,
            limit: slotsWithin(memory) * 3 / 4)
        table.forgets = true
        return table
    }

    /// The slots of ``forgetting(within:)``'s table: a power of two, 32 bytes of `memory` each.
    static func slotsWithin(_ memory: Int) -> Int {
        var slots = 64
        while slots * 32 <= memory { slots <<= 1 }
        return slots
    }

    /// A key that is the position itself (the Golf family's, Pyramid's: a marker bit 62 and
    /// nothing above it) as the table holds it: mixed so that the table's slots are spread (it
    /// finds a key's slot from its middle bits), by steps that can be undone, so two positions
    /// still never share a stored key, and none is stored as 0 or 1 (GolfSearchTests).
    @inline(__always)
    static func spread(_ key: UInt64) -> UInt64 {
        var mixed = key &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 32
        return mixed
    }

    /// Forgets every key, keeping its slots (only the pages its keys were written to are
    /// zeroed: TableSlots.swift).
    mutating func removeAll() {
        if isKnownUniquelyReferenced(&storage) {
            storage.clear()
        } else {
            storage = TableSlots(zeroed: slotCount)
        }
        count = 0
        hasForgotten = false
        if !weights.isEmpty { weights = [UInt8](repeating: 1, count: slotCount) }
    }

    /// Gives this table slots of its own before a write, when a copy shares them.
    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    private mutating func grow() {
        let old = storage
        let oldCount = slotCount
        let oldWeights = weights
        storage = TableSlots(zeroed: oldCount * 2)
        mask = oldCount * 2 - 1
        if !oldWeights.isEmpty { weights = [UInt8](repeating: 1, count: oldCount * 2) }
        for place in 0..<oldCount {
            let key = old.pointer[place]
            guard key != 0 else { continue }
            var index = Int(truncatingIfNeeded: key >> 7) & mask
            while slots[index] != 0 { index = (index + 1) & mask }
            storage.touch(index)
            slots[index] = key
            if !oldWeights.isEmpty { weights[index] = oldWeights[place] }
        }
    }
}
