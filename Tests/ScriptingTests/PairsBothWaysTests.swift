import Layouts
import Scripting
import Solitaire
import TestSupport
import XCTest

/// A pairing game written both ways plays the same: Nestor as shipped (its script deals, the
/// layout's `pair = "same-rank"` plays) and Nestor with its play written as hooks, as it was
/// shipped before the pair rule. The same seeds with the same random choices must give the same
/// positions, the same legal moves and the same verdicts.
final class PairsBothWaysTests: XCTestCase {
    /// Nestor's play as hooks: a top card dropped on another top card of its rank, then both to
    /// the discard pile.
    static let playHooks = """

        local discard = game.piles("discard")[1]

        local function is_open(pile)
          local kind = game.kind(pile)
          return kind == "tableau" or kind == "reserve"
        end

        function can_pick_up(pile, index)
          if not is_open(pile) then return false, "discarded cards stay there" end
          return index == game.count(pile), "only the top card of a pile moves"
        end

        function can_drop(from, count, to)
          if to == discard then return false, "drop a card on another of its rank" end
          if not is_open(to) or game.count(to) == 0 then return false, "a card pairs only with a top card" end
          if count ~= 1 then return false, "cards pair off two at a time" end
          return game.rank(from) == game.rank(to), "a pair is two cards of the same rank"
        end

        function after_move(from, count, to)
          if is_open(to) and game.count(to) >= 2 and game.rank(to, -1) == game.rank(to, -2) then
            game.move(to, discard, 2)
          end
        end
        """

    func rulesBothWays() throws -> (declarative: ScriptedRules, hooks: ScriptedRules) {
        let shipped = try XCTUnwrap(ShippedLayouts.layout(named: "nestor"))
        var hooked = shipped
        let script = try XCTUnwrap(shipped.script)
        hooked.script = LayoutScript(name: script.name, file: script.file, source: script.source + Self.playHooks)
        let discard = try XCTUnwrap(shipped.slots.first { $0.kind == .foundation }).group
        XCTAssertEqual(hooked.rules?.groups[discard]?.pair, .sameRank)
        hooked.rules?.groups[discard]?.pair = nil
        return (ScriptedRules(layout: shipped), ScriptedRules(layout: hooked))
    }

    func testTheSameSeedsAndChoicesGiveTheSamePositions() throws {
        let (left, right) = try rulesBothWays()
        XCTAssertNotNil(left.declarativeRules)
        XCTAssertNil(right.declarativeRules)
        var random = SplitMix64(seed: 5)
        var positions = 0
        var pairs = 0
        for game in 0..<20 {
            let seed = UInt64(1 + game * 977)
            var one = left.deal(seed: seed)
            var other = right.deal(seed: seed)
            XCTAssertEqual(one, other, "deal \(seed)")
            for step in 0..<30 {
                let moves = left.legalMoves(in: one)
                XCTAssertEqual(Set(moves), Set(right.legalMoves(in: other)), "deal \(seed), move \(step)")
                XCTAssertEqual(left.isWon(one), right.isWon(other))
                XCTAssertEqual(left.hasAnyLegalMove(in: one), right.hasAnyLegalMove(in: other))
                // Now and then a move both must refuse, or both allow.
                let piles = one.piles.count
                let probe = Move.transfer(from: random.below(piles), to: random.below(piles), count: 1)
                XCTAssertEqual(
                    left.refusal(of: probe, in: one) == nil, right.refusal(of: probe, in: other) == nil,
                    "deal \(seed), move \(step): \(probe)")
                guard !moves.isEmpty else { break }
                let move = random.pick(moves.sorted { $0.description < $1.description })
                let record = left.apply(move, to: &one)
                _ = right.apply(move, to: &other)
                XCTAssertEqual(one, other, "deal \(seed), after move \(step): \(move)")
                XCTAssertEqual(record.steps.count, 2, "the card lands on its pair, then both leave")
                pairs += 1
                if random.chance(10) {
                    one.revert(record)
                    other = one
                }
                positions += 1
            }
        }
        XCTAssertGreaterThan(positions, 150)
        XCTAssertGreaterThan(pairs, 150)
        XCTAssertNil(left.takeFailure())
        XCTAssertNil(right.takeFailure())
    }
}
