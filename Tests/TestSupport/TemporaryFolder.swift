import Foundation

/// A fresh folder under the system's temporary folder for a test's files.
public enum TemporaryFolder {
    public static func make() throws -> String {
        let path = NSTemporaryDirectory() + "cardtable-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The names in a folder, sorted.
    public static func entries(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}
