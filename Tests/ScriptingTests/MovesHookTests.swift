import Layouts
import Scripting
import Solitaire
import TestSupport
import XCTest

/// The `moves` hook (man/cardtable-lua.7): every shipped script that has one lists exactly the
/// transfers its can_pick_up and can_drop allow, and the piles its on_click moves cards on, on
/// every position random play reaches; a list that is not one is the hook's failure, and the
/// moves are then asked of the other hooks.
final class MovesHookTests: XCTestCase {
    /// The shipped games whose scripts list their moves in one call.
    static let listing = [
        "accordion", "aces-up", "calculation", "clock", "elevator", "escalator", "gaps", "klondike-lua",
        "monte-carlo", "osmosis", "pyramid", "tri-peaks",
    ]

    func testTheShippedScriptsThatListTheirMoves() {
        let listing = ShippedLayouts.names.filter { name in
            guard let layout = ShippedLayouts.layout(named: name), layout.script != nil else { return false }
            return ScriptedRules(layout: layout).engine?.hooks.contains(.moves) == true
        }
        XCTAssertEqual(listing.sorted(), Self.listing)
    }

    /// Random play from many deals: at every position the hook's list and the hooks' answers
    /// agree, and the rules' legal moves start with that list.
    func testEachListsExactlyTheMovesItsHooksAllow() throws {
        for name in Self.listing {
            let play = try VariantPlay(name)
            let rules = play.rules
            var random = SplitMix64(seed: 26)
            var positions = 0
            var moves = 0
            for game in 0..<12 {
                var state = rules.deal(seed: UInt64(1 + game * 1_009))
                for _ in 0..<200 {
                    let asked = rules.transfersAsked(in: state)
                    let listed = try XCTUnwrap(rules.transfersListed(in: state), "\(name): moves listed nothing")
                    XCTAssertEqual(listed, asked, "\(name), deal \(1 + game * 1_009): \(state)")
                    if rules.engine?.hooks.contains(.onClick) == true {
                        let clicks = try XCTUnwrap(rules.clicksListed(in: state), "\(name): moves lists no clicks")
                        XCTAssertEqual(
                            clicks, rules.clicksTried(in: state), "\(name), deal \(1 + game * 1_009): \(state)")
                    }
                    // The rules' legal moves are those of the hooks asked one by one, in their order.
                    let legal = rules.legalMoves(in: state)
                    let slow = asked + state.piles.indices.compactMap { rules.clickMove(on: $0, in: state) }
                    XCTAssertEqual(legal, slow, name)
                    positions += 1
                    moves += listed.count
                    if rules.isWon(state) || legal.isEmpty { break }
                    // Transfers more often than clicks, so that play goes deep.
                    let transfers = legal.filter { $0.kind == .transfer }
                    let move = random.pick(!transfers.isEmpty && random.below(4) != 0 ? transfers : legal)
                    _ = rules.apply(move, to: &state)
                }
            }
            XCTAssertNil(rules.takeFailure(), name)
            XCTAssertGreaterThan(positions, 100, name)
            XCTAssertGreaterThan(moves, 50, "\(name): hardly a move listed")
        }
    }

    func testAMovesHookThatReturnsNilLeavesTheOtherHooksToDecide() throws {
        let table = try ListingTable("function moves() return nil end")
        let state = table.rules.deal(seed: 3)
        XCTAssertNil(table.rules.transfersListed(in: state))
        XCTAssertEqual(table.rules.legalMoves(in: state), table.plain.legalMoves(in: state))
        XCTAssertNil(table.rules.takeFailure())
    }

    func testTheListIsPutInTheOrderTheHooksGiveEachMoveOnce() throws {
        // Klondike's deal 3 allows these two moves; listed backwards and twice.
        let table = try ListingTable("")
        let state = table.rules.deal(seed: 3)
        let allowed = table.rules.transfersAsked(in: state)
        XCTAssertGreaterThanOrEqual(allowed.count, 2)
        let entries = (allowed + allowed).reversed().map { "{\($0.from + 1), \($0.count), \($0.to + 1)}" }
        let listing = try ListingTable("function moves() return { \(entries.joined(separator: ", ")) } end")
        XCTAssertEqual(listing.rules.transfersListed(in: state), allowed)
        XCTAssertEqual(listing.rules.legalMoves(in: state), table.plain.legalMoves(in: state))
        XCTAssertNil(listing.rules.takeFailure())
    }

    /// Each wrong list is the hook's failure, named; the moves are then the other hooks' (here
    /// Klondike's declarative rules).
    func testAWrongListIsTheHooksFailure() throws {
        let cases: [(body: String, failure: String)] = [
            (
                "return 'all of them'",
                "returned a string; it must return a list of moves, each {from, count, to}, or nil"
            ),
            ("return { {1, 1, 2}, 7 }", "listed a number as move 2; each move must be a table {from, count, to}"),
            ("return { {14, 1, 2} }", "listed move 1 with from out of range (a whole number from 1 to 13)"),
            ("return { {7, 0, 2} }", "listed move 1 with count out of range (a whole number from 1 to 52)"),
            ("return { {7, 1, 'F'} }", "listed move 1 with to string (a whole number from 1 to 13)"),
            ("return { {7, 1.5, 3} }", "listed move 1 with count number (a whole number from 1 to 52)"),
            ("return { {7, 1} }", "listed move 1 with to nil (a whole number from 1 to 13)"),
            ("return { {7, 1, 7} }", "in moves: listed a move of 1 from pile 7 to pile 7, onto the pile it comes from"),
            (
                "return { {7, 9, 3} }",
                "in moves: listed a move of 9 from pile 7 to pile 3, more cards than pile 7 holds"
            ),
            ("error('no list today')", "in moves: no list today"),
            (
                "return {}, 'the stock'",
                "returned a string as its second result; it must return the piles a click moves cards on as its "
                    + "second result (a list), or nothing"
            ),
            ("return {}, { 1, 14 }", "listed click 2 on a pile out of range (a pile from 1 to 13)"),
            ("return {}, { 1, 'S' }", "listed click 2 on string (a pile from 1 to 13)"),
        ]
        for (body, failure) in cases {
            let table = try ListingTable("function moves()\n  \(body)\nend")
            let state = table.rules.deal(seed: 3)
            XCTAssertEqual(table.rules.legalMoves(in: state), table.plain.legalMoves(in: state), body)
            let summary = table.rules.takeFailure()?.summary ?? "no failure"
            XCTAssertTrue(summary.hasPrefix("listing.lua:"), "\(body): \(summary)")
            XCTAssertTrue(summary.hasSuffix(failure), "\(body): \(summary)")
            XCTAssertNil(table.rules.transfersListed(in: state), body)
        }
    }

    /// The clicks listed are taken as they are: no click is tried on a pile the list leaves out.
    func testTheClicksListedAreTheClicks() throws {
        let body = """
            function on_click(pile)
              if game.kind(pile) == "tableau" and game.count(pile) > 0 then game.flip(pile) end
            end
            function moves() return {}, { 8, 9 } end
            """
        let table = try ListingTable(body)
        let state = table.rules.deal(seed: 3)
        XCTAssertEqual(table.rules.clicksListed(in: state), [7, 8])
        XCTAssertEqual(table.rules.clicksTried(in: state), Array(7...13).map { $0 - 1 })
        let clicks = table.rules.legalMoves(in: state).filter { $0.kind == .click }
        XCTAssertEqual(clicks, [.click(7), .click(8)])
        XCTAssertNil(table.rules.takeFailure())
        // cardtable check finds the clicks left out (and the transfers: the list is empty).
        let messages = ScriptCheck.check(layout: table.layout).diagnostics.map(\.message)
        XCTAssertTrue(
            messages.contains(
                "moves leaves out a click on pile 7 on the first deal, where on_click moves cards: its second "
                    + "result must list exactly the piles on_click moves cards on"), "\(messages)")
    }

    func testAMovesHookMayNotMoveCards() throws {
        let table = try ListingTable("function moves()\n  game.move(7, 2, 1)\n  return {}\nend")
        let state = table.rules.deal(seed: 3)
        XCTAssertEqual(table.rules.legalMoves(in: state), table.plain.legalMoves(in: state))
        let summary = table.rules.takeFailure()?.summary ?? "no failure"
        XCTAssertTrue(summary.hasPrefix("listing.lua:2: in moves:"), summary)
    }

    /// `cardtable check` compares the list with the other hooks on the first deal.
    func testCheckFindsAListThatIsNotTheHooks() throws {
        let good = try ListingTable("")
        let state = good.rules.deal(seed: 1)
        let allowed = good.rules.transfersAsked(in: state)
        let entries = allowed.map { "{\($0.from + 1), \($0.count), \($0.to + 1)}" }
        let exact = try ListingTable("function moves()\n  return { \(entries.joined(separator: ", ")) }\nend")
        XCTAssertEqual(ScriptCheck.check(layout: exact.layout).diagnostics.map(\.message), [])

        let fewer = try ListingTable(
            "\n\nfunction moves()\n  return { \(entries.dropFirst().joined(separator: ", ")) }\nend")
        let missing = allowed[0]
        let diagnostics = ScriptCheck.check(layout: fewer.layout).diagnostics
        XCTAssertEqual(
            diagnostics.map(\.message),
            [
                "moves leaves out a move the other hooks allow on the first deal (\(missing.count) from pile "
                    + "\(missing.from + 1) to pile \(missing.to + 1)): it must list exactly the moves can_pick_up "
                    + "and can_drop allow"
            ])
        XCTAssertEqual(diagnostics.first?.position?.line, 3)

        let more = try ListingTable(
            "function moves()\n  return { \((entries + ["{1, 1, 2}"]).joined(separator: ", ")) }\nend")
        XCTAssertEqual(
            ScriptCheck.check(layout: more.layout).diagnostics.map(\.message),
            [
                "moves lists a move the other hooks refuse on the first deal (1 from pile 1 to pile 2): it must "
                    + "list exactly the moves can_pick_up and can_drop allow"
            ])
    }
}

/// Klondike's layout and declarative rules under a script of a few lines (`listing.lua`), and
/// under a script with no hooks (`plain`).
struct ListingTable {
    let layout: TableLayout
    let rules: ScriptedRules
    let plain: ScriptedRules

    init(_ source: String) throws {
        var layout = try XCTUnwrap(ShippedLayouts.layout(named: "klondike"))
        layout.script = LayoutScript(name: "listing.lua", file: "listing.lua", source: source)
        self.layout = layout
        rules = ScriptedRules(layout: layout)
        XCTAssertNil(rules.loadFailure)
        layout.script = LayoutScript(name: "plain.lua", file: "plain.lua", source: "")
        plain = ScriptedRules(layout: layout)
    }
}
