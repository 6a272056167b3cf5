import XCTest

/// The program starts like a C program: it links neither Foundation nor ICU (together 8.8 MiB of
/// its memory and most of its start-up once; docs/PERFORMANCE.md). Read from the `cardtable`
/// executable that the build put beside the tests: the libraries it needs (ELF `DT_NEEDED`), and
/// its symbols and type names, where a statically linked Foundation would show.
final class LinkedLibrariesTests: XCTestCase {
    /// The `cardtable` executable of the build that made these tests.
    private func executable() throws -> Data {
        let tests = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let path = (tests as NSString).deletingLastPathComponent + "/cardtable"
        return try XCTUnwrap(
            FileManager.default.contents(atPath: path),
            "no cardtable beside the tests: swift build --build-tests makes it")
    }

    func testTheProgramNeedsNeitherFoundationNorICU() throws {
        let binary = try executable()
        let needed = try ELF.neededLibraries(binary)
        XCTAssertTrue(needed.contains { $0.hasPrefix("libc.so") }, "the reader finds the libraries: \(needed)")
        let forbidden = needed.filter {
            $0.hasPrefix("libFoundation.so") || $0.hasPrefix("libFoundationInternationalization")
                || $0.contains("FoundationICU") || $0.hasPrefix("libicu") || $0.hasPrefix("libFoundationNetworking")
                || $0.hasPrefix("libFoundationXML")
        }
        XCTAssertEqual(forbidden, [], "the program links Foundation or ICU again; all it needs: \(needed)")
    }

    func testNoFoundationTypeIsLinkedIn() throws {
        let binary = try executable()
        // Every symbol and type name of Foundation's module is mangled with "10Foundation"
        // (FoundationEssentials' with "19FoundationEssentials", which is allowed: the command-line
        // parser uses it).
        XCTAssertNil(binary.range(of: Data("10Foundation".utf8)), "a Foundation symbol or type is linked in")
        XCTAssertNil(binary.range(of: Data("_FoundationICU".utf8)), "ICU is linked in")
    }

    func testTheCheckWouldSeeFoundation() throws {
        // The same reading of this test bundle, which links XCTest and so Foundation, finds it.
        let path = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let tests = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertTrue(try ELF.neededLibraries(tests).contains { $0.hasPrefix("libFoundation.so") })
        XCTAssertNotNil(tests.range(of: Data("10Foundation".utf8)))
    }
}

/// Just enough of ELF64 (little-endian) to list the libraries an executable needs.
private enum ELF {
    struct Malformed: Error {}

    static func neededLibraries(_ data: Data) throws -> [String] {
        let b = [UInt8](data)
        guard b.count > 64, b[0] == 0x7F, b[1] == 0x45, b[2] == 0x4C, b[3] == 0x46, b[4] == 2, b[5] == 1 else {
            throw Malformed()
        }
        let sectionTable = Int(read64(b, 0x28))
        let entrySize = Int(read16(b, 0x3A))
        let sectionCount = Int(read16(b, 0x3C))
        func section(_ index: Int) throws -> (type: UInt32, offset: Int, size: Int, link: Int) {
            let at = sectionTable + index * entrySize
            guard at + 64 <= b.count else { throw Malformed() }
            return (read32(b, at + 4), Int(read64(b, at + 24)), Int(read64(b, at + 32)), Int(read32(b, at + 40)))
        }
        var names: [String] = []
        for index in 0..<sectionCount {
            let dynamic = try section(index)
            guard dynamic.type == 6 else { continue }  // SHT_DYNAMIC
            let strings = try section(dynamic.link)
            for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
                let tag = read64(b, entry)
                if tag == 0 { break }
                guard tag == 1 else { continue }  // DT_NEEDED
                let start = strings.offset + Int(read64(b, entry + 8))
                guard start < b.count else { throw Malformed() }
                let end = b[start...].firstIndex(of: 0) ?? b.count
                names.append(String(decoding: b[start..<end], as: UTF8.self))
            }
        }
        return names
    }

    private static func read16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }

    private static func read32(_ b: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) }
    }

    private static func read64(_ b: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) }
    }
}
