import Layouts
import Solitaire
import TestSupport
import XCTest

/// Moves decided by where their cards come from: `takes-from`, `empty-from` and
/// `groups-to = "empty"`.
final class RoutesTests: XCTestCase {
    /// Two columns, two reserves, a waste and a stock; `change` sets the columns' rules.
    func table(columns change: (inout PileRules) -> Void = { _ in }) -> TableLayout {
        makeLayout([
            GroupSpec("tableau", .tableau, 2, change),
            GroupSpec("reserve", .reserve, 2),
            GroupSpec("waste", .waste, 1),
            GroupSpec("foundation", .foundation, 4),
            GroupSpec("stock", .stock, 1),
        ])
    }

    /// Piles in layout order: tableau.1, tableau.2, reserve.1, reserve.2, waste, four
    /// foundations, the stock.
    func state(_ columns: [String], reserves: [String] = ["5C", "9D"], waste: String = "6H") -> GameState {
        position(columns + reserves + [waste, "", "", "", "", ""])
    }

    func testAnEmptyColumnRefusesTheReserveButTakesTheWasteAndOtherColumns() {
        let rules = DeclarativeRules(layout: table { $0.emptyFrom = ["tableau", "waste"] })
        let game = state(["", "KS 8C"])
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 2, to: 0, count: 1), in: game)?.plainMessage,
            "an empty column takes no cards from the reserve")
        XCTAssertNil(rules.refusal(of: .transfer(from: 4, to: 0, count: 1), in: game), "the waste's card")
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 0, count: 1), in: game), "another column's card")
        // A column that is not empty takes the reserve's card as it builds.
        let built = state(["", "KS 6H"], reserves: ["5C", "9D"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 2, to: 1, count: 1), in: built), "5C on 6H")
        let moves = rules.legalMoves(in: game)
        XCTAssertFalse(moves.contains(.transfer(from: 2, to: 0, count: 1)))
        XCTAssertFalse(moves.contains(.transfer(from: 3, to: 0, count: 1)))
        XCTAssertTrue(moves.contains(.transfer(from: 4, to: 0, count: 1)))
    }

    func testAnEmptyColumnTakesTheWasteOnlyOnceTheReservesAreEmpty() {
        let layout = table {
            $0.emptyFrom = ["reserve", "waste"]
            $0.emptyFromInTurn = true
        }
        let rules = DeclarativeRules(layout: layout)
        let game = state(["", "KS 8C"], reserves: ["", "9D"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 3, to: 0, count: 1), in: game), "the reserve's card")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 4, to: 0, count: 1), in: game)?.plainMessage,
            "an empty column takes no cards from the waste while a reserve holds cards")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 1, to: 0, count: 1), in: game)?.plainMessage,
            "an empty column takes no cards from the column")
        XCTAssertFalse(rules.legalMoves(in: game).contains(.transfer(from: 4, to: 0, count: 1)))
        XCTAssertTrue(rules.legalMoves(in: game).contains(.transfer(from: 3, to: 0, count: 1)))
        // Both reserves empty: the waste's turn.
        let emptied = state(["", "KS 8C"], reserves: ["", ""])
        XCTAssertNil(rules.refusal(of: .transfer(from: 4, to: 0, count: 1), in: emptied), "the waste's card")
        XCTAssertTrue(rules.legalMoves(in: emptied).contains(.transfer(from: 4, to: 0, count: 1)))
        // Without the order, either may fill it.
        let either = DeclarativeRules(layout: table { $0.emptyFrom = ["reserve", "waste"] })
        XCTAssertNil(either.refusal(of: .transfer(from: 4, to: 0, count: 1), in: game), "the waste's card")
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "An empty tableau pile takes cards only from the reserves, then from the waste once the reserves "
                    + "are empty."), layout.rulesSummary.joined(separator: " "))
    }

    func testInTurnWithOnePileSaysNothing() {
        let text = """
            map = "S W T R"
            [game]
            [slots.S]
            kind = "stock"
            [slots.W]
            kind = "waste"
            [slots.T]
            kind = "tableau"
            empty-from = "waste"
            empty-from-in-turn = true
            [slots.R]
            kind = "reserve"
            """
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description),
            [
                "x.toml:10:1: warning: empty-from-in-turn has no effect on group 'tableau': it orders the piles "
                    + "empty-from names, and needs two of them"
            ])
    }

    func testAPileTakesOnlyFromTheGroupsItNames() {
        let layout = makeLayout([
            GroupSpec("reserve", .reserve, 2) {
                $0.build = .up
                $0.suit = .any
                $0.empty = .any
                $0.takesFrom = ["waste"]
            },
            GroupSpec("waste", .waste, 1),
            GroupSpec("foundation", .foundation, 4) { $0.suit = .any },
            GroupSpec("stock", .stock, 1),
        ])
        let rules = DeclarativeRules(layout: layout)
        let game = position(["5C", "6D", "6H", "", "", "", "", ""])
        XCTAssertNil(rules.refusal(of: .transfer(from: 2, to: 0, count: 1), in: game), "the waste's 6 on a 5")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 1, to: 0, count: 1), in: game)?.plainMessage,
            "the reserve takes no cards from the reserve")
        XCTAssertEqual(
            rules.legalMoves(in: game).filter { $0.to == 0 || $0.to == 1 },
            [.transfer(from: 2, to: 0, count: 1)])
        XCTAssertTrue(layout.rulesSummary.contains("The reserves take cards only from the waste."))
    }

    func testGroupsGoOnlyToEmptyPilesWhileSingleCardsBuild() {
        let rules = DeclarativeRules(layout: table { $0.groupsToEmptyOnly = true })
        let game = state(["9S 8H 7C", "8D"])
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 0, to: 1, count: 2), in: state(["9S 8H 7C", "9C"]))?.plainMessage,
            "a group of cards goes only onto an empty column")
        XCTAssertNil(rules.refusal(of: .transfer(from: 0, to: 1, count: 1), in: game), "7C on 8D")
        let empty = state(["9S 8H 7C", ""])
        XCTAssertNil(rules.refusal(of: .transfer(from: 0, to: 1, count: 3), in: empty), "the run to an empty column")
        XCTAssertEqual(
            rules.legalMoves(in: state(["9S 8H 7C", "9C"])).filter { $0.from == 0 && $0.to == 1 }, [])
    }

    func testTheSearchesOwnModelsRefuseRoutedGames() {
        let plain = table()
        let routed = table { $0.emptyFrom = ["waste"] }
        XCTAssertFalse(plain.rules!.routesBySource)
        XCTAssertTrue(routed.rules!.routesBySource)
    }

    func testCheckReadsTheKeysAndNamesWhatIsWrong() {
        let text = """
            map = "S W T T R"
            [game]
            [slots.S]
            kind = "stock"
            [slots.W]
            kind = "waste"
            [slots.T]
            kind = "tableau"
            empty-from = ["waste", "reserv"]
            groups-to = "emtpy"
            [slots.R]
            kind = "reserve"
            takes-from = "W"
            empty-from = "waste"
            """
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description),
            [
                "x.toml:9:24: error: empty-from names no group or slot \"reserv\"; did you mean \"reserve\"?",
                "x.toml:10:13: error: unknown groups-to \"emtpy\"; did you mean \"empty\"? (\"any\" or \"empty\")",
                "x.toml:13:14: error: takes-from names no group or slot \"W\"; did you mean \"waste\"? (groups are named by their name, else their kind)",
                "x.toml:14:1: warning: empty-from has no effect on group 'reserve': an empty pile of it takes no card (empty = \"none\")",
            ])
    }

    func testRefillFromNamesAWasteOrAStockAfterItsFirstGroup() {
        let text = """
            map = "S W R T"
            [game]
            [slots.S]
            kind = "stock"
            [slots.W]
            kind = "waste"
            [slots.R]
            kind = "reserve"
            deal-up = 1
            [slots.T]
            kind = "tableau"
            deal-up = 1
            refill-from = ["waste", "reserve", "stok"]
            """
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description),
            [
                "x.toml:13:25: error: refill-from: after the first group, only a waste or a stock may refill a pile, "
                    + "found \"reserve\" (its kind is reserve)",
                "x.toml:13:36: error: refill-from names no group \"stok\"; did you mean \"stock\"?",
            ])
    }
}
