import Layouts
import Solitaire
import TestSupport
import XCTest

/// Stuck detection: "no moves left" only when no sequence of moves changes the game, stock and
/// redeals counted; "moves left" as soon as one does.
final class OutlookTests: XCTestCase {
    /// Stock (draw 1, redealt forever), waste, four foundations, two columns.
    let klondike = DeclarativeRules(
        layout: makeLayout([
            GroupSpec("S", .stock, 1) { $0.redeals = .unlimited },
            GroupSpec("W", .waste, 1),
            GroupSpec("F", .foundation, 4),
            GroupSpec("T", .tableau, 2) { $0.empty = .rank(13) },
        ]))
    let freeCell = DeclarativeRules(layout: Variants.freeCell())

    /// The stock cycles for ever, and none of its cards goes anywhere.
    func testAStockThatCyclesForeverIsStuck() {
        let state = position(["[2D] [3S] [QD]", "", "", "", "", "", "[KS] 9H", "[QS] 9D"], redeals: .max)
        XCTAssertTrue(klondike.hasAnyLegalMove(in: state), "the stock can always be clicked")
        XCTAssertEqual(klondike.outlook(for: state, budget: 1000), .noMovesLeft)
    }

    /// The same, with an Ace at the bottom of the stock: dealing long enough frees it.
    func testOnePlayableCardBuriedInTheStock() {
        let state = position(["[AC] [2D] [3S] [QD]", "", "", "", "", "", "[KS] 9H", "[QS] 9D"], redeals: .max)
        XCTAssertEqual(klondike.outlook(for: state, budget: 1000), .movesLeft)
        let inWaste = position(["[2D] [3S]", "8C QD", "", "", "", "", "[KS] 9H", "[QS] 9D"], redeals: .max)
        XCTAssertEqual(
            klondike.outlook(for: inWaste, budget: 1000), .noMovesLeft, "8C can reach 9H, but that changes nothing")
    }

    /// Without redeals, a card dealt past is lost; with none left the deal ends.
    func testRedealsAreCounted() {
        let noRedeals = DeclarativeRules(
            layout: makeLayout([
                GroupSpec("S", .stock, 1),
                GroupSpec("W", .waste, 1),
                GroupSpec("F", .foundation, 4),
                GroupSpec("T", .tableau, 2) { $0.empty = .rank(13) },
            ]))
        let waiting = position(["[2D] [3S]", "AC QD", "", "", "", "", "[KS] 9H", "[QS] 9D"])
        XCTAssertEqual(noRedeals.outlook(for: waiting, budget: 1000), .noMovesLeft, "AC is buried for good")
        let once = position(["[2D] [3S]", "AC QD", "", "", "", "", "[KS] 9H", "[QS] 9D"], redeals: 1)
        XCTAssertEqual(noRedeals.outlook(for: once, budget: 1000), .movesLeft, "one redeal brings AC back")
    }

    /// All cells full, nothing builds, no Ace in sight: not a single legal move.
    func testFreeCellWithFullCellsAndNothingToPlay() {
        let state = position(
            ["KC", "KS", "QC", "JS", "", "", "", ""] + ["9H", "9D", "7H", "7D", "5H", "5D", "3H", "3D"])
        XCTAssertFalse(freeCell.hasAnyLegalMove(in: state))
        XCTAssertEqual(freeCell.outlook(for: state, budget: 1000), .noMovesLeft)
    }

    /// One free cell: any top card may go there, but then nothing else moves and nothing goes up.
    func testFreeCellWhereMovesOnlyShuffle() {
        let columns = ["KD QH", "KH QD", "JD 6H", "JH 6D", "5D 3H", "5H 3D", "9D 4H", "9H 4D"]
        let state = position(["KC", "KS", "8H", ""] + ["", "", "", ""] + columns)
        XCTAssertTrue(freeCell.hasAnyLegalMove(in: state))
        XCTAssertEqual(freeCell.outlook(for: state, budget: 1000), .noMovesLeft)
    }

    func testFreeCellWithAMove() {
        let columns = ["KD QH", "KH QD", "JD 6H", "JH 6D", "5D 3H", "5H 3D", "9D 4H", "2C AH"]
        let state = position(["KC", "KS", "QC", "JS"] + ["", "", "", ""] + columns)
        XCTAssertEqual(freeCell.outlook(for: state, budget: 1000), .movesLeft, "AH goes up")
        let deeper = ["KD QH", "KH QD", "JD 6H", "JH 6D", "5D 3H", "5H 3D", "AH 4H", "9H 4D"]
        let twoMoves = position(["KC", "KS", "QC", ""] + ["", "", "", ""] + deeper)
        XCTAssertEqual(freeCell.outlook(for: twoMoves, budget: 1000), .movesLeft, "4H to the cell, then AH goes up")
    }

    /// A face-down card that can be turned up is progress, even with nothing going to a foundation.
    func testTurningACardUpIsProgress() {
        let state = position(["", "", "", "", "", "", "[KS] 8H", "9C"])
        XCTAssertEqual(klondike.outlook(for: state, budget: 1000), .movesLeft)
    }

    func testAWonGameIsNotStuck() {
        let suits = ["C", "D", "H", "S"]
        let foundations = suits.map { suit in "A23456789TJQK".map { "\($0)\(suit)" }.joined(separator: " ") }
        let won = position(["", "", "", ""] + foundations + Array(repeating: "", count: 8))
        XCTAssertTrue(freeCell.isWon(won))
        XCTAssertEqual(freeCell.outlook(for: won, budget: 1000), .movesLeft)
    }

    /// Too many positions to tell: unknown, never a guess.
    func testTheBudget() {
        let state = freeCell.deal(seed: 1)
        XCTAssertEqual(freeCell.outlook(for: state, budget: 1000), .movesLeft, "a fresh deal")
        let shuffles = position(
            ["KC", "KS", "QC", ""] + ["", "", "", ""] + [
                "KD QH", "KH QD", "JD 6H", "JH 6D", "5D 3H", "5H 3D", "9D 4H", "9H 4D",
            ])
        XCTAssertEqual(freeCell.outlook(for: shuffles, budget: 3), .unknown)
    }

    /// In play: whenever a single move puts a card up or turns one over, the outlook is moves left;
    /// and a position with no legal move is no moves left.
    func testNeverStuckWhileAMoveHelps() {
        for (name, layout) in Variants.all {
            let rules = DeclarativeRules(layout: layout)
            var state = rules.deal(seed: 4)
            var generator = SplitMix64(seed: 17)
            for _ in 0..<80 {
                let outlook = rules.outlook(for: state, budget: 300)
                let moves = rules.legalMoves(in: state)
                if moves.isEmpty && !rules.isWon(state) { XCTAssertEqual(outlook, .noMovesLeft, name) }
                let up = rules.foundations.map { state.piles[$0].count }.reduce(0, +)
                let faceDown = state.piles.indices.map { pile in
                    layout.slots[pile].kind == .stock ? 0 : state.piles[pile].filter { !$0.faceUp }.count
                }.reduce(0, +)
                for move in moves {
                    var after = state
                    _ = rules.apply(move, to: &after)
                    let afterUp = rules.foundations.map { after.piles[$0].count }.reduce(0, +)
                    let afterDown = after.piles.indices.map { pile in
                        layout.slots[pile].kind == .stock ? 0 : after.piles[pile].filter { !$0.faceUp }.count
                    }.reduce(0, +)
                    if afterUp > up || afterDown < faceDown { XCTAssertEqual(outlook, .movesLeft, "\(name): \(move)") }
                }
                guard !moves.isEmpty else { break }
                _ = rules.apply(moves[Int(generator.next() % UInt64(moves.count))], to: &state)
            }
        }
    }
}
