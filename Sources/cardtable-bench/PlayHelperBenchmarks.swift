import Layouts
import Solitaire
import TableKit

/// The play helpers on the largest shipped game (most cards, then most piles): hints and the
/// outlook ("no moves left"), on a dealt position, a mid-game position, and a position whose
/// outlook has to spend its whole budget (the worst case). Goal: under 20 ms each.
enum PlayHelperBenchmarks {
    /// The shipped game with the most cards, then the most piles.
    static func largestGame() -> TableLayout? {
        var best: TableLayout?
        for name in ShippedLayouts.names {
            // Declarative games only: a scripted layout's [game] table is not all of its rules.
            guard let layout = ShippedLayouts.layout(named: name), let game = layout.rules, layout.script == nil else {
                continue
            }
            if let current = best, let currentGame = current.rules,
                (currentGame.cardCount, current.slots.count) >= (game.cardCount, layout.slots.count)
            {
                continue
            }
            best = layout
        }
        return best
    }

    /// A game played `moves` moves in by taking the first hint (never the move back), or a random
    /// legal move when there is no hint.
    static func played(_ rules: DeclarativeRules, deal: UInt64, moves: Int) -> GameState {
        var state = rules.deal(seed: deal)
        var previous: GameState?
        var generator = SplitMix64(seed: deal)
        for _ in 0..<moves {
            let move: Move
            if let hint = rules.hints(in: state, previous: previous).first {
                move = hint.move
            } else {
                let legal = rules.legalMoves(in: state)
                guard !legal.isEmpty else { break }
                move = legal[Int(generator.next() % UInt64(legal.count))]
            }
            previous = state
            _ = rules.apply(move, to: &state)
        }
        return state
    }

    /// The first position of random play whose outlook spends the whole default budget.
    static func budgetSpender(_ rules: DeclarativeRules) -> GameState? {
        var generator = SplitMix64(seed: 99)
        for deal in UInt64(1)...20 {
            var state = rules.deal(seed: deal)
            for _ in 0..<200 {
                let legal = rules.legalMoves(in: state)
                guard !legal.isEmpty else { break }
                _ = rules.apply(legal[Int(generator.next() % UInt64(legal.count))], to: &state)
                if rules.outlook(for: state) == .unknown { return state }
            }
        }
        return nil
    }

    static func run() {
        guard let layout = largestGame() else { return }
        let rules = DeclarativeRules(layout: layout)
        let name = "\(layout.title) (\(rules.deal(seed: 1).cardCount) cards, \(layout.slots.count) piles)"
        let goal = 0.020
        var checksum = 0
        var positions = [("dealt", rules.deal(seed: 1)), ("mid-game", played(rules, deal: 1, moves: 60))]
        if let spender = budgetSpender(rules) { positions.append(("budget spent", spender)) }
        for (label, state) in positions {
            let hints = measure(iterations: 200, warmup: 5) { checksum &+= rules.hints(in: state).count }
            report("rules, \(name), \(label): hints", hints, goal: goal)
            var outlook = Outlook.unknown
            let outlooks = measure(iterations: 50, warmup: 2) { outlook = rules.outlook(for: state) }
            report(
                "rules, \(name), \(label): outlook (budget \(DeclarativeRules.defaultOutlookBudget)) = \(outlook)",
                outlooks, goal: goal)
        }
        // Every tenth position of random play from 20 deals: each call timed once.
        var sampled: [GameState] = []
        var generator = SplitMix64(seed: 7)
        for deal in UInt64(1)...20 {
            var state = rules.deal(seed: deal)
            for turn in 0..<200 {
                let legal = rules.legalMoves(in: state)
                guard !legal.isEmpty else { break }
                _ = rules.apply(legal[Int(generator.next() % UInt64(legal.count))], to: &state)
                if turn % 10 == 0 { sampled.append(state) }
            }
        }
        let clock = SystemClock()
        var hintTimes: [Double] = []
        var outlookTimes: [Double] = []
        var unknown = 0
        for state in sampled {
            var start = clock.now
            checksum &+= rules.hints(in: state).count
            hintTimes.append(clock.now - start)
            start = clock.now
            if rules.outlook(for: state) == .unknown { unknown += 1 }
            outlookTimes.append(clock.now - start)
        }
        for (label, times) in [("hints", hintTimes), ("outlook", outlookTimes)] {
            let sorted = times.sorted()
            print(
                "rules, \(name), \(sorted.count) positions of random play: \(label): median "
                    + "\(formatMicroseconds(percentile(sorted, 0.5))), p90 \(formatMicroseconds(percentile(sorted, 0.9))), "
                    + "max \(formatMicroseconds(sorted.last ?? 0))"
                    + (label == "outlook" ? " (\(unknown) unknown)" : ""))
        }
        if checksum == 42 { print("") }
    }
}
