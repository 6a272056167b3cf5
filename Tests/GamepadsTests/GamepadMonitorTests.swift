import Gamepads
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A device folder of named pipes standing in for gamepads: found at the start, plugged in and
/// unplugged while watched, records written in and read as presses.
final class GamepadMonitorTests: XCTestCase {
    var folder = ""
    var writers: [String: Int32] = [:]

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make()
    }

    override func tearDown() {
        for descriptor in writers.values { close(descriptor) }
        TemporaryFolder.remove(folder)
    }

    /// A pipe named `entry` in the folder, held open for writing (as a device stays open).
    func plugIn(_ entry: String) {
        let path = folder + "/" + entry
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let descriptor = open(path, O_RDWR | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        writers[entry] = descriptor
    }

    func write(_ entry: String, _ events: [EvdevRecord]) {
        let bytes = events.flatMap(\.bytes)
        XCTAssertEqual(bytes.withUnsafeBytes { Glibc.write(writers[entry]!, $0.baseAddress, $0.count) }, bytes.count)
    }

    /// What every descriptor with something to read gives (without waiting: what was written
    /// is already there).
    func drain(_ monitor: GamepadMonitor) -> [GamepadNotice] {
        var notices: [GamepadNotice] = []
        var fds = monitor.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), 0) > 0 else { return [] }
        for fd in fds where fd.revents != 0 { notices += monitor.handle(readable: fd.fd) }
        return notices
    }

    func press(_ code: UInt16) -> [EvdevRecord] {
        [
            EvdevRecord(type: EvdevRecord.key, code: code, value: 1), EvdevRecord(type: 0, code: 0, value: 0),
            EvdevRecord(type: EvdevRecord.key, code: code, value: 0), EvdevRecord(type: 0, code: 0, value: 0),
        ]
    }

    func testPadsInTheFolderAtTheStartAreConnectedAndOtherFilesAreNot() {
        plugIn("event3")
        plugIn("mouse0")
        FileManagerFree.touch(folder + "/event4")  // a plain file: neither a device nor a pipe
        let monitor = GamepadMonitor(folder: folder)
        XCTAssertEqual(monitor.start(), [.connected(name: "gamepad (event3)")])
        XCTAssertEqual(monitor.connected, ["gamepad (event3)"])
    }

    /// `--gamepads /tmp/pads`, a folder another user made: a pipe of theirs is not a gamepad,
    /// or whoever writes into it would play the player's game. (Giving a pipe away takes root.)
    func testAnotherUsersPipeIsNotAGamepad() throws {
        plugIn("event1")
        plugIn("event2")
        guard lchown(folder + "/event2", 4242, 4242) == 0 else {
            throw XCTSkip("only root can give a file to another user")
        }
        let monitor = GamepadMonitor(folder: folder)
        XCTAssertEqual(monitor.start(), [.connected(name: "gamepad (event1)")])
        write("event2", press(0x130))
        XCTAssertEqual(drain(monitor), [], "nothing is read from it")
    }

    /// `--gamepads /tmp/pads`, a folder another user made, with `event0` a link to a pipe of the
    /// player's: the link is not followed, at the start or when it appears while watched, and
    /// nothing is read from the pipe it leads to.
    func testALinkInTheFolderIsNotFollowed() throws {
        let elsewhere = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(elsewhere) }
        let pipe = elsewhere + "/pipe"
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        let writer = open(pipe, O_RDWR | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(writer, 0)
        defer { close(writer) }
        XCTAssertEqual(symlink(pipe, folder + "/event0"), 0)
        let monitor = GamepadMonitor(folder: folder)
        XCTAssertEqual(monitor.start(), [], "a link at the start is passed over")
        XCTAssertEqual(symlink(pipe, folder + "/event1"), 0)
        XCTAssertEqual(drain(monitor), [], "a link made while watched is passed over")
        XCTAssertEqual(monitor.connected, [])
        let bytes = press(0x130).flatMap(\.bytes)
        XCTAssertEqual(bytes.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }, bytes.count)
        XCTAssertEqual(drain(monitor), [])
        var left = [UInt8](repeating: 0, count: bytes.count + 1)
        XCTAssertEqual(read(writer, &left, left.count), bytes.count, "the pipe's records are left to its own reader")
        // The same pipe in the folder itself, the player's own, is a pad: the test could tell.
        XCTAssertEqual(rename(pipe, folder + "/event2"), 0)
        XCTAssertEqual(drain(monitor), [.connected(name: "gamepad (event2)")])
    }

    /// A pad that never stops sending (a pipe kept full): each call reads a part, so that the
    /// game's loop goes on between, and every press comes over the calls.
    func testAPadThatKeepsSendingIsReadAPartACall() {
        plugIn("event0")
        let monitor = GamepadMonitor(folder: folder)
        XCTAssertEqual(monitor.start(), [.connected(name: "gamepad (event0)")])
        let presses = 400  // 4 records each: 38 KB, within a pipe's 64 KB
        write("event0", (0..<presses).flatMap { _ in press(0x130) })
        let pad = monitor.descriptors.last!
        var calls = 0
        var read = 0
        while read < presses && calls < 100 {
            let notices = monitor.handle(readable: pad)
            XCTAssertLessThanOrEqual(notices.count, GamepadMonitor.mostReadsACall * 64 / 4 + 1)
            read += notices.count
            calls += 1
        }
        XCTAssertEqual(read, presses)
        XCTAssertGreaterThan(calls, 1, "read in parts")
    }

    func testAPadPluggedInIsFoundItsPressesReadAndItsUnpluggingSaid() {
        let monitor = GamepadMonitor(folder: folder)
        XCTAssertEqual(monitor.start(), [])
        XCTAssertEqual(drain(monitor), [], "nothing to read: an idle folder wakes no one")
        plugIn("event7")
        XCTAssertEqual(drain(monitor), [.connected(name: "gamepad (event7)")])
        XCTAssertEqual(drain(monitor), [], "an untouched pad has nothing to read")
        write("event7", press(0x130) + press(0x134) + [EvdevRecord(type: EvdevRecord.absolute, code: 0x10, value: 1)])
        XCTAssertEqual(
            drain(monitor),
            [
                .pressed(.south, pad: "gamepad (event7)"), .pressed(.west, pad: "gamepad (event7)"),
                .pressed(.right, pad: "gamepad (event7)"),
            ])
        unlink(folder + "/event7")
        XCTAssertEqual(drain(monitor), [.disconnected(name: "gamepad (event7)")])
        XCTAssertEqual(monitor.connected, [])
        XCTAssertEqual(monitor.descriptors.count, 1, "only the folder's watch is left")
    }

    func testAPadWhoseDeviceGoesAwayWhileReadIsDisconnected() {
        plugIn("event1")
        let monitor = GamepadMonitor(folder: folder)
        XCTAssertEqual(monitor.start().count, 1)
        write("event1", Array(press(0x131).prefix(1)))
        close(writers.removeValue(forKey: "event1")!)  // the device is gone, its entry still there
        XCTAssertEqual(
            drain(monitor), [.pressed(.east, pad: "gamepad (event1)"), .disconnected(name: "gamepad (event1)")])
        plugIn("event2")
        XCTAssertEqual(drain(monitor), [.connected(name: "gamepad (event2)")], "and another one plugged in later")
    }

    func testAFolderThatIsNotThereHasNoPads() {
        let monitor = GamepadMonitor(folder: folder + "/missing")
        XCTAssertEqual(monitor.start(), [])
        XCTAssertEqual(drain(monitor), [])
    }
}

/// Small file helpers without Foundation.
enum FileManagerFree {
    static func touch(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }
}
