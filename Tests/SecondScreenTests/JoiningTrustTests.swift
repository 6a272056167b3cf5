import SecondScreen
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable screen` sends its terminal only to a game of the player's: without
/// `XDG_RUNTIME_DIR` the folder is `/tmp/cardtable-UID`, which another user may have made first
/// and listen in. The folder (a real folder, the player's, closed to others), each socket (a
/// socket, the player's) and the process listening (its credentials) are checked before
/// anything, even `who`, is sent; what fails is refused with its path and why, and nothing on
/// the joining side is changed.
final class JoiningTrustTests: XCTestCase {
    var base = ""
    var folder: String { base + "/run" }

    override func setUpWithError() throws { base = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(base) }

    /// Whether a connection waits on the game's socket (within `milliseconds`).
    func isWaiting(_ host: ScreenHost, milliseconds: Int32 = 0) -> Bool {
        var ready = pollfd(fd: host.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, milliseconds) == 1
    }

    static func listingError(_ folder: String, user: uid_t = getuid()) -> String {
        do {
            let found = try ScreenClient.games(in: folder, user: user, seconds: 0.2)
            return (["listed \(found.games.count)"] + found.refused.map(\.description)).joined(separator: "; refused ")
        } catch {
            return error.description
        }
    }

    static func joinError(_ path: String, user: uid_t = getuid()) -> String {
        do {
            let connection = try ScreenClient.join(
                path, terminal: STDERR_FILENO, hello: ScreenHello(term: "xterm", columns: 80, rows: 24), user: user)
            close(connection)
            return "joined"
        } catch {
            return error.description
        }
    }

    /// Gives `path` to another user (only root can): the test is skipped for anyone else.
    func giveAway(_ path: String, to user: uid_t) throws {
        guard lchown(path, user, gid_t(user)) == 0 else {
            throw XCTSkip("only root can give a file to another user (\(String(cString: strerror(errno))))")
        }
    }

    func testAFolderThatIsALinkIsAnotherUsersOrOpenToOthersIsRefusedAndLeftAsItIs() throws {
        let host = try ScreenHost(folder: base + "/real", process: 5)
        // A symbolic link in the folder's place, to a folder where a game listens.
        XCTAssertEqual(symlink(base + "/real", folder), 0)
        let linkWords = "\(folder) is a symbolic link, not a folder: not joining a game through it"
        XCTAssertEqual(Self.listingError(folder), linkWords)
        XCTAssertEqual(Self.joinError(folder + "/game-5.sock"), linkWords)
        XCTAssertFalse(isWaiting(host), "nothing connected to the game")
        XCTAssertEqual(unlink(folder), 0)

        // The player's folder, open to others: refused, not closed (that is the game's to do).
        let open = try ScreenHost(folder: folder, process: 6)
        XCTAssertEqual(chmod(folder, 0o755), 0)
        let openWords =
            "\(folder) is open to other users (mode 755): not joining a game through it ('chmod 700 \(folder)' closes it)"
        XCTAssertEqual(Self.listingError(folder), openWords)
        XCTAssertEqual(Self.joinError(open.path), openWords)
        var status = stat()
        XCTAssertEqual(lstat(folder, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o755, "left as it was")
        XCTAssertFalse(isWaiting(open))
        XCTAssertEqual(chmod(folder, 0o700), 0)

        // A folder that is not the player's (as though another user had made it first).
        let other = getuid() + 1
        let otherWords =
            "\(folder) belongs to another user (uid \(getuid())), not to you: not joining a game through it "
            + "(set XDG_RUNTIME_DIR to a folder of your own, for the game too, to use another)"
        XCTAssertEqual(Self.listingError(folder, user: other), otherWords)
        XCTAssertEqual(Self.joinError(open.path, user: other), otherWords)
        XCTAssertFalse(isWaiting(open))

        // A file in its place.
        let file = base + "/file"
        XCTAssertNotEqual(creat(file, 0o600), -1)
        XCTAssertEqual(Self.listingError(file), "\(file) is not a folder: not joining a game through it")
        XCTAssertEqual(Self.listingError(base + "/missing"), "listed 0", "no folder: no game has run")
    }

    func testWhatIsNotASocketOfThePlayersIsPassedOverUnasked() throws {
        let host = try ScreenHost(folder: folder, process: 7)
        XCTAssertNotEqual(creat(folder + "/game-8.sock", 0o600), -1)
        XCTAssertEqual(symlink(host.path, folder + "/game-9.sock"), 0)
        XCTAssertEqual(
            Self.joinError(folder + "/game-9.sock"),
            "\(folder)/game-9.sock is not a socket: not joining a game through it")
        let box = Box<String>("")
        let folder = self.folder
        let thread = DetachedClient { box.value = Self.listingError(folder) }
        // Only the real socket is asked.
        XCTAssertTrue(isWaiting(host, milliseconds: 5000))
        let connection = try XCTUnwrap(host.accept())
        var ready = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&ready, 1, 5000), 1)
        XCTAssertEqual(connection.read(), .request(.who))
        connection.say(description: "Klondike #1")
        connection.close()
        thread.join()
        XCTAssertEqual(
            box.value,
            "listed 1; refused \(folder)/game-8.sock is not a socket: not joining a game through it; "
                + "refused \(folder)/game-9.sock is not a socket: not joining a game through it")
        XCTAssertFalse(isWaiting(host), "each was asked once, and the others not at all")
        XCTAssertEqual(access(folder + "/game-8.sock", F_OK), 0, "what was refused is left where it is")

        // A socket that another user made.
        try giveAway(host.path, to: 4242)
        XCTAssertEqual(
            Self.listingError(folder),
            "listed 0; refused \(host.path) belongs to another user (uid 4242), not to you: not joining a game "
                + "through it; refused \(folder)/game-8.sock is not a socket: not joining a game through it; "
                + "refused \(folder)/game-9.sock is not a socket: not joining a game through it")
        XCTAssertFalse(isWaiting(host))
    }

    func testAListenerOfAnotherUserIsSentNothingNotEvenWho() throws {
        let host = try ScreenHost(folder: folder, process: 11)
        let client = try ScreenClientSocket.connect(host.path)
        defer { close(client) }
        XCTAssertNoThrow(try ScreenClient.checkListener(client, path: host.path))
        XCTAssertThrowsError(try ScreenClient.checkListener(client, path: host.path, user: getuid() + 1)) {
            XCTAssertEqual(
                "\($0)",
                "\(host.path): the process listening there is another user's (uid \(getuid())), not yours: "
                    + "nothing was sent to it")
        }
    }

    /// The attack itself, as root plays it: the folder and the socket are the player's (uid
    /// 4243 here), but the process listening is someone else's (root's). Neither a listing nor
    /// a join sends it a byte, and the terminal's descriptor never goes.
    func testAFolderAndSocketMadeToLookThePlayersStillSendNothingToAnotherUsersListener() throws {
        let host = try ScreenHost(folder: folder, process: 12)
        let player: uid_t = 4243
        try giveAway(folder, to: player)
        try giveAway(host.path, to: player)
        let refusal =
            "\(host.path): the process listening there is another user's (uid \(getuid())), not yours: nothing was sent to it"
        XCTAssertEqual(Self.listingError(folder, user: player), "listed 0; refused \(refusal)")
        XCTAssertEqual(Self.joinError(host.path, user: player), refusal)
        // Both connected, and hung up without a word: no request, no descriptor.
        for _ in 0..<2 {
            XCTAssertTrue(isWaiting(host, milliseconds: 5000))
            let connection = try XCTUnwrap(host.accept())
            var ready = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
            XCTAssertEqual(poll(&ready, 1, 5000), 1)
            XCTAssertEqual(connection.read(), .gone)
        }
    }

    /// A game stopped with Ctrl-Z (or frozen) answers nothing and takes no connection: once the
    /// queue of waiting ones is full (nine `cardtable screen --list` runs), connect(2) would wait
    /// for ever. Listing and joining give up on it within their time, and say why.
    func testAGameThatTakesNoConnectionIsPassedOverInBoundedTime() throws {
        let host = try ScreenHost(folder: folder, process: 7)
        let words =
            "\(host.path): the game there does not answer (stopped with Ctrl-Z? 'fg' in its terminal resumes it)"
        XCTAssertEqual(Self.listingError(folder), "listed 0; refused " + words, "connected, but no answer came")
        var queued: [Int32] = []
        defer { for descriptor in queued { close(descriptor) } }
        var full = false
        for _ in 0..<64 where !full {
            let (descriptor, connected) = UnixConnection.connect(host.path, flags: Int32(SOCK_NONBLOCK.rawValue))
            full = connected != 0 && errno == EAGAIN
            queued.append(descriptor)
        }
        XCTAssertTrue(full, "the queue of the socket no one accepts on fills up")
        let answers = Box(["", ""])
        let done = expectation(description: "listed and joined")
        let started = Date()
        Thread.detachNewThread { [folder, path = host.path] in
            answers.value = [Self.listingError(folder), Self.joinError(path)]
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(answers.value, ["listed 0; refused " + words, words])
        withExtendedLifetime(host) {}
    }
}
