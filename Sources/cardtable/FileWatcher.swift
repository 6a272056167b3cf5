#if canImport(Glibc)
    import Glibc
#endif

/// Tells when a file may have changed, through inotify on its folder, so that editors
/// that write a temporary file and rename it over the original are seen too.
final class FileWatcher {
    let fileDescriptor: Int32
    private let fileName: String

    init?(path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
        fileDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fileDescriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(fileDescriptor, folder.isEmpty ? "/" : folder, mask) >= 0 else {
            close(fileDescriptor)
            return nil
        }
    }

    deinit { close(fileDescriptor) }

    /// Reads the pending events; true if one concerned the watched file.
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var touched = false
        while true {
            let count = read(fileDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let length = buffer.withUnsafeBytes { raw in
                    Int(raw.loadUnaligned(fromByteOffset: offset + headerSize - 4, as: UInt32.self))
                }
                let nameStart = offset + headerSize
                let nameEnd = min(count, nameStart + length)
                let nameBytes = buffer[nameStart..<nameEnd].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self) == fileName { touched = true }
                offset = nameEnd
            }
        }
        return touched
    }
}
