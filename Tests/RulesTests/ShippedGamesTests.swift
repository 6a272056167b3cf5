import Layouts
import Solitaire
import XCTest

/// Every shipped game: its rules have no problems, it deals every card, and random play keeps every
/// card and reverts exactly.
final class ShippedGamesTests: XCTestCase {
    func testShippedGamesPlay() {
        var games = 0
        for name in ShippedLayouts.names {
            guard let layout = ShippedLayouts.layout(named: name), let game = layout.rules else { continue }
            games += 1
            XCTAssertEqual(DeclarativeRules.problems(in: layout), [], name)
            let rules = DeclarativeRules(layout: layout)
            for seed in UInt64(1)...3 {
                let start = rules.deal(seed: seed)
                XCTAssertEqual(start.cardCount, game.cardCount, name)
                let cards = start.piles.flatMap { $0.map { $0.raw & 0x7F } }.sorted()
                var state = start
                var records: [MoveRecord] = []
                var generator = SplitMix64(seed: seed)
                for _ in 0..<150 {
                    let moves = rules.legalMoves(in: state)
                    guard !moves.isEmpty else { break }
                    let move = moves[Int(generator.next() % UInt64(moves.count))]
                    XCTAssertNil(rules.refusal(of: move, in: state), "\(name): \(move)")
                    records.append(rules.apply(move, to: &state))
                }
                XCTAssertEqual(state.piles.flatMap { $0.map { $0.raw & 0x7F } }.sorted(), cards, name)
                for record in records.reversed() { state.revert(record) }
                XCTAssertEqual(state, start, name)
            }
        }
        XCTAssertGreaterThan(games, 0)
    }
}
