import XCTest

@testable import Layouts

/// Each rules key of a layout file, read into the right `PileRules` / `GameRules` value.
final class RulesParsingTests: XCTestCase {
    /// A small game: a stock, a waste, two foundations and three tableau columns; `rules` is added to
    /// the tableau group, `game` to the [game] table.
    func game(tableau rules: String = "", stock: String = "", game: String = "") -> String {
        """
        map = "S W F F T T T"

        [game]
        family = "Test"
        \(game)

        [slots.S]
        kind = "stock"
        \(stock)

        [slots.W]
        kind = "waste"

        [slots.F]
        kind = "foundation"

        [slots.T]
        kind = "tableau"
        \(rules)
        """
    }

    func loadedRules(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> GameRules {
        let result = load(text)
        XCTAssertEqual(result.diagnostics.map(\.description), [], file: file, line: line)
        let layout = try XCTUnwrap(result.layout, file: file, line: line)
        return try XCTUnwrap(layout.rules, file: file, line: line)
    }

    func testEachTableauKeyReadsIntoPileRules() throws {
        let cases: [(String, (inout PileRules) -> Void)] = [
            ("deal-down = 2", { $0.dealDown = [2, 2, 2] }),
            ("deal-down = [0, 1, 2]", { $0.dealDown = [0, 1, 2] }),
            ("deal-up = 1", { $0.dealUp = [1, 1, 1] }),
            ("deal-up = [3, 0, 4]", { $0.dealUp = [3, 0, 4] }),
            ("deal-rank = \"A\"", { $0.dealRank = 1 }),
            ("deal-rank = \"T\"", { $0.dealRank = 10 }),
            ("deal-rank = \"K\"", { $0.dealRank = 13 }),
            ("kings-to-bottom = true", { $0.kingsToBottom = true }),
            ("build = \"up\"", { $0.build = .up }),
            ("build = \"either\"", { $0.build = .either }),
            ("build = \"none\"", { $0.build = .none }),
            ("suit = \"same\"", { $0.suit = .same }),
            ("suit = \"same-colour\"", { $0.suit = .sameColour }),
            ("suit = \"any\"", { $0.suit = .any }),
            ("suit = \"different\"", { $0.suit = .different }),
            ("wrap = true", { $0.wrap = true }),
            ("base = \"7\"", { $0.base = .rank(7) }),
            ("base = \"dealt\"", { $0.base = .dealt }),
            ("base = \"any\"", { $0.base = .any }),
            ("empty = \"none\"", { $0.empty = .none }),
            ("empty = \"K\"", { $0.empty = .rank(13) }),
            ("empty = \"any\"", { $0.empty = .any }),
            ("refill-from = \"waste\"", { $0.refillFrom = "waste" }),
            ("move = \"top\"", { $0.move = .top }),
            ("move = \"face-up\"", { $0.move = .faceUp }),
            ("move = \"pile\"", { $0.move = .pile }),
            ("move = \"none\"", { $0.move = .none }),
            ("move-suit = \"same\"", { $0.moveSuit = .same }),
            ("sequence-limit = \"free-cells\"", { $0.sequenceLimit = .freeCells }),
            ("take-back = false", { $0.takeBack = false }),
            ("collect = true", { $0.collect = true }),
            ("turn-up = false", { $0.turnUp = false }),
            ("search-sees = \"top\"", { $0.searchSees = .top }),
            ("search-sees = \"count\"", { $0.searchSees = .count }),
            ("deal-needs-all-filled = true", { $0.dealNeedsNoEmpty = true }),
            ("deal-to = \"foundation\"", { $0.dealTo = ["foundation"] }),
            ("deal-to = [\"foundation.1\", \"waste\"]", { $0.dealTo = ["foundation.1", "waste"] }),
        ]
        for (line, change) in cases {
            let rules = try loadedRules(game(tableau: line))
            var expected = PileRules.defaults(for: .tableau)
            change(&expected)
            XCTAssertEqual(rules.groups["tableau"], expected, line)
            XCTAssertEqual(
                rules.groups["stock"], PileRules.defaults(for: .stock), "\(line): other groups keep defaults")
        }
    }

    func testStockKeys() throws {
        let cases: [(String, (inout PileRules) -> Void)] = [
            ("draw = 3", { $0.draw = 3 }),
            ("redeals = 2", { $0.redeals = .limited(2) }),
            ("redeals = 0", { $0.redeals = .limited(0) }),
            ("redeals = \"unlimited\"", { $0.redeals = .unlimited }),
            ("deal-to = \"tableau\"", { $0.dealTo = ["tableau"] }),
            (
                "redeals = 1\nredeal-gathers = \"tableau\"",
                {
                    $0.redeals = .limited(1)
                    $0.redealGathers = ["tableau"]
                }
            ),
            (
                "redeals = 1\nredeal-gathers = [\"tableau\"]\nredeal-shuffles = true",
                {
                    $0.redeals = .limited(1)
                    $0.redealGathers = ["tableau"]
                    $0.redealShuffles = true
                }
            ),
        ]
        for (line, change) in cases {
            let rules = try loadedRules(game(stock: line))
            var expected = PileRules.defaults(for: .stock)
            change(&expected)
            XCTAssertEqual(rules.groups["stock"], expected, line)
        }
    }

    func testGameKeys() throws {
        let plain = try loadedRules(game(tableau: "deal-up = 1"))
        XCTAssertEqual(plain.decks, 1)
        XCTAssertEqual(plain.suits, ["C", "D", "H", "S"])
        XCTAssertEqual(plain.win, .foundations)
        XCTAssertEqual(plain.family, "Test")
        XCTAssertEqual(Set(plain.groups.keys), ["stock", "waste", "foundation", "tableau"], "every group has rules")

        let two = try loadedRules(game(tableau: "deal-up = 1", game: "decks = 2\nsuits = \"HS\"\nwin = \"cleared\""))
        XCTAssertEqual(two.decks, 2)
        XCTAssertEqual(two.suits, ["H", "S"])
        XCTAssertEqual(two.win, .cleared)
        XCTAssertEqual(two.cardCount, 104)
    }

    func testALayoutWithoutGameIsAFreeTable() throws {
        let result = load("map = \"F F\"\n[slots.F]\nkind = \"free\"\n")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        XCTAssertNil(try XCTUnwrap(result.layout).rules)
    }

    func testSlotEntriesOfOneGroupShareRules() throws {
        let text = """
            [game]
            family = "Test"

            [[slot]]
            id = "a"
            group = "pair"
            kind = "tableau"
            at = [0, 0]
            deal-up = [1, 2]
            build = "up"

            [[slot]]
            id = "b"
            group = "pair"
            kind = "tableau"
            at = [1, 0]
            build = "up"

            [[slot]]
            id = "stock"
            kind = "stock"
            at = [2, 0]
            """
        let rules = try loadedRules(text)
        XCTAssertEqual(rules.groups["pair"]?.dealUp, [1, 2])
        XCTAssertEqual(rules.groups["pair"]?.build, .up)
    }

    func testGroupsNamedByTheirNameGiveTheirRules() throws {
        let text = """
            map = "S D F"

            [game]
            family = "Test"

            [slots.S]
            kind = "stock"
            deal-to = "discard"

            [slots.D]
            kind = "foundation"
            name = "discard"
            build = "either"

            [slots.F]
            kind = "foundation"
            """
        let rules = try loadedRules(text)
        XCTAssertEqual(rules.groups["discard"]?.build, .either)
        XCTAssertEqual(rules.groups["foundation"]?.build, .up)
        XCTAssertEqual(rules.groups["stock"]?.dealTo, ["discard"])
    }
}
