import Foundation
import Solver
import XCTest

@testable import cardtable

/// What `solve` prints: a header, a line per deal in deal order whatever order the threads
/// finish in, and a summary whose figures add up.
final class SolveOutputTests: XCTestCase {
    func outcome(_ label: String, _ verdict: SolverVerdict, moves: Int = 0, positions: Int, seconds: Double)
        -> SolveOutcome
    {
        SolveOutcome(label: label, verdict: verdict, moveCount: moves, positions: positions, seconds: seconds)
    }

    func testLinesKeepTheirColumns() {
        let width = SolveReport.labelWidth(for: 1...32000)
        XCTAssertEqual(width, 5)
        XCTAssertEqual(SolveReport.labelWidth(for: 1...3), 4, "the header's 'deal' is the narrowest")
        XCTAssertEqual(SolveReport.header(labelWidth: width), " deal  verdict    moves   positions    seconds")
        XCTAssertEqual(
            SolveReport.line(outcome("1", .solved, moves: 95, positions: 4711, seconds: 0.0123), labelWidth: width),
            "    1  solved        95        4711      0.012")
        XCTAssertEqual(
            SolveReport.line(outcome("11982", .impossible, positions: 1_234_567, seconds: 12.3456), labelWidth: width),
            "11982  impossible     -     1234567     12.346")
        XCTAssertEqual(
            SolveReport.line(outcome("7", .unknown, moves: 3, positions: 2_000_000, seconds: 10), labelWidth: width),
            "    7  unknown        -     2000000     10.000", "only a solved deal has a length")
    }

    func testFixedPointNumbers() {
        XCTAssertEqual(SolveReport.fixed(0), "0.000")
        XCTAssertEqual(SolveReport.fixed(0.0004), "0.000")
        XCTAssertEqual(SolveReport.fixed(0.0005), "0.001")
        XCTAssertEqual(SolveReport.fixed(1.05), "1.050")
        XCTAssertEqual(SolveReport.fixed(123.4567), "123.457")
        XCTAssertEqual(SolveReport.fixed(2.5, decimals: 0), "3")
        XCTAssertEqual(SolveReport.fixed(-1), "0.000")
    }

    func testSummaryCountsAndMedians() {
        var tally = SolveTally()
        tally.add(outcome("1", .solved, moves: 90, positions: 100, seconds: 0.5))
        tally.add(outcome("2", .impossible, positions: 300, seconds: 2))
        tally.add(outcome("3", .solved, moves: 80, positions: 200, seconds: 1))
        tally.add(outcome("4", .unknown, positions: 1000, seconds: 4))
        XCTAssertEqual(
            tally.summary(noun: "deal", wallSeconds: 4.25, jobs: 2),
            [
                "4 deals: 2 solved, 1 impossible, 1 unknown",
                "time: 7.500 s in all, median 1.500 s, longest 4.000 s (4); 4.250 s from start to end, 2 jobs",
                "positions: 1600 in all, median 250",
            ])
        var one = SolveTally()
        one.add(outcome("position", .solved, moves: 3, positions: 5, seconds: 0.001))
        XCTAssertEqual(
            one.summary(noun: "position", wallSeconds: 0.002, jobs: 1),
            [
                "1 position: 1 solved, 0 impossible, 0 unknown",
                "time: 0.001 s in all, median 0.001 s; 0.002 s from start to end, 1 job",
                "positions: 5 in all, median 5",
            ])
        XCTAssertNil(SolveTally.median([]))
        XCTAssertEqual(SolveTally.median([3, 1, 2]), 2)
    }

    /// Deal 1 is held until deal 2 is done: deal 2 finishes first, yet deal 1 is delivered first.
    func testResultsComeInDealOrderWhateverOrderTheyFinishIn() {
        let deal2Done = DispatchSemaphore(value: 0)
        let workersMade = Counter()
        var delivered: [UInt64] = []
        ParallelDeals.run(
            deals: 1...6, jobs: 2,
            makeWorker: {
                workersMade.increment()
                return { deal in
                    if deal == 1 { deal2Done.wait() }
                    if deal == 2 { deal2Done.signal() }
                    return "result \(deal)"
                }
            },
            deliver: { deal, result in
                XCTAssertEqual(result, "result \(deal)")
                delivered.append(deal)
            })
        XCTAssertEqual(delivered, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(workersMade.value, 2, "each thread makes its own worker, once")
    }

    func testNoMoreThreadsThanDeals() {
        let workersMade = Counter()
        var delivered: [UInt64] = []
        ParallelDeals.run(
            deals: 41...43, jobs: 16,
            makeWorker: {
                workersMade.increment()
                return { $0 * 2 }
            },
            deliver: { deal, result in
                XCTAssertEqual(result, deal * 2)
                delivered.append(deal)
            })
        XCTAssertEqual(delivered, [41, 42, 43])
        XCTAssertEqual(workersMade.value, 3)
    }
}

/// A count several threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
