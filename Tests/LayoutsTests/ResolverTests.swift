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

    func testNotFound() {
        let result = LayoutResolver.resolve("nosuch", environment: ["HOME": "/nonexistent-home"])
        XCTAssertNil(result.layout)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "nosuch: error: no layout 'nosuch': not a file, not a shipped game or table, and no /nonexistent-home/.config/cardtable/layouts/nosuch.toml; 'cardtable list' shows the shipped ones"
            ])
        XCTAssertEqual(
            LayoutResolver.resolve("klondyke", environment: [:]).diagnostics.map(\.description),
            [
                "klondyke: error: no layout 'klondyke': not a file, not a shipped game or table; did you mean 'klondike'?"
            ])
        XCTAssertEqual(
            LayoutResolver.resolve("some/where.toml", environment: [:]).diagnostics.map(\.description),
            [
                "some/where.toml: error: no such file"
            ])
        XCTAssertTrue(LayoutResolver.resolve("", environment: [:]).hasErrors)
        XCTAssertEqual(LayoutResolver.userDirectory(environment: [:]), nil)
        XCTAssertEqual(LayoutResolver.userDirectory(environment: ["XDG_CONFIG_HOME": "/x/"]), "/x/cardtable/layouts")
    }
}
