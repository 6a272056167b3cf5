import Foundation
import XCTest

@testable import Layouts

/// The repository root, found from this file (symlinks resolved, so a side workspace works too).
let repositoryRoot: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func load(_ text: String, file: String = "bad.toml") -> LayoutLoadResult {
    LayoutLoader.load(text: text, file: file)
}

/// The diagnostics' descriptions, in order.
func descriptions(_ text: String, file: String = "bad.toml") -> [String] {
    load(text, file: file).diagnostics.map(\.description)
}

/// A small deterministic PRNG (SplitMix64), so that random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (n > 0).
    mutating func below(_ n: Int) -> Int {
        Int(next() % UInt64(max(n, 1)))
    }
}

/// A temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("layouts-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
