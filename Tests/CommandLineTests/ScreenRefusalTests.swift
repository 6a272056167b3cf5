import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// What `cardtable screen --list` says when what it found was refused: the refusal, by path
/// and why, and then not that no game is running (which would deny what it just named), but
/// that no game of the player's is (or, for a game of the player's that does not answer, that
/// none answered); a folder of another user's says how to use another.
final class ScreenRefusalTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    /// `cardtable screen --list` with its sockets in `folder/run/cardtable`: its exit status
    /// and what it said on standard error.
    func list() throws -> (status: Int32, errors: String) {
        let tests = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: (tests as NSString).deletingLastPathComponent + "/cardtable")
        process.arguments = ["screen", "--list"]
        process.environment = ["HOME": folder, "XDG_RUNTIME_DIR": folder + "/run", "LANG": "C.UTF-8"]
        let errorsPath = folder + "/stderr"
        XCTAssertTrue(FileManager.default.createFile(atPath: errorsPath, contents: nil))
        let errors = try XCTUnwrap(FileHandle(forWritingAtPath: errorsPath))
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        try errors.close()
        return (process.terminationStatus, try String(contentsOfFile: errorsPath, encoding: .utf8))
    }

    /// Asserts that `cardtable screen --list` exits 1 and says `errors`, a line each.
    func assertListing(says errors: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try list()
        XCTAssertEqual(run.status, 1, file: file, line: line)
        XCTAssertEqual(run.errors, errors.map { "cardtable: \($0)\n" }.joined(), file: file, line: line)
    }

    func testAfterARefusalNoGameOfThePlayersIsRunning() throws {
        let sockets = folder + "/run/cardtable"
        XCTAssertEqual(mkdir(folder + "/run", 0o700), 0)
        XCTAssertEqual(mkdir(sockets, 0o700), 0)
        XCTAssertEqual(try list().errors, "cardtable: no game is running\n", "nothing there, nothing refused")
        XCTAssertNotEqual(creat(sockets + "/game-8.sock", 0o600), -1)
        try assertListing(says: [
            "\(sockets)/game-8.sock is not a socket: not joining a game through it", "no game of yours is running",
        ])

        // A game of the player's that does not answer (stopped with Ctrl-Z): its socket
        // listens, and no one takes the connection. "No game of yours" denied the game the line
        // before named.
        XCTAssertEqual(unlink(sockets + "/game-8.sock"), 0)
        let path = sockets + "/game-77.sock"
        let stopped = UnixConnection.silentListener(path)
        XCTAssertGreaterThanOrEqual(stopped, 0)
        defer { close(stopped) }
        try assertListing(says: [
            "\(path): the game there does not answer (stopped with Ctrl-Z? 'fg' in its terminal resumes it)",
            "no game answered: a game stopped with Ctrl-Z answers once 'fg' resumes it",
        ])
        XCTAssertEqual(unlink(path), 0)

        // A folder another user made first.
        guard chown(sockets, 4242, 4242) == 0 else { throw XCTSkip("only root can give a folder to another user") }
        XCTAssertEqual(
            try list().errors,
            "cardtable: \(sockets) belongs to another user (uid 4242), not to you: not joining a game through it "
                + "(set XDG_RUNTIME_DIR to a folder of your own, for the game too, to use another)\n")
    }
}
