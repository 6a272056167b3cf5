import Layouts
import Solitaire
import TestSupport
import XCTest

/// Steps the rules take by themselves: turning up, refilling, collecting.
final class AutomaticTests: XCTestCase {
    func testTurnUp() {
        let rules = DeclarativeRules(layout: columns())
        var state = position(["[KD] [8D] 7S", "8H"])
        let record = rules.apply(.transfer(from: 0, to: 1), to: &state)
        XCTAssertEqual(state.piles.map(text), ["[KD] 8D", "8H 7S"])
        XCTAssertEqual(record.steps, [Step(from: 0, to: 1, count: 1), .turnUp(0)])
        XCTAssertTrue(record.steps[1].automatic)

        let still = DeclarativeRules(layout: columns { $0.turnUp = false })
        var kept = position(["[8D] 7S", "8H"])
        XCTAssertEqual(still.apply(.transfer(from: 0, to: 1), to: &kept).steps.count, 1)
        XCTAssertEqual(kept.piles.map(text), ["[8D]", "8H 7S"])
    }

    func testRefillFromReserve() {
        let layout = makeLayout([
            GroupSpec("R", .reserve, 1),
            GroupSpec("T", .tableau, 2) { $0.refillFrom = "R" },
        ])
        let rules = DeclarativeRules(layout: layout)
        var state = position(["[2C] 5H", "9S", "TH"])
        let before = state
        let record = rules.apply(.transfer(from: 1, to: 2), to: &state)
        XCTAssertEqual(state.piles.map(text), ["2C", "5H", "TH 9S"])
        XCTAssertEqual(
            record.steps,
            [Step(from: 1, to: 2, count: 1), Step(from: 0, to: 1, count: 1, automatic: true), .turnUp(0)])
        state.revert(record)
        XCTAssertEqual(state, before)

        var twice = position(["[2C] 5H", "9S", "TH"])
        _ = rules.apply(.transfer(from: 1, to: 2), to: &twice)
        _ = rules.apply(.transfer(from: 1, to: 2), to: &twice)  // not legal, but apply trusts its caller
        XCTAssertEqual(twice.piles.map(text), ["", "2C", "TH 9S 5H"], "refilled again from the reserve")

        var empty = position(["", "9S", "TH"])
        _ = rules.apply(.transfer(from: 1, to: 2), to: &empty)
        XCTAssertEqual(empty.piles.map(text), ["", "", "TH 9S"], "nothing left to refill with")
    }

    func testCollect() {
        let layout = makeLayout([
            GroupSpec("F", .foundation, 2) {
                $0.collect = true
                $0.takeBack = false
            },
            GroupSpec("T", .tableau, 2) {
                $0.suit = .any
                $0.moveSuit = .same
            },
        ])
        let rules = DeclarativeRules(layout: layout)
        var state = position([
            "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC", "", "[3H] KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS",
        ])
        let before = state
        let record = rules.apply(.transfer(from: 3, to: 2), to: &state)
        XCTAssertEqual(state.piles.map { $0.count }, [13, 13, 1, 0])
        XCTAssertEqual(text(state.piles[1]), "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS")
        XCTAssertEqual(text(state.piles[2]), "3H", "turned up after the run left")
        XCTAssertEqual(record.steps.count, 3)
        XCTAssertEqual(record.steps[1], Step(from: 2, to: 1, count: 13, automatic: true))
        XCTAssertTrue(record.steps.dropFirst().allSatisfy(\.automatic))
        state.revert(record)
        XCTAssertEqual(state, before)

        var mixed = position(["", "", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H", "AS"])
        _ = rules.apply(.transfer(from: 3, to: 2), to: &mixed)
        XCTAssertEqual(mixed.piles.map { $0.count }, [0, 0, 13, 0], "not one suit: stays")
    }

    func testAutomaticStepsInRandomPlayAreMarked() {
        let rules = DeclarativeRules(layout: Variants.canfield())
        var refills = 0
        for seed in UInt64(1)...20 {
            var state = rules.deal(seed: seed)
            var generator = SplitMix64(seed: seed)
            for _ in 0..<400 {
                let moves = rules.legalMoves(in: state)
                guard !moves.isEmpty else { break }
                let record = rules.apply(moves[Int(generator.next() % UInt64(moves.count))], to: &state)
                XCTAssertFalse(record.steps[0].automatic)
                for step in record.steps.dropFirst() {
                    XCTAssertTrue(step.automatic, "\(record)")
                    if step.from == 2 && step.to != 2 { refills += 1 }
                }
                for pile in 7..<11 {
                    XCTAssertFalse(state.piles[pile].isEmpty && !state.piles[2].isEmpty, "not refilled")
                }
            }
        }
        XCTAssertGreaterThan(refills, 0, "random play refilled a column from the reserve")
    }
}
