import Layouts
import Scripting
import Solitaire
import TestSupport
import XCTest

/// Klondike is shipped twice: as declarative rules (klondike.toml) and as a script
/// (klondike-lua.toml with klondike.lua). The same seeds with the same random choices must give
/// the same positions, the same legal moves and the same verdicts through both.
final class KlondikeBothWaysTests: XCTestCase {
    let declarative = DeclarativeRules(layout: ShippedLayouts.layout(named: "klondike")!)
    let scripted = ScriptedRules(layout: ShippedLayouts.layout(named: "klondike-lua")!)

    func testTheScriptStarts() {
        XCTAssertNil(scripted.loadFailure)
        XCTAssertEqual(
            scripted.engine?.hooks,
            [.deal, .canPickUp, .canDrop, .afterMove, .onStockClick, .isWon, .moves])
    }

    func testSameSeedsAndChoicesGiveTheSamePositions() {
        var random = SplitMix64(seed: 11)
        var positions = 0
        for game in 0..<12 {
            let seed = UInt64(1 + game * 1_777)
            var left = declarative.deal(seed: seed)
            var right = scripted.deal(seed: seed)
            XCTAssertEqual(left, right, "deal \(seed)")
            for step in 0..<150 {
                let leftMoves = declarative.legalMoves(in: left)
                let rightMoves = scripted.legalMoves(in: right)
                XCTAssertEqual(Set(leftMoves), Set(rightMoves), "deal \(seed), move \(step)")
                XCTAssertEqual(declarative.isWon(left), scripted.isWon(right))
                guard !leftMoves.isEmpty else { break }
                // Mostly legal moves; now and then one that both must refuse.
                let move: Move
                if random.chance(15) {
                    let piles = left.piles.count
                    move = .transfer(from: random.below(piles), to: random.below(piles), count: 1 + random.below(3))
                    XCTAssertEqual(
                        declarative.refusal(of: move, in: left) == nil, scripted.refusal(of: move, in: right) == nil,
                        "deal \(seed), move \(step): \(move)")
                    if declarative.refusal(of: move, in: left) != nil { continue }
                } else {
                    move = random.pick(leftMoves.sorted { $0.description < $1.description })
                }
                let leftRecord = declarative.apply(move, to: &left)
                _ = scripted.apply(move, to: &right)
                XCTAssertEqual(left, right, "deal \(seed), after move \(step): \(move)")
                if random.chance(10) {
                    left.revert(leftRecord)
                    right = left
                }
                positions += 1
            }
        }
        XCTAssertGreaterThan(positions, 1000)
        XCTAssertNil(scripted.takeFailure())
    }
}

extension KlondikeBothWaysTests {
    func testRandomPlayKeepsTheVariantRules() throws {
        let play = try VariantPlay("klondike-lua")
        let result = play.playRandomly(games: 3, moves: 80)
        XCTAssertGreaterThan(result.moves, 100)
    }
}

extension KlondikeBothWaysTests {
    /// `--option draw=3` makes the scripted Klondike turn three cards, as klondike-3.toml does.
    func testTheDrawOptionTurnsThreeAsKlondikeThree() throws {
        let three = DeclarativeRules(layout: try XCTUnwrap(ShippedLayouts.layout(named: "klondike-3")))
        let scriptedThree = ScriptedRules(
            layout: try XCTUnwrap(ShippedLayouts.layout(named: "klondike-lua")), options: ["draw": "3"])
        XCTAssertEqual(scriptedThree.engine?.optionValues, ["draw": "3"])
        var left = three.deal(seed: 5)
        var right = scriptedThree.deal(seed: 5)
        left.redealsLeft = right.redealsLeft  // klondike-3 limits redeals; the script does not
        for _ in 0..<5 {
            _ = three.apply(.stock(0), to: &left)
            _ = scriptedThree.apply(.stock(0), to: &right)
            XCTAssertEqual(left.piles, right.piles)
        }
    }

    func testAnOptionTheScriptDoesNotOfferOrAValueItDoesNotTakeIsRefused() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "klondike-lua"))
        XCTAssertEqual(
            ScriptedRules(layout: layout, options: ["drew": "3"]).loadFailure?.summary,
            "klondike.lua: no option 'drew' (it offers: draw)")
        XCTAssertEqual(
            ScriptedRules(layout: layout, options: ["draw": "2"]).loadFailure?.summary,
            "klondike.lua: option draw may be 1, 3, not '2'")
        XCTAssertEqual(
            ScriptedRules(layout: layout, options: ["draw": "3\u{1B}[2J"]).loadFailure?.summary,
            "klondike.lua: option draw's value holds a control character: 3\\x1b[2J is not printable text")
    }
}

extension KlondikeBothWaysTests {
    /// A layout whose script deals needs no stock for the cards its deal keys leave: the script
    /// deals them (here, all 52 on one pile).
    func testAScriptThatDealsNeedsNoStockForTheRest() throws {
        let text = """
            script = "all.lua"
            map = "T T F"
            [game]
            [slots.T]
            kind = "tableau"
            [slots.F]
            kind = "foundation"
            """
        let result = LayoutLoader.load(text: text, file: "/t/all.toml") { name, _ in
            .success(
                LayoutScript(name: name, file: "/t/all.lua", source: "function deal() while game.deal(1) do end end"))
        }
        let layout = try XCTUnwrap(result.layout, "\(result.diagnostics)")
        let state = ScriptedRules(layout: layout).deal(seed: 1)
        XCTAssertEqual(state.piles.map(\.count), [52, 0, 0])
        // Without the script, the same layout is refused: nowhere to put 52 cards.
        let plain = LayoutLoader.load(
            text: text.replacingOccurrences(of: "script = \"all.lua\"\n", with: ""), file: "/t/p.toml")
        XCTAssertTrue(
            plain.diagnostics.contains { $0.message.hasPrefix("52 cards are left after the deal") },
            "\(plain.diagnostics)")
    }
}
