import ArgumentParser
import XCTest

@testable import cardtable

/// Every number a command line takes says its range when a value is out of it, negative or not a
/// number at all, whichever way the value is written (`--seed -1`, `--seed=-1`); and a command
/// that cannot do what was asked exits non-zero with a message.
final class NumberOptionTests: XCTestCase {
    /// The message a command line gets, or nil when it parses.
    func message<Command: ParsableCommand>(_ type: Command.Type, _ arguments: [String]) -> String? {
        do {
            _ = try type.parse(arguments)
            return nil
        } catch {
            return type.message(for: error)
        }
    }

    static let badNumbers = ["-1", "0", "-0", "2147483648", "99999999999999999999", "x", "1e3", "0x10", " 5", ""]
    static let dealRange = "a deal is a whole number from 1 to 2147483647"

    func testDealNumbersSayTheirRange() {
        let commands: [(String, ([String]) -> String?)] = [
            ("play", { self.message(PlayCommand.self, ["klondike"] + $0) }),
            ("export", { self.message(ExportCommand.self, ["klondike"] + $0) }),
            ("render", { self.message(RenderCommand.self, ["klondike"] + $0) }),
        ]
        for (name, parse) in commands {
            for option in ["--deal", "--seed"] {
                for value in Self.badNumbers {
                    // `--deal=` with nothing after it is a missing value, and says so.
                    for written in [[option, value]] + (value.isEmpty ? [] : [["\(option)=\(value)"]]) {
                        XCTAssertEqual(
                            parse(written), "The value '\(value)' is invalid for '\(option) <n>': \(Self.dealRange)",
                            "\(name) \(written)")
                    }
                }
                for value in ["1", "2147483647", "11982"] {
                    XCTAssertNil(parse([option, value]), "\(name) \(option) \(value)")
                }
            }
        }
    }

    func testBallsSeedsSayTheirRange() {
        for value in Self.badNumbers {
            XCTAssertEqual(
                message(BallsCommand.self, ["--seed", value]),
                "The value '\(value)' is invalid for '--seed <n>': a seed is a whole number from 1 to 2147483647",
                value)
        }
        for value in ["1", "2147483647"] { XCTAssertNil(message(BallsCommand.self, ["--seed", value]), value) }
        XCTAssertNil(message(BallsCommand.self, []), "a random seed by default")
    }

    func testScreenSizesSayTheirRange() {
        let range = "a size is WIDTHxHEIGHT, each a whole number from 1 to 1000, such as 100x30"
        for value in ["-3x4", "0x3", "3x0", "1001x3", "3x1001", "3x", "x3", "3", "3x4x5", "-1", "axb", ""] {
            XCTAssertEqual(
                message(RenderCommand.self, ["sandbox", "--size", value]),
                "The value '\(value)' is invalid for '--size <WxH>': \(range)", value)
        }
        for value in ["1x1", "1000x1000", "80X24"] {
            XCTAssertNil(message(RenderCommand.self, ["sandbox", "--size", value]), value)
        }
    }

    func testCardSizesAndScriptOptionsTakeValuesThatStartWithADash() {
        let cardSize = message(PlayCommand.self, ["klondike", "--card-size", "-3x4"]) ?? ""
        XCTAssertTrue(cardSize.hasPrefix("The value '-3x4' is invalid for '--card-size <size>'"), cardSize)
        XCTAssertTrue(cardSize.contains("13x9"), "the sizes allowed are listed: \(cardSize)")
        XCTAssertEqual(
            message(PlayCommand.self, ["klondike-lua", "--option", "-1"]),
            "--option -1: write it as NAME=VALUE, such as draw=3")
    }

    func testRenderOfATableThatFitsNoTerminalFails() throws {
        let render = try RenderCommand.parse(["klondike", "--size", "10x5"])
        XCTAssertThrowsError(try render.run()) { error in
            XCTAssertEqual((error as? ExitCode)?.rawValue, 1)
        }
    }
}
