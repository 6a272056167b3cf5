import CDeviceShim
import SecondScreen
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A game's socket and a second terminal joining it, both ends in the test: the games listed,
/// a join with its descriptor, the answers, the size lines after it, the end of the connection;
/// and every request the game must refuse, each with its reason.
final class ScreenSocketTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make() + "/run"
    }

    override func tearDown() {
        TemporaryFolder.remove(String(folder.dropLast(4)))
    }

    /// Waits (at most 5 s: a failing test must not hang) until `descriptor` is readable.
    func waitReadable(_ descriptor: Int32, file: StaticString = #filePath, line: UInt = #line) {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&ready, 1, 5000), 1, "readable", file: file, line: line)
    }

    /// The next connection's request, read as the game reads it: whenever it is readable.
    func request(on host: ScreenHost) -> (ScreenConnection?, ScreenConnection.Outcome) {
        waitReadable(host.descriptor)
        guard let connection = host.accept() else { return (nil, .gone) }
        while true {
            let outcome = connection.read()
            guard outcome == .waiting else { return (connection, outcome) }
            waitReadable(connection.descriptor)
        }
    }

    /// A connected pair of sockets standing for a client and the game's connection.
    func socketPair() -> (client: Int32, game: Int32) {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends), 0)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    func testTheGamesRunningSayWhatTheyPlayInProcessOrderAndAStaleSocketIsRemoved() throws {
        let first = try ScreenHost(folder: folder, process: 1002)
        let second = try ScreenHost(folder: folder, process: 999)
        // A socket file with no game behind it, as a game killed with SIGKILL leaves.
        let stalePath = folder + "/game-103.sock"
        XCTAssertEqual(mknod(stalePath, S_IFSOCK | 0o600, 0), 0)

        let folder = self.folder
        let box = Box<[ScreenClient.Game]>([])
        let thread = DetachedClient { box.value = (try? ScreenClient.games(in: folder).games) ?? [] }
        // The client asks in the order of the names: game-1002 before game-999.
        for (host, description) in [(first, "FreeCell #5 · 12 moves"), (second, "Klondike #1 · 0 moves")] {
            let (connection, outcome) = request(on: host)
            XCTAssertEqual(outcome, .request(.who))
            connection?.say(description: description)
            connection?.close()
        }
        thread.join()
        XCTAssertEqual(box.value.map(\.description), ["Klondike #1 · 0 moves", "FreeCell #5 · 12 moves"])
        XCTAssertEqual(box.value.map(\.process), [999, 1002])
        XCTAssertEqual(box.value.first?.title, "Klondike #1 · 0 moves (process 999)")
        XCTAssertEqual(access(stalePath, F_OK), -1, "the stale socket is gone")
        XCTAssertEqual(try ScreenClient.games(in: folder + "/missing").games, [], "no folder: no games")
    }

    func testAJoinBringsTheTerminalsDescriptorItsTermSizeAndOptionsThenItsResizesAndItsLeaving() throws {
        let host = try ScreenHost(folder: folder, process: 7)
        var pipeEnds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        let path = host.path
        let terminal = pipeEnds[1]  // a pipe stands in for the terminal
        let client = Box<Int32>(-1)
        let answer = Box<ScreenAnswer?>(nil)
        let hello = ScreenHello(term: "xterm-256color", columns: 100, rows: 30, noColor: true, isUTF8: false)
        let thread = DetachedClient {
            client.value = (try? ScreenClient.join(path, terminal: terminal, hello: hello)) ?? -1
            answer.value = ScreenClient.answer(on: client.value, seconds: 5)
        }
        let (connection, outcome) = request(on: host)
        guard case .request(.join(let said, let descriptor)) = outcome, let connection else {
            return XCTFail("not a join: \(outcome)")
        }
        XCTAssertEqual(said, hello)
        connection.say(.accepted("Klondike #5"))
        thread.join()
        XCTAssertEqual(answer.value, .accepted("Klondike #5"))
        // What the game writes on the descriptor it was given comes out of the joining terminal.
        XCTAssertEqual(Glibc.write(descriptor, "frame", 5), 5)
        var bytes = [UInt8](repeating: 0, count: 16)
        XCTAssertEqual(Glibc.read(pipeEnds[0], &bytes, 16), 5)
        XCTAssertEqual(String(decoding: bytes.prefix(5), as: UTF8.self), "frame")
        // A resize, and leaving, then the end.
        ScreenClient.resize(client.value, columns: 120, rows: 40)
        ScreenClient.leave(client.value)
        waitReadable(connection.descriptor)
        XCTAssertEqual(connection.readLines(), ["size=120x40", "leave"])
        XCTAssertEqual(connection.readLines(), [], "nothing more yet")
        connection.say(.bye("asked to"))
        XCTAssertEqual(ScreenClient.answer(on: client.value, seconds: 5), .bye("asked to"))
        close(client.value)
        waitReadable(connection.descriptor)
        XCTAssertNil(connection.readLines(), "the end of the connection: the terminal has gone")
        close(descriptor)
        close(pipeEnds[0])
        close(pipeEnds[1])
    }

    func testRequestsTheGameRefusesEachSayWhy() throws {
        let cases: [(String, Bool, String)] = [
            ("hello\n", false, "'hello' is not a request the game knows (who, join)"),
            ("join\nterm=xterm\nsize=80x24\n\n", false, "the join did not bring the terminal's descriptor"),
            ("join\nsize=80x24\n\n", true, "the join does not say the terminal's type"),
            ("join\nterm=x term\nsize=80x24\n\n", true, "the terminal's type is not a terminfo name"),
            ("join\nterm=xterm\n\n", true, "the join does not say the terminal's size"),
            ("join\nterm=xterm\nsize=eighty\n\n", true, "the terminal's size is not COLUMNSxROWS"),
            (
                "join\nterm=xterm\nsize=0x0\n\n", true,
                "the terminal's size is 0x0: set it (stty rows ROWS cols COLUMNS) and join again"
            ),
            (
                "join\nterm=xterm\nsize=5000x5000\n\n", true,
                "the terminal is 5000x5000: a second screen is at most 1000x500"
            ),
        ]
        for (text, withDescriptor, reason) in cases {
            let (client, game) = socketPair()
            let connection = ScreenConnection(descriptor: game)
            var pipeEnds: [Int32] = [0, 0]
            XCTAssertEqual(pipe(&pipeEnds), 0)
            let bytes = Array(text.utf8)
            XCTAssertEqual(
                bytes.withUnsafeBytes {
                    ct_send_with_descriptor(client, $0.baseAddress!, $0.count, withDescriptor ? pipeEnds[0] : -1)
                }, bytes.count)
            XCTAssertEqual(connection.read(), .invalid(ScreenRefusal(reason)), text)
            connection.say(.refused(reason))
            XCTAssertEqual(ScreenClient.answer(on: client, seconds: 5), .refused(reason))
            close(client)
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
    }

    func testAnotherUsersConnectionIsRefusedWhateverItAsks() throws {
        let host = try ScreenHost(folder: folder, process: 9)
        host.owner = getuid() + 1  // as though the game were someone else's
        let client = try ScreenClientSocket.connect(host.path)
        XCTAssertEqual(write(client, "who\n", 4), 4)
        let (connection, outcome) = request(on: host)
        XCTAssertEqual(connection?.isOwners, false)
        XCTAssertEqual(outcome, .invalid(ScreenRefusal("this game is another user's")))
        close(client)
    }

    func testARequestComesInPiecesNothingComingWaitsAndOneTooLongIsRefused() throws {
        let (client, game) = socketPair()
        let connection = ScreenConnection(descriptor: game)
        XCTAssertEqual(connection.read(), .waiting, "nothing yet: the game waits (its timer gives up after a second)")
        XCTAssertEqual(write(client, "wh", 2), 2)
        XCTAssertEqual(connection.read(), .waiting)
        XCTAssertEqual(write(client, "o\n", 2), 2)
        XCTAssertEqual(connection.read(), .request(.who))
        close(client)

        let (other, otherGame) = socketPair()
        let long = ScreenConnection(descriptor: otherGame)
        let text = "join\n" + String(repeating: "x", count: 1100)
        XCTAssertEqual(write(other, text, text.utf8.count), text.utf8.count)
        XCTAssertEqual(long.read(), .invalid(ScreenRefusal("the request is longer than 1024 bytes")))
        close(other)

        let (leaving, leavingGame) = socketPair()
        let gone = ScreenConnection(descriptor: leavingGame)
        XCTAssertEqual(write(leaving, "jo", 2), 2)
        close(leaving)
        XCTAssertEqual(gone.read(), .gone, "hung up before the request was whole")
    }

    /// A joined peer that never stops sending: each call reads a part (the game's loop goes on
    /// between), and every line comes, in order, over the calls.
    func testAPeerThatKeepsSendingIsReadAPartACall() throws {
        let (client, game) = socketPair()
        defer { close(client) }
        let connection = ScreenConnection(descriptor: game)
        let line = "size=100x30\n"
        let sent = String(repeating: line, count: 4000)
        var left = Array(sent.utf8)[...]
        var received: [String] = []
        var calls = 0
        while !left.isEmpty || received.count < 4000 {
            // The socket kept as full as it takes, as a peer in a loop keeps it.
            while !left.isEmpty {
                let count = left.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                guard count > 0 else { break }
                left = left.dropFirst(count)
            }
            let lines = try XCTUnwrap(connection.readLines())
            XCTAssertLessThanOrEqual(lines.count, ScreenConnection.mostBytesACall / line.utf8.count + 1)
            received += lines
            calls += 1
            if calls > 100 { break }
        }
        XCTAssertEqual(received, Array(repeating: "size=100x30", count: 4000))
        XCTAssertGreaterThan(calls, sent.utf8.count / ScreenConnection.mostBytesACall - 1)
    }

    func testNoAnswerWithinTheTimeIsNone() {
        let (client, game) = socketPair()
        XCTAssertNil(ScreenClient.answer(on: client, seconds: 0.02), "the game said nothing")
        XCTAssertEqual(write(game, "what?\n", 6), 6)
        XCTAssertNil(ScreenClient.answer(on: client, seconds: 1), "not an answer")
        close(game)
        XCTAssertNil(ScreenClient.answer(on: client, seconds: 1), "hung up")
        close(client)
    }

    func testHelloAndAnswersAsText() {
        let hello = ScreenHello(term: "tmux-256color", columns: 80, rows: 24)
        XCTAssertEqual(hello.text, "join\nterm=tmux-256color\nsize=80x24\n\n")
        XCTAssertEqual(try ScreenHello.parse(hello.text).get(), hello)
        let plain = ScreenHello(term: "vt100", columns: 80, rows: 24, noColor: true, isUTF8: false)
        XCTAssertEqual(try ScreenHello.parse(plain.text).get(), plain)
        XCTAssertEqual(
            try ScreenHello.parse("join\nterm=xterm\nsize=80x24\nlater=1\n\n").get(),
            ScreenHello(term: "xterm", columns: 80, rows: 24), "keys of later versions are passed over")
        XCTAssertNil(ScreenHello.size("size=80x"))
        XCTAssertNil(ScreenHello.size("size=123456x1"), "too many digits")
        XCTAssertEqual(ScreenHello.clamped((5000, 0)).columns, 1000)
        XCTAssertEqual(ScreenHello.clamped((5000, 0)).rows, 1)
        for answer in [ScreenAnswer.accepted("Klondike #5"), .refused("no"), .bye("the game ended")] {
            XCTAssertEqual(ScreenAnswer(line: answer.line), answer)
        }
        XCTAssertEqual(ScreenAnswer.bye("two\nlines").line, "bye two lines")
        XCTAssertNil(ScreenAnswer(line: "maybe"))
    }

    func testLinesArriveInPiecesAndOverlongOnesAreDropped() {
        var reader = LineReader()
        XCTAssertEqual(reader.lines(from: Array("size=1".utf8)), [])
        XCTAssertEqual(reader.lines(from: Array("0x20\nsi".utf8)), ["size=10x20"])
        XCTAssertEqual(reader.lines(from: Array(repeating: UInt8(ascii: "x"), count: 300)), [])
        XCTAssertEqual(reader.lines(from: Array("ze=5x5\n".utf8)), [], "the end of the overlong line")
        XCTAssertEqual(reader.lines(from: Array("size=5x5\n".utf8)), ["size=5x5"])
    }
}

/// A plain connection to a game's socket.
enum ScreenClientSocket {
    static func connect(_ path: String) throws -> Int32 {
        let (connection, connected) = UnixConnection.connect(path)
        guard connected == 0 else {
            close(connection)
            throw POSIXError(.ECONNREFUSED)
        }
        return connection
    }
}

final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A POSIX thread running a client's side.
final class DetachedClient: @unchecked Sendable {
    private var thread = pthread_t()
    private let work: () -> Void

    init(_ work: @escaping @Sendable () -> Void) {
        self.work = work
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &thread, nil,
            { context in
                let client = Unmanaged<DetachedClient>.fromOpaque(context!).takeRetainedValue()
                client.work()
                return nil
            }, context)
    }

    func join() { pthread_join(thread, nil) }
}
