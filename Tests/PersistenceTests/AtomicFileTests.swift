import Foundation
import TestSupport
import XCTest

@testable import Persistence

final class AtomicFileTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make()
    }

    override func tearDown() {
        TemporaryFolder.remove(folder)
    }

    func testWriteMakesTheFoldersAndReadGivesTheTextBack() throws {
        let path = folder + "/a/b/file.txt"
        try AtomicFile.write("one\ntwo\n", to: path)
        XCTAssertEqual(try AtomicFile.readText(path), "one\ntwo\n")
        try AtomicFile.write("three\n", to: path)
        XCTAssertEqual(try AtomicFile.readText(path), "three\n")
        XCTAssertEqual(try TemporaryFolder.entries(folder + "/a/b"), ["file.txt"], "no temporary file is left")
    }

    func testAFileWrittenKeepingPermissionsKeepsThemAndAPrivateOneIsTheOwners() throws {
        func permissions(_ path: String) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        let saved = umask(0o022)
        defer { umask(saved) }
        let layout = folder + "/mine.toml"
        try AtomicFile.write("a\n", to: layout, keepingPermissions: true)
        XCTAssertEqual(try permissions(layout), 0o644, "a new file: what the umask leaves")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: layout)
        try AtomicFile.write("b\n", to: layout, keepingPermissions: true)
        XCTAssertEqual(try permissions(layout), 0o640, "an existing file keeps its own")
        XCTAssertEqual(try AtomicFile.readText(layout), "b\n")
        let save = folder + "/game.save"
        try AtomicFile.write("c\n", to: save)
        XCTAssertEqual(try permissions(save), 0o600)
    }

    func testAMissingFileReadsAsNil() throws {
        XCTAssertNil(try AtomicFile.read(folder + "/missing"))
    }

    func testAFolderWhereAFileIsWantedIsAnError() throws {
        try AtomicFile.makeFolder(folder + "/dir")
        XCTAssertThrowsError(try AtomicFile.read(folder + "/dir")) { error in
            XCTAssertEqual((error as? FileError)?.path, folder + "/dir")
        }
        XCTAssertThrowsError(try AtomicFile.write("x", to: folder + "/dir"))
        XCTAssertEqual(try TemporaryFolder.entries(folder), ["dir"], "a failed write leaves no temporary file")
    }

    func testAFileWhereAFolderIsWantedIsAnError() throws {
        try AtomicFile.write("x", to: folder + "/plain")
        XCTAssertThrowsError(try AtomicFile.write("y", to: folder + "/plain/inside")) { error in
            XCTAssertEqual("\(error)", folder + "/plain: not a folder")
        }
    }

    /// A write that fails (a full disk; here a file size limit, which fails the same way) says
    /// so of the file, which is left as it was, and leaves no temporary file behind.
    func testAWriteThatFailsNamesTheFileAndLeavesItAsItWas() throws {
        let path = folder + "/game.save"
        try AtomicFile.write("the last save\n", to: path)
        let sizeLimit = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        let ignored = signal(SIGXFSZ, SIG_IGN)
        var saved = rlimit()
        XCTAssertEqual(getrlimit(sizeLimit, &saved), 0)
        var small = saved
        small.rlim_cur = 64
        XCTAssertEqual(setrlimit(sizeLimit, &small), 0)
        defer {
            setrlimit(sizeLimit, &saved)
            signal(SIGXFSZ, ignored)
        }
        let big = String(repeating: "x", count: 1000)
        XCTAssertThrowsError(try AtomicFile.write(big, to: path)) {
            XCTAssertEqual("\($0)", "\(path): File too large: the file is left as it was")
        }
        XCTAssertThrowsError(try AtomicFile.write(big, to: folder + "/new.save")) {
            XCTAssertEqual("\($0)", "\(folder)/new.save: File too large: nothing was written")
        }
        setrlimit(sizeLimit, &saved)
        XCTAssertEqual(try AtomicFile.readText(path), "the last save\n")
        XCTAssertEqual(try TemporaryFolder.entries(folder), ["game.save"], "no temporary file is left")
    }

    func testReadRefusesAFileOverTheLimit() throws {
        try AtomicFile.write(String(repeating: "x", count: 3 << 20), to: folder + "/big")
        XCTAssertThrowsError(try AtomicFile.read(folder + "/big", limit: 1 << 20)) { error in
            XCTAssertEqual(
                "\(error)",
                folder + "/big: the file is 3145728 bytes, larger than the 1048576 bytes (1 MB) a file may be")
        }
    }

    func testMoveAndRemove() throws {
        try AtomicFile.write("x", to: folder + "/one")
        try AtomicFile.move(folder + "/one", to: folder + "/two")
        XCTAssertEqual(try TemporaryFolder.entries(folder), ["two"])
        try AtomicFile.remove(folder + "/two")
        try AtomicFile.remove(folder + "/two")  // already gone: not an error
        XCTAssertEqual(try TemporaryFolder.entries(folder), [])
    }

    func testALockHeldIsNotGivenTwiceUntilItIsGivenUp() throws {
        let path = folder + "/locks/game.lock"
        let first = try XCTUnwrap(try FileLock.attempt(path))
        // flock locks belong to the open file: a second open, as another process's, is refused.
        XCTAssertNil(try FileLock.attempt(path))
        first.unlock()
        XCTAssertNotNil(try FileLock.attempt(path))
    }

    func testFingerprintsAreStableHashes() {
        // FNV-1a 64 test vectors.
        XCTAssertEqual(FNV1a64.hex(of: ""), "cbf29ce484222325")
        XCTAssertEqual(FNV1a64.hex(of: "a"), "af63dc4c8601ec8c")
        XCTAssertEqual(FNV1a64.hex(of: "foobar"), "85944171f73967e8")
    }
}
