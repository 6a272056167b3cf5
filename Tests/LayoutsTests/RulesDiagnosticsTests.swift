import XCTest

@testable import Layouts

/// Every bad rules value, type, key and whole-layout problem gives its message at the right line and column.
final class RulesDiagnosticsTests: XCTestCase {
    /// A game with a stock, a waste, two foundations and three tableau columns; each argument is added to that table.
    func game(tableau: String = "", stock: String = "", foundation: String = "", game: String = "") -> String {
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
        \(foundation)

        [slots.T]
        kind = "tableau"
        \(tableau)
        """
    }

    /// `bad.toml:LINE:COL` of the first line holding `line`, at the column where `column` starts in it.
    func place(_ text: String, line: String, column: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let n = lines.firstIndex(where: { $0.contains(line) }),
            let range = lines[n].range(of: column)
        else { return "bad.toml:?:? (\(line) not found)" }
        return "bad.toml:\(n + 1):\(lines[n].distance(from: lines[n].startIndex, to: range.lowerBound) + 1)"
    }

    /// (the text, the line that is wrong, where in it the message points, the message)
    typealias Case = (text: String, line: String, column: String, message: String)

    func check(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) {
        for c in cases {
            let result = load(c.text)
            XCTAssertNil(result.layout, "\(c.line): a layout with an error is not used", file: file, line: line)
            let expected = "\(place(c.text, line: c.line, column: c.column)): error: \(c.message)"
            XCTAssertEqual(result.diagnostics.map(\.description), [expected], c.line, file: file, line: line)
        }
    }

    func testBadValues() {
        func tableau(_ rule: String, _ column: String, _ message: String) -> Case {
            (game(tableau: rule), rule, column, message)
        }
        func stock(_ rule: String, _ column: String, _ message: String) -> Case {
            (game(stock: rule), rule, column, message)
        }
        check([
            tableau(
                "build = \"dwn\"", "\"dwn\"",
                "unknown build \"dwn\"; did you mean \"down\"? (one of down, up, either, none, same-rank, any, double, one-way, up-then-down)"
            ),
            tableau(
                "suit = \"alternte\"", "\"alt",
                "unknown suit \"alternte\"; did you mean \"alternate\"? (one of same, alternate, same-colour, any, different)"
            ),
            tableau(
                "move = \"sequense\"", "\"seq",
                "unknown move \"sequense\"; did you mean \"sequence\"? (one of top, sequence, face-up, pile, none)"),
            tableau(
                "move-suit = \"sme\"", "\"sme",
                "unknown move-suit \"sme\"; did you mean \"same\"? (one of same, alternate, same-colour, any, different)"
            ),
            tableau(
                "search-sees = \"tops\"", "\"tops",
                "unknown search-sees \"tops\"; did you mean \"top\"? (one of all, top, count)"),
            tableau(
                "sequence-limit = \"freecells\"", "\"free",
                "unknown sequence-limit \"freecells\"; did you mean \"free-cells\"? (one of none, free-cells)"),
            tableau(
                "base = \"deal\"", "\"deal",
                "unknown base \"deal\"; did you mean \"dealt\"? (a rank: A, 2 to 9, T, J, Q or K, \"dealt\" or \"any\")"
            ),
            tableau(
                "empty = \"k\"", "\"k",
                "unknown empty \"k\"; did you mean \"K\"? (\"any\", \"none\", \"below-base\" or a rank: A, 2 to 9, T, J, Q or K)"
            ),
            tableau("deal-rank = \"10\"", "\"10", "unknown deal-rank \"10\" (a rank: A, 2 to 9, T, J, Q or K)"),
            tableau(
                "deal-rank = 1", "1",
                "deal-rank must be a string (a rank: A, 2 to 9, T, J, Q or K), found an integer (1)"),
            tableau("deal-up = -1", "-1", "deal-up must be 0 or more, found -1"),
            tableau("deal-down = [0, -2, 1]", "-2", "deal-down must be 0 or more, found -2"),
            tableau(
                "deal-down = [1, 2]", "[1",
                "deal-down has 2 entries but group 'tableau' has 3 slots: give one count per slot, or a single integer for all"
            ),
            tableau(
                "deal-up = [1, \"x\", 2]", "\"x",
                "deal-up must be an integer or an array of integers (one per slot), found a string (\"x\") at position 2"
            ),
            tableau(
                "deal-up = \"3\"", "\"3",
                "deal-up must be an integer or an array of integers (one per slot), found a string (\"3\")"),
            tableau("wrap = \"yes\"", "\"yes", "wrap must be true or false, found a string (\"yes\")"),
            tableau("kings-to-bottom = 1", "1", "kings-to-bottom must be true or false, found an integer (1)"),
            tableau(
                "refill-from = \"R\"", "\"R",
                "refill-from names no group \"R\" (groups: stock, waste, foundation, tableau)"),
            tableau(
                "refill-from = \"wste\"", "\"wste", "refill-from names no group \"wste\"; did you mean \"waste\"?"),
            tableau(
                "dael-up = 1", "dael",
                "unknown key 'dael-up' in [slots.T]; did you mean 'deal-up'?"),
            stock("draw = 0", "0", "draw must be at least 1, found 0"),
            stock("redeals = -2", "-2", "redeals must be 0 or more, found -2"),
            stock(
                "redeals = \"unlimted\"", "\"un",
                "unknown redeals \"unlimted\"; did you mean \"unlimited\"? (an integer (0 or more) or \"unlimited\")"),
            stock(
                "redeals = 1.5", "1.5",
                "redeals must be an integer (0 or more) or \"unlimited\", found a float (1.5)"),
            stock(
                "deal-to = \"tablea\"", "\"tab", "deal-to names no group or slot \"tablea\"; did you mean \"tableau\"?"),
            stock(
                "deal-to = [\"waste\", \"T\"]", "\"T",
                "deal-to names no group or slot \"T\"; did you mean \"tableau\"? (groups are named by their name, else their kind)"
            ),
            stock(
                "deal-to = [\"waste\", 3]", "3",
                "deal-to must be a group name or an array of group names and slot ids, found an integer (3) at position 2"
            ),
        ])
    }

    func testBadGameValues() {
        func game(_ line: String, _ column: String, _ message: String) -> Case {
            (self.game(game: line), line, column, message)
        }
        check([
            game("decks = 5", "5", "decks must be from 1 to 4, found 5"),
            game("decks = 0", "0", "decks must be from 1 to 4, found 0"),
            game("decks = \"2\"", "\"2", "decks must be an integer, found a string (\"2\")"),
            game(
                "suits = \"CX\"", "\"CX",
                "suits: 'X' is not a suit (letters from \"CDHS\": clubs, diamonds, hearts, spades)"),
            game(
                "suits = \"h\"", "\"h",
                "suits: 'h' is not a suit; did you mean 'H'? (letters from \"CDHS\": clubs, diamonds, hearts, spades)"),
            game("suits = \"SHS\"", "\"SHS", "suits: 'S' is given twice"),
            game("suits = \"\"", "\"\"", "suits must name at least one suit: letters from \"CDHS\""),
            game(
                "win = \"clear\"", "\"clear",
                "unknown win \"clear\"; did you mean \"cleared\"? (one of foundations, cleared, stock-empty, sets, aces-left, kings-left, runs)"
            ),
            game(
                "solver = \"acordion\"", "\"acordion",
                "unknown solver \"acordion\"; did you mean \"accordion\"? (one of aces-up, accordion, calculation, elevator, gaps, klondike, pyramid, tri-peaks)"
            ),
            game(
                "solver = true", "true",
                "solver must be a string (one of aces-up, accordion, calculation, elevator, gaps, klondike, pyramid, tri-peaks), found a boolean (true)"
            ),
            game("deck = 2", "deck", "unknown key 'deck' in [game]; did you mean 'decks'?"),
            game(
                "build = \"up\"", "build",
                "unknown key 'build' in [game]; 'build' is a rules key: it belongs in a [slots.X] group or a [[slot]] entry"
            ),
        ])
    }

    func testTheSolverKeyIsReadAndDefaultsToNone() throws {
        XCTAssertNil(try XCTUnwrap(load(game()).layout?.rules).solver)
        XCTAssertEqual(load(game(game: "solver = \"accordion\"")).layout?.rules?.solver, .accordion)
        XCTAssertEqual(load(game(game: "solver = \"klondike\"")).layout?.rules?.solver, .klondike)
    }

    func testFamilyMustNotBeEmpty() {
        let text = game().replacingOccurrences(of: "family = \"Test\"", with: "family = \" \"")
        check([(text, "family", "\" \"", "family must not be empty")])
    }

    func testGameMustBeATable() {
        let text = "game = 1\nmap = \"S\"\n[slots.S]\nkind = \"stock\"\n"
        check([(text, "game", "1", "game must be a table ([game]), found an integer (1)")])
    }

    func testRulesKeysNeedAGameTable() {
        let text = """
            map = "S T"

            [slots.S]
            kind = "stock"

            [slots.T]
            kind = "tableau"
            deal-up = 1
            """
        check([
            (
                text, "deal-up", "deal-up",
                "deal-up is a rules key, but this layout has no [game] table: add [game] to make it a game (a layout without one is a free table)"
            )
        ])
    }

    func testTheDealMustFitTheCards() {
        check(
            [
                (
                    game(tableau: "deal-up = 20"), "deal-up", "20",
                    "the deal needs 60 cards by group 'tableau', but the game has 52 (1 deck)"
                ),
                (
                    game(tableau: "deal-up = 40", game: "decks = 2"), "deal-up", "40",
                    "the deal needs 120 cards by group 'tableau', but the game has 104 (2 decks)"
                ),
            ])
        // Three tableau Aces and two foundation Aces: five of a rank the deck has four of.
        let text = game(tableau: "deal-rank = \"A\"", foundation: "deal-rank = \"A\"")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let last = lines.lastIndex { $0.contains("deal-rank") }! + 1
        XCTAssertEqual(
            load(text).diagnostics.map(\.description),
            [
                "bad.toml:\(last):13: error: deal-rank \"A\" asks for 5 cards of that rank, but the game has 4 (1 deck)"
            ])
    }

    func testCardsLeftOverNeedAStock() {
        let text = """
            map = "F T T"

            [game]
            family = "Test"

            [slots.F]
            kind = "foundation"

            [slots.T]
            kind = "tableau"
            deal-up = [20, 30]
            """
        check([
            (
                text, "[game]", "game",
                "2 cards are left after the deal, and the layout has no stock to hold them: deal them with deal-down or deal-up, or add a slot of kind \"stock\""
            )
        ])
        let exact = text.replacingOccurrences(of: "[20, 30]", with: "[22, 30]")
        XCTAssertEqual(load(exact).diagnostics.map(\.description), [], "every card dealt: no stock needed")
    }

    func testStockKeysOnOtherGroupsWarn() throws {
        let text = game(tableau: "draw = 3\nredeals = 1")
        let result = load(text)
        XCTAssertNotNil(result.layout, "a warning keeps the layout")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "\(place(text, line: "draw = 3", column: "draw")): warning: draw has no effect on group 'tableau': only a stock deals (its kind is tableau)",
                "\(place(text, line: "redeals = 1", column: "redeals")): warning: redeals has no effect on group 'tableau': only a stock deals (its kind is tableau)",
            ])
    }

    func testSlotEntriesOfOneGroupMustAgree() {
        let text = """
            [game]
            family = "Test"

            [[slot]]
            id = "a"
            group = "pair"
            kind = "tableau"
            at = [0, 0]
            build = "up"

            [[slot]]
            id = "b"
            group = "pair"
            kind = "tableau"
            at = [1, 0]
            build = "down"

            [[slot]]
            id = "stock"
            kind = "stock"
            at = [2, 0]
            """
        check([
            (
                text, "build = \"down\"", "\"down",
                "build differs from the value [slot[1].build] gives: the slots of group 'pair' share their rules"
            )
        ])
    }

    func testEveryRulesKeyIsAKnownKey() {
        for key in LayoutLoader.rulesKeys {
            XCTAssertTrue(LayoutLoader.groupKeys.contains(key), key)
            XCTAssertTrue(LayoutLoader.slotKeys.contains(key), key)
        }
        XCTAssertTrue(LayoutLoader.topLevelKeys.contains("game"))
    }
}
