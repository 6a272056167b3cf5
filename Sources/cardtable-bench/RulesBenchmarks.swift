import Layouts
import Solitaire

/// The rules engine: legal moves, apply and revert (the solver's inner loop), and dealing.
enum RulesBenchmarks {
    /// One group of slots with the default rules of its kind, changed by `change`.
    static func group(
        _ name: String, _ kind: SlotKind, _ count: Int, capacity: Int? = nil,
        _ change: (inout PileRules) -> Void = { _ in }
    ) -> (name: String, kind: SlotKind, count: Int, capacity: Int?, rules: PileRules) {
        var rules = PileRules.defaults(for: kind)
        change(&rules)
        return (name, kind, count, capacity, rules)
    }

    static func layout(_ groups: [(name: String, kind: SlotKind, count: Int, capacity: Int?, rules: PileRules)])
        -> TableLayout
    {
        var slots: [SlotLayout] = []
        for (row, group) in groups.enumerated() {
            for index in 0..<group.count {
                slots.append(
                    SlotLayout(
                        id: "\(group.name).\(index + 1)", group: group.name, kind: group.kind,
                        position: GridPoint(column: Double(index), row: Double(row)), capacity: group.capacity))
            }
        }
        let rules = GameRules(groups: Dictionary(uniqueKeysWithValues: groups.map { ($0.name, $0.rules) }))
        return TableLayout(name: "bench", title: "Bench", slots: slots, rules: rules)
    }

    static let freeCell = layout([
        group("C", .cell, 4, capacity: 1),
        group("F", .foundation, 4),
        group("T", .tableau, 8) {
            $0.dealUp = [7, 7, 7, 7, 6, 6, 6, 6]
            $0.sequenceLimit = .freeCells
        },
    ])

    static let klondike = layout([
        group("S", .stock, 1) { $0.redeals = .unlimited },
        group("W", .waste, 1),
        group("F", .foundation, 4),
        group("T", .tableau, 7) {
            $0.dealDown = [0, 1, 2, 3, 4, 5, 6]
            $0.dealUp = [1, 1, 1, 1, 1, 1, 1]
            $0.empty = .rank(13)
        },
    ])

    /// Positions met in random play: from 64 deals, 0 to 40 random moves in.
    static func positions(_ rules: DeclarativeRules) -> [GameState] {
        var generator = SplitMix64(seed: 2026)
        var positions: [GameState] = []
        var moves: [Move] = []
        for seed in UInt64(1)...64 {
            var state = rules.deal(seed: seed)
            for _ in 0..<Int(generator.next() % 41) {
                moves.removeAll(keepingCapacity: true)
                rules.legalMoves(in: state, into: &moves)
                guard !moves.isEmpty else { break }
                _ = rules.apply(moves[Int(generator.next() % UInt64(moves.count))], to: &state)
            }
            positions.append(state)
        }
        return positions
    }

    static func run() {
        for (name, layout) in [("FreeCell", freeCell), ("Klondike", klondike)] {
            let rules = DeclarativeRules(layout: layout)
            let positions = positions(rules)
            var moves: [Move] = []
            moves.reserveCapacity(256)
            // One sample: every position's legal moves, each applied and reverted.
            var movesPerSample = 0
            var checksum = 0
            let samples = measure(iterations: 200, warmup: 10) {
                movesPerSample = 0
                for position in positions {
                    var state = position
                    moves.removeAll(keepingCapacity: true)
                    rules.legalMoves(in: state, into: &moves)
                    for move in moves {
                        let record = rules.apply(move, to: &state)
                        checksum &+= record.steps.count
                        state.revert(record)
                    }
                    movesPerSample += moves.count
                }
            }
            let median = percentile(samples, 0.5)
            let rate = Double(movesPerSample) / median
            let goal = rate >= 1_000_000 ? "met" : "MISSED"
            print(
                "rules, \(name): legal moves + apply + revert: \(Int(rate).formatted3) moves/s "
                    + "(\(movesPerSample) moves from \(positions.count) positions, median "
                    + "\(formatMicroseconds(median)) per round; goal ≥ 1,000,000/s: \(goal))")
            var generated = 0
            let generation = measure(iterations: 200, warmup: 10) {
                for position in positions {
                    moves.removeAll(keepingCapacity: true)
                    rules.legalMoves(in: position, into: &moves)
                    generated &+= moves.count
                }
            }
            let perPosition = percentile(generation, 0.5) / Double(positions.count)
            print("rules, \(name): legal moves of one position: \(formatMicroseconds(perPosition)) (median)")
            checksum &+= generated
            var seed: UInt64 = 0
            let deals = measure(iterations: 5000, warmup: 100) {
                seed &+= 1
                checksum &+= rules.deal(seed: seed).piles.count
            }
            report("rules, \(name): deal a game", deals)
            if checksum == 42 { print("") }
        }
    }
}

extension Int {
    /// `1234567` as `1,234,567`.
    var formatted3: String {
        let digits = String(self)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
