// A binary min-heap on the positions' keys, for the best-first search.

/// Positions waiting to be expanded, the least key first.
struct PriorityQueue<Element> where Element: HasKey {
    private var heap: [Element] = []

    var count: Int { heap.count }

    mutating func push(_ element: Element) {
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

    mutating func popMin() -> Element? {
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

/// What the queue orders by.
protocol HasKey {
    var key: UInt64 { get }
}
