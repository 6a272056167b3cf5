import Layouts
import Solitaire
import XCTest

/// Shipped games with their rules scrambled at random, within what a layout file can say:
/// whatever the description, the rules deal every card, never crash, and every move they allow
/// reverts exactly.
final class RulesFuzzTests: XCTestCase {
    func testScrambledRulesDealPlayAndRevert() throws {
        var random = SplitMix64(seed: 0xF0_22)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }
        func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
        let games = ShippedLayouts.names.compactMap(ShippedLayouts.layout(named:)).filter { $0.rules != nil }
        XCTAssertGreaterThan(games.count, 40)
        for round in 0..<240 {
            var layout = games[round % games.count]
            var game = try XCTUnwrap(layout.rules)
            if below(4) == 0 { game.decks = 1 + below(4) }
            if below(6) == 0 { game.suits = Array(pick(["S", "HS", "CDH", "CDHS"])) }
            if below(6) == 0 { game.win = pick(WinCondition.allCases) }
            for group in game.groups.keys.sorted() where below(3) == 0 {
                var rules = game.groups[group]!
                let slots = layout.slots(inGroup: group).count
                switch below(12) {
                case 0: rules.build = pick(BuildDirection.allCases)
                case 1: rules.suit = pick(SuitRule.allCases)
                case 2: rules.empty = pick([.any, .none, .rank(1 + below(13))])
                case 3: rules.move = pick(MoveRule.allCases)
                case 4: rules.sequenceLimit = pick(SequenceLimit.allCases)
                case 5: rules.base = pick([.any, .dealt, .rank(1 + below(13))])
                case 6: rules.dealDown = (0..<slots).map { _ in below(8) }
                case 7: rules.dealUp = (0..<slots).map { _ in below(4) }
                case 8: rules.draw = 1 + below(4)
                case 9: rules.redeals = pick([.limited(below(3)), .unlimited])
                case 10: rules.wrap.toggle()
                default:
                    rules.collect.toggle()
                    rules.turnUp.toggle()
                }
                game.groups[group] = rules
            }
            layout.rules = game
            let description = "round \(round): \(layout.name)"
            let rules = DeclarativeRules(layout: layout)
            let start = rules.deal(seed: UInt64(round))
            XCTAssertEqual(start.cardCount, game.cardCount, description)
            var state = start
            var records: [MoveRecord] = []
            for _ in 0..<60 {
                let moves = rules.legalMoves(in: state)
                guard !moves.isEmpty else { break }
                let move = pick(moves)
                XCTAssertNil(rules.refusal(of: move, in: state), "\(description): \(move) listed but refused")
                records.append(rules.apply(move, to: &state))
                XCTAssertEqual(state.cardCount, game.cardCount, "\(description) after \(move)")
                _ = rules.isWon(state)
            }
            for record in records.reversed() { state.revert(record) }
            XCTAssertEqual(state, start, "\(description): undoing everything")
        }
    }
}
