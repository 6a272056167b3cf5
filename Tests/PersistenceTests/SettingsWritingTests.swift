import Foundation
import Layouts
import TestSupport
import XCTest

@testable import Persistence

/// Writing settings back: only the values that change are touched, in place, and missing
/// settings are added where they belong; comments, blank lines, key order and unknown keys
/// survive; a file that does not parse is never overwritten.
final class SettingsWritingTests: XCTestCase {
    private func rewrite(_ text: String, _ change: (inout Settings) -> Void) throws -> String {
        var settings = SettingsFile.read(text: text, file: "config.toml").settings
        change(&settings)
        let result = try SettingsFile.rewrite(text, to: settings, file: "config.toml")
        XCTAssertEqual(SettingsFile.read(text: result, file: "config.toml").settings, settings, "reads back")
        return result
    }

    let commented = """
        # My CardTable settings.
        # Animation: I like it quick.
        animation = "fast"    # was "normal"

        mouse = "drag"   # drag or click
        sound = "loud"   # not a setting, but mine

        [theme]
        # Dark terminal.
        background = "terminal"  # keep my colours
        ascii = false

        """

    func testAValueChangesInPlaceKeepingEverythingElse() throws {
        let result = try rewrite(commented) { $0.mouse = .click }
        XCTAssertEqual(result, commented.replacingOccurrences(of: "mouse = \"drag\"", with: "mouse = \"click\""))
        let theme = try rewrite(commented) {
            $0.ascii = true
            $0.animation = .slow
        }
        XCTAssertEqual(
            theme,
            commented.replacingOccurrences(of: "ascii = false", with: "ascii = true")
                .replacingOccurrences(of: "animation = \"fast\"", with: "animation = \"slow\""))
    }

    func testNothingChangedIsTheSameText() throws {
        XCTAssertEqual(try rewrite(commented) { _ in }, commented)
        // A bad value that reads as the default stays as the player wrote it.
        let bad = "animation = \"turbo\"  # mine\n"
        XCTAssertEqual(try rewrite(bad) { $0.mouse = .drag }, bad)
        XCTAssertEqual(try rewrite(bad) { $0.animation = .slow }, "animation = \"slow\"  # mine\n")
    }

    func testAValueOfTheWrongTypeIsReplaced() throws {
        XCTAssertEqual(
            try rewrite("[theme]\nascii = \"yes\" # hm\n") { $0.ascii = true }, "[theme]\nascii = true # hm\n")
        XCTAssertEqual(
            try rewrite("mouse = [\n  \"drag\",\n]\nautoplay = \"all\"\n") { $0.mouse = .click },
            "mouse = \"click\"\nautoplay = \"all\"\n")
    }

    func testMissingTopLevelKeysGoAfterTheLastTopLevelKey() throws {
        let result = try rewrite(commented) {
            $0.autoplay = .all
            $0.cardSize = .fixed(CardSize(width: 9, height: 7))
        }
        XCTAssertEqual(
            result,
            commented.replacingOccurrences(
                of: "sound = \"loud\"   # not a setting, but mine\n",
                with: "sound = \"loud\"   # not a setting, but mine\nautoplay = \"all\"\ncard-size = \"9x7\"\n"))
    }

    func testMissingThemeKeysGoAfterTheLastKeyOfTheTheme() throws {
        let result = try rewrite(commented) { $0.fourColour = true }
        XCTAssertEqual(
            result, commented.replacingOccurrences(of: "ascii = false\n", with: "ascii = false\nfour-colour = true\n"))
        // A [theme] with no keys yet, followed by another table.
        XCTAssertEqual(
            try rewrite("[theme]\n# nothing yet\n\n[other]\nx = 1\n") { $0.ascii = true },
            "[theme]\nascii = true\n# nothing yet\n\n[other]\nx = 1\n")
    }

    func testATopLevelKeyGoesBeforeTheFirstTableAndItsComments() throws {
        XCTAssertEqual(
            try rewrite("# Settings\n\n# The theme:\n[theme]\nascii = true\n") { $0.mouse = .click },
            "# Settings\n\nmouse = \"click\"\n\n# The theme:\n[theme]\nascii = true\n")
    }

    func testANewThemeTableAtTheEnd() throws {
        XCTAssertEqual(
            try rewrite("mouse = \"click\" # mine\n") {
                $0.ascii = true
                $0.autoplay = .safe
            },
            "mouse = \"click\" # mine\nautoplay = \"safe\"\n\n[theme]\nascii = true\n")
        XCTAssertEqual(
            try rewrite("# just a comment") {
                $0.mouse = .click
                $0.background = .terminal
            },
            "# just a comment\nmouse = \"click\"\n\n[theme]\nbackground = \"terminal\"\n")
        XCTAssertEqual(
            try rewrite("mouse = \"click\"\n\n") { $0.ascii = true }, "mouse = \"click\"\n\n[theme]\nascii = true\n")
    }

    func testTheLastLineWithoutALineBreak() throws {
        XCTAssertEqual(
            try rewrite("mouse = \"click\"") { $0.animation = .off }, "mouse = \"click\"\nanimation = \"off\"\n")
        XCTAssertEqual(try rewrite("mouse = \"click\"") { $0.mouse = .drag }, "mouse = \"drag\"")
    }

    func testInlineAndDottedThemes() throws {
        XCTAssertEqual(
            try rewrite("theme = { ascii = true } # inline\n") { $0.fourColour = true },
            "theme = { ascii = true, four-colour = true } # inline\n")
        XCTAssertEqual(
            try rewrite("theme = {}\n") { $0.fourColour = true }, "theme = { four-colour = true }\n")
        XCTAssertEqual(
            try rewrite("theme = { ascii = true }\n") { $0.ascii = false }, "theme = { ascii = false }\n")
        XCTAssertEqual(
            try rewrite("mouse = \"drag\"\ntheme.ascii = true\n") { $0.background = .terminal },
            "mouse = \"drag\"\ntheme.ascii = true\ntheme.background = \"terminal\"\n")
    }

    func testWindowsLineBreaksAndAByteOrderMark() throws {
        XCTAssertEqual(
            try rewrite("mouse = \"drag\"\r\n[theme]\r\nascii = true\r\n") {
                $0.mouse = .click
                $0.autoplay = .all
                $0.fourColour = true
            },
            "mouse = \"click\"\r\nautoplay = \"all\"\r\n[theme]\r\nascii = true\r\nfour-colour = true\r\n")
        XCTAssertEqual(try rewrite("\u{FEFF}mouse = \"drag\"\n") { $0.mouse = .click }, "\u{FEFF}mouse = \"click\"\n")
    }

    func testAnEmptyFileBecomesTheTemplate() throws {
        var settings = Settings()
        settings.mouse = .click
        let text = try SettingsFile.rewrite("\n", to: settings, file: "config.toml")
        XCTAssertEqual(text, SettingsFile.template(settings))
        let read = SettingsFile.read(text: text, file: "config.toml")
        XCTAssertEqual(read.settings, settings)
        XCTAssertEqual(read.diagnostics, [])
        XCTAssertEqual(
            SettingsFile.template(Settings()),
            """
            # CardTable settings (see cardtable-config(5)). Command-line options override them.

            animation = "normal"    # off, fast, normal, slow
            autoplay = "off"        # off, safe, all
            mouse = "drag"          # drag, click (click a card, then a pile)
            card-size = "auto"      # auto, or 13x9, 11x9, 9x7, 7x5, 6x4, 5x4, 5x3, 4x3, 3x2
            winnable = true         # the status line says whether the game can still be won
            winnable-only = false   # new random deals only when the solver finds a win

            [theme]
            background = "felt"     # felt, terminal (the terminal's own background)
            four-colour = false     # clubs green, diamonds blue
            ascii = false           # letters for suits, +-| for lines

            """)
    }

    // MARK: Never overwritten

    /// A settings file near its limit (1 MB; 1 KB here) with a long comment: a setting added
    /// would take it past what it is read at, after which every setting was its default. It is
    /// not written.
    func testTextThatWouldNotBeReadBackForItsSizeIsRefused() throws {
        let comment = "# " + String(repeating: "x", count: 1024 - 30) + "\n"
        let text = comment + "mouse = \"drag\"\n"
        var click = Settings()
        click.mouse = .click
        XCTAssertEqual(
            try SettingsFile.rewrite(text, to: click, file: "config.toml", sizeLimit: 1024),
            comment + "mouse = \"click\"\n", "a value one byte longer fits")
        var slow = Settings()
        slow.animation = .slow
        XCTAssertThrowsError(try SettingsFile.rewrite(text, to: slow, file: "config.toml", sizeLimit: 1024)) { error in
            XCTAssertEqual(
                (error as? SettingsWriteError)?.description,
                "config.toml: with the settings written, the file would be larger than the 1 KB a settings file "
                    + "may be: not written")
        }
    }

    func testTextThatDoesNotParseIsRefused() {
        XCTAssertThrowsError(try SettingsFile.rewrite("mouse = \n", to: Settings(), file: "config.toml")) { error in
            XCTAssertEqual(
                "\(error)",
                "config.toml:1:9: TOML syntax: error while parsing key-value pair: expected value, saw '\\n'")
        }
    }

    func testAThemeThatIsNotATableHasNoPlace() {
        var settings = Settings()
        settings.ascii = true
        XCTAssertThrowsError(try SettingsFile.rewrite("theme = \"dark\"\n", to: settings, file: "config.toml")) {
            error in
            XCTAssertEqual("\(error)", "config.toml:1:9: theme is not a table, so ascii has no place")
        }
    }

    // MARK: The file

    func testUpdateMakesTheFileFromTheTemplateThenChangesItInPlace() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let path = folder + "/cardtable/config.toml"
        try SettingsFile.update(path) { $0.mouse = .click }
        var expected = Settings()
        expected.mouse = .click
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), SettingsFile.template(expected))
        try SettingsFile.update(path) { $0.ascii = true }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(
            text, SettingsFile.template(expected).replacingOccurrences(of: "ascii = false", with: "ascii = true"),
            "the template's comments stay")
        expected.ascii = true
        XCTAssertEqual(SettingsFile.load(path: path).settings, expected)
    }

    func testUpdateKeepsTheUsersFile() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let path = folder + "/config.toml"
        try commented.write(toFile: path, atomically: true, encoding: .utf8)
        let settings = try SettingsFile.update(path) { $0.mouse = .click }
        XCTAssertEqual(settings.mouse, .click)
        XCTAssertEqual(settings.animation, .fast, "the file's other settings")
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            commented.replacingOccurrences(of: "mouse = \"drag\"", with: "mouse = \"click\""))
        XCTAssertEqual(try TemporaryFolder.entries(folder), ["config.toml"], "no temporary file is left")
    }

    func testAFileThatDoesNotParseIsNeverOverwritten() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let path = folder + "/config.toml"
        let broken = "# mine\nmouse = \"click\nascii = true\n"
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SettingsFile.update(path) { $0.ascii = true }) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path):2:15: TOML syntax: "), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), broken)
    }

    func testAnUnreadableFileIsNotWritten() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let path = folder + "/config.toml"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        XCTAssertThrowsError(try SettingsFile.update(path) { $0.ascii = true }) { error in
            XCTAssertEqual("\(error)", "\(path): cannot read the file: is a directory, not a settings file")
        }
    }
}
