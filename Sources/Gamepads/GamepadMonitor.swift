import CDeviceShim

#if canImport(Glibc)
    import Glibc
#endif

/// What happened to the gamepads.
public enum GamepadNotice: Equatable, Sendable {
    case connected(name: String)
    case disconnected(name: String)
    /// A press on the pad of that name.
    case pressed(GamepadButton, pad: String)
}

/// The gamepads in a device folder (`/dev/input`, or another one the player or a test names):
/// those there at the start, those plugged in later (inotify on the folder: a new `eventN`, or one
/// whose permissions udev has just opened up), and those unplugged (the folder entry removed, or
/// the device gone when read). Each pad's records become presses (``GamepadButtonReader``).
///
/// Everything is read when poll(2) says so: an untouched pad, like an empty folder, costs no
/// wake-up. A file in the folder that is not an evdev device at all (a named pipe, which tests
/// write records into) is taken for a gamepad, since it cannot be asked, when it is the
/// player's own: another user's pipe would let that user play the player's game. An entry that
/// is a symbolic link is never followed: a link another user put in the folder would have the
/// game open whatever it leads to (a pipe of the player's, read in place of its own reader).
public final class GamepadMonitor {
    public let folder: String
    private let watch: Int32
    private var pads: [Int32: Pad] = [:]

    private struct Pad {
        var entry: String
        var name: String
        var events = EvdevRecordReader()
        var buttons: GamepadButtonReader
    }

    public init(folder: String = "/dev/input") {
        self.folder = folder
        watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if watch >= 0 {
            let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
            _ = inotify_add_watch(watch, folder, mask)
        }
    }

    deinit {
        for descriptor in pads.keys { close(descriptor) }
        if watch >= 0 { close(watch) }
    }

    /// The descriptors to poll: the folder's watch, then each pad's.
    public var descriptors: [Int32] { (watch >= 0 ? [watch] : []) + pads.keys.sorted() }

    /// The names of the pads connected now, by entry name.
    public var connected: [String] { pads.values.sorted { $0.entry < $1.entry }.map(\.name) }

    /// Opens the pads already in the folder.
    public func start() -> [GamepadNotice] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var entries: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            entries.append(name)
        }
        return entries.sorted().compactMap(open)
    }

    /// Reads what `descriptor` (one of ``descriptors``) has for us.
    public func handle(readable descriptor: Int32) -> [GamepadNotice] {
        descriptor == watch ? folderChanged() : read(descriptor)
    }

    /// The most reads of a descriptor a call to ``handle(readable:)`` makes: what is left is
    /// read when poll(2) says so again, so that a pad (or a pipe) that never stops sending, or a
    /// folder whose entries change without end (one another user made), is read a part a turn
    /// and the game's loop goes on between.
    public static let mostReadsACall = 4

    private func folderChanged() -> [GamepadNotice] {
        var notices: [GamepadNotice] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<Self.mostReadsACall {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(watch, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.mask, Int(event.len))
                }
                let start = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[start..<start + length].prefix { $0 != 0 }, as: UTF8.self)
                offset = start + length
                if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                    if let descriptor = pads.first(where: { $0.value.entry == name })?.key {
                        notices += disconnect(descriptor)
                    }
                } else if !pads.values.contains(where: { $0.entry == name }), let notice = open(name) {
                    notices.append(notice)
                }
            }
        }
        return notices
    }

    /// Opens `entry` when it is an `eventN` gamepad not open yet.
    private func open(_ entry: String) -> GamepadNotice? {
        guard entry.hasPrefix("event"), entry.count > 5, entry.dropFirst(5).allSatisfy(\.isNumber) else { return nil }
        let path = folder + "/" + entry
        // O_NOFOLLOW: a link is not opened (ELOOP), whoever made it.
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }  // not ours to read (yet: udev may open it up)
        var name = [CChar](repeating: 0, count: 256)
        let answer = ct_input_is_gamepad(descriptor)
        var status = stat()
        // A pipe of another user's is not: whoever writes into it would play the player's game
        // (`--gamepads /tmp/pads`, a folder another user made).
        let isOwnPipe =
            fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO && status.st_uid == geteuid()
        guard answer == 1 || (answer < 0 && isOwnPipe) else {
            close(descriptor)
            return nil
        }
        let named =
            ct_input_name(descriptor, &name, name.count) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        var ranges: [UInt16: AxisRange] = [:]
        for axis in [GamepadButtonReader.stickX, GamepadButtonReader.stickY] {
            var minimum: Int32 = 0
            var maximum: Int32 = 0
            var flat: Int32 = 0
            if ct_input_axis_range(descriptor, UInt32(axis), &minimum, &maximum, &flat) == 0, minimum < maximum {
                ranges[axis] = AxisRange(minimum: minimum, maximum: maximum)
            }
        }
        let pad = Pad(
            entry: entry, name: named.isEmpty ? "gamepad (\(entry))" : named,
            buttons: GamepadButtonReader(ranges: ranges))
        pads[descriptor] = pad
        return .connected(name: pad.name)
    }

    private func read(_ descriptor: Int32) -> [GamepadNotice] {
        guard var pad = pads[descriptor] else { return [] }
        var notices: [GamepadNotice] = []
        var buffer = [UInt8](repeating: 0, count: EvdevRecord.size * 64)
        for _ in 0..<Self.mostReadsACall {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { break }
            guard count > 0 else {
                // The device is gone (ENODEV), or the pipe standing in for one was closed.
                pads[descriptor] = pad
                return notices + disconnect(descriptor)
            }
            for event in pad.events.records(from: buffer[0..<count]) {
                notices += pad.buttons.presses(for: event).map { .pressed($0, pad: pad.name) }
            }
        }
        pads[descriptor] = pad
        return notices
    }

    private func disconnect(_ descriptor: Int32) -> [GamepadNotice] {
        guard let pad = pads.removeValue(forKey: descriptor) else { return [] }
        close(descriptor)
        return [.disconnected(name: pad.name)]
    }
}
