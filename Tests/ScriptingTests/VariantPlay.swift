import Layouts
import Scripting
import Solitaire
import TestSupport
import XCTest

/// Plays a scripted variant at random, checking what every variant must keep to: the script
/// starts, deals every card exactly once, never fails, every legal move changes the position,
/// and undoing a move gives back the position before it.
struct VariantPlay {
    let rules: ScriptedRules

    /// The rules of a shipped layout, started; fails the test when the script does not start.
    init(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let layout = try XCTUnwrap(
            ShippedLayouts.layout(named: name), "no shipped layout \(name)", file: file, line: line)
        XCTAssertNotNil(layout.script, "\(name) names no script", file: file, line: line)
        rules = ScriptedRules(layout: layout)
        XCTAssertNil(rules.loadFailure, "\(name): \(rules.loadFailure?.summary ?? "")", file: file, line: line)
    }

    /// Plays `games` deals, at most `moves` random legal moves each. Returns how many moves were made
    /// and how many games were won.
    @discardableResult
    func playRandomly(
        games: Int = 6, moves: Int = 120, seed: UInt64 = 1, file: StaticString = #filePath, line: UInt = #line
    )
        -> (moves: Int, wins: Int)
    {
        var random = SplitMix64(seed: seed)
        var made = 0
        var wins = 0
        for game in 0..<games {
            let deal = UInt64(1 + game * 7_919)
            var state = rules.deal(seed: deal)
            XCTAssertEqual(state, rules.deal(seed: deal), "deal \(deal) is not the same twice", file: file, line: line)
            let cards = rules.base.game.cardCount
            XCTAssertEqual(state.cardCount, cards, "deal \(deal) has \(state.cardCount) cards", file: file, line: line)
            for _ in 0..<moves {
                if rules.isWon(state) {
                    wins += 1
                    break
                }
                let legal = rules.legalMoves(in: state)
                guard !legal.isEmpty else { break }
                let move = random.pick(legal.sorted { $0.description < $1.description })
                XCTAssertNil(rules.refusal(of: move, in: state), "\(move) listed but refused", file: file, line: line)
                let before = state
                let record = rules.apply(move, to: &state)
                XCTAssertFalse(record.steps.isEmpty, "\(move) made no steps", file: file, line: line)
                XCTAssertNotEqual(state, before, "\(move) changed nothing", file: file, line: line)
                XCTAssertEqual(state.cardCount, cards, "\(move) lost or made cards", file: file, line: line)
                var undone = state
                undone.revert(record)
                XCTAssertEqual(
                    undone, before, "undoing \(move) does not give the position back", file: file, line: line)
                made += 1
            }
        }
        if let failure = rules.takeFailure() {
            XCTFail("the script failed: \(failure.summary)", file: file, line: line)
        }
        return (made, wins)
    }

    /// The first pile of a group, kind or slot id (0-based), as the script's game.piles finds them.
    func pile(_ name: String) -> Int? {
        rules.layout.slots.firstIndex { $0.group == name || $0.kind.rawValue == name || $0.id == name }
    }

    /// A position with the given cards ("7S", "[KD]" face down), pile by pile; other piles empty.
    func position(_ piles: [Int: [String]], redealsLeft: Int = 0) -> GameState {
        var state = GameState(piles: Array(repeating: [], count: rules.layout.slots.count), redealsLeft: redealsLeft)
        for (pile, cards) in piles {
            state.piles[pile] = cards.map { text in
                let faceDown = text.hasPrefix("[")
                let name = faceDown ? String(text.dropFirst().dropLast()) : text
                return PileCard(Card(name)!, faceUp: !faceDown)
            }
        }
        return state
    }
}
