/// Numbers to numbers for the few keys of one frame (its colours, its pens): sorted keys found
/// by halving, and a `Dictionary` only past ``sortedLimit`` keys. Dictionaries in its place
/// draw the first frame as fast but take 0.4 MiB more by then: their code is more, and lies
/// outside the launch's (docs/PERFORMANCE.md, the fifth round). (When generic types were still
/// made from mangled names, a dictionary's first use also cost a search of every conformance.)
struct SmallIntMap {
    /// Past this many keys, inserting into sorted arrays would cost more than hashing.
    static let sortedLimit = 64
    private var keys: [Int] = []
    private var values: [Int] = []
    private var large: [Int: Int]?

    /// Where `key` is, or would go.
    private func slot(of key: Int) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    subscript(key: Int) -> Int? {
        get {
            if let large { return large[key] }
            let at = slot(of: key)
            return at < keys.count && keys[at] == key ? values[at] : nil
        }
        set {
            if large != nil {
                large![key] = newValue
                return
            }
            let at = slot(of: key)
            if at < keys.count && keys[at] == key {
                if let newValue {
                    values[at] = newValue
                } else {
                    keys.remove(at: at)
                    values.remove(at: at)
                }
            } else if let newValue {
                keys.insert(key, at: at)
                values.insert(newValue, at: at)
                if keys.count > SmallIntMap.sortedLimit {
                    var dictionary: [Int: Int] = [:]
                    for index in keys.indices { dictionary[keys[index]] = values[index] }
                    large = dictionary
                    keys = []
                    values = []
                }
            }
        }
    }

    /// Adds `amount` to the value of `key` (none counts as 0).
    mutating func add(_ amount: Int, to key: Int) { self[key] = (self[key] ?? 0) + amount }

    /// The key with the largest value; of equal values, the least key.
    var keyOfLargestValue: Int? {
        if let large {
            return large.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
        }
        var best: Int?
        for index in keys.indices where best.map({ values[index] > values[$0] }) ?? true { best = index }
        return best.map { keys[$0] }
    }
}
