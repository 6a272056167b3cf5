import Foundation
import Layouts
import Scripting
import Solitaire
import TestSupport
import XCTest

/// man/cardtable-lua.7 is true: its example loads and plays, every hook and API function it
/// names exists, and every one that exists is in it.
final class LuaManPageTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    var page: String {
        (try? String(contentsOf: Self.root.appendingPathComponent("man/cardtable-lua.7"), encoding: .utf8)) ?? ""
    }

    /// The literal block after `.\" example: NAME`.
    func example(_ name: String) throws -> String {
        let marker = ".\\\" example: \(name)\n.Bd -literal -offset indent\n"
        let start = try XCTUnwrap(page.range(of: marker), "no example \(name)")
        let end = try XCTUnwrap(page.range(of: "\n.Ed\n", range: start.upperBound..<page.endIndex))
        // `\&` keeps a line that starts with a dot from being read as a request.
        return String(page[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "\\&", with: "") + "\n"
    }

    func testTheExampleLoadsAndPlaysToTheEnd() throws {
        let script = try example("thirteens.lua")
        let result = LayoutLoader.load(text: try example("thirteens.toml"), file: "/tables/thirteens.toml") {
            name, _ in .success(LayoutScript(name: name, file: "/tables/\(name)", source: script))
        }
        let layout = try XCTUnwrap(result.layout, "\(result.diagnostics)")
        XCTAssertEqual(result.diagnostics, [])
        let rules = ScriptedRules(layout: layout)
        XCTAssertNil(rules.loadFailure)
        var random = SplitMix64(seed: 2)
        var moves = 0
        for deal in 1...5 {
            var state = rules.deal(seed: UInt64(deal))
            XCTAssertEqual(state.cardCount, 52)
            XCTAssertEqual(state.piles[0].count, 42, "ten dealt, the rest in the stock")
            while let move = random.pickIfAny(rules.legalMoves(in: state)), moves < 2_000 {
                XCTAssertFalse(rules.apply(move, to: &state).steps.isEmpty)
                moves += 1
            }
        }
        XCTAssertGreaterThan(moves, 20)
        XCTAssertNil(rules.takeFailure())
        // The rules it states: a pair making 13 goes, another does not, with the script's reason.
        let discard = layout.slots.firstIndex { $0.group == "discard" }!
        var state = GameState(piles: Array(repeating: [], count: layout.slots.count))
        state.piles[1] = [PileCard(Card("6S")!, faceUp: true)]
        state.piles[2] = [PileCard(Card("7H")!, faceUp: true)]
        state.piles[3] = [PileCard(Card("8H")!, faceUp: true)]
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 2), in: state))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 1, to: 3), in: state)?.plainMessage, "the two ranks must make 13")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 1, to: discard), in: state)?.plainMessage,
            "only a King is discarded alone")
        _ = rules.apply(.transfer(from: 1, to: 2), to: &state)
        XCTAssertEqual(state.piles[discard].count, 2)
    }

    func testEveryHookIsDocumented() {
        for hook in ScriptHook.allCases {
            XCTAssertTrue(page.contains(".It Fn \(hook.name)"), "\(hook.name) is not documented")
        }
    }

    /// The API functions registered in sandbox_api.c, and those the page documents.
    func testTheAPIAndThePageNameTheSameFunctions() throws {
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/CScriptSandbox/sandbox_api.c"), encoding: .utf8)
        var registered = Set(source.matches(of: /\{"([a-z_]+)", api_/).map { String($0.output.1) })
        // kind, group and id are closures over the pile tables; piles and option are closures too.
        registered.formUnion(["kind", "group", "id", "piles", "option"])
        let documented = Set(page.matches(of: /Fn game\.([a-z_]+)/).map { String($0.output.1) })
        let api = registered.filter { !$0.hasPrefix("__") && !["dump"].contains($0) }
        XCTAssertEqual(documented.subtracting(api), [], "documented but not in the API")
        XCTAssertEqual(api.subtracting(documented), [], "in the API but not documented")
    }
}

extension SplitMix64 {
    /// One of `items`, or nil when there are none.
    mutating func pickIfAny<T>(_ items: [T]) -> T? { items.isEmpty ? nil : pick(items) }
}
