import SecondScreen
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Where the games' sockets go, and the folder made the player's alone: anyone who can connect
/// to a game can draw on a terminal with it.
final class ScreenFolderTests: XCTestCase {
    var base = ""

    override func setUpWithError() throws { base = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(base) }

    func testTheRuntimeFolderOrTmpWhenItIsUnsetOrNotAbsolute() {
        XCTAssertEqual(
            ScreenFolder.path(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]), "/run/user/1000/cardtable")
        XCTAssertEqual(
            ScreenFolder.path(environment: ["XDG_RUNTIME_DIR": "/run/user/1000/"]), "/run/user/1000/cardtable")
        XCTAssertEqual(ScreenFolder.path(environment: [:], user: 1000), "/tmp/cardtable-1000")
        XCTAssertEqual(
            ScreenFolder.path(environment: ["XDG_RUNTIME_DIR": "run/user"], user: 7), "/tmp/cardtable-7",
            "a relative path is ignored, as the XDG specification says")
    }

    func testTheFolderIsMadeForThePlayerAloneAndOneOpenToOthersIsClosed() throws {
        let folder = base + "/cardtable"
        try ScreenFolder.prepare(folder)
        var status = stat()
        XCTAssertEqual(lstat(folder, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o700)
        XCTAssertEqual(chmod(folder, 0o755), 0)
        try ScreenFolder.prepare(folder)
        XCTAssertEqual(lstat(folder, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o700, "closed to others")
    }

    func testAFolderThatCannotBeUsedIsRefusedWithAMessage() throws {
        func message(_ path: String, user: uid_t = getuid()) -> String {
            do {
                try ScreenFolder.prepare(path, user: user)
                return "made"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(
            message(base + "/missing/cardtable"),
            "cannot make \(base)/missing/cardtable: No such file or directory")
        let file = base + "/file"
        XCTAssertNotEqual(creat(file, 0o600), -1)
        XCTAssertEqual(message(file), "\(file) is not a folder")
        let link = base + "/link"
        XCTAssertEqual(mkdir(base + "/elsewhere", 0o700), 0)
        XCTAssertEqual(symlink(base + "/elsewhere", link), 0)
        XCTAssertEqual(
            message(link), "\(link) is not a folder",
            "a symbolic link is not followed")
        XCTAssertEqual(
            message(base + "/elsewhere", user: getuid() + 1),
            "\(base)/elsewhere belongs to another user")
    }

    func testAGameListensThereAndItsSocketGoesWithIt() throws {
        let folder = base + "/cardtable"
        var host: ScreenHost? = try ScreenHost(folder: folder, process: 42)
        XCTAssertEqual(host?.path, folder + "/game-42.sock")
        XCTAssertEqual(access(folder + "/game-42.sock", F_OK), 0)
        host = nil
        XCTAssertEqual(access(folder + "/game-42.sock", F_OK), -1, "removed when the game ends")
        XCTAssertThrowsError(try ScreenHost(folder: folder + "/" + String(repeating: "x", count: 120), process: 1)) {
            XCTAssertTrue("\($0)".hasSuffix("the path is too long for a socket"), "\($0)")
        }
    }
}
