import Layouts
import Scripting
import Solitaire

/// A variant's script asked what the declarative rules answer in Swift: Klondike written in Lua
/// (klondike-lua: klondike.lua's can_pick_up and can_drop) against Klondike's declarative rules,
/// on the same positions. Goal: a can_drop-style question under 5 µs.
enum ScriptBenchmarks {
    /// Positions of random play through the declarative rules (the two play alike): 64 deals,
    /// each 0 to 40 moves in.
    static func positions(_ rules: DeclarativeRules) -> [GameState] {
        var generator = SplitMix64(seed: 2026)
        var positions: [GameState] = []
        for seed in UInt64(1)...64 {
            var state = rules.deal(seed: seed)
            for _ in 0..<Int(generator.next() % 41) {
                let moves = rules.legalMoves(in: state)
                guard !moves.isEmpty else { break }
                _ = rules.apply(moves[Int(generator.next() % UInt64(moves.count))], to: &state)
            }
            positions.append(state)
        }
        return positions
    }

    /// The questions drag highlighting asks: the top card of every pile onto every other pile.
    static func questions(_ positions: [GameState]) -> [(state: GameState, move: Move)] {
        var questions: [(GameState, Move)] = []
        for state in positions {
            for from in state.piles.indices where !state.piles[from].isEmpty {
                for to in state.piles.indices where to != from {
                    questions.append((state, .transfer(from: from, to: to, count: 1)))
                }
            }
        }
        return questions
    }

    static func run() {
        guard let declarativeLayout = ShippedLayouts.layout(named: "klondike"),
            let scriptedLayout = ShippedLayouts.layout(named: "klondike-lua")
        else { return print("scripts: no shipped klondike or klondike-lua") }
        let declarative = DeclarativeRules(layout: declarativeLayout)
        let scripted = ScriptedRules(layout: scriptedLayout)
        if let failure = scripted.loadFailure { return print("scripts: klondike.lua: \(failure.summary)") }
        let positions = positions(declarative)
        let questions = questions(positions)
        var checksum = 0

        func perCall(_ rules: any Rules) -> [Double] {
            measure(iterations: 100, warmup: 5) {
                for (state, move) in questions where rules.refusal(of: move, in: state) == nil { checksum &+= 1 }
            }.map { $0 / Double(questions.count) }
        }
        let refusalName = "scripts, Klondike: may this card go there? (refusal(of:in:), one call)"
        report(refusalName + ", declarative", perCall(declarative))
        report(refusalName + ", klondike.lua", perCall(scripted), goal: 5e-6)

        func listing(_ rules: any Rules) -> [Double] {
            measure(iterations: 100, warmup: 5) {
                for state in positions { checksum &+= rules.legalMoves(in: state).count }
            }.map { $0 / Double(positions.count) }
        }
        report("scripts, Klondike: legal moves of one position, declarative", listing(declarative))
        let scriptedListing = listing(scripted)
        report("scripts, Klondike: legal moves of one position, klondike.lua", scriptedListing)
        // A listing asks can_pick_up once for every card, can_drop for every other pile of every
        // card that may be picked up, and on_stock_click once (on a copy).
        var calls = 0
        for state in positions {
            for pile in state.piles.indices {
                for index in state.piles[pile].indices {
                    calls += scripted.canPickUp(pile: pile, from: index, in: state) ? state.piles.count : 1
                }
            }
            calls += 1
        }
        let perHook = scriptedListing.map { $0 * Double(positions.count) / Double(calls) }
        report("scripts, Klondike: one hook call of a listing, klondike.lua", perHook, goal: 5e-6)
        print(
            "scripts: \(questions.count) questions over \(positions.count) positions; "
                + "a listing asks \(calls / positions.count) hook calls on average")
        if checksum == 42 { print("") }
    }
}
