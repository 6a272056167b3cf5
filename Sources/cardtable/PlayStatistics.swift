import TableKit
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// Figures gathered while playing, written by `--stats FILE` for benchmarks.
struct PlayStatistics {
    struct FrameRecord {
        var bytes: Int
        var minimumBytes: Int
        var changedCells: Int
    }

    var colorMode: ColorMode = .monochrome
    var frames: [FrameRecord] = []
    var composeSeconds: [Double] = []
    var inputToFrame: [Double] = []
    var firstFrameSeconds: Double?
    var wakeups = 0
    var totalBytes = 0

    mutating func record(frame: Window.Frame, composeSeconds seconds: Double, bytes: Int, colorMode: ColorMode) {
        let cells = frame.changes.reduce(0) { $0 + $1.cells.count }
        frames.append(
            FrameRecord(
                bytes: bytes, minimumBytes: OutputCost.minimumBytes(for: frame.changes, colorMode: colorMode),
                changedCells: cells))
        composeSeconds.append(seconds)
    }

    func write(to path: String) {
        var text = "# cardtable --stats: one key per line; times in milliseconds\n"
        text += "color_mode: \(colorMode.rawValue)\n"
        text += "frames: \(frames.count)\n"
        text += "bytes_written: \(totalBytes)\n"
        text += "wakeups: \(wakeups)\n"
        if let first = firstFrameSeconds { text += "first_frame_ms: \(milliseconds(first))\n" }
        text += summary("compose_ms", composeSeconds)
        text += summary("input_to_frame_ms", inputToFrame)
        for (index, frame) in frames.enumerated() {
            text += "frame: \(index) bytes \(frame.bytes) minimum \(frame.minimumBytes) cells \(frame.changedCells)\n"
        }
        guard let file = fopen(path, "w") else {
            printError("cardtable: cannot write statistics to \(path)")
            return
        }
        fputs(text, file)
        fclose(file)
    }

    private func summary(_ name: String, _ values: [Double]) -> String {
        guard !values.isEmpty else { return "\(name)_count: 0\n" }
        let sorted = values.sorted()
        let median = sorted[sorted.count / 2]
        let p90 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
        return
            "\(name)_count: \(values.count)\n\(name)_median: \(milliseconds(median))\n\(name)_p90: \(milliseconds(p90))\n\(name)_max: \(milliseconds(sorted.last!))\n"
    }

    private func milliseconds(_ seconds: Double) -> String {
        let value = (seconds * 1000 * 1000).rounded() / 1000
        return "\(value)"
    }
}
