import TableKit

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `body` `iterations` times after a warm-up and returns the per-run times in
/// seconds, sorted.
func measure(iterations: Int, warmup: Int = 20, _ body: () -> Void) -> [Double] {
    let clock = SystemClock()
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = clock.now
        body()
        samples.append(clock.now - start)
    }
    return samples.sorted()
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let index = min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * p).rounded())))
    return sorted[index]
}

func formatMicroseconds(_ seconds: Double) -> String {
    let us = seconds * 1_000_000
    return us < 10 ? String(format1: us, digits: 2) + " µs" : String(format1: us, digits: 1) + " µs"
}

extension String {
    init(format1 value: Double, digits: Int) {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        self = text
    }
}

/// One benchmark's result line: name, median, p90, and the goal.
func report(_ name: String, _ samples: [Double], goal: Double? = nil) {
    let median = percentile(samples, 0.5)
    var line =
        "\(name): median \(formatMicroseconds(median)), p90 \(formatMicroseconds(percentile(samples, 0.9))), n=\(samples.count)"
    if let goal {
        line +=
            median <= goal
            ? " (goal ≤ \(formatMicroseconds(goal)): met)" : " (goal ≤ \(formatMicroseconds(goal)): MISSED)"
    }
    print(line)
}
