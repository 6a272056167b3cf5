import ArgumentParser
import TestSupport
import XCTest

@testable import cardtable

/// The quick reader of play lines (``QuickPlayLine``) must answer exactly as the argument parser
/// does, or leave the line to it: a line it reads gives the request the parser's `PlayCommand`
/// gives, and every line it reads is one the parser takes.
final class QuickPlayLineTests: XCTestCase {
    /// What the parser makes of a line: the play request, or nil when the line is another
    /// command's, help, or refused.
    func parsed(_ arguments: [String]) -> PlayRequest? {
        guard let command = try? CardTableCommand.parseAsRoot(arguments) else { return nil }
        return (command as? PlayCommand)?.request
    }

    func testTheLinesPlayersTypeAreReadWithoutTheParser() {
        let lines: [[String]] = [
            [], ["klondike"], ["play", "klondike"], ["klondike", "--deal", "7"], ["freecell", "--deal=11982"],
            ["spider", "--seed", "3", "--no-winnable"], ["play"], ["klondike", "--winnable-only"],
            ["klondike", "--autoplay", "safe", "--mouse", "click", "--four-colour"],
            ["klondike-lua", "--option", "draw=3"], ["layouts/my.toml", "--ascii", "--card-size", "7x5"],
            ["klondike", "--position", "p.txt"], ["klondike", "--animation", "off", "--gamepads", "none"],
            ["klondike", "--stats", "figures.txt", "--no-terminal-background"],
        ]
        for line in lines {
            let quick = QuickPlayLine.request(line)
            XCTAssertNotNil(quick, "\(line)")
            XCTAssertEqual(quick, parsed(line), "\(line)")
        }
        XCTAssertEqual(
            QuickPlayLine.request(["klondike", "--deal", "7"]), PlayRequest(layout: "klondike", deal: 7))
    }

    func testOtherCommandsHelpAndRefusedLinesAreLeftToTheParser() {
        let lines: [[String]] = [
            ["list"], ["help"], ["solve", "freecell"], ["--help"], ["-h"], ["klondike", "--help"], ["--version"],
            ["klondike", "--deal", "0"], ["klondike", "--deal", "-1"], ["klondike", "--deal"],
            ["klondike", "--autoplay", "always"], ["klondike", "freecell"], ["klondike", "--unknown"],
            ["klondike", "--deal", "1", "--seed", "2"], ["klondike", "--ascii", "--no-ascii"],
            ["klondike", "--ascii=true"], ["klondike", "--gamepads=", "none"], ["--", "klondike"], ["-"],
            ["klondike", "--position", "-p"],
            ["--position", "p.txt"], ["--option", "draw=3"], ["klondike", "--option", "draw"],
            ["klondike", "--deal", "3", "--position", "p.txt"], ["--experimental-dump-help"],
        ]
        for line in lines {
            XCTAssertNil(QuickPlayLine.request(line), "\(line)")
        }
    }

    /// Lines made at random from the play command's options, good values and bad, repeated,
    /// written `--name value` and `--name=value`, with other commands' names and stray words.
    func testGeneratedLinesGetTheParsersAnswer() {
        let words = [
            "klondike", "freecell", "play", "list", "stats", "solve", "x.toml", "-", "--", "-h", "--help", "help",
        ]
        let values: [String: [String]] = [
            "--deal": ["1", "7", "2147483647", "0", "-3", "x", "--ascii"],
            "--seed": ["5", "2147483648"],
            "--position": ["p.txt", "-q"],
            "--autoplay": ["off", "safe", "all", "some"],
            "--mouse": ["drag", "click", "tap"],
            "--animation": ["off", "fast", "normal", "slow", "quick"],
            "--card-size": ["auto", "7x5", "9x7", "-3x4", "huge"],
            "--stats": ["out.txt", "--deal"],
            "--gamepads": ["none", "/dev/input", ""],
            "--option": ["draw=3", "goal=pyramid", "draw", "=3", "-1"],
        ]
        let flags = [
            "--ascii", "--no-ascii", "--four-colour", "--four-color", "--no-four-colour", "--no-four-color",
            "--terminal-background", "--no-terminal-background", "--winnable", "--no-winnable", "--winnable-only",
            "--no-winnable-only", "--no-animation", "--ascii=yes", "--bogus",
        ]
        var random = SplitMix64(seed: 16)
        var quick = 0
        for _ in 0..<800 {
            var line: [String] = []
            for _ in 0..<random.below(6) {
                switch random.below(4) {
                case 0: line.append(random.pick(words))
                case 1: line.append(random.pick(flags))
                default:
                    let name = random.pick(Array(values.keys).sorted())
                    let value = random.pick(values[name]!)
                    if random.chance(25) {
                        line.append("\(name)=\(value)")
                    } else {
                        line += [name, value]
                    }
                }
            }
            if random.chance(30) { line.insert("klondike", at: 0) }
            guard let request = QuickPlayLine.request(line) else { continue }
            quick += 1
            XCTAssertEqual(request, parsed(line), "\(line)")
        }
        // The check would hold trivially if the quick reader read nothing.
        XCTAssertGreaterThan(quick, 80)
    }

    /// The commands the quick reader steps aside for are every command the tree has.
    func testEveryOtherCommandIsLeftToTheParser() {
        for command in CardTableCommand.configuration.subcommands where command != PlayCommand.self {
            let name = command.configuration.commandName ?? ""
            XCTAssertNil(QuickPlayLine.request([name]), name)
        }
    }

    /// The names the quick reader knows without asking the parser are the parser's.
    func testTheCommandNamesWrittenOutAreTheParsers() {
        XCTAssertEqual(QuickPlayLine.playCommandName, PlayCommand.configuration.commandName)
        let parsers = CardTableCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        XCTAssertEqual(QuickPlayLine.commandNames.sorted(), (parsers + ["help"]).sorted())
    }
}
