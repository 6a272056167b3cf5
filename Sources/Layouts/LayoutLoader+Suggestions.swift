// "Did you mean": the closest known word to a misspelt key or value.

public enum Suggestions {
    /// The closest candidate within a small edit distance (case, '-' and '_' forgiven), if any.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        func normal(_ s: String) -> [Character] {
            Array(s.lowercased().map { $0 == "_" ? "-" : $0 })
        }
        let w = normal(word)
        var best: (String, Int)?
        for candidate in candidates {
            let c = normal(candidate)
            let limit = c.count >= 5 ? 2 : 1
            let d = distance(w, c, limit: limit)
            if d <= limit, best == nil || d < best!.1 {
                best = (candidate, d)
            }
        }
        return best?.0
    }

    /// Levenshtein distance (with adjacent transpositions), giving up past `limit`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
