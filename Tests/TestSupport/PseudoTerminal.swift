import CTerminalShim
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal of a test's own, for a terminal the game drives beside its first: the game
/// gets `slave`; the test reads what the game writes, and types, on `master`.
public struct PseudoTerminal {
    public let master: Int32
    public let slave: Int32

    /// Opens one of `columns` x `rows`; skips the test where there are no pseudo-terminals.
    public init(columns: Int = 100, rows: Int = 30) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard ct_open_pseudo_terminal(&master, &slave, Int32(columns), Int32(rows)) == 0 else {
            throw XCTSkip("no pseudo-terminals here")
        }
        self.master = master
        self.slave = slave
    }

    public func close() {
        Glibc.close(slave)
        Glibc.close(master)
    }

    /// Types bytes, as a player at that terminal would.
    public func type(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }

    /// Changes the terminal's size, as a window resized would.
    public func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
    }

    /// What the game wrote that has arrived.
    public func output() -> String {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0 else { break }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            result += buffer[0..<count]
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The terminal's modes now.
    public var modes: termios {
        var modes = termios()
        _ = tcgetattr(slave, &modes)
        return modes
    }
}
