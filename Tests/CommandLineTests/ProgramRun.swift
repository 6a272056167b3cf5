import Foundation
import XCTest

/// How a run of the program ended, and what it printed.
struct ProgramRun {
    var status: Int32
    var output: String
    var errors: String
}

extension XCTestCase {
    /// Starts `cardtable` (the one built beside the tests) with `arguments` in `folder`, with only
    /// `environment` (and the folder's XDG folders); `whileRunning` runs before it is waited for.
    func runCardtable(
        _ arguments: [String], in folder: String, environment: [String: String] = [:],
        whileRunning: () throws -> Void = {}
    ) throws -> ProgramRun {
        let tests = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: (tests as NSString).deletingLastPathComponent + "/cardtable")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment =
            [
                "HOME": folder, "XDG_DATA_HOME": folder + "/data", "XDG_CONFIG_HOME": folder + "/config",
                "XDG_STATE_HOME": folder + "/state", "XDG_RUNTIME_DIR": folder + "/run", "LANG": "C.UTF-8",
            ].merging(environment) { $1 }
        let outputPath = folder + "/stdout"
        let errorsPath = folder + "/stderr"
        XCTAssertTrue(FileManager.default.createFile(atPath: outputPath, contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: errorsPath, contents: nil))
        let output = try XCTUnwrap(FileHandle(forWritingAtPath: outputPath))
        let errors = try XCTUnwrap(FileHandle(forWritingAtPath: errorsPath))
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try whileRunning()
        process.waitUntilExit()
        try output.close()
        try errors.close()
        return ProgramRun(
            status: process.terminationStatus, output: try String(contentsOfFile: outputPath, encoding: .utf8),
            errors: try String(contentsOfFile: errorsPath, encoding: .utf8))
    }
}
