// "Did you mean": the closest known word to a misspelt key or value.

public enum Suggestions {
    /// The closest candidate within a small edit distance (case, '-' and '_' forgiven), if any.
    /// Cheap enough to ask for every key of a file: a candidate whose length is too far off is
    /// not compared, and a word much longer than every candidate is not even read.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let longest = candidates.map(\.utf8.count).max() ?? 0
        guard word.unicodeScalars.count <= longest + 2 else { return nil }
        let w = normal(word)
        var best: (String, Int)?
        for candidate in candidates {
            let length = candidate.unicodeScalars.count
            let limit = length >= 5 ? 2 : 1
            guard abs(length - w.count) <= limit else { continue }
            let d = distance(w, normal(candidate), limit: limit)
            if d <= limit, best == nil || d < best!.1 {
                best = (candidate, d)
            }
        }
        return best?.0
    }

    /// The word as compared: lower case, '_' as '-'.
    static func normal(_ word: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(word.utf8.count)
        for c in word.unicodeScalars {
            switch c {
            case "_": scalars.append("-")
            case "A"..."Z": scalars.append(Unicode.Scalar(c.value + 0x20)!)
            case _ where c.isASCII: scalars.append(c)
            default: scalars.append(contentsOf: c.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return scalars
    }

    /// Levenshtein distance (with adjacent transpositions), giving up past `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
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

extension Loader {
    /// "Did you mean" for a message of this file, while it has few enough messages for their
    /// suggestions to be read: past ten screens of them, none is looked for (a file of nothing
    /// but misspellings is not worth seconds).
    func closestKnown(to word: String, in candidates: [String]) -> String? {
        guard diagnostics.count < 10 * LayoutDiagnostic.maxPerFile else { return nil }
        return Suggestions.closest(to: word, in: candidates)
    }
}
