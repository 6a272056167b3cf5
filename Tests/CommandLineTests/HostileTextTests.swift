import Foundation
import Persistence
import SecondScreen
import TableKit
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Text from files and sockets never reaches the terminal as control sequences: a layout's
/// title, a script's name and options, a position, the statistics file's titles, what a game
/// says on its socket, each with ESC (an OSC that sets the terminal's title, a mode switch),
/// the C1 CSI U+009B and the bidirectional override U+202E in it, go through the real program
/// (the `cardtable` built beside the tests) and come out as visible escapes.
final class HostileTextTests: XCTestCase {
    /// What a hostile file says: sets the terminal's title, switches to the other screen, asks
    /// for the cursor's position (a reply typed into the shell), turns the line around.
    static let hostile = "Evil\u{1B}]0;owned\u{07}\u{1B}[?1049h\u{9B}6n\u{202E}txt"
    /// As TOML writes it.
    static let hostileTOML = "Evil\\u001B]0;owned\\u0007\\u001B[?1049h\\u009B6n\\u202Etxt"
    /// As the program shows it.
    static let shown = "Evil\\x1b]0;owned\\x07\\x1b[?1049h\\u{9B}6n\\u{202E}txt"

    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    /// Starts `cardtable` with `arguments` in the test's folder (ProgramRun.swift).
    func cardtable(_ arguments: [String], environment: [String: String] = [:], whileRunning: () throws -> Void = {})
        throws -> ProgramRun
    {
        try runCardtable(arguments, in: folder, environment: environment, whileRunning: whileRunning)
    }

    /// Nothing in `text` that a terminal would act on: lines and tabs only.
    func assertShownAsText(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let acted = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
        XCTAssertEqual(acted.map { String($0.value, radix: 16) }, [], text, file: file, line: line)
    }

    func write(_ text: String, to name: String) throws {
        try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
    }

    func testCheckShowsAScriptsNameAndAQuotedValueAsText() throws {
        let script = "s\u{1B}[2J\u{9B}\u{202E}.lua"
        try write("function deal() end\n", to: script)
        try write(
            """
            name = "evil"
            title = "Evil"
            script = "s\\u001B[2J\\u009B\\u202E.lua"
            map = "A"
            [game]
            family = "Evil"
            [slots.A]
            kind = "cell"

            """, to: "evil.toml")
        try write("map = \"A\"\n[slots.A]\nkind = \"\(Self.hostileTOML)\"\n", to: "bad.toml")
        // A title with controls is refused (a line feed in it broke every save), named by the
        // control it holds, never printed.
        try write("title = \"\(Self.hostileTOML)\"\nmap = \"A\"\n[slots.A]\nkind = \"cell\"\n", to: "title.toml")
        let run = try cardtable(["check", "evil.toml", "bad.toml", "title.toml"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.output, "evil.toml: ok, 1 slots, script s\\x1b[2J\\u{9B}\\u{202E}.lua (1 hook: deal)\n")
        XCTAssertTrue(run.errors.hasPrefix("bad.toml:3:8: error: unknown kind"), run.errors)
        XCTAssertTrue(
            run.errors.contains("title.toml:1:9: error: title holds the control character \\x1b"), run.errors)
        assertShownAsText(run.output)
        assertShownAsText(run.errors)
    }

    /// A slot's label and a game's family are text the program shows too: a bell in a label
    /// passed `check` and the table drew it as `?`. Refused like a title's, the message naming
    /// the file, the line and the character as the program shows it.
    func testCheckRefusesAControlCharacterInALabelOrAFamily() throws {
        try write(
            """
            map = "A S"
            [game]
            family = "Klondike\\u202E"
            [slots.A]
            kind = "cell"
            label = "A\\u0007"
            [slots.S]
            kind = "stock"
            [[slot]]
            id = "B"
            at = [3, 0]
            kind = "cell"
            label = "\\u009B6n"

            """, to: "label.toml")
        let run = try cardtable(["check", "label.toml"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.output, "")
        for message in [
            "label.toml:3:10: error: game.family holds the control character \\u{202E}",
            "label.toml:6:9: error: slots.A.label holds the control character \\x07",
            "label.toml:13:9: error: slot[1].label holds the control character \\u{9B}",
        ] {
            XCTAssertTrue(run.errors.contains(message), run.errors)
        }
        assertShownAsText(run.errors)
        // Without them, the same file is a table.
        try write(
            try String(contentsOfFile: folder + "/label.toml", encoding: .utf8)
                .replacingOccurrences(of: "\\u202E", with: "").replacingOccurrences(of: "\\u0007", with: "")
                .replacingOccurrences(of: "\\u009B", with: ""), to: "plain.toml")
        XCTAssertEqual(try cardtable(["check", "plain.toml"]).output, "plain.toml: ok, 3 slots\n")
    }

    /// A message is one line: a line feed in what it quotes (a quoted TOML key, a file's name,
    /// a position's pile) printed a line of its own, and a file could make `check` seem to say
    /// `evil.toml: ok` of it. Shown as `\x0a` instead; the lines the command means stay lines.
    func testALineFeedInWhatAMessageQuotesStartsNoLineOfItsOwn() throws {
        let forged = "evil.toml: ok, 1 slots"
        try write(
            "name = \"x\"\nmap = \"A\"\n\"k\\n\(forged)\" = 1\n[slots.A]\nkind = \"cell\"\n", to: "key.toml")
        try write("map = \"A\"\n[slots.A]\nkind = \"tablo\"\n", to: "named\n\(forged).toml")
        try write("animation = \"fast\"\n\"x\\nconfig.toml: ok\" = 1\n", to: "config.toml")
        let run = try cardtable(["check", "key.toml", "named\n\(forged).toml", "--settings", "config.toml"])
        XCTAssertEqual(run.status, 1)
        let lines = (run.output + run.errors).split(separator: "\n").map(String.init)
        XCTAssertFalse(lines.contains { $0.hasPrefix(forged) || $0.hasPrefix("config.toml: ok'") }, run.errors)
        XCTAssertTrue(lines.contains { $0.hasPrefix("key.toml:3:1: error: unknown key 'k\\x0a\(forged)'") }, run.errors)
        XCTAssertTrue(lines.contains { $0.hasPrefix("named\\x0a\(forged).toml:3:8: error: unknown kind") }, run.errors)
        XCTAssertTrue(lines.contains { $0.hasPrefix("config.toml:2:1: warning: unknown key 'x\\x0aconfig.toml: ok'") })
        XCTAssertEqual(run.output, "config.toml: ok, 1 warning(s)\n")
        // What is lines by design stays lines: a position, the parser's usage.
        let export = try cardtable(["export", "klondike", "--deal", "1"])
        XCTAssertGreaterThan(export.output.split(separator: "\n").count, 10, export.output)
        let usage = try cardtable(["solve", "klondike", "--deal", "0"])
        XCTAssertGreaterThan(usage.errors.split(separator: "\n").count, 1, usage.errors)
    }

    func testStatsShowsTheFilesTitlesAsText() throws {
        let store = StatisticsStore(folder: folder + "/data/cardtable")
        try store.record(
            GameResult(
                gameID: "evil-1-1", variant: "evil", title: Self.hostile, won: true, moves: 12, seconds: 30,
                endedAt: 1_763_699_800))
        try store.record(
            GameResult(
                gameID: "lined-1-1", variant: "lined", title: "Two\nlines\r\u{1B}[1A", won: false, moves: 1,
                seconds: 3, endedAt: 1_763_699_801))
        try store.record(
            GameResult(
                gameID: "wide-1-1", variant: "wide", title: "漢字のゲーム\u{200B}", won: false, moves: 1, seconds: 3,
                endedAt: 1_763_699_802))
        let run = try cardtable(["stats"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains(Self.shown), run.output)
        XCTAssertTrue(run.output.contains("Two\\x0alines\\x0d\\x1b[1A"), "a title is one row: \(run.output)")
        let lines = run.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, "the headings and a row each")
        // Lined up as the terminal shows them: every row as wide as the headings.
        XCTAssertEqual(Set(lines.map { TextFit.columns(of: $0) }).count, 1, run.output)
        assertShownAsText(run.output)
        let one = try cardtable(["stats", "evil"])
        XCTAssertTrue(one.output.contains(Self.shown), one.output)
        assertShownAsText(one.output)
    }

    func testAPositionAndAScriptsOptionsAreQuotedAsText() throws {
        try write("game klondike\(Self.hostile)\nstock: 5\u{1B}[2JH\n", to: "position.txt")
        let export = try cardtable(["export", "klondike", "--position", "position.txt"])
        XCTAssertEqual(export.status, 1)
        XCTAssertTrue(
            export.errors.hasPrefix("position.txt:1:6: error: the position is for 'klondikeEvil\\x1b]0;own…'"),
            export.errors)
        assertShownAsText(export.errors)

        try write(
            """
            options = {
              { name = "dr\\27]0;x\\7aw", text = "Cards\\27[2J", values = { 1, 3 }, default = 1 },
            }
            function deal() end

            """, to: "evil.lua")
        try write(
            "name = \"evil\"\ntitle = \"Evil\"\nscript = \"evil.lua\"\nmap = \"A\"\n"
                + "[game]\nfamily = \"Evil\"\n[slots.A]\nkind = \"cell\"\n", to: "evil.toml")
        let solve = try cardtable(["solve", "evil.toml", "--deal", "1", "--option", "nosuch=1"])
        XCTAssertEqual(solve.status, 1)
        XCTAssertEqual(
            solve.errors,
            "cardtable: evil.lua: options[1]'s name holds a control character (byte 0x1B): an option's name, "
                + "default, text and values are printable text\n")
        assertShownAsText(solve.errors)
        let free = try cardtable(["solve", "evil.toml", "--deal", "1"])
        assertShownAsText(free.output + free.errors)
    }

    /// The argument parser's own messages quote what was typed: an unknown option, a value it
    /// refuses, a game's name a command refuses. Arguments come from scripts and files as often
    /// as from fingers (`cardtable play "$(cat list)"`), and were printed as they were.
    func testTheCommandLinesMessagesShowWhatWasTypedAsText() throws {
        let unknown = try cardtable(["--bogus" + Self.hostile])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.errors.hasPrefix("Error: Unknown option '--bogus\(Self.shown)'"), unknown.errors)
        let value = try cardtable(["solve", "klondike", "--deal", Self.hostile])
        XCTAssertEqual(value.status, 64)
        XCTAssertTrue(value.errors.contains("'\(Self.shown)'"), value.errors)
        let copy = try cardtable(["copy", Self.hostile, "mine"])
        XCTAssertEqual(copy.status, 64)
        XCTAssertTrue(
            copy.errors.hasPrefix("Error: no shipped game '\(Self.shown)' (see 'cardtable list')"), copy.errors)
        for run in [unknown, value, copy] {
            XCTAssertEqual(run.output, "")
            assertShownAsText(run.errors)
        }
        // Help still goes to standard output, with status 0.
        let help = try cardtable(["copy", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("USAGE: cardtable copy"), help.output)
        XCTAssertEqual(help.errors, "")
    }

    func testScreenListShowsWhatAGameSaysAsText() throws {
        XCTAssertEqual(mkdir(folder + "/run", 0o700), 0)
        let host = try ScreenHost(folder: folder + "/run/cardtable", process: 4321)
        let run = try cardtable(["screen", "--list"]) {
            var ready = pollfd(fd: host.descriptor, events: Int16(POLLIN), revents: 0)
            XCTAssertEqual(poll(&ready, 1, 5000), 1, "cardtable screen --list asks")
            let connection = try XCTUnwrap(host.accept())
            var readable = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
            XCTAssertEqual(poll(&readable, 1, 5000), 1)
            XCTAssertEqual(connection.read(), .request(.who))
            connection.say(description: Self.hostile + "\u{202E} · 3 moves")
            connection.close()
        }
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, "4321\t\(Self.shown)\\u{202E} · 3 moves\n")
        assertShownAsText(run.output)
    }
}
