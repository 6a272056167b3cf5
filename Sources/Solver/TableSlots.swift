#if canImport(Glibc)
    import Glibc
#endif

// The memory of a transposition table (PositionTable.swift): slots that read as zero until
// written. A large table is mapped from the system afresh, whose pages are zero and take no
// memory until first written: a short search in a table sized for a long one costs the pages
// its keys touch, not the whole table, and the program's peak grows with what the search holds.
// The pages written are noted as keys are written (``touch(_:)``), and emptying the table zeroes
// those alone: a search that starts again and again (the families' attempts) neither pays for
// zeroing pages it never used nor takes them again from the system. A small table is allocated
// and zeroed as an array would be.

/// The slots of one table, zero until written.
final class TableSlots {
    let pointer: UnsafeMutablePointer<UInt64>
    let count: Int
    /// The pages of slots written since the table was last emptied, a bit each.
    private let touched: UnsafeMutablePointer<UInt64>
    private let touchedWords: Int
    /// Slots to a page of the system's (4 KiB).
    private static let pageShift = 9
    /// Mapped from the system (handed back when emptied or freed), or allocated.
    private let mapped: Bool

    /// Tables of at least this many bytes are mapped. Smaller ones are the many short searches'
    /// (a FreeCell deal's, a hint's), for which a mapping and its first writes would cost more
    /// than the memory saved.
    static let mappedFrom = 1 << 20

    /// `count` slots, all zero.
    init(zeroed count: Int) {
        self.count = count
        touchedWords = ((count >> Self.pageShift) + 64) / 64
        touched = .allocate(capacity: touchedWords)
        touched.initialize(repeating: 0, count: touchedWords)
        let bytes = count * MemoryLayout<UInt64>.stride
        #if os(Linux)
            if bytes >= Self.mappedFrom,
                let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                memory != MAP_FAILED
            {
                pointer = memory.bindMemory(to: UInt64.self, capacity: count)
                mapped = true
                return
            }
        #endif
        pointer = .allocate(capacity: count)
        pointer.initialize(repeating: 0, count: count)
        mapped = false
    }

    /// Notes that slot `index` is about to be written.
    @inline(__always)
    func touch(_ index: Int) {
        let page = index &>> Self.pageShift
        touched[page &>> 6] |= 1 &<< UInt64(page & 63)
    }

    /// Slots holding what these hold.
    func copy() -> TableSlots {
        let copy = TableSlots(zeroed: count)
        copy.pointer.update(from: pointer, count: count)
        copy.touched.update(from: touched, count: touchedWords)
        return copy
    }

    /// Every slot zero again: the pages written are zeroed, the others never were.
    func clear() {
        let pageSlots = 1 << Self.pageShift
        for word in 0..<touchedWords where touched[word] != 0 {
            var bits = touched[word]
            while bits != 0 {
                let first = (word << 6 | bits.trailingZeroBitCount) << Self.pageShift
                (pointer + first).update(repeating: 0, count: min(pageSlots, count - first))
                bits &= bits &- 1
            }
            touched[word] = 0
        }
    }

    deinit {
        touched.deallocate()
        #if os(Linux)
            if mapped {
                munmap(pointer, count * MemoryLayout<UInt64>.stride)
                return
            }
        #endif
        pointer.deallocate()
    }
}
