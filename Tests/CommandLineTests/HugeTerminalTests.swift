import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal far larger than anything drawn: the program draws its top-left 1000x500 in a few
/// megabytes and quits on `q`, where it aborted asking for 51 GB at 65535x65535.
final class HugeTerminalTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func testA65535By65535TerminalIsDrawnInItsTopLeftPart() throws {
        let terminal = try PseudoTerminal(columns: 65535, rows: 65535)
        defer { terminal.close() }
        let tests = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: (tests as NSString).deletingLastPathComponent + "/cardtable")
        process.arguments = ["play", "klondike", "--deal", "5"]
        process.environment = [
            "HOME": folder, "XDG_STATE_HOME": folder + "/state", "XDG_DATA_HOME": folder + "/data",
            "XDG_CONFIG_HOME": folder + "/config", "TERM": "xterm-256color", "LANG": "C.UTF-8",
        ]
        let slave = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var output = ""
        let deadline = Date().addingTimeInterval(20)
        while !output.contains("Klondike #5"), process.isRunning, Date() < deadline {
            usleep(20_000)
            output += terminal.output()
        }
        XCTAssertTrue(output.contains("Klondike #5"), "the table was drawn")
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
        XCTAssertLessThan(try XCTUnwrap(peak, status), 400_000, "kB at its peak: a bounded screen")
        terminal.type(Array("q".utf8))
        let end = Date().addingTimeInterval(10)
        while process.isRunning, Date() < end {
            usleep(20_000)
            _ = terminal.output()
        }
        XCTAssertFalse(process.isRunning, "q quits")
        if !process.isRunning { XCTAssertEqual(process.terminationStatus, 0) }
    }
}
