import Foundation
import Layouts
import TestSupport
import XCTest

@testable import Persistence

#if canImport(Glibc)
    import Glibc
#endif

/// Every file the program reads (settings, positions, saves, statistics; layouts and scripts in
/// LayoutsTests) is read the same safe way: nothing but a regular file is opened, so a FIFO, a
/// device or a symbolic link loop in its place is named and never blocks; its encoding problems
/// come with a line and column.
final class FileReadingTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make()
        XCTAssertEqual(mkfifo(folder + "/fifo", 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder + "/loop")
    }

    override func tearDown() { TemporaryFolder.remove(folder) }

    /// Hostile targets and the words that must name each.
    var targets: [(path: String, reason: String)] {
        [
            (folder + "/fifo", "not a regular file (a FIFO)"),
            ("/dev/zero", "not a regular file (a character device)"),
            (folder + "/loop", "too many levels of symbolic links"),
        ]
    }

    func testSettingsFiles() {
        for (path, reason) in targets {
            XCTAssertEqual(
                SettingsFile.load(path: path).diagnostics.map(\.description),
                ["\(path): error: cannot read the file: \(reason); every setting takes its default"])
        }
    }

    func testPositionFiles() throws {
        let freecell = try XCTUnwrap(ShippedLayouts.layout(named: "freecell"))
        for (path, reason) in targets {
            guard case .failure(let errors) = PositionText.load(path, layout: freecell) else {
                return XCTFail("\(path) read")
            }
            XCTAssertEqual(errors.lines, ["\(path): error: \(reason)"])
        }
    }

    func testSavesAndStatistics() {
        for (path, reason) in targets {
            guard case .failure(let error) = SaveStore.read(path) else { return XCTFail("\(path) read") }
            XCTAssertTrue("\(error)".contains(reason), "\(error)")
            XCTAssertThrowsError(try AtomicFile.read(path, what: "the statistics file")) { error in
                XCTAssertEqual("\(error)", "\(path): \(reason)")
            }
        }
        let statistics = folder + "/cardtable"
        try? FileManager.default.createDirectory(atPath: statistics, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(statistics + "/statistics", 0o600), 0)
        XCTAssertThrowsError(try StatisticsStore(folder: statistics).load()) { error in
            XCTAssertEqual("\(error)", statistics + "/statistics: not a regular file (a FIFO)")
        }
    }

    func testEncodingProblemsHaveALineAndColumn() throws {
        let freecell = try XCTUnwrap(ShippedLayouts.layout(named: "freecell"))
        let settings = folder + "/config.toml"
        try Data([0xEF, 0xBB, 0xBF] + Array("ascii = true\n".utf8) + [0xEF, 0xBB, 0xBF]).write(
            to: URL(fileURLWithPath: settings))
        XCTAssertEqual(
            SettingsFile.load(path: settings).diagnostics.map(\.description),
            [
                "\(settings):2:1: error: a byte order mark (U+FEFF) may only start the file, not be written here; "
                    + "every setting takes its default"
            ])
        let position = folder + "/position.txt"
        try Data(Array("freecell\nfoundation.1: AH\n".utf8) + [0xFF]).write(to: URL(fileURLWithPath: position))
        guard case .failure(let errors) = PositionText.load(position, layout: freecell) else {
            return XCTFail("read")
        }
        XCTAssertEqual(errors.lines, ["\(position):3:1: error: the file is not valid UTF-8"])
        try Data([0xFF, 0xFE] + Array("f\0r\0".utf8)).write(to: URL(fileURLWithPath: position))
        guard case .failure(let wide) = PositionText.load(position, layout: freecell) else { return XCTFail("read") }
        XCTAssertEqual(
            wide.lines,
            [
                "\(position):1:1: error: the file is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8: "
                    + "save it as UTF-8"
            ])
    }

    func testASettingsFileKeepsItsByteOrderMarkWhenWrittenBack() throws {
        let path = folder + "/config.toml"
        try Data([0xEF, 0xBB, 0xBF] + Array("ascii = true\n".utf8)).write(to: URL(fileURLWithPath: path))
        try SettingsFile.update(path) { $0.ascii = false }
        let bytes = try XCTUnwrap(AtomicFile.read(path))
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF])
        XCTAssertEqual(SettingsFile.load(path: path).settings.ascii, false)
    }
}
