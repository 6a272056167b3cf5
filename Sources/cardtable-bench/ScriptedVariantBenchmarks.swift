import Layouts
import Scripting
import Solitaire
import TableKit

/// What a move costs the table in each shipped scripted variant, beyond the move itself: the
/// outlook ("No moves left"), which runs after every move on the main thread, and a hint. Each
/// on positions of random play, the outlook with the budget the table gives scripted rules.
enum ScriptedVariantBenchmarks {
    static func run() {
        var checksum = 0
        for name in ShippedLayouts.names {
            guard let layout = ShippedLayouts.layout(named: name), layout.script != nil else { continue }
            let rules = ScriptedRules(layout: layout)
            var positions: [GameState] = []
            var random = SplitMix64(seed: 7)
            for deal in 1...4 {
                var state = rules.deal(seed: UInt64(deal))
                for step in 0..<40 {
                    if step % 5 == 0 { positions.append(state) }
                    let moves = rules.legalMoves(in: state).sorted { $0.description < $1.description }
                    guard !moves.isEmpty else { break }
                    _ = rules.apply(moves[Int(random.next() % UInt64(moves.count))], to: &state)
                }
            }
            var outlooks: [Double] = []
            var listings: [Double] = []
            let clock = SystemClock()
            for state in positions {
                var start = clock.now
                if rules.outlook(for: state, budget: rules.outlookBudget) == .unknown { checksum &+= 1 }
                outlooks.append(clock.now - start)
                start = clock.now
                checksum &+= rules.legalMoves(in: state).count
                listings.append(clock.now - start)
            }
            report("scripted variants, \(name): outlook after a move", outlooks.sorted())
            report("scripted variants, \(name): legal moves of one position", listings.sorted())
        }
        if checksum == 42 { print("") }
    }
}
