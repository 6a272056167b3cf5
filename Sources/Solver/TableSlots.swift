#if canImport(Glibc)
    import Glibc
#endif

// The memory of a transposition table (PositionTable.swift): slots that read as zero until
// written. A large table is mapped from the system afresh, whose pages are zero and take no
// memory until first written, and emptied by handing its pages back: a short search in a table
// sized for a long one costs the pages its keys touch, not the whole table, and the program's
// peak grows with what the search holds. A small table is allocated and zeroed as an array
// would be.

/// The slots of one table, zero until written.
final class TableSlots {
    let pointer: UnsafeMutablePointer<UInt64>
    let count: Int
    /// Mapped from the system (handed back when emptied or freed), or allocated.
    private let mapped: Bool

    /// Tables of at least this many bytes are mapped. Smaller ones are the many short searches'
    /// (a FreeCell deal's, a hint's), for which a mapping and its first writes would cost more
    /// than the memory saved.
    static let mappedFrom = 1 << 20

    /// `count` slots, all zero.
    init(zeroed count: Int) {
        self.count = count
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

    /// Slots holding what these hold.
    func copy() -> TableSlots {
        let copy = TableSlots(zeroed: count)
        copy.pointer.update(from: pointer, count: count)
        return copy
    }

    /// Every slot zero again; a mapped table's pages go back to the system.
    func clear() {
        #if os(Linux)
            if mapped, madvise(pointer, count * MemoryLayout<UInt64>.stride, MADV_DONTNEED) == 0 { return }
        #endif
        pointer.update(repeating: 0, count: count)
    }

    deinit {
        #if os(Linux)
            if mapped {
                munmap(pointer, count * MemoryLayout<UInt64>.stride)
                return
            }
        #endif
        pointer.deallocate()
    }
}
