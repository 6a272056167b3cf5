import Foundation
import XCTest

@testable import Layouts

final class ResolverTests: XCTestCase {
    let tiny = "map = \"A\"\n[slots.A]\nkind = \"cell\"\n"

    func testShippedName() {
        let result = LayoutResolver.resolve("klondike", environment: [:])
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.layout?.name, "klondike")
    }

    func testPathAsGiven() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("mine.toml")
        try tiny.write(to: file, atomically: true, encoding: .utf8)
        let result = LayoutResolver.resolve(file.path, environment: [:])
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.layout?.name, "mine")

        try (tiny + "fan = 1\n").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            LayoutResolver.resolve(file.path, environment: [:]).diagnostics.map(\.description),
            [
                "\(file.path):4:7: error: fan must be a string (one of none, down, right), found an integer (1)"
            ])
    }

    func testConfigDirectory() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let xdg = directory.appendingPathComponent("xdg/cardtable/layouts", isDirectory: true)
        let home = directory.appendingPathComponent("home/.config/cardtable/layouts", isDirectory: true)
        try FileManager.default.createDirectory(at: xdg, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try tiny.replacingOccurrences(of: "cell", with: "stock").write(
            to: xdg.appendingPathComponent("mine.toml"), atomically: true, encoding: .utf8)
        try tiny.write(to: home.appendingPathComponent("mine.toml"), atomically: true, encoding: .utf8)

        let environment = [
            "XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path,
            "HOME": directory.appendingPathComponent("home").path,
        ]
        XCTAssertEqual(LayoutResolver.resolve("mine", environment: environment).layout?.slots.first?.kind, .stock)
        XCTAssertEqual(LayoutResolver.resolve("mine.toml", environment: environment).layout?.slots.first?.kind, .stock)
        // Unset or relative XDG_CONFIG_HOME: ~/.config.
        let homeOnly = ["HOME": directory.appendingPathComponent("home").path]
        XCTAssertEqual(LayoutResolver.resolve("mine", environment: homeOnly).layout?.slots.first?.kind, .cell)
        XCTAssertEqual(
            LayoutResolver.resolve("mine", environment: homeOnly.merging(["XDG_CONFIG_HOME": "rel"]) { a, _ in a })
                .layout?.slots.first?.kind, .cell)
        // Shipped names come before the config directory.
        try tiny.write(to: home.appendingPathComponent("klondike.toml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(LayoutResolver.resolve("klondike", environment: homeOnly).layout?.slots.count, 13)
    }

    /// A file in the current folder named like a game (another user may have put it there, or
    /// it is only a file of that name) never takes the game's place: a bare name is a shipped
    /// game or one in the player's layouts folder; a file is named as a path (`./klondike`) or
    /// by its `.toml`.
    func testABareNameIsAGameNeverAFileInTheCurrentFolder() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let working = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory.path))
        defer { XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(working)) }
        let planted = "name = \"planted\"\n" + tiny
        for name in ["klondike", "klondike.toml", "mine", "mine.toml"] {
            try planted.write(toFile: name, atomically: false, encoding: .utf8)
        }
        let layouts = directory.appendingPathComponent("config/cardtable/layouts").path
        try FileManager.default.createDirectory(atPath: layouts, withIntermediateDirectories: true)
        let environment = ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]

        XCTAssertEqual(LayoutResolver.locate("klondike", environment: environment), .shipped("klondike"))
        XCTAssertEqual(LayoutResolver.resolve("klondike", environment: environment).layout?.name, "klondike")
        XCTAssertEqual(LayoutResolver.resolve("./klondike", environment: environment).layout?.name, "planted")
        XCTAssertEqual(
            LayoutResolver.resolve("klondike.toml", environment: environment).layout?.name, "planted",
            "NAME.toml names a file: as the README's 'cardtable play mine.toml'")
        XCTAssertEqual(
            LayoutResolver.resolve("mine", environment: environment).diagnostics.map(\.description),
            [
                "mine: error: no layout 'mine': not a shipped game or table, and no \(layouts)/mine.toml; "
                    + "a file in this folder is a layout only as a path: ./mine; 'cardtable list' shows the shipped ones"
            ])
        XCTAssertEqual(LayoutResolver.candidateFiles("mine", environment: environment), [layouts + "/mine.toml"])
        XCTAssertEqual(
            LayoutResolver.candidateFiles("mine.toml", environment: environment), ["mine.toml", layouts + "/mine.toml"])
        // The player's own game by name, the file beside it notwithstanding.
        try (("name = \"own\"\n") + tiny).write(toFile: layouts + "/mine.toml", atomically: false, encoding: .utf8)
        XCTAssertEqual(LayoutResolver.resolve("mine", environment: environment).layout?.name, "own")
        XCTAssertEqual(LayoutResolver.resolve("mine.toml", environment: environment).layout?.name, "planted")
        XCTAssertEqual(LayoutResolver.resolve("./mine", environment: environment).layout?.name, "planted")
    }

    /// A layouts folder that cannot be looked into (not the player's to search, or a link loop)
    /// may hold the game: it was said to be missing ("no …/layouts/mine.toml", with
    /// mine.toml there and the folder 0000); reading it now says why it cannot be read.
    func testAGameInAFolderThatCannotBeLookedIntoIsNotSaidToBeMissing() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cardtable = directory.appendingPathComponent("config/cardtable").path
        try FileManager.default.createDirectory(atPath: cardtable, withIntermediateDirectories: true)
        XCTAssertEqual(symlink("layouts", cardtable + "/layouts"), 0)  // a loop: layouts leads to itself
        let environment = ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]
        let file = cardtable + "/layouts/mine.toml"
        XCTAssertEqual(LayoutResolver.locate("mine", environment: environment), .file(file))
        let said = LayoutResolver.resolve("mine", environment: environment).diagnostics.map(\.description)
        XCTAssertEqual(said.count, 1)
        XCTAssertTrue(said[0].hasPrefix(file + ": error: "), "\(said)")
        XCTAssertTrue(said[0].contains("symbolic links"), "\(said)")
        if geteuid() != 0 {
            XCTAssertEqual(unlink(cardtable + "/layouts"), 0)
            XCTAssertEqual(mkdir(cardtable + "/layouts", 0o700), 0)
            try tiny.write(toFile: file, atomically: false, encoding: .utf8)
            XCTAssertEqual(chmod(cardtable + "/layouts", 0), 0)
            defer { chmod(cardtable + "/layouts", 0o700) }
            let denied = LayoutResolver.resolve("mine", environment: environment).diagnostics.map(\.description)
            XCTAssertTrue(denied.first?.contains("ermission denied") == true, "\(denied)")
        }
        XCTAssertEqual(
            LayoutResolver.locate("nothing", environment: ["XDG_CONFIG_HOME": directory.path]),
            .nowhere(tried: directory.path + "/cardtable/layouts/nothing.toml"))
    }

    func testNotFound() {
        let result = LayoutResolver.resolve("nosuch", environment: ["HOME": "/nonexistent-home"])
        XCTAssertNil(result.layout)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "nosuch: error: no layout 'nosuch': not a shipped game or table, and no /nonexistent-home/.config/cardtable/layouts/nosuch.toml; 'cardtable list' shows the shipped ones"
            ])
        XCTAssertEqual(
            LayoutResolver.resolve("klondyke", environment: [:]).diagnostics.map(\.description),
            [
                "klondyke: error: no layout 'klondyke': not a shipped game or table; did you mean 'klondike'?"
            ])
        XCTAssertEqual(
            LayoutResolver.resolve("some/where.toml", environment: [:]).diagnostics.map(\.description),
            [
                "some/where.toml: error: no such file"
            ])
        XCTAssertEqual(
            LayoutResolver.resolve("mine.toml", environment: ["HOME": "/nonexistent-home"]).diagnostics.map(
                \.description),
            [
                "mine.toml: error: no layout 'mine.toml': not a file, not a shipped game or table, and no /nonexistent-home/.config/cardtable/layouts/mine.toml; 'cardtable list' shows the shipped ones"
            ])
        XCTAssertTrue(LayoutResolver.resolve("", environment: [:]).hasErrors)
        XCTAssertEqual(LayoutResolver.userDirectory(environment: [:]), nil)
        XCTAssertEqual(LayoutResolver.userDirectory(environment: ["XDG_CONFIG_HOME": "/x/"]), "/x/cardtable/layouts")
    }
}
