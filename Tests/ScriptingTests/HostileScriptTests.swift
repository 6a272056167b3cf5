import Foundation
import Layouts
import Scripting
import Solitaire
import XCTest

/// Hostile scripts (Tests/ScriptingTests/Hostile/*.lua), each under Klondike's layout and
/// declarative rules: whatever a script tries, the hook call ends in bounded time with a failure
/// naming the file, the line where there is one, and the hook; the move asked about is refused;
/// and the game stays playable afterwards (the rules keep answering as Klondike's, a legal move
/// still works, the script's memory is given back).
final class HostileScriptTests: XCTestCase {
    // MARK: Endless loops

    func testAnEndlessLoopIsStoppedByTheInstructionBudget() throws {
        let table = try HostileTable("endless-loop.lua")
        let state = table.deal()
        try table.assertContained(
            "endless-loop.lua:7: in is_won: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.isWon(state)) }
        table.assertPlayable()
    }

    func testAnEndlessLoopInACoroutineIsStopped() throws {
        let table = try HostileTable("endless-coroutine.lua")
        let state = table.deal()
        try table.assertContained(
            "endless-coroutine.lua:6: in is_won: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.isWon(state)) }
        try table.assertContained(
            "endless-coroutine.lua:16: in moves_left: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.hasAnyLegalMove(in: state)) }
        table.assertPlayable()
    }

    func testAnEndlessLoopThatCatchesItsOwnErrorsIsStopped() throws {
        let table = try HostileTable("endless-pcall.lua")
        let state = table.deal()
        try table.assertContained(
            "endless-pcall.lua:6: in is_won: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.isWon(state)) }
        // `return pcall(spin)` returns normally, but the budget was spent: the call failed.
        try table.assertContained(
            "endless-pcall.lua:6: in moves_left: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.hasAnyLegalMove(in: state)) }
        try table.assertContained(
            "endless-pcall.lua:6: in hint: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertNil(table.rules.ownHint(in: state)) }
        table.assertPlayable()
    }

    func testAnEndlessMainChunkLeavesTheDeclarativeRulesToPlay() throws {
        let table = try HostileTable("endless-main-chunk.lua", starts: false)
        XCTAssertNil(table.rules.engine)
        let summary = "endless-main-chunk.lua:9: while loading: ran more than 2000000 instructions (an endless loop?)"
        XCTAssertEqual(table.rules.loadFailure?.summary, summary)
        XCTAssertEqual(table.rules.takeFailure()?.summary, summary)
        XCTAssertNil(table.rules.takeFailure(), "said once")
        XCTAssertFalse(table.rules.isWon(table.deal()))
        table.assertPlayable()
    }

    // MARK: Memory

    func testATableThatGrowsWithoutEndRunsOutOfMemory() throws {
        let table = try HostileTable("table-growth.lua", limits: .memoryAlone)
        let state = table.deal()
        try table.assertContained("table-growth.lua:8: in is_won: used more than the 32 MB of memory a script may have")
        {
            XCTAssertFalse(table.rules.isWon(state))
        }
        table.assertPlayable()
    }

    func testStringBombsRunOutOfMemoryOrMakeNothing() throws {
        let table = try HostileTable("string-rep.lua", limits: .memoryAlone)
        let state = table.deal()
        // Refused before a byte is copied.
        try table.assertContained("string-rep.lua:5: in is_won: used more than the 32 MB of memory a script may have") {
            XCTAssertFalse(table.rules.isWon(state))
        }
        // Refused by the allocator in the middle of Lua's concatenation: the count hook, which
        // looks more often once the string is long, saw the line last.
        try table.assertContained(
            "string-rep.lua:13: in moves_left: used more than the 32 MB of memory a script may have"
        ) { XCTAssertFalse(table.rules.hasAnyLegalMove(in: state)) }
        // Nothing repeated endlessly is nothing, at once (and its length, 0, is no pile).
        try table.assertContained("string-rep.lua:19: in hint: returned pile 0, which is out of range (1 to 13)") {
            XCTAssertNil(table.rules.ownHint(in: state))
        }
        table.assertPlayable()
    }

    func testAScriptThatKeepsItsMemoryInAGlobalStartsAfresh() throws {
        let table = try HostileTable("global-hoard.lua", limits: .memoryAlone)
        let state = table.deal()
        let engine = try XCTUnwrap(table.rules.engine)
        for _ in 0..<3 {
            try table.assertContained(
                "global-hoard.lua:9: in is_won: used more than the 32 MB of memory a script may have"
            ) { XCTAssertFalse(table.rules.isWon(state)) }
            XCTAssertLessThan(engine.memoryInUse, 1 << 20, "the hoard is given back")
        }
        table.assertPlayable()
    }

    func testADeepRecursionIsStopped() throws {
        let table = try HostileTable("deep-recursion.lua", limits: .memoryAlone)
        let state = table.deal()
        try table.assertContained(
            "deep-recursion.lua:5: in is_won: used more than the 32 MB of memory a script may have"
        ) {
            XCTAssertFalse(table.rules.isWon(state))
        }
        table.assertPlayable()
    }

    // MARK: What the sandbox leaves out

    func testThereIsNoOsLibrary() throws {
        let table = try HostileTable("os-execute.lua")
        let state = table.deal()
        try table.assertContained("os-execute.lua:4: in is_won: attempt to index a nil value (global 'os')") {
            XCTAssertFalse(table.rules.isWon(state))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/cardtable-hostile-was-here"))
        table.assertPlayable()
    }

    func testThereIsNoIoLibrary() throws {
        let table = try HostileTable("io-open.lua")
        let state = table.deal()
        try table.assertContained("io-open.lua:4: in is_won: attempt to index a nil value (global 'io')") {
            XCTAssertFalse(table.rules.isWon(state))
        }
        table.assertPlayable()
    }

    func testThereIsNoRequire() throws {
        let table = try HostileTable("require.lua")
        let state = table.deal()
        try table.assertContained("require.lua:5: in is_won: attempt to call a nil value (global 'require')") {
            XCTAssertFalse(table.rules.isWon(state))
        }
        table.assertPlayable()
    }

    func testLoadRefusesBinaryChunks() throws {
        let table = try HostileTable("binary-chunk.lua")
        let state = table.deal()
        try table.assertContained("binary-chunk.lua:9: in is_won: attempt to load a binary chunk (mode is 't')") {
            XCTAssertFalse(table.rules.isWon(state))
        }
        try table.assertContained("binary-chunk.lua:15: in moves_left: attempt to load a binary chunk (mode is 't')") {
            XCTAssertFalse(table.rules.hasAnyLegalMove(in: state))
        }
        table.assertPlayable()
    }

    func testThereIsNoStringDump() throws {
        let table = try HostileTable("string-dump.lua")
        let state = table.deal()
        try table.assertContained("string-dump.lua:5: in is_won: attempt to call a nil value (field 'dump')") {
            XCTAssertFalse(table.rules.isWon(state))
        }
        table.assertPlayable()
    }

    // MARK: The game API

    func testTheGameAPICannotBeChanged() throws {
        let table = try HostileTable("api-metatable.lua")
        let state = table.deal()
        try table.assertContained(
            "api-metatable.lua:6: in is_won: bad argument #1 to 'setmetatable' (table expected, got userdata)"
        ) { XCTAssertFalse(table.rules.isWon(state)) }
        try table.assertContained(
            "api-metatable.lua:11: in moves_left: attempt to index a string value (local 'locked')"
        ) {
            XCTAssertFalse(table.rules.hasAnyLegalMove(in: state))
        }
        try table.assertContained(
            "api-metatable.lua:15: in hint: bad argument #1 to 'rawset' (table expected, got userdata)"
        ) { XCTAssertNil(table.rules.ownHint(in: state)) }
        try table.assertContained(
            "api-metatable.lua:19: in on_double_click: the game API is read-only: define your own tables for your own values"
        ) { XCTAssertNil(table.rules.doubleClickMove(on: 6, index: 0, in: state)) }
        // The API answers as before: the waste's top card may be picked up, and no other.
        var turned = state
        _ = table.rules.apply(.stock(0), to: &turned)
        XCTAssertTrue(table.rules.canPickUp(pile: 1, from: 0, in: turned))
        XCTAssertNil(table.rules.takeFailure())
        table.assertPlayable()
    }

    func testAnErrorWhoseMessageCannotBeMadeStillNamesThePlace() throws {
        let table = try HostileTable("error-object.lua")
        let state = table.deal()
        try table.assertContained(
            "error-object.lua:11: in is_won: an error whose value is a table (its __tostring failed)"
        ) {
            XCTAssertFalse(table.rules.isWon(state))
        }
        try table.assertContained(
            "error-object.lua:16: in moves_left: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.hasAnyLegalMove(in: state)) }
        try table.assertContained("error-object.lua:22: in hint: ?[2J?[31mgotcha?") {
            XCTAssertNil(table.rules.ownHint(in: state))
        }
        table.assertPlayable()
    }

    /// The lines of an error message after its first are the message's, one line with it
    /// (`\x0a` for each line feed), never frames of the traceback: they were shown as frames,
    /// under `cardtable solve`'s message and in the table's failure panel.
    func testAnErrorMessageOfSeveralLinesForgesNoFrames() throws {
        let table = try HostileTable("error-lines.lua")
        let state = table.deal()
        try table.assertContained(
            "error-lines.lua:5: in is_won: bad\\x0a\\x0aforged.toml: ok\\x0a [C]: in function 'os.execute'"
        ) {
            XCTAssertFalse(table.rules.isWon(state))
        }
        _ = table.rules.isWon(state)
        let failure = try XCTUnwrap(table.rules.takeFailure())
        XCTAssertFalse(failure.summary.contains("\n"))
        XCTAssertEqual(failure.details.first, "[C]: in function 'error'", "the frames begin with Lua's")
        XCTAssertFalse(
            failure.details.contains { $0.contains("forged") || $0.contains("os.execute") }, "\(failure.details)")
        table.assertPlayable()
    }

    // MARK: Moves the API does not allow

    func testIllegalMovesFromHooksAreRefused() throws {
        let table = try HostileTable("illegal-moves.lua")
        let state = table.deal()
        var turned = state
        _ = table.rules.apply(.stock(0), to: &turned)
        try table.assertContained("illegal-moves.lua:6: in on_click: game.move: pile 3 has 0 cards, cannot move 1") {
            XCTAssertNotNil(table.rules.refusal(of: .click(1), in: turned))
        }
        try table.assertContained(
            "illegal-moves.lua:12: in on_double_click: pile 14 does not exist (the piles are 1 to 13)"
        ) { XCTAssertNil(table.rules.doubleClickMove(on: 6, index: 0, in: state)) }
        try table.assertContained(
            "illegal-moves.lua:19: in can_drop: game.move may not be called from can_drop: only deal, after_move, "
                + "on_click, on_double_click and on_stock_click move cards"
        ) { XCTAssertNotNil(table.rules.refusal(of: .transfer(from: 6, to: 0), in: state)) }
        // A move the rules allow whose after_move deals a card: undone, as if never made.
        let ace = table.position([6: ["AS"], 7: ["[9D]", "2S"]])
        var after = ace
        try table.assertContained(
            "illegal-moves.lua:26: in after_move: game.deal may only be called from the deal hook (it deals a new game)"
        ) {
            XCTAssertNil(table.rules.refusal(of: .transfer(from: 6, to: 2), in: ace))
            XCTAssertEqual(table.rules.apply(.transfer(from: 6, to: 2), to: &after).steps, [])
        }
        XCTAssertEqual(after, ace)
        table.assertPlayable()
    }

    func testAMoveCannotOverfillAPile() throws {
        let table = try HostileTable("overfull-pile.lua")
        // Two full decks on two columns: moving one onto the other would hold 104 cards.
        var crowded = table.position([:])
        let deck = (0..<4).flatMap { suit in (1...13).map { PileCard(raw: UInt8(0x80 | suit << 4 | $0)) } }
        crowded.piles[6] = deck
        crowded.piles[7] = deck
        try table.assertContained(
            "overfull-pile.lua:8: in on_click: game.move: pile 8 cannot hold 52 more cards (a pile holds at most 52)"
        ) { XCTAssertNotNil(table.rules.refusal(of: .click(6), in: crowded)) }
        table.assertPlayable()
    }

    // MARK: Results of the wrong type

    func testHooksThatReturnTheWrongTypesAreRefused() throws {
        let table = try HostileTable("wrong-types.lua")
        let state = table.deal()
        try table.assertContained(
            "wrong-types.lua:4: in can_drop: returned a string; it must return true, false or nil"
        ) {
            XCTAssertNotNil(table.rules.refusal(of: .transfer(from: 6, to: 2), in: state))
        }
        try table.assertContained(
            "wrong-types.lua:11: in hint: returned a string; it must return nil, or from, to [, count [, text]] as whole numbers"
        ) { XCTAssertNil(table.rules.ownHint(in: state)) }
        try table.assertContained("wrong-types.lua:16: in is_won: returned a number; it must return true, false or nil")
        {
            XCTAssertFalse(table.rules.isWon(state))
        }
        try table.assertContained(
            "wrong-types.lua:20: in on_timer: returned a table; it must return a string to show, or nil"
        ) { XCTAssertNil(table.rules.timerMessage(seconds: 3, in: state)) }
        table.assertPlayable()
    }

    // MARK: Work out of the count hook's sight

    func testLoopsInsideLibraryFunctionsCountAgainstTheBudget() throws {
        let table = try HostileTable("c-loops.lua")
        let state = table.deal()
        try table.assertContained(
            "c-loops.lua:7: in is_won: ran more than 2000000 instructions (an endless loop?)", spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.isWon(state)) }
        try table.assertContained(
            "c-loops.lua:18: in moves_left: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.hasAnyLegalMove(in: state)) }
        try table.assertContained(
            "c-loops.lua:27: in hint: ran more than 2000000 instructions (an endless loop?)", spendingTheBudget: true
        ) { XCTAssertNil(table.rules.ownHint(in: state)) }
        table.assertPlayable()
    }

    /// A plain `find` of a long pattern, a sort of long equal strings and `utf8.len` in a loop
    /// ran for seconds to minutes in C (4.6 s against a 0.5 s limit): the bytes they read count.
    func testLibraryFunctionsThatReadLongStringsCountAgainstTheBudget() throws {
        let table = try HostileTable("c-scans.lua")
        let state = table.deal()
        try table.assertContained(
            "c-scans.lua:8: in is_won: ran more than 2000000 instructions (an endless loop?)", spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.isWon(state)) }
        try table.assertContained(
            "c-scans.lua:18: in moves_left: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.hasAnyLegalMove(in: state)) }
        try table.assertContained(
            "c-scans.lua:27: in hint: ran more than 2000000 instructions (an endless loop?)", spendingTheBudget: true
        ) { XCTAssertNil(table.rules.ownHint(in: state)) }
        table.assertPlayable()
    }

    func testAPatternThatBacktracksForEverIsStopped() throws {
        let table = try HostileTable("pattern-bomb.lua")
        let state = table.deal()
        try table.assertContained(
            "pattern-bomb.lua:7: in is_won: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.isWon(state)) }
        table.assertPlayable()
    }

    /// Back-references compare whole captures in C: a pattern of doubling captures made a few
    /// dozen steps compare megabytes, and a loop of it ran until the time limit. The bytes
    /// compared count.
    func testBackReferencesCountTheBytesTheyCompare() throws {
        let table = try HostileTable("back-references.lua")
        let state = table.deal()
        try table.assertContained(
            "back-references.lua:15: in is_won: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.isWon(state)) }
        table.assertPlayable()
    }

    func testALoopOfSlowStepsIsStoppedByTheTimeLimit() throws {
        var limits = ScriptLimits.standard
        limits.secondsPerCall = 0.1
        let table = try HostileTable("slow-steps.lua", limits: limits)
        let state = table.deal()
        try table.assertContained(
            anyOf: (6...12).map { "slow-steps.lua:\($0): in is_won: ran for more than 0.1 seconds (an endless loop?)" }
        ) { XCTAssertFalse(table.rules.isWon(state)) }
        table.assertPlayable()
    }

    /// Comparing two strings of NULs with `<` and arithmetic on a long string of digits are
    /// single instructions that read the whole strings: a thousand of them between two looks
    /// at the clock ran for 40 s against the 0.5 s limit, in the call and in coroutines.
    func testInstructionsThatReadLongStringsAreStoppedByTheTimeLimit() throws {
        let table = try HostileTable("slow-comparisons.lua")
        let state = table.deal()
        func ranOut(_ lines: ClosedRange<Int>, in hook: String) -> [String] {
            lines.map { "slow-comparisons.lua:\($0): in \(hook): ran for more than 0.5 seconds (an endless loop?)" }
        }
        try table.assertContained(anyOf: ranOut(9...15, in: "is_won")) { XCTAssertFalse(table.rules.isWon(state)) }
        try table.assertContained(anyOf: ranOut(19...29, in: "moves_left")) {
            XCTAssertFalse(table.rules.hasAnyLegalMove(in: state))
        }
        try table.assertContained(anyOf: ranOut(33...42, in: "hint")) { XCTAssertNil(table.rules.ownHint(in: state)) }
        table.assertPlayable()
    }

    /// `load` parses its text in C: eight megabytes of `;` loaded again and again ran for 48 s.
    func testTheTextLoadParsesCountsAgainstTheBudget() throws {
        let table = try HostileTable("c-parsing.lua")
        let state = table.deal()
        try table.assertContained(
            "c-parsing.lua:9: in is_won: ran more than 2000000 instructions (an endless loop?)", spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.isWon(state)) }
        try table.assertContained(
            "c-parsing.lua:17: in moves_left: ran more than 2000000 instructions (an endless loop?)",
            spendingTheBudget: true
        ) { XCTAssertFalse(table.rules.hasAnyLegalMove(in: state)) }
        table.assertPlayable()
    }

    /// Allocations refused under pcall, again and again, with 20 MB held: each one made Lua
    /// collect everything first, and the charges were looked at a thousand instructions later
    /// (9.8 s against the 0.5 s limit).
    func testAllocationsThatFailAgainAndAgainSpendTheBudget() throws {
        let table = try HostileTable("failing-allocations.lua")
        let state = table.deal()
        // Stopped by the instructions its allocations cost, or by the time on a slow machine.
        try table.assertContained(anyOf: [
            "failing-allocations.lua:14: in is_won: ran more than 2000000 instructions (an endless loop?)",
            "failing-allocations.lua:14: in is_won: ran for more than 0.5 seconds (an endless loop?)",
        ]) { XCTAssertFalse(table.rules.isWon(state)) }
        table.assertPlayable()
    }

    /// An option of any text takes the 200 bytes a script's own values may have from the
    /// player (--option refuses more: SolveOptionTests); a save made before that holds what
    /// was typed then, at most one command-line argument, and the script takes it, so that
    /// the save resumes (it was refused, and the save moved aside). More is refused.
    func testAnOptionOfAnyTextTakesWhatASaveCanHold() throws {
        let table = try HostileTable("free-text-option.lua")
        XCTAssertEqual(table.rules.engine?.options.map(\.values), [[]], "an option of any text")
        let layout = table.rules.layout
        let saved = ScriptedRules(layout: layout, options: ["motto": String(repeating: "é", count: 2500)])
        XCTAssertNil(saved.loadFailure?.summary)
        XCTAssertEqual(saved.engine?.optionValues["motto"]?.utf8.count, 5000)
        let longest = String(repeating: "x", count: ScriptOption.longestSavedValue)
        XCTAssertNil(ScriptedRules(layout: layout, options: ["motto": longest]).loadFailure?.summary)
        let tooLong = ScriptedRules(layout: layout, options: ["motto": longest + "x"])
        XCTAssertEqual(
            tooLong.loadFailure?.summary,
            "free-text-option.lua: option motto's value is 131073 bytes, longer than the 131072 a value may be")
    }

    func testAScriptCannotHaveFinalizers() throws {
        let table = try HostileTable("finalizer.lua")
        let state = table.deal()
        try table.assertContained("finalizer.lua:5: in is_won: setmetatable: a script may not have finalizers (__gc)") {
            XCTAssertFalse(table.rules.isWon(state))
        }
        table.assertPlayable()
    }
}

/// Klondike's layout and declarative rules with a hostile script over them.
extension ScriptLimits {
    /// The standard limits without the wall clock's: the memory tests fill 32 MB, which a debug
    /// build on a busy machine may take longer than half a second to do, and the time limit
    /// must not beat the memory limit to it (the instruction limit still holds).
    static let memoryAlone = ScriptLimits(secondsPerCall: 0)
}

struct HostileTable {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile")

    let rules: ScriptedRules
    let klondike: DeclarativeRules
    let file: StaticString
    let line: UInt

    /// `starts`: whether the script must start (its main chunk runs to its end).
    init(
        _ script: String, limits: ScriptLimits = .standard, starts: Bool = true, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        self.file = file
        self.line = line
        let source = try String(contentsOf: HostileTable.folder.appendingPathComponent(script), encoding: .utf8)
        let text = """
            name = "hostile"
            title = "Hostile"
            script = "\(script)"
            map = \"""
            S W . F F F F
            T T T T T T T
            \"""
            [game]
            family = "Klondike"
            [slots.S]
            kind = "stock"
            redeals = "unlimited"
            [slots.W]
            kind = "waste"
            [slots.F]
            kind = "foundation"
            [slots.T]
            kind = "tableau"
            deal-down = [0, 1, 2, 3, 4, 5, 6]
            deal-up = 1
            empty = "K"
            """
        let loaded = LayoutLoader.load(text: text, file: "hostile.toml") { name, _ in
            .success(LayoutScript(name: name, file: name, source: source))
        }
        XCTAssertEqual(loaded.diagnostics.map(\.description), [], file: file, line: line)
        var layout = try XCTUnwrap(loaded.layout, file: file, line: line)
        rules = ScriptedRules(layout: layout, limits: limits)
        if starts { XCTAssertNil(rules.loadFailure, rules.loadFailure?.summary ?? "", file: file, line: line) }
        layout.script = nil
        klondike = DeclarativeRules(layout: layout)
    }

    func deal() -> GameState { rules.deal(seed: 1) }

    /// A position with the given cards ("7S", "[KD]" face down), pile by pile; other piles empty.
    func position(_ piles: [Int: [String]]) -> GameState {
        var state = GameState(piles: Array(repeating: [], count: rules.layout.slots.count), redealsLeft: Int.max)
        for (pile, cards) in piles {
            state.piles[pile] = cards.map { text in
                let faceDown = text.hasPrefix("[")
                return PileCard(Card(faceDown ? String(text.dropFirst().dropLast()) : text)!, faceUp: !faceDown)
            }
        }
        return state
    }

    /// Runs `body` (which asks the script something it answers with hostility) and checks that it
    /// failed with `summary`, in well under two seconds; with `spendingTheBudget`, that it was
    /// the instruction budget that stopped it.
    func assertContained(
        _ summary: String, spendingTheBudget: Bool = false, line: UInt = #line, _ body: () -> Void
    ) throws {
        try assertContained(anyOf: [summary], spendingTheBudget: spendingTheBudget, line: line, body)
    }

    /// As ``assertContained(_:spendingTheBudget:line:_:)``, for a failure that may name any of
    /// `summaries`: where a time limit runs out depends on the machine's speed (making the long
    /// strings, or looping over them), and the message names the line it ran out on.
    func assertContained(
        anyOf summaries: [String], spendingTheBudget: Bool = false, line: UInt = #line, _ body: () -> Void
    ) throws {
        let engine = try XCTUnwrap(rules.engine, file: file, line: line)
        _ = rules.takeFailure()
        let elapsed = ContinuousClock().measure(body)
        let summary = rules.takeFailure()?.summary
        XCTAssertTrue(summary.map(summaries.contains) ?? false, "\(summary ?? "no failure")", file: file, line: line)
        XCTAssertLessThan(elapsed, .seconds(2), "the call must end in bounded time", file: file, line: line)
        if spendingTheBudget {
            XCTAssertGreaterThan(engine.lastCallInstructions, engine.limits.instructionsPerCall, file: file, line: line)
        }
        XCTAssertLessThan(engine.memoryInUse, 1 << 20, "the script's memory is given back", file: file, line: line)
    }

    /// After whatever the script did: the rules list the moves Klondike's do (those to the
    /// foundations aside, which some scripts fail on), each listed move is allowed and plays as
    /// in Klondike, and the stock still turns.
    func assertPlayable() {
        var state = deal()
        XCTAssertEqual(state, klondike.deal(seed: 1), file: file, line: line)
        let foundations = Set(klondike.foundations)
        for _ in 0..<3 {
            let moves = Set(rules.legalMoves(in: state).filter { !foundations.contains($0.to) })
            let expected = Set(klondike.legalMoves(in: state).filter { !foundations.contains($0.to) })
            XCTAssertEqual(moves, expected, file: file, line: line)
            XCTAssertTrue(moves.contains(.stock(0)), file: file, line: line)
            for move in moves.sorted(by: { $0.description < $1.description }) {
                XCTAssertNil(rules.refusal(of: move, in: state), "\(move)", file: file, line: line)
                var played = state
                var expectedState = state
                _ = rules.apply(move, to: &played)
                _ = klondike.apply(move, to: &expectedState)
                XCTAssertEqual(played, expectedState, "\(move)", file: file, line: line)
            }
            _ = rules.apply(.stock(0), to: &state)
        }
        _ = rules.takeFailure()
        XCTAssertLessThan(rules.engine?.memoryInUse ?? 0, 1 << 20, file: file, line: line)
    }
}
