import Foundation
import Layouts
import Solitaire
import TestSupport
import XCTest

@testable import Persistence

/// Reading config.toml: every setting, every form of the [theme] table, and every malformed
/// case with its exact message (a bad value is an error and its default, an unknown key a
/// warning, a file that is not TOML one error and all the defaults).
final class SettingsFileTests: XCTestCase {
    private func read(_ text: String) -> SettingsLoadResult {
        SettingsFile.read(text: text, file: "config.toml")
    }

    private func messages(_ text: String) -> [String] {
        read(text).diagnostics.map(\.description)
    }

    func testDefaults() {
        let settings = Settings()
        XCTAssertEqual(settings.animation, .normal)
        XCTAssertEqual(settings.autoplay, .off)
        XCTAssertEqual(settings.mouse, .drag)
        XCTAssertEqual(settings.cardSize, .automatic)
        XCTAssertEqual(settings.background, .felt)
        XCTAssertFalse(settings.fourColour)
        XCTAssertFalse(settings.ascii)
        XCTAssertTrue(settings.winnable, "the status line says whether the game can still be won")
        XCTAssertFalse(settings.winnableOnly, "every deal is dealt, winnable or not")
        let empty = read("")
        XCTAssertEqual(empty.settings, settings)
        XCTAssertEqual(empty.diagnostics, [])
        XCTAssertEqual(read("# nothing set\n\n").settings, settings)
    }

    func testEverySettingIsRead() {
        let result = read(
            """
            animation = "slow"
            autoplay = "safe"
            mouse = "click"
            card-size = "9x7"
            winnable = false
            winnable-only = true

            [theme]
            background = "terminal"
            four-colour = true
            ascii = true
            """)
        XCTAssertEqual(result.diagnostics, [])
        var expected = Settings()
        expected.animation = .slow
        expected.autoplay = .safe
        expected.mouse = .click
        expected.cardSize = .fixed(CardSize(width: 9, height: 7))
        expected.background = .terminal
        expected.fourColour = true
        expected.ascii = true
        expected.winnable = false
        expected.winnableOnly = true
        XCTAssertEqual(result.settings, expected)
    }

    func testTheSolverSettingsAreBooleansAtTheTop() {
        let result = read("winnable = \"no\"\n[theme]\nwinnable-only = true\n")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "config.toml:1:12: error: winnable must be true or false, found a string (\"no\"); "
                    + "using the default, true",
                "config.toml:3:1: warning: unknown key 'winnable-only' in [theme]; "
                    + "'winnable-only' belongs at the top of the file, before any [table]",
            ])
        XCTAssertEqual(result.settings, Settings())
    }

    func testThemeAsAnInlineTableOrDottedKeys() {
        XCTAssertTrue(read("theme = { ascii = true, background = \"terminal\" }").settings.ascii)
        XCTAssertEqual(read("theme.background = \"terminal\"").settings.background, .terminal)
        XCTAssertEqual(read("theme.background = \"terminal\"").diagnostics, [])
    }

    func testCardSizes() {
        for size in Placement.cardSizes {
            XCTAssertEqual(read("card-size = \"\(size)\"").settings.cardSize, .fixed(size))
        }
        XCTAssertEqual(read("card-size = \"9X7\"").settings.cardSize, .fixed(CardSize(width: 9, height: 7)))
        XCTAssertEqual(read("card-size = \"auto\"").settings.cardSize, .automatic)
        XCTAssertEqual(CardSizeChoice.allCases.map(\.description).first, "auto")
    }

    // MARK: Bad values: a message and that setting's default

    func testWrongTypes() {
        let result = read(
            """
            animation = 2
            autoplay = true
            mouse = ["drag"]
            card-size = 9

            [theme]
            background = 1.5
            four-colour = "yes"
            ascii = 1
            """)
        XCTAssertEqual(result.settings, Settings(), "each takes its default")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "config.toml:1:13: error: animation must be a string (off, fast, normal, slow), found an integer (2); "
                    + "using the default, \"normal\"",
                "config.toml:2:12: error: autoplay must be a string (off, safe, all), found a boolean (true); "
                    + "using the default, \"off\"",
                "config.toml:3:9: error: mouse must be a string (drag, click), found an array; using the default, \"drag\"",
                "config.toml:4:13: error: card-size must be a string (\"auto\" or a size such as \"9x7\"), "
                    + "found an integer (9); using the default, \"auto\"",
                "config.toml:7:14: error: background must be a string (felt, terminal), found a float (1.5); "
                    + "using the default, \"felt\"",
                "config.toml:8:15: error: four-colour must be true or false, found a string (\"yes\"); "
                    + "using the default, false",
                "config.toml:9:9: error: ascii must be true or false, found an integer (1); using the default, false",
            ])
        XCTAssertTrue(result.hasErrors)
    }

    func testUnknownValuesWithAndWithoutASuggestion() {
        XCTAssertEqual(
            messages("animation = \"fsat\"\nautoplay = \"never\"\nmouse = \"Click\"\n"),
            [
                "config.toml:1:13: error: unknown animation \"fsat\"; did you mean \"fast\"? (off, fast, normal, slow); "
                    + "using the default, \"normal\"",
                "config.toml:2:12: error: unknown autoplay \"never\" (off, safe, all); using the default, \"off\"",
                "config.toml:3:9: error: unknown mouse \"Click\"; did you mean \"click\"? (drag, click); "
                    + "using the default, \"drag\"",
            ])
        XCTAssertEqual(
            messages("[theme]\nbackground = \"terminl\"\n"),
            [
                "config.toml:2:14: error: unknown background \"terminl\"; did you mean \"terminal\"? (felt, terminal); "
                    + "using the default, \"felt\""
            ])
    }

    func testABadCardSizeListsTheSizes() {
        let result = read("mouse = \"click\"\ncard-size = \"10x8\"\n")
        XCTAssertEqual(result.settings.cardSize, .automatic)
        XCTAssertEqual(result.settings.mouse, .click, "the other settings stand")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "config.toml:2:13: error: unknown card-size \"10x8\" (auto, 13x9, 11x9, 9x7, 7x5, 6x4, 5x4, 5x3, 4x3, 3x2); "
                    + "using the default, \"auto\""
            ])
        XCTAssertEqual(
            messages("card-size = \"9x8\""),
            [
                "config.toml:1:13: error: unknown card-size \"9x8\"; did you mean \"9x7\"? "
                    + "(auto, 13x9, 11x9, 9x7, 7x5, 6x4, 5x4, 5x3, 4x3, 3x2); using the default, \"auto\""
            ])
    }

    func testThemeThatIsNotATable() {
        let result = read("ascii = true\ntheme = \"dark\"\n")
        XCTAssertEqual(result.settings, Settings())
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "config.toml:1:1: warning: unknown key 'ascii'; 'ascii' belongs in [theme]",
                "config.toml:2:9: error: theme must be a table ([theme] with background, four-colour, ascii), "
                    + "found a string (\"dark\"); every theme setting takes its default",
            ])
    }

    // MARK: Unknown keys: a warning, and a guess

    func testUnknownKeys() {
        let result = read(
            """
            animations = "fast"
            volume = 3

            [theme]
            four-color = true
            mouse = "click"
            colours = 4
            """)
        XCTAssertEqual(result.settings, Settings(), "a misspelt key sets nothing")
        XCTAssertFalse(result.hasErrors, "unknown keys are warnings")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "config.toml:1:1: warning: unknown key 'animations'; did you mean 'animation'?",
                "config.toml:2:1: warning: unknown key 'volume' (known keys: animation, autoplay, mouse, card-size, winnable, winnable-only, theme)",
                "config.toml:5:1: warning: unknown key 'four-color' in [theme]; did you mean 'four-colour'?",
                "config.toml:6:1: warning: unknown key 'mouse' in [theme]; 'mouse' belongs at the top of the file, "
                    + "before any [table]",
                "config.toml:7:1: warning: unknown key 'colours' in [theme] (known keys: background, four-colour, ascii)",
            ])
    }

    // MARK: Not TOML at all: one message, every default

    func testNotTOML() {
        let result = read("mouse = \"click\"\nthis is not toml\n")
        XCTAssertEqual(result.settings, Settings(), "nothing of the file is used")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "config.toml:2:6: error: TOML syntax: error while parsing key-value pair: expected '=', saw 'i'; "
                    + "every setting takes its default"
            ])
        XCTAssertEqual(
            messages("mouse = \"click\"\nmouse = \"drag\"\n"),
            [
                "config.toml:2:9: error: TOML syntax: error while parsing key-value pair: cannot redefine existing "
                    + "string 'mouse'; every setting takes its default"
            ])
        XCTAssertEqual(
            messages("ascii = true\u{0}"),
            ["config.toml:1:13: error: the file contains a NUL character (U+0000); every setting takes its default"])
    }

    // MARK: Files

    func testMissingFileMeansTheDefaultsSilently() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let result = SettingsFile.load(path: folder + "/cardtable/config.toml")
        XCTAssertEqual(result.settings, Settings())
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertFalse(result.fileExists)
    }

    func testAFileIsRead() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let path = folder + "/config.toml"
        try "mouse = \"click\"\nmouse2 = 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = SettingsFile.load(path: path)
        XCTAssertEqual(result.settings.mouse, .click)
        XCTAssertTrue(result.fileExists)
        XCTAssertEqual(
            result.diagnostics.map(\.description), ["\(path):2:1: warning: unknown key 'mouse2'; did you mean 'mouse'?"]
        )
    }

    func testUnreadableFile() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let path = folder + "/config.toml"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = SettingsFile.load(path: path)
        XCTAssertEqual(result.settings, Settings())
        XCTAssertTrue(result.hasErrors)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "\(path): error: cannot read the file: is a directory, not a settings file; "
                    + "every setting takes its default"
            ])
    }

    func testFileThatIsNotUTF8() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let path = folder + "/config.toml"
        try Data("mouse = \"click\"\nascii = \"".utf8 + [0xFF, 0x22, 0x0A]).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(
            SettingsFile.load(path: path).diagnostics.map(\.description),
            ["\(path):2:10: error: the file is not valid UTF-8; every setting takes its default"])
    }

    func testHugeFileIsRefused() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let path = folder + "/config.toml"
        try String(repeating: "# padding\n", count: 110_000).write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            SettingsFile.load(path: path).diagnostics.map(\.description),
            [
                "\(path): error: cannot read the file: the file is 1100000 bytes, larger than the 1048576 bytes (1 MB) "
                    + "a settings file may be; every setting takes its default"
            ])
    }

    // MARK: The settings' table

    func testEverySettingCyclesThroughItsChoices() {
        for setting in Setting.allCases {
            var settings = Settings()
            var seen: [String] = []
            for _ in setting.choices {
                seen.append(settings.value(of: setting))
                settings.cycle(setting, by: 1)
            }
            XCTAssertEqual(Set(seen), Set(setting.choices), "\(setting)")
            XCTAssertEqual(settings, Settings(), "\(setting): round")
            let count = setting.choices.count
            let start = setting.choices.firstIndex(of: seen[0])!
            settings.cycle(setting, by: -1)
            XCTAssertEqual(
                settings.value(of: setting), setting.choices[(start + count - 1) % count], "\(setting): back")
            XCTAssertFalse(settings.set(setting, to: "nonsense"))
        }
    }

    func testManPageDocumentsEverySetting() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("man/cardtable-config.5"), encoding: .utf8)
        for setting in Setting.allCases {
            let escaped = setting.key.replacingOccurrences(of: "-", with: "\\-")
            XCTAssertTrue(page.contains(".It Ic \(escaped)"), "\(setting.key) is not documented")
            for choice in setting.choices where !setting.isBoolean {
                XCTAssertTrue(page.contains(choice), "\(setting.key) = \(choice) is not documented")
            }
        }
    }
}
