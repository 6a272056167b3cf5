// The best-first search's queue: a binary min-heap of the positions waiting to be expanded.

/// A position waiting in the queue: the expanded position it comes from and the move.
struct WaitingPosition {
    /// The cost, then (for equal costs) the newest first.
    var key: UInt64
    var parent: Int32
    var move: PackedMove
}

/// Positions waiting to be expanded, the least key first.
struct PriorityQueue {
    private var heap: [WaitingPosition] = []

    var count: Int { heap.count }

    mutating func push(_ element: WaitingPosition) {
        heap.append(element)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            if heap[parent].key <= element.key { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = element
    }

    mutating func popMin() -> WaitingPosition? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        let top = heap[0]
        let count = heap.count
        var parent = 0
        while true {
            var child = 2 * parent + 1
            if child >= count { break }
            if child + 1 < count && heap[child + 1].key < heap[child].key { child += 1 }
            if last.key <= heap[child].key { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = last
        return top
    }
}
