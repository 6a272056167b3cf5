import Layouts
import Scripting
import XCTest

/// What `cardtable check` prints about a script: exact FILE:LINE:COL: messages.
final class ScriptCheckTests: XCTestCase {
    func check(_ source: String, file: String = "game.lua") -> [String] {
        ScriptCheck.check(source: source, file: file).diagnostics.map(\.description)
    }

    // MARK: Syntax

    func testASyntaxErrorIsAtTheTokenLuaStoppedAt() {
        let source = """
            function can_drop(from, count, to)
              local x = = 1
              return x
            end
            """
        XCTAssertEqual(check(source), ["game.lua:2:13: error: unexpected symbol near '='"])
    }

    func testOfATokenWrittenTwiceOnTheLineTheOneLuaStoppedAtIsNamed() {
        // `x x`: the first x is the condition, the second a statement, the third the error.
        let source = """
            function is_won()
              if x then x x end
            end
            """
        XCTAssertEqual(check(source), ["game.lua:2:15: error: syntax error near 'x'"])
        XCTAssertEqual(
            check("local s = \"a\" .. \"b\" \"c\"\n", file: "dir/strings.lua"),
            ["dir/strings.lua:1:22: error: unexpected symbol near '\"c\"'"])
    }

    func testAnErrorAtTheEndOfTheFileIsAtColumnOne() {
        let source = """
            function can_drop(from, count, to)
              if from then
                return true
            end
            """
        XCTAssertEqual(
            check(source), ["game.lua:4:1: error: 'end' expected (to close 'function' at line 1) near <eof>"])
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertEqual(check("local s = \"à\" ) \n"), ["game.lua:1:15: error: unexpected symbol near ')'"])
    }

    // MARK: Hooks

    func testAMisspeltHookIsAWarningWithTheHookItMeant() {
        let source = """
            function deal()
            end

            function can_dorp(from, count, to)
              return true
            end

            function IsWon()
              return false
            end

            function deal_row(row)
            end
            """
        XCTAssertEqual(
            check(source),
            [
                "game.lua:4:1: warning: 'can_dorp' is not a hook; did you mean 'can_drop'?",
                "game.lua:8:1: warning: 'IsWon' is not a hook; did you mean 'is_won'?",
            ])
        XCTAssertEqual(
            check("function deal() end\nfunction Hint() end\n"),
            ["game.lua:2:1: warning: 'Hint' is not a hook; did you mean 'hint'?"])
    }

    func testAHookWrittenAsALocalOrAsAValueIsAWarning() {
        let source = """
            function deal()
            end

            local function is_won()
              return false
            end

            local moves_left = function() return true end
            hint = "move a king"
            """
        XCTAssertEqual(
            check(source),
            [
                "game.lua:4:16: warning: 'is_won' is local, so the table never sees it: a hook must be a global function",
                "game.lua:8:7: warning: 'moves_left' is local, so the table never sees it: a hook must be a global function",
                "game.lua:9:1: warning: 'hint' is a string, not a function: it is not a hook",
            ])
    }

    func testAScriptWithNoHooksIsAWarning() {
        XCTAssertEqual(
            check("local unused = 1\n"),
            [
                "game.lua:1:1: warning: the script defines no hooks (deal, can_pick_up, can_drop, after_move, on_click, "
                    + "on_double_click, on_stock_click, is_won, moves_left, hint, on_timer, moves): the layout's declarative "
                    + "rules decide everything"
            ])
    }

    // MARK: Running it

    func testAMainChunkThatFailsIsAnErrorAtItsLine() {
        XCTAssertEqual(
            check("function deal() end\nlocal t = nil\nlocal n = t.x\n"),
            ["game.lua:3:1: error: while loading: attempt to index a nil value (local 't')"])
    }

    func testMalformedOptionsAreAnErrorWhereTheyAreSet() {
        let source = """
            function deal() end

            options = {
              { text = "no name" },
            }
            """
        XCTAssertEqual(
            check(source),
            ["game.lua:3:1: error: options[1] must be a table with a name and a default (strings or numbers)"])
    }

    /// Options are words for a menu: a 4 MB string in every field of 64 options of 64 values made
    /// the program ask for gigabytes outside the script's memory limit. Each field is bounded.
    func testOptionsOfHugeTextAreAnErrorNotGigabytes() {
        let source = """
            function deal() end
            local big = string.rep("x", 4 * 1024 * 1024)
            options = {}
            for i = 1, 64 do
              local values = {}
              for v = 1, 64 do values[v] = big end
              options[i] = { name = "o" .. i, default = "1", values = values }
            end
            """
        XCTAssertEqual(check(source), ["game.lua:3:1: error: options[1]'s value is longer than 200 bytes"])
        let named = """
            function deal() end
            options = { { name = string.rep("n", 201), default = "1" } }
            """
        XCTAssertEqual(check(named), ["game.lua:2:1: error: options[1]'s name is longer than 200 bytes"])
    }

    /// Options are words for a menu, printed by `check`, in errors and in the settings: a
    /// control character in one (an escape sequence, a tab or a line feed that would break the
    /// options' lines, a C1 or bidirectional control) is refused by name, at the options' line.
    func testOptionsWithControlCharactersAreRefusedNamingTheOption() {
        func options(_ table: String) -> [String] {
            check("function deal() end\noptions = { \(table) }\n")
        }
        let words = ": an option's name, default, text and values are printable text"
        XCTAssertEqual(
            options(#"{ name = "dr\27]0;x\7aw", default = "1" }"#),
            ["game.lua:2:1: error: options[1]'s name holds a control character (byte 0x1B)" + words])
        XCTAssertEqual(
            options(#"{ name = "draw", default = "1" }, { name = "two\tfields", default = "1" }"#),
            ["game.lua:2:1: error: options[2]'s name holds a control character (byte 0x09)" + words])
        XCTAssertEqual(
            options(#"{ name = "draw", default = "1\n" }"#),
            ["game.lua:2:1: error: options[1]'s default holds a control character (byte 0x0A) (option 'draw')" + words])
        XCTAssertEqual(
            options(#"{ name = "draw", default = "1", text = "Cards \u{9B}2J" }"#),
            ["game.lua:2:1: error: options[1]'s text holds a control character (U+009B) (option 'draw')" + words])
        XCTAssertEqual(
            options(#"{ name = "draw", default = "1", values = { "1", "3\u{202E}" } }"#),
            ["game.lua:2:1: error: options[1]'s value holds a control character (U+202E) (option 'draw')" + words])
        XCTAssertEqual(
            options(#"{ name = "draw", default = "1", values = { "1|3" } }"#),
            ["game.lua:2:1: error: options[1]'s value '1|3' (option 'draw') holds '|', which separates values"])
        XCTAssertEqual(options(#"{ name = "draw", default = "1", text = "Cards · turned", values = { 1, 3 } }"#), [])
    }

    /// An option's name is one word: the player types `--option NAME=VALUE` and a save keeps
    /// `option NAME VALUE`. `my label` was read back from the save as option `my` (the game did
    /// not resume), `a=b` could never be given, and an empty name was a save's bad line.
    func testOptionNamesThatAreNotOneWordAreRefused() {
        func options(_ table: String) -> [String] {
            check("function deal() end\noptions = { \(table) }\n")
        }
        let word = ": a name is one word, as in --option NAME=VALUE"
        XCTAssertEqual(
            options(#"{ name = "draw", default = "1" }, { name = "my label", default = "hi" }"#),
            ["game.lua:2:1: error: options[2]'s name 'my label' holds a space" + word])
        XCTAssertEqual(
            options(#"{ name = "a=b", default = "1" }"#),
            ["game.lua:2:1: error: options[1]'s name 'a=b' holds '='" + word])
        XCTAssertEqual(
            options(#"{ name = "", default = "1" }"#), ["game.lua:2:1: error: options[1]'s name '' is empty" + word])
        XCTAssertEqual(options(#"{ name = "my-label", default = "a value with spaces" }"#), [])
    }

    func testAScriptAloneRunsAgainstKlondikesTable() {
        // klondike.lua reads the stock, the waste and the columns in its main chunk.
        let source = ShippedLayouts.scriptSource(named: "klondike.lua")!
        let result = ScriptCheck.check(source: source, file: "layouts/klondike.lua")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.hooks, [.deal, .canPickUp, .canDrop, .afterMove, .onStockClick, .isWon, .moves])
        XCTAssertFalse(result.hasErrors)
    }

    func testAScriptCheckedWithItsLayoutIsDealtAndAHookThatFailsIsAnError() throws {
        let source = ShippedLayouts.scriptSource(named: "klondike.lua")!
            .replacingOccurrences(of: "game.deal(columns[column]", with: "game.dael(columns[column]")
        var layout = try XCTUnwrap(ShippedLayouts.layout(named: "klondike-lua"))
        layout.script = LayoutScript(name: "klondike.lua", file: "mine/klondike.lua", source: source)
        let line =
            try XCTUnwrap(
                source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("game.dael") })
            + 1
        XCTAssertEqual(
            ScriptCheck.check(layout: layout).diagnostics.map(\.description),
            ["mine/klondike.lua:\(line):1: error: in deal: attempt to call a nil value (field 'dael')"])
        // Alone, the script is not dealt.
        XCTAssertEqual(ScriptCheck.check(layout: layout, playing: false).diagnostics, [])
    }

    /// A script that deals decides the deal: counts in the layout it does not follow are said to
    /// be ignored, naming the first group dealt otherwise; counts it follows say nothing.
    func testDealCountsTheScriptsDealDoesNotFollowAreSaidToBeIgnored() throws {
        var layout = try XCTUnwrap(ShippedLayouts.layout(named: "klondike-lua"))
        let source = try XCTUnwrap(layout.script?.source)
        let first = try XCTUnwrap(layout.slots.first { $0.kind == .tableau })
        layout.rules?.groups[first.group, default: PileRules.defaults(for: .tableau)].dealUp = [3]
        let line =
            try XCTUnwrap(
                source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                    $0.hasPrefix("function deal(")
                }) + 1
        XCTAssertEqual(
            ScriptCheck.check(layout: layout).diagnostics.map(\.description),
            [
                "layouts/klondike.lua:\(line):1: warning: deal() deals 28 cards out of the stock where the layout's "
                    + "deal-down and deal-up deal 21 (\(first.id): 0 down and 1 up, where '\(first.group)' says 0 and 3): "
                    + "a script that deals decides the deal, so they are ignored"
            ])
        // Klondike's own triangle, which the script deals too, says nothing.
        layout.rules?.groups[first.group]?.dealDown = [0, 1, 2, 3, 4, 5, 6]
        layout.rules?.groups[first.group]?.dealUp = [1]
        XCTAssertEqual(ScriptCheck.check(layout: layout).diagnostics, [])
    }

    func testTheShippedScriptsAreClean() throws {
        for name in ShippedLayouts.names where ShippedLayouts.layout(named: name)?.script != nil {
            let layout = try XCTUnwrap(ShippedLayouts.layout(named: name))
            XCTAssertEqual(ScriptCheck.check(layout: layout).diagnostics.map(\.description), [], name)
        }
    }
}
