import ArgumentParser
import Solver
import XCTest

@testable import cardtable

/// `cardtable solve`'s command line: a range of deals, a budget, a time limit, jobs; each value
/// out of its range is refused with the range in the message, and the deals and a position
/// exclude each other.
final class SolveOptionTests: XCTestCase {
    /// The message a command line gets, or nil when it parses.
    func message(_ arguments: [String]) -> String? {
        do {
            _ = try SolveCommand.parse(["freecell"] + arguments)
            return nil
        } catch {
            return SolveCommand.message(for: error)
        }
    }

    func parsed(_ arguments: [String]) throws -> SolveCommand { try SolveCommand.parse(["freecell"] + arguments) }

    func testDealRanges() throws {
        XCTAssertEqual(try parsed(["--deal", "7"]).deals, 7...7)
        XCTAssertEqual(try parsed(["--deal", "1..32000"]).deals, 1...32000)
        XCTAssertEqual(try parsed(["--seed", "5..5"]).deals, 5...5)
        XCTAssertEqual(try parsed(["--deal", "2147483000..2147483647"]).deals, 2_147_483_000...2_147_483_647)
        XCTAssertEqual(try parsed(["--deal", "1..1000000"]).deals?.count, 1_000_000)
    }

    func testBadDealRangesSayWhatIsAllowed() {
        let form = "deals are N or N..M, whole numbers from 1 to 2147483647, such as 1..1000"
        for value in [
            "0", "0..10", "1..0", "-1", "-1..3", "1..", "..3", "1...3", "1..2..3", "x", "1-3", "", "1..2147483648",
        ] {
            XCTAssertEqual(
                message(["--deal", value]), "The value '\(value)' is invalid for '--deal <n[..m]>': \(form)", value)
        }
        XCTAssertEqual(
            message(["--deal", "5..3"]),
            "The value '5..3' is invalid for '--deal <n[..m]>': 5..3 goes down: "
                + "write the smaller number first, 3..5")
        XCTAssertEqual(
            message(["--deal", "1..2147483647"]),
            "The value '1..2147483647' is invalid for '--deal <n[..m]>': 1..2147483647 is 2147483647 deals: "
                + "at most 1000000 at a time, such as 1..1000000")
        XCTAssertEqual(
            message(["--deal", "10..1000010"]),
            "The value '10..1000010' is invalid for '--deal <n[..m]>': 10..1000010 is 1000001 deals: "
                + "at most 1000000 at a time, such as 10..1000009")
    }

    func testBudgets() throws {
        XCTAssertEqual(try parsed(["--deal", "1", "--budget", "200000"]).budget, 200_000)
        XCTAssertEqual(try parsed(["--deal", "1", "--budget", "500k"]).budget, 500_000)
        XCTAssertEqual(try parsed(["--deal", "1", "--budget", "2M"]).budget, 2_000_000)
        XCTAssertEqual(try parsed(["--deal", "1", "--budget", "1000M"]).budget, 1_000_000_000)
        XCTAssertEqual(try parsed(["--deal", "1", "--budget", "1"]).budget, 1)
        let range = "a budget is a number of positions from 1 to 1000M, such as 200000, 500k or 2M"
        for value in ["0", "-1", "1.5M", "2G", "", "k", "1001M", "1000000001", "99999999999999999999M", "+5", " 5"] {
            XCTAssertEqual(
                message(["--deal", "1", "--budget", value]),
                "The value '\(value)' is invalid for '--budget <positions>': \(range)", value)
        }
    }

    func testMemoryBudgets() throws {
        XCTAssertEqual(try parsed(["--deal", "1", "--memory", "6M"]).memory, 6 << 20)
        XCTAssertEqual(try parsed(["--deal", "1", "--memory", "6"]).memory, 6 << 20, "a bare number is MiB")
        XCTAssertEqual(try parsed(["--deal", "1", "--memory", "1G"]).memory, 1 << 30)
        XCTAssertEqual(try parsed(["--deal", "1", "--memory", "16G"]).memory, 16 << 30)
        XCTAssertEqual(try parsed(["--deal", "1", "--memory", "4M"]).searchBudget.memory, 4 << 20)
        let range = "a memory budget is from 1M to 16G, such as 6M or 1G"
        for value in ["0", "0M", "-1M", "17G", "1.5G", "", "M", "4K", "4MB", "99999999999999999999G", "+4M", " 4M"] {
            XCTAssertEqual(
                message(["--deal", "1", "--memory", value]),
                "The value '\(value)' is invalid for '--memory <bytes>': \(range)", value)
        }
        // --budget alone keeps 32 bytes a position, 16 MiB at least; --memory says otherwise.
        XCTAssertEqual(try parsed(["--deal", "1", "--budget", "5k"]).searchBudget.memory, 16 << 20)
        XCTAssertEqual(try parsed(["--deal", "1", "--budget", "2M"]).searchBudget.memory, 64_000_000)
        XCTAssertEqual(try parsed(["--deal", "1", "--budget", "2M", "--memory", "8M"]).searchBudget.memory, 8 << 20)
    }

    func testTimeLimits() throws {
        XCTAssertEqual(try parsed(["--deal", "1", "--seconds", "10"]).seconds, .seconds(10))
        XCTAssertEqual(try parsed(["--deal", "1", "--seconds", "0.5"]).seconds, .seconds(0.5))
        XCTAssertEqual(try parsed(["--deal", "1", "--seconds", "none"]).seconds, SecondsLimit.none)
        let range = "a time limit is a number of seconds from 0.01 to 86400, such as 10 or 0.5, or none"
        for value in ["0", "0.001", "-1", "1e3", "nan", "inf", "86401", ".5", "5.", "1.2.3", "", "None"] {
            XCTAssertEqual(
                message(["--deal", "1", "--seconds", value]),
                "The value '\(value)' is invalid for '--seconds <seconds>': \(range)", value)
        }
    }

    func testBudgetOptionsReplaceTheirPartOfTheDefault() throws {
        let plain = try parsed(["--deal", "1"]).searchBudget
        XCTAssertEqual(plain, .command)
        let positions = try parsed(["--deal", "1", "--budget", "5k"]).searchBudget
        XCTAssertEqual(positions.positions, 5000)
        XCTAssertEqual(positions.seconds, SolverBudget.command.seconds)
        let unlimited = try parsed(["--deal", "1", "--seconds", "none"]).searchBudget
        XCTAssertNil(unlimited.seconds)
        XCTAssertEqual(unlimited.positions, SolverBudget.command.positions)
    }

    func testJobs() throws {
        XCTAssertEqual(try parsed(["--deal", "1", "--jobs", "1"]).jobs, 1)
        XCTAssertEqual(try parsed(["--deal", "1", "--jobs", "256"]).jobs, 256)
        XCTAssertNil(try parsed(["--deal", "1"]).jobs, "every core by default")
        XCTAssertGreaterThanOrEqual(NumberOptions.processorCount, 1)
        let range = "jobs are a whole number from 1 to 256 (this machine has \(NumberOptions.processorCount) cores)"
        for value in ["0", "-1", "257", "x", "", "1.5"] {
            XCTAssertEqual(
                message(["--deal", "1", "--jobs", value]), "The value '\(value)' is invalid for '--jobs <n>': \(range)",
                value)
        }
    }

    func testDealsAndAPositionExcludeEachOther() {
        XCTAssertEqual(
            message(["--deal", "1", "--position", "p.txt"]),
            "--deal and --position both say where the game begins: give one of them")
        XCTAssertEqual(
            message([]), "give the deals to solve (--deal N or --deal N..M) or a position (--position FILE)")
        XCTAssertNil(message(["--position", "p.txt"]))
        XCTAssertEqual(
            message(["--deal", "1", "--option", "draw"]), "--option draw: write it as NAME=VALUE, such as draw=3")
    }

    /// The player's value of an option of any text is held to 200 bytes where it is typed (the
    /// script takes more from a save made before the limit), and a value with a line feed is
    /// quoted on one line: it printed a line of its own.
    func testAnOptionsValueIsHeldWhereItIsTyped() {
        let long = String(repeating: "é", count: 101)
        XCTAssertEqual(
            message(["--deal", "1", "--option", "motto=" + long]),
            "--option motto: the value is 202 bytes, longer than the 200 a value may be")
        XCTAssertNil(message(["--deal", "1", "--option", "motto=" + String(repeating: "é", count: 100)]))
        XCTAssertEqual(
            message(["--deal", "1", "--option", "motto=a\ncardtable: ok"]),
            "--option motto=a\\x0acardtable: ok: one line only")
        XCTAssertEqual(
            message(["--deal", "1", "--option", "\u{1B}]0;x\u{7}"]),
            "--option \\x1b]0;x\\x07: write it as NAME=VALUE, such as draw=3")
    }

    func testDefaultsAreShownAsTheyAreWritten() {
        XCTAssertEqual(SolveCommand.positionsText(2_000_000), "2M")
        XCTAssertEqual(SolveCommand.positionsText(500_000), "500k")
        XCTAssertEqual(SolveCommand.positionsText(123_456), "123456")
        XCTAssertEqual(SolveCommand.secondsText(10), "10 s")
        XCTAssertEqual(SolveCommand.secondsText(0.5), "0.5 s")
        XCTAssertEqual(SolveCommand.secondsText(nil), "no limit")
    }
}
