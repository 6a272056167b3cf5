import Foundation
import XCTest

/// Compares a screen snapshot (glyphs, or a ``RecordingScreen/styleMap(_:other:in:)``) with the
/// expected text and prints the rows that differ, then the whole screen.
///
/// With `SNAPSHOT_DIR` set, a differing snapshot is also written there as
/// `<test file>-<line>.txt`, to review and paste in.
public func assertSnapshot(
    _ actual: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line
) {
    guard actual != expected else { return }
    if let directory = ProcessInfo.processInfo.environment["SNAPSHOT_DIR"] {
        let name = "\(file)".split(separator: "/").last.map(String.init) ?? "screen"
        try? actual.write(toFile: "\(directory)/\(name)-\(line).txt", atomically: true, encoding: .utf8)
    }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    var diff: [String] = []
    for row in 0..<max(a.count, e.count) {
        let got = row < a.count ? String(a[row]) : "<none>"
        let want = row < e.count ? String(e[row]) : "<none>"
        if got != want { diff.append("row \(row):\n  expected |\(want)|\n  actual   |\(got)|") }
    }
    XCTFail(
        "screen differs from the snapshot:\n\(diff.joined(separator: "\n"))\n--- actual screen ---\n\(actual)\n---",
        file: file, line: line)
}
