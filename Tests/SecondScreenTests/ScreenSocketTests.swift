import SecondScreen
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A game's socket and a second terminal joining it, both ends in the test: the games listed,
/// a join with its descriptor, the size lines after it, the end of the connection.
final class ScreenSocketTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make() + "/run"
    }

    override func tearDown() {
        TemporaryFolder.remove(String(folder.dropLast(4)))
    }

    /// Accepts what is waiting on the host, with the client's side done on another thread (both
    /// ends block on each other).
    func serve(_ host: ScreenHost, while client: @escaping @Sendable () -> Void) -> ScreenGuest? {
        let thread = DetachedClient(client)
        var ready = pollfd(fd: host.descriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&ready, 1, 5000), 1, "a connection comes")
        let guest = host.accept()
        thread.join()
        return guest
    }

    func testTheGamesRunningSayWhatTheyPlayAndAStaleSocketIsRemoved() throws {
        let first = try ScreenHost(folder: folder, process: 101)
        first.description = "FreeCell #5 · 12 moves"
        let second = try ScreenHost(folder: folder, process: 102)
        second.description = "Klondike #1 · 0 moves"
        // A socket file with no game behind it, as a game killed with SIGKILL leaves.
        var stale: ScreenHost? = try ScreenHost(folder: folder, process: 103)
        let stalePath = stale!.path
        let staleDescriptor = dup(stale!.descriptor)
        stale = nil  // removes its file: put one back, bound to nothing
        close(staleDescriptor)
        XCTAssertEqual(mknod(stalePath, S_IFSOCK | 0o600, 0), 0)

        let folder = self.folder
        let box = Box<[ScreenClient.Game]>([])
        let thread = DetachedClient { box.value = ScreenClient.games(in: folder) }
        for host in [first, second] {
            var ready = pollfd(fd: host.descriptor, events: Int16(POLLIN), revents: 0)
            XCTAssertEqual(poll(&ready, 1, 5000), 1)
            XCTAssertNil(host.accept(), "a who is answered, not joined")
        }
        thread.join()
        XCTAssertEqual(box.value.map(\.description), ["FreeCell #5 · 12 moves", "Klondike #1 · 0 moves"])
        XCTAssertEqual(box.value.map(\.path), [first.path, second.path])
        XCTAssertEqual(access(stalePath, F_OK), -1, "the stale socket is gone")
    }

    func testAJoinBringsTheTerminalsDescriptorItsTermAndSizeThenItsResizesAndItsEnd() throws {
        let host = try ScreenHost(folder: folder, process: 7)
        host.isTerminal = { _ in true }  // a pipe stands in for the terminal
        var pipeEnds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        let path = host.path
        let terminal = pipeEnds[1]
        let connection = Box<Int32>(-1)
        let guest = try XCTUnwrap(
            serve(host) {
                connection.value =
                    (try? ScreenClient.join(
                        path, terminal: terminal, hello: ScreenHello(term: "xterm-256color", columns: 100, rows: 30)))
                    ?? -1
            })
        XCTAssertEqual(guest.hello, ScreenHello(term: "xterm-256color", columns: 100, rows: 30))
        // What the game writes on the descriptor it was given comes out of the joining terminal.
        XCTAssertEqual(Glibc.write(guest.terminal, "frame", 5), 5)
        var bytes = [UInt8](repeating: 0, count: 16)
        XCTAssertEqual(Glibc.read(pipeEnds[0], &bytes, 16), 5)
        XCTAssertEqual(String(decoding: bytes.prefix(5), as: UTF8.self), "frame")
        // A resize, then the end.
        ScreenClient.resize(connection.value, columns: 120, rows: 40)
        var reader = LineReader()
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(guest.connection, &buffer, 64, 0)
        let lines = reader.lines(from: buffer[0..<max(0, count)])
        XCTAssertEqual(lines, ["size=120x40"])
        XCTAssertEqual(ScreenHello.size(lines[0][...])?.columns, 120)
        close(connection.value)
        XCTAssertEqual(recv(guest.connection, &buffer, 64, 0), 0, "the end of the connection: the guest has gone")
        close(guest.terminal)
        close(guest.connection)
        close(pipeEnds[0])
        close(pipeEnds[1])
    }

    func testAJoinWithoutATerminalOrWithAMalformedHelloIsHungUpOn() throws {
        let host = try ScreenHost(folder: folder, process: 8)  // only terminals: a pipe is refused
        var pipeEnds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        let path = host.path
        let terminal = pipeEnds[1]
        XCTAssertNil(
            serve(host) {
                _ = try? ScreenClient.join(
                    path, terminal: terminal, hello: ScreenHello(term: "xterm", columns: 80, rows: 24))
            })
        for request in ["join\nterm=\nsize=80x24\n", "join\nterm=xterm\nsize=0x24\n", "hello\n\n\n\n"] {
            XCTAssertNil(ScreenHello(request: request), request)
        }
        XCTAssertEqual(ScreenHello(request: "join\nterm=xterm\nsize=80x24\n")?.rows, 24)
        close(pipeEnds[0])
        close(pipeEnds[1])
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
