#if canImport(Glibc)
    import Glibc
#endif

/// Tells when files may have changed, through inotify on their folders, so that editors that
/// write a temporary file and rename it over the original are seen too. More files can be
/// watched as they become known (a layout's script, once the layout names it).
final class FileWatcher {
    let fileDescriptor: Int32
    /// The names watched in each watched folder, by inotify watch descriptor.
    private var names: [Int32: Set<String>] = [:]

    init?(paths: [String]) {
        fileDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fileDescriptor >= 0 else { return nil }
        for path in paths { watch(path) }
        guard !names.isEmpty else {
            close(fileDescriptor)
            return nil
        }
    }

    deinit { close(fileDescriptor) }

    /// Watches one more file (nothing happens if its folder cannot be watched).
    func watch(_ path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM)
        // The same folder gives the same descriptor: its names add up.
        let descriptor = inotify_add_watch(fileDescriptor, folder.isEmpty ? "/" : folder, mask)
        guard descriptor >= 0 else { return }
        names[descriptor, default: []].insert(name)
    }

    /// Reads the pending events; true if one concerned a watched file.
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var touched = false
        while true {
            let count = read(fileDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let (descriptor, length) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + headerSize - 4, as: UInt32.self))
                    )
                }
                let nameStart = offset + headerSize
                let nameEnd = min(count, nameStart + length)
                let name = String(decoding: buffer[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
                if names[descriptor]?.contains(name) == true { touched = true }
                offset = nameEnd
            }
        }
        return touched
    }
}
