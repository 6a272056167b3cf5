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
/// A temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("layouts-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
