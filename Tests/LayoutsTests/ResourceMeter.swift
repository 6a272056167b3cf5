import Foundation

/// The time a piece of work takes and the most memory the process held while it ran, above what
/// it held before: Linux's peak resident set (`VmHWM` in /proc/self/status) is reset first by
/// writing 5 to /proc/self/clear_refs, so the peak read after is this work's.
struct ResourceUse {
    var seconds: Double
    /// Peak resident memory during the work minus resident memory before it; nil where the peak
    /// cannot be reset (not Linux, or /proc not writable).
    var peakBytes: Int?
}

enum ResourceMeter {
    /// Whether the peak can be reset here (checked once).
    static let canResetPeak: Bool = resetPeak()

    static func measure(_ work: () -> Void) -> ResourceUse {
        let reset = canResetPeak && resetPeak()
        let before = status("VmRSS")
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard reset, let before, let peak = status("VmHWM") else {
            return ResourceUse(seconds: seconds, peakBytes: nil)
        }
        return ResourceUse(seconds: seconds, peakBytes: max(0, peak - before))
    }

    /// Sets the peak resident set to the current one.
    private static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// A `kB` figure of /proc/self/status, in bytes.
    static func status(_ key: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            let digits = line.dropFirst(key.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
