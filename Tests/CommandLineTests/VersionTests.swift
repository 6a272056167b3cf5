import ArgumentParser
import XCTest

@testable import cardtable

/// `cardtable --version` is answered before the command tree is built, and says what the
/// command-line parser would say.
final class VersionTests: XCTestCase {
    func testOnlyTheVersionAloneIsAnsweredEarly() {
        XCTAssertTrue(CardTableCommand.isVersionQuestion(["cardtable", "--version"]))
        XCTAssertFalse(CardTableCommand.isVersionQuestion(["cardtable"]))
        XCTAssertFalse(CardTableCommand.isVersionQuestion(["cardtable", "--version", "x"]))
        XCTAssertFalse(CardTableCommand.isVersionQuestion(["cardtable", "play", "--version"]))
        XCTAssertFalse(CardTableCommand.isVersionQuestion(["cardtable", "--help"]))
    }

    func testTheEarlyAnswerIsTheParsersAnswer() throws {
        XCTAssertThrowsError(try CardTableCommand.parseAsRoot(["--version"])) { error in
            XCTAssertEqual(CardTableCommand.message(for: error), CardTableVersion.current)
        }
        let tests = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: (tests as NSString).deletingLastPathComponent + "/cardtable")
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: printed, as: UTF8.self), CardTableVersion.current + "\n")
    }
}
