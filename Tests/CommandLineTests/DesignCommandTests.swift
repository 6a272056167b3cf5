import Foundation
import Layouts
import TestSupport
import XCTest

@testable import cardtable

/// What `cardtable design FILE` opens: a file, a layout in the player's folder by name, a new
/// file; and what it refuses, in `cardtable check`'s words.
final class DesignCommandTests: XCTestCase {
    var folder = ""
    var layouts: String { folder + "/config/cardtable/layouts" }
    var environment: [String: String] { ["XDG_CONFIG_HOME": folder + "/config", "HOME": folder] }

    /// The working folder before the test: a bare name is looked for in the working folder, so
    /// each test works in its own, and puts the old one back (other tests read paths relative to it).
    var workingFolder = ""

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make()
        try FileManager.default.createDirectory(atPath: layouts, withIntermediateDirectories: true)
        workingFolder = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder)
    }

    override func tearDown() {
        FileManager.default.changeCurrentDirectoryPath(workingFolder)
        TemporaryFolder.remove(folder)
    }

    func testAMissingFileIsANewLayoutAndABareNameGetsToml() throws {
        let opened = try DesignCommand.open(folder + "/new.toml", environment: environment)
        XCTAssertTrue(opened.isNew)
        XCTAssertEqual(opened.session.document.file, folder + "/new.toml")
        XCTAssertEqual(opened.session.design.slots.count, 0)
        let bare = try DesignCommand.open("mine", environment: environment)
        XCTAssertTrue(bare.isNew)
        XCTAssertEqual(bare.session.document.file, "mine.toml")
    }

    func testABareNameIsNotAFileInTheWorkingFolderButANameWithADotIs() throws {
        let text = "map = \"T\"\n[slots.T]\nkind = \"tableau\"\n"
        try text.write(toFile: folder + "/plain", atomically: false, encoding: .utf8)
        try text.write(toFile: folder + "/notes.txt", atomically: false, encoding: .utf8)
        let bare = try DesignCommand.open("plain", environment: environment)
        XCTAssertTrue(bare.isNew, "a bare name gets .toml")
        XCTAssertEqual(bare.session.document.file, "plain.toml")
        let dotted = try DesignCommand.open("notes.txt", environment: environment)
        XCTAssertFalse(dotted.isNew, "opened as it is, never made afresh over the file")
        XCTAssertEqual(dotted.session.layout.slots.map(\.id), ["tableau"])
    }

    func testAShippedGameIsRefusedWithTheWayToACopy() {
        XCTAssertThrowsError(try DesignCommand.open("klondike", environment: environment)) { error in
            let lines = (error as? DesignCommand.Refusal)?.lines ?? []
            XCTAssertEqual(
                lines,
                [
                    "cardtable: klondike is a shipped layout, which is not a file to change: "
                        + "'cardtable copy klondike my-klondike' makes one of your own, then "
                        + "'cardtable design my-klondike' designs it"
                ])
        }
    }

    func testAFileThatIsNotTOMLIsRefusedWithChecksMessagesAndOneWithOtherErrorsOpensWithThem() throws {
        let path = folder + "/broken.toml"
        try "map = \"T\n[slots.T]\n".write(toFile: path, atomically: false, encoding: .utf8)
        let check = LayoutLoader.load(path: path).diagnostics.map(\.description)
        XCTAssertFalse(check.isEmpty)
        XCTAssertThrowsError(try DesignCommand.open(path, environment: environment)) { error in
            XCTAssertEqual((error as? DesignCommand.Refusal)?.lines, check)
        }
        XCTAssertThrowsError(try DesignCommand.open(folder, environment: environment)) { error in
            let lines = (error as? DesignCommand.Refusal)?.lines ?? []
            XCTAssertEqual(lines, ["\(self.folder): error: is a directory, not a layout file"])
        }
        // A kind misspelt: the file opens with check's error, to be mended.
        let misspelt = folder + "/misspelt.toml"
        try "map = \"T\"\n[slots.T]\nkind = \"tablaeu\"\n".write(toFile: misspelt, atomically: false, encoding: .utf8)
        let opened = try DesignCommand.open(misspelt, environment: environment)
        XCTAssertEqual(opened.session.errors, LayoutLoader.load(path: misspelt).diagnostics)
        XCTAssertFalse(opened.session.isClean)
    }

    func testALayoutInThePlayersFolderOpensByName() throws {
        try "map = \"T\"\n[slots.T]\nkind = \"tableau\"\n".write(
            toFile: layouts + "/mine.toml", atomically: false, encoding: .utf8)
        let opened = try DesignCommand.open("mine", environment: environment)
        XCTAssertFalse(opened.isNew)
        XCTAssertEqual(opened.session.document.file, layouts + "/mine.toml")
        XCTAssertEqual(opened.session.layout.slots.map(\.id), ["tableau"])
    }
}
