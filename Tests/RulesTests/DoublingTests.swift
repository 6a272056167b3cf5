import Layouts
import Solitaire
import TestSupport
import XCTest

/// `build = "double"`, `deal-skips` and `win = "kings-left"`, as Aisleriot's Doublets uses them:
/// one foundation built by doubling, seven reserves of one card dealt no King, won with only the
/// Kings left.
final class DoublingTests: XCTestCase {
    /// The stock, the waste, seven reserves (three, two, one) with the foundation between the
    /// last two.
    func doublets() throws -> (TableLayout, DeclarativeRules) {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "doublets"))
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        return (layout, DeclarativeRules(layout: layout))
    }

    func testTheFoundationTakesTwiceTheTopCardsRankLessThirteenPastTheKing() throws {
        let (_, rules) = try doublets()
        // Each rank, then the one that goes on it: the whole cycle, whatever the suit.
        let cycle = ["A", "2", "4", "8", "3", "6", "Q", "J", "9", "5", "T", "7", "A"]
        let suits = ["C", "D", "H", "S"]
        for step in 0..<12 {
            let state = position([
                "", "", "\(cycle[step + 1])\(suits[(step + 1) % 4])", "", "", "", "", "",
                "\(cycle[step])\(suits[step % 4])",
                "",
            ])
            XCTAssertNil(
                rules.refusal(of: .transfer(from: 2, to: 8, count: 1), in: state),
                "\(cycle[step + 1]) on \(cycle[step])")
        }
        let state = position(["", "", "9H", "KS", "", "", "", "", "8C", ""])
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 2, to: 8, count: 1), in: state)?.plainMessage, "9H goes on a Jack")
        let onKing = position(["", "", "KH", "", "", "", "", "", "KC", ""])
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 2, to: 8, count: 1), in: onKing)?.plainMessage, "KH goes on no card")
        XCTAssertNotNil(
            rules.refusal(of: .transfer(from: 3, to: 2, count: 1), in: state), "reserves take nothing by hand")
    }

    func testNoKingIsDealtToTheReservesOrTheFoundationButGoesUnderTheStock() throws {
        let (layout, rules) = try doublets()
        let dealt = layout.slots.indices.filter { [.reserve, .foundation].contains(layout.slots[$0].kind) }
        var kingsUnder = 0
        for seed in UInt64(1)...40 {
            let state = rules.deal(seed: seed)
            for pile in dealt {
                XCTAssertEqual(state.piles[pile].count, 1)
                XCTAssertNotEqual(state.piles[pile].last?.rank, 13, "deal \(seed)")
            }
            XCTAssertEqual(state.piles[0].count, 52 - 8)
            // A King that was due lies at the bottom of the stock, in the order it was passed over.
            kingsUnder += state.piles[0].prefix(4).prefix { $0.rank == 13 }.count
        }
        XCTAssertGreaterThan(kingsUnder, 0, "some deal passed a King over")
    }

    func testDealSkipsIsARank() {
        let text = "map = \"S T\"\n[game]\n[slots.S]\nkind = \"stock\"\n[slots.T]\nkind = \"tableau\"\ndeal-up = 1\n"
        XCTAssertEqual(LayoutLoader.load(text: text + "deal-skips = \"K\"\n", file: "f.toml").diagnostics.count, 0)
        XCTAssertEqual(LayoutLoader.load(text: text + "deal-skips = \"X\"\n", file: "f.toml").diagnostics.count, 1)
    }

    func testWonWithOnlyTheKingsLeft() throws {
        let (_, rules) = try doublets()
        // The 48 cards that are not Kings on the foundation, the Kings in the reserves.
        let others = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q"].flatMap { rank in
            ["C", "D", "H", "S"].map { rank + $0 }
        }
        let foundation = others.joined(separator: " ")
        XCTAssertTrue(rules.isWon(position(["", "", "KC", "KD", "KH", "KS", "", "", foundation, ""])))
        let left = others.dropLast().joined(separator: " ")
        XCTAssertFalse(rules.isWon(position(["", "", "KC", "KD", "KH", "KS", "QS", "", left, ""])))
    }
}
